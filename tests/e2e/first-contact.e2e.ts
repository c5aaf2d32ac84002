import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { addDays, todayIn } from '../../src/contract/calendar'
import { addFreePeriod, createBand, createOpenLive } from './support/club'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { baseURL, callApi, clearHttpCache, expectPath, launchBrowser, openPage, settleNetwork, signIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { offlineMember, offlineBandmate } = E2E_USERS
const suffix = Date.now() % 100000
const roomName = `Offline Studio ${suffix}`
const bandName = `Airplane Mode ${suffix}`
const festivalTitle = `Festival Offline ${suffix}`
// Tomorrow in the club's time zone: bookable whatever the hour.
const date = addDays(todayIn(new Date(), 'Asia/Tokyo'), 1)

describe('first contact: a new browser opens the root URL', () => {
  // As a new browser does: the app installs its service worker on the first visit.
  it('shows the sign-in page at /, signs in to the dashboard; missing files are 404s, not 403s', async () => {
    const { page, context, errors } = await openPage(browser, { serviceWorker: true })
    await page.goto('/')
    await expectPath(page, '/login')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await page.locator('body').innerText()).not.toMatch(/^\s*\{/)
    await signIn(page, offlineMember)
    await expectPath(page, '/dashboard')
    for (const path of ['/assets/', '/icons/']) {
      const response = await fetch(`${baseURL()}${path}`, { headers: { accept: 'text/html' } })
      expect(response.status, path).toBe(404)
      const bare = await fetch(`${baseURL()}${path}`)
      expect(bare.status, path).toBe(404)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('opens the sign-in page and the public schedule without a content-security-policy violation', async () => {
    // A violation inside a try/catch (zod's `new Function` check) writes no console error: listen for the event.
    const { page, context, errors } = await openPage(browser, { serviceWorker: true })
    const violations: string[] = []
    await page.exposeFunction('reportCspViolation', (violation: string) => void violations.push(violation))
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) => {
        void (window as unknown as { reportCspViolation(violation: string): Promise<void> }).reportCspViolation(`${event.violatedDirective} in ${event.sourceFile}`)
      }),
    )
    for (const path of ['/login', '/room-schedule-external']) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await settleNetwork(page)
    }
    await page.waitForTimeout(300)
    expect(violations).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('fits a 360 px phone while the install prompt shows', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    await page.goto('/login')
    await signIn(page, offlineMember)
    await expectPath(page, '/dashboard')
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true })
      Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) })
      window.dispatchEvent(event)
    })
    await page.getByRole('button', { name: 'Install app' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const box = (await page.getByRole('button', { name: /Account menu/ }).boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(360)
    await context.close()
  })
})

describe('offline: screens seen before open from the saved copy', () => {
  let context: BrowserContext
  let online: Page
  const schedulePath = `/room-schedule?week=${date}`
  /** Each screen and a text only its loaded data shows (created below through the API). */
  const screens: Array<{ path: string; text: string }> = [
    { path: schedulePath, text: roomName },
    { path: '/dashboard', text: `Hello, ${offlineMember.displayName}` },
    { path: '/room-booking-list', text: roomName },
    { path: '/band-list', text: bandName },
    { path: '/user-bands', text: bandName },
    { path: `/intro-list?q=${encodeURIComponent(offlineMember.displayName)}`, text: offlineMember.displayName },
    { path: '', text: festivalTitle },
  ]

  beforeAll(async () => {
    const roomId = (await callApi(E2E_ADMIN, 'POST', '/api/rooms', { name: roomName, capacity: 6 })).id as string
    const periodId = await addFreePeriod(`Early ${suffix}`)
    await callApi(offlineMember, 'POST', '/api/bookings', { roomId, periodId, date, kind: 'personal' })

    await createBand(bandName, offlineMember, [{ account: offlineBandmate, part: 'Drums' }], 'Bass')
    const eventId = await createOpenLive({ title: festivalTitle, venue: 'Main hall', days: [{ date: addDays(date, 40), stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] }] })
    screens[screens.length - 1]!.path = `/festival-application-list?eventId=${eventId}`

    // One signed-in context for every case: its localStorage holds the session and the saved
    // Query cache, its service worker the app shell.
    const opened = await openPage(browser, { serviceWorker: true })
    context = opened.context
    online = opened.page
    await online.goto('/login')
    await signIn(online, offlineMember)
    await expectPath(online, '/dashboard')
    await online.evaluate(async () => navigator.serviceWorker.ready)
    // A first install does not claim open pages: reload once so the worker controls this one.
    await online.reload()
    await online.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 })
    // Each screen is left as soon as all its data has come (no request for half a second), as
    // a member glancing at it would: the app writes the saved copy when it is left (the next
    // goto), not a second later. Left before its last answer, a screen would show offline
    // without "last seen at" (the banner gives it only when every query on screen has data).
    for (const screen of screens) {
      await online.goto(screen.path)
      // Visible text only: a live's title is also a hidden <option> of the live picker.
      await online.getByText(screen.text).filter({ visible: true }).first().waitFor()
      await online.waitForLoadState('networkidle')
    }
    await online.goto('about:blank')
    await context.setOffline(true)
  }, 90_000)

  afterAll(() => context?.close())

  /** A cold start: a new tab in the same (offline) browser profile, served by the service worker. */
  async function openOffline(path: string) {
    const page = await context.newPage()
    await clearHttpCache(context, page)
    await page.goto(path)
    return page
  }

  const names = ['the room schedule', 'the dashboard', 'my bookings', 'the band list', 'my bands', 'the members directory', 'festival applications']
  names.forEach((name, index) => {
    it(`${name} shows what was seen, with the offline banner and when it was last seen`, async () => {
      const screen = screens[index]!
      const page = await openOffline(screen.path)
      await page
        .getByText(screen.text)
        .filter({ visible: true })
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(async (error: unknown) => {
          throw new Error(`${screen.path} shows:\n${(await page.locator('main').innerText()).slice(0, 300)}\n${await page.evaluate(() => (JSON.parse(localStorage.getItem('bandroom-query-cache') ?? '{"clientState":{"queries":[]}}') as { clientState: { queries: Array<{ queryHash: string; state: { status: string; fetchStatus: string } }> } }).clientState.queries.map((q) => `${q.queryHash} ${q.state.status} ${q.state.fetchStatus}`).join('\n'))}`, { cause: error })
        })
      const status = page.getByRole('status').filter({ hasText: 'You are offline' })
      await status.waitFor()
      await expect.poll(() => status.innerText()).toMatch(/last seen at \d{2}:\d{2}/)
      expect(await page.getByText(/could not be loaded/).count()).toBe(0)
      expect(await seriousViolations(page)).toEqual([])
      await page.close()
    })
  })

  // The booking form's loader prefetches; the club overview's loader must have its data.
  for (const path of ['/room-booking-form', '/dashboard2']) {
    it(`${path}, never opened on this device, says it needs a connection instead of spinning`, async () => {
      const page = await openOffline(path)
      await page.getByRole('status').filter({ hasText: 'This page needs a connection' }).first().waitFor({ timeout: 10_000 })
      expect(await page.getByText('Loading').count()).toBe(0)
      expect(await seriousViolations(page)).toEqual([])
      await page.close()
    })
  }

  it('"Next week" offline says that week was not saved, never showing the week before', async () => {
    const page = await openOffline(schedulePath)
    await page.getByText(roomName).first().waitFor()
    await page.getByRole('button', { name: 'Next week' }).click()
    await page.getByRole('status').filter({ hasText: 'This week was not saved for offline use.' }).waitFor()
    expect(await page.getByText(roomName).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.close()
  })
})
