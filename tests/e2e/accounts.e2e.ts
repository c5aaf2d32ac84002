import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { baseURL, expectPath, launchBrowser, openPage, signIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** The admin's API token, from Node (not the browser), to read the outbox as a mail client would. */
async function adminToken() {
  const response = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

/** The newest password-reset link mailed to `email`, as a path the browser can open. */
async function resetLinkFor(email: string) {
  const token = await adminToken()
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(`${baseURL()}/api/outbox?page=1&pageSize=50`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    const { items } = (await response.json()) as { items: Array<{ to: string; kind: string; text: string }> }
    const mail = items.find((item) => item.to.toLowerCase() === email.toLowerCase() && item.kind === 'password-reset')
    const match = mail ? /\/reset-password\?token=([\w-]+)/.exec(mail.text) : null
    if (match) return `/reset-password?token=${match[1]}`
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No password-reset mail to ${email} in the outbox`)
}

describe('self-service accounts', () => {
  it('registers a new account that waits for approval, is approved by an admin, then signs in', async () => {
    const { page, context, errors } = await openPage(browser)
    const email = `newcomer-${Date.now()}@e2e.example.ac.jp`
    const password = 'amber violin orchard 6271'
    await page.goto('/login')
    await page.getByRole('link', { name: 'New to the club? Create an account' }).click()
    await expectPath(page, '/register')

    await page.getByLabel('Name').fill('Kaito Nishimura')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('meter', { name: 'Password strength' }).waitFor()
    await page.getByText(/Password strength: (Strong|Very strong)/).waitFor()
    await page.getByLabel('Enrollment year').selectOption({ index: 1 })
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Create account' }).click()

    await page.getByRole('heading', { name: 'Thanks for registering' }).waitFor()
    await page.getByText('An administrator will approve your account; you can sign in after that').waitFor()
    expect(errors).toEqual([])

    await page.getByRole('link', { name: 'Back to sign in' }).click()
    await expectPath(page, '/login')
    await signIn(page, { email, password })
    await page.getByText('Your account is waiting for an administrator to approve it.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')

    // An admin approves the new account from the user list…
    const admin = await openPage(browser)
    await admin.page.goto('/login?redirect=%2Fuser-list%3Fstatus%3Dpending')
    await signIn(admin.page, E2E_ADMIN)
    await expectPath(admin.page, '/user-list')
    await admin.page.getByRole('button', { name: 'Approve Kaito Nishimura' }).click()
    await admin.page.getByText('Kaito Nishimura is approved').waitFor()
    await admin.context.close()

    // …and the newcomer signs in to the dashboard.
    await signIn(page, { email, password })
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'Hello, Kaito Nishimura' }).waitFor()
    await context.close()
  })

  it('resets a forgotten password through the mailed link', async () => {
    const account = E2E_USERS.resetter
    const newPassword = 'granite pelican sunrise 3815'
    const { page, context, errors } = await openPage(browser)
    await page.goto('/login')
    // The next screen's code comes late, as on a slow connection: the sign-in screen stays a
    // moment under the new address, with its own Email field, and a bar says the next is loading.
    let deliver!: () => void
    const delivered = new Promise<void>((resolve) => (deliver = resolve))
    await page.route('**/assets/reset-password-*.js', async (route) => {
      await delivered
      await route.continue()
    })
    const signInEmail = (await page.getByLabel('Email').elementHandle())!
    const box = (await signInEmail.boundingBox())!
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    // Typing into the sign-in screen meanwhile goes nowhere: it would be lost with that screen.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.keyboard.type('x@y')
    expect(await signInEmail.evaluate((input: HTMLInputElement) => [input.value, input === document.activeElement])).toEqual(['', false])
    await page.getByRole('progressbar', { name: 'Loading the page…' }).waitFor()
    deliver()
    await expectPath(page, '/reset-password')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Email').fill(account.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor()

    await page.goto(await resetLinkFor(account.email))
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Repeat the new password').fill(newPassword)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Set new password' }).click()
    await page.getByRole('heading', { name: 'Password changed' }).waitFor()
    expect(errors).toEqual([])

    // The link is spent: opening it again says so and offers a new one.
    const spent = await openPage(browser)
    await spent.page.goto(await resetLinkFor(account.email))
    await spent.page.getByText('This link is invalid or has expired. Ask for a new one.').waitFor()
    await spent.page.getByRole('link', { name: 'Ask for a new link' }).waitFor()
    await spent.context.close()

    await page.getByRole('link', { name: 'Sign in' }).click()
    await expectPath(page, '/login')
    await signIn(page, { email: account.email, password: newPassword })
    await expectPath(page, '/dashboard')
    await context.close()
  })

  it('lets a member rename themselves on the profile and change their password', async () => {
    const account = E2E_USERS.profileOwner
    const newPassword = 'quartz ferry lullaby 4096'
    const { page, context, errors } = await openPage(browser, { viewport: { width: 360, height: 740 } })
    await page.goto('/login')
    await signIn(page, account)
    await expectPath(page, '/dashboard')

    await page.goto('/profile')
    await page.getByRole('heading', { name: 'Your profile' }).waitFor()
    await page.getByText('You are not in any band yet.').waitFor()
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme)
      await page.reload()
      await page.getByText('You are not in any band yet.').waitFor()
      expect(await seriousViolations(page)).toEqual([])
    }
    await page.getByRole('button', { name: 'Edit name' }).click()
    await page.getByLabel('Display name').fill('Mei Ito-Hayashi')
    await page.getByRole('button', { name: 'Save name' }).click()
    await page.getByText('Your name has been changed.').waitFor()
    // The header's account menu is named after the person (on a phone, its icon alone shows).
    await page.getByRole('button', { name: 'Account menu: Mei Ito-Hayashi' }).waitFor()
    // No sideways scrolling on a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

    await page.getByRole('link', { name: 'Change password' }).click()
    await expectPath(page, '/password-change')
    await page.getByLabel('Current password').fill(account.password)
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Repeat the new password').fill(newPassword)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('Your other devices have been signed out.').waitFor()
    expect(errors).toEqual([])
    await context.close()

    // The new password works from a fresh browser.
    const second = await openPage(browser)
    await second.page.goto('/login')
    await signIn(second.page, { email: account.email, password: newPassword })
    await expectPath(second.page, '/dashboard')
    await second.context.close()
  })
})
