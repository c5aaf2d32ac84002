import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { expectPath, launchBrowser, openPage, signIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function signInAsAdmin(page: Page) {
  await page.goto('/login')
  // Every answer counts as activity and refreshes the token: let the sign-in settle first.
  const settled = page.waitForResponse((response) => response.url().endsWith('/api/refresh'))
  await signIn(page, E2E_ADMIN)
  await expectPath(page, '/dashboard')
  await settled
  await page.getByRole('heading', { name: `Hello, ${E2E_ADMIN.displayName}` }).waitFor()
}

/** The sign-in call's answer for an account, from a fresh context. */
async function signInStatus(account: { email: string; password: string }) {
  const { page, context } = await openPage(browser)
  await page.goto('/login')
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/login'))
  await signIn(page, account)
  const status = (await answer).status()
  if (status === 200) await expectPath(page, '/dashboard')
  await context.close()
  return status
}

describe('user administration', () => {
  it('the admin approves a pending applicant on /user-list, who can then sign in', async () => {
    const applicant = E2E_USERS.pendingApplicant
    expect(await signInStatus(applicant)).toBe(403)

    const { page, context, errors } = await openPage(browser)
    await signInAsAdmin(page)
    await page.getByRole('link', { name: 'User accounts', exact: true }).click()
    await expectPath(page, '/user-list')
    await page.getByLabel('Status').selectOption('pending')
    await page.waitForURL((url) => url.searchParams.get('status') === 'pending')
    await page.getByRole('button', { name: `Approve ${applicant.displayName}` }).click()
    await page.getByText(`${applicant.displayName} is approved`).waitFor()
    await page.getByRole('button', { name: `Approve ${applicant.displayName}` }).waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await context.close()

    expect(await signInStatus(applicant)).toBe(200)
  })

  it('the admin edits a member’s name and role on /user-edit', async () => {
    const editable = E2E_USERS.editable
    const { page, context, errors } = await openPage(browser)
    await signInAsAdmin(page)
    await page.getByRole('link', { name: 'User accounts', exact: true }).click()
    await expectPath(page, '/user-list')
    await page.getByLabel('Search').fill(editable.email)
    await page.waitForURL((url) => url.searchParams.get('q') === editable.email)
    await page.getByRole('link', { name: editable.displayName, exact: true }).click()
    await expectPath(page, '/user-edit')

    await page.getByLabel('Name').fill('Yuto Abe (Bass)')
    await page.getByLabel('Role').selectOption('admin')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Changes saved.').waitFor()

    // The screen shows what the server now holds, and the server agrees.
    await page.getByRole('heading', { name: 'Edit Yuto Abe (Bass)' }).waitFor()
    expect(await page.getByLabel('Role').inputValue()).toBe('admin')
    const userId = new URL(page.url()).searchParams.get('userId')
    const stored = await page.evaluate(async (id) => {
      const response = await fetch(`/api/users/${id}`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })
      return (await response.json()) as { displayName: string; role: string }
    }, userId)
    expect(stored).toMatchObject({ displayName: 'Yuto Abe (Bass)', role: 'admin' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('the admin bulk-deletes two graduates on /user-delete; they can no longer sign in and show as “Deleted user”', async () => {
    const { graduateA, graduateB } = E2E_USERS
    const { page, context, errors } = await openPage(browser)
    await signInAsAdmin(page)
    await page.getByRole('link', { name: 'Delete accounts' }).click()
    await expectPath(page, '/user-delete')
    await page.getByLabel('Grade').selectOption('graduate')
    await page.waitForURL((url) => url.searchParams.get('grade') === 'graduate')
    await page.getByRole('checkbox', { name: `Select ${graduateA.displayName}` }).check()
    await page.getByRole('checkbox', { name: `Select ${graduateB.displayName}` }).check()
    await page.getByRole('button', { name: 'Delete selected…' }).click()

    const dialog = page.getByRole('dialog', { name: 'Delete 2 accounts?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Delete 2 accounts' }).click()
    await page.getByText('2 accounts deleted.').waitFor()
    await dialog.waitFor({ state: 'detached' })

    await page.getByRole('link', { name: 'User accounts', exact: true }).click()
    await expectPath(page, '/user-list')
    await page.getByLabel('Status').selectOption('deleted')
    await page.waitForURL((url) => url.searchParams.get('status') === 'deleted')
    await page.getByRole('table').getByText('Deleted user').first().waitFor()
    await expect(page.getByText(graduateA.email).count()).resolves.toBe(0)
    expect(errors).toEqual([])
    await context.close()

    expect(await signInStatus(graduateA)).toBe(401)
    expect(await signInStatus(graduateB)).toBe(401)
  })
})
