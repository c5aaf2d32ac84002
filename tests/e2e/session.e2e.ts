import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { E2E_ADMIN, E2E_MEMBER } from './support/accounts'
import { expectPath, launchBrowser, openPage, settleNetwork, signIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('signing in and out', () => {
  it('sends a visitor to /login and back where they were going after sign-in; a reload keeps the session', async () => {
    const { page, context, errors } = await openPage(browser)
    await page.goto('/dashboard2')
    await expectPath(page, '/login')
    expect(new URL(page.url()).searchParams.get('redirect')).toContain('/dashboard2')

    await signIn(page, E2E_MEMBER)
    await expectPath(page, '/dashboard2')
    await page.getByRole('button', { name: /Account menu/ }).waitFor()

    await page.reload()
    await expectPath(page, '/dashboard2')
    await page.getByRole('button', { name: /Account menu/ }).waitFor()
    await page.getByRole('heading', { name: 'Club overview' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps a link followed right after sign-in, while the dashboard is still loading', async () => {
    const { page, context, errors } = await openPage(browser)
    // A slow phone signing in: with the CPU slowed 30×, a dashboard loader that held the navigation
    // kept the whole app on "Loading Bandroom…", menu included, for as long as the data took.
    const cdp = await context.newCDPSession(page)
    // The dashboard's data comes late, as on a phone on a poor connection: held until the link
    // has been followed (a fixed delay raced the sign-in on a loaded machine, and the dashboard's
    // own "All my bands" link could be there first).
    // Whether it was asked for is told by the route itself: waitForRequest's own 30 s, counted
    // from before the sign-in, ran out on a loaded CI machine with the CPU slowed 30×.
    let answered = 0
    let release!: () => void
    let asked!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const requested = new Promise<void>((resolve) => (asked = resolve))
    await page.route('**/api/dashboard', async (route) => {
      asked()
      await held
      await route.continue()
      answered += 1
    })
    await page.goto('/login')
    await page.getByLabel('Email').fill(E2E_MEMBER.email)
    await page.getByLabel('Password', { exact: true }).fill(E2E_MEMBER.password)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 })
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expectPath(page, '/dashboard', { loaded: false })
    await requested
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await page.getByRole('link', { name: 'My bands', exact: true }).click()
    await expectPath(page, '/user-bands', { loaded: false })
    release()
    await expect.poll(() => answered).toBeGreaterThan(0)
    await settleNetwork(page)
    expect(new URL(page.url()).pathname).toBe('/user-bands')
    await page.getByRole('heading', { name: 'My bands' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the server’s message for a wrong password and stays on /login', async () => {
    const { page, context } = await openPage(browser)
    await page.goto('/login')
    await signIn(page, { email: E2E_MEMBER.email, password: 'not the right password' })
    await page.getByText('The email or password is incorrect.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    await context.close()
  })

  it('signs the bootstrap admin in to the dashboard, and signing out ends the session', async () => {
    const { page, context, errors } = await openPage(browser)
    await page.goto('/login')
    await signIn(page, E2E_ADMIN)
    await expectPath(page, '/dashboard')
    await page.getByText(E2E_ADMIN.displayName, { exact: false }).first().waitFor()
    const token = await page.evaluate(() => localStorage.getItem('token'))
    expect(token).toBeTruthy()
    expect(errors).toEqual([])

    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expectPath(page, '/login')
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('token'), localStorage.getItem('lastActivity')])).toEqual([null, null, null])

    await page.goto('/dashboard')
    await expectPath(page, '/login')

    // The server ended the session too: the old token no longer works.
    const status = await page.evaluate(async (t) => (await fetch('/api/me', { headers: { authorization: `Bearer ${t}` } })).status, token)
    expect(status).toBe(401)
    await context.close()
  })

  it('signs an inactive user out after 30 minutes and shows the sign-in page', async () => {
    const { page, context } = await openPage(browser)
    await page.clock.install()
    await page.goto('/login')
    await signIn(page, E2E_MEMBER)
    await expectPath(page, '/dashboard')
    await page.getByRole('heading', { name: `Hello, ${E2E_MEMBER.displayName}` }).waitFor()
    // Every answer counts as activity: let the dashboard's calls settle before time moves.
    await settleNetwork(page)
    await page.clock.fastForward('29:00')
    await page.clock.runFor(2000)
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    await page.clock.fastForward('02:00')
    await page.clock.runFor(2000)
    await expectPath(page, '/login')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await context.close()
  })
})

describe('error pages', () => {
  it('lands on /dashboard403 when the API answers 403', async () => {
    const { page, context } = await openPage(browser)
    await page.goto('/login')
    await signIn(page, E2E_MEMBER)
    await expectPath(page, '/dashboard')
    // The server has no screen a member is refused yet; make its next dashboard answer a 403.
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Not allowed.' } }) }),
    )
    // The app leaves for the 403 page (a full navigation) as soon as the answer comes, which
    // can be before this page's load event: wait for the navigation to start, not to load.
    await page.goto('/dashboard', { waitUntil: 'commit' })
    await expectPath(page, '/dashboard403')
    await page.getByRole('heading', { name: /403/ }).waitFor()
    await context.close()
  })

  it('shows the 404 page for an unknown URL', async () => {
    const { page, context } = await openPage(browser)
    await page.goto('/no/such/page')
    await page.getByRole('heading', { name: /404/ }).waitFor()
    await context.close()
  })
})
