import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { baseURL, expectPath, launchBrowser, openSignedIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { bandFounder, bandmateA, bandmateB, bandOutsider, liveManager } = E2E_USERS

/** Calls the API as the admin from Node (set-up steps that are not what the test is about). */
async function asAdmin(method: string, path: string, body?: unknown) {
  const login = await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(E2E_ADMIN) })
  const { access_token: token } = (await login.json()) as { access_token: string }
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> }
}
const bandName = `Night Owls ${Date.now() % 100000}`

const signedIn = (account: { email: string; password: string }, path = '/dashboard', viewport?: { width: number; height: number }) => openSignedIn(browser, account, path, viewport)

async function addMember(page: Page, name: string, part: string) {
  const picker = page.getByRole('combobox', { name: 'Add a member' })
  await picker.fill(name.split(' ')[0]!)
  await page.getByRole('option', { name: new RegExp(name) }).waitFor()
  // Keyboard only: the first result, then Enter.
  await picker.press('ArrowDown')
  await picker.press('Enter')
  await page.getByRole('combobox', { name: `Part for ${name}` }).selectOption(part)
}

let bandPath = ''

describe('bands', () => {
  it('a member registers a band with two others; it shows in their My bands and in the band list', async () => {
    const { page, context, errors } = await signedIn(bandFounder, '/band-registration-form', { width: 360, height: 740 })
    await page.getByLabel('Band name').fill(bandName)
    await page.getByLabel('Genre or artist covered').fill('Shoegaze')
    await page.getByRole('combobox', { name: `Part for ${bandFounder.displayName}` }).selectOption('Guitar')
    await addMember(page, bandmateA.displayName, 'Vocal')
    await addMember(page, bandmateB.displayName, 'Drums')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Register band' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/bands/edit/') || url.pathname === '/user-bands')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(errors).toEqual([])
    await context.close()

    for (const mate of [bandmateA, bandmateB]) {
      const other = await signedIn(mate, '/user-bands')
      const card = other.page.getByRole('article', { name: bandName })
      await card.waitFor()
      const members = card.getByRole('list', { name: `Members of ${bandName}` })
      for (const name of [bandFounder.displayName, bandmateA.displayName, bandmateB.displayName]) await members.getByText(name).waitFor()
      if (mate === bandmateA) {
        await card.getByRole('link', { name: 'Edit band' }).click()
        await other.page.waitForURL((url) => url.pathname.startsWith('/bands/edit/'))
        bandPath = new URL(other.page.url()).pathname
        await other.page.getByRole('list', { name: 'Band history' }).getByText(/created|registered/i).first().waitFor()
      }
      await other.context.close()
    }

    const viewer = await signedIn(bandOutsider, '/band-list')
    await viewer.page.getByLabel('Search bands').fill(bandName)
    await viewer.page.getByRole('article', { name: bandName }).waitFor()
    await viewer.context.close()
  })

  it('a non-member opening the band’s edit page lands on the 403 page', async () => {
    expect(bandPath).toMatch(/^\/bands\/edit\//)
    const { page, context } = await signedIn(bandOutsider)
    await page.goto(bandPath)
    await expectPath(page, '/dashboard403')
    await page.getByRole('heading', { name: /403/ }).waitFor()
    await context.close()
  })

  it('an executive changes the band’s status on the admin edit', async () => {
    // Make liveManager an executive: a position in the current term.
    const club = await asAdmin('GET', '/api/club')
    const position = await asAdmin('POST', '/api/positions', { name: `Live manager ${Date.now() % 100000}` })
    const found = await asAdmin('GET', `/api/members/search?q=${encodeURIComponent(liveManager.displayName)}`)
    const userId = (found.body.items as Array<{ id: string }>)[0]!.id
    expect((await asAdmin('POST', `/api/positions/${position.body.id}/holders`, { userId, termYear: club.body.currentTerm })).status).toBe(201)

    const adminPath = bandPath.replace('/bands/edit/', '/bands/edit-admin/')
    const { page, context, errors } = await signedIn(liveManager, adminPath)
    await page.getByLabel('Status').selectOption('inactive')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Changes saved.').first().waitFor()
    await page.getByRole('list', { name: 'Band history' }).getByText(/inactive/i).first().waitFor()
    expect(errors).toEqual([])
    await context.close()

    const founder = await signedIn(bandFounder, '/user-bands')
    const card = founder.page.getByRole('article', { name: bandName })
    await card.getByText(/inactive/i).first().waitFor()
    await founder.context.close()
  })
})
