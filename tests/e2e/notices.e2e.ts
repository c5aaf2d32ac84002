import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { E2E_ADMIN, E2E_USERS } from './support/accounts'
import { seriousViolations } from './support/axe'
import { createBand, createOpenLive } from './support/club'
import { baseURL, callApi, clearHttpCache, launchBrowser, openSignedIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const { noticeLeader, feedOwner } = E2E_USERS
const suffix = Date.now() % 100000
const bandName = `Bell Ringers ${suffix}`
const title = `Autumn Live E2E ${suffix}`

describe('notices and calendar feeds', () => {
  it('the bell shows a notice after an executive accepts the band’s application, on a phone', async () => {
    const band = await createBand(bandName, noticeLeader, [])
    const eventId = await createOpenLive({ kind: 'seasonal', season: 'autumn', title })
    const application = await callApi(noticeLeader, 'POST', `/api/events/${eventId}/applications`, {
      bandId: band.id,
      songs: [{ title: 'Ring Out', artist: 'The Bells', length: '4:00' }],
      requestedMinutes: 10,
    })

    const { page, context, errors } = await openSignedIn(browser, noticeLeader, '/dashboard', { width: 360, height: 740 })
    await expect.poll(() => page.getByRole('link', { name: 'Notices, none unread' }).count()).toBe(1)

    // An executive accepts it (through the API: the review screens have their own e2e test).
    await callApi(E2E_ADMIN, 'POST', `/api/applications/${application.id as string}/review`, { status: 'accepted', note: 'See you on stage!' })
    // The bell asks again when the app comes back to the front (and every minute).
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
    await expect.poll(() => page.getByRole('link', { name: 'Notices, 1 unread' }).count()).toBe(1)

    await page.getByRole('link', { name: 'Notices, 1 unread' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Notices' }).count()).toBe(1)
    const row = page.getByRole('listitem').filter({ hasText: `${title}: ${bandName} is accepted` })
    await expect.poll(() => row.count()).toBe(1)
    await expect.poll(() => row.getByText('See you on stage!').count()).toBe(1)
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(await seriousViolations(page)).toEqual([])

    // Keyboard: focus "Mark as read" and press Enter.
    await row.getByRole('button', { name: 'Mark as read' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('link', { name: 'Notices, none unread' }).count()).toBe(1)
    await expect.poll(() => page.getByText('All read.').count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the notice list and the bell show what was seen when the app opens offline, marked as such', async () => {
    const { page, context, errors } = await openSignedIn(browser, noticeLeader, '/notices', undefined, { serviceWorker: true })
    await page.evaluate(async () => navigator.serviceWorker.ready)
    // A first install does not claim open pages: reload once so the worker controls this one.
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 })
    await page.getByText(`${title}: ${bandName} is accepted`).waitFor()
    // The phone hides the app at once (as when the member switches apps): the saved copy is
    // written then, not a second later.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    // What the online page logged; once the network drops, a request it still makes fails
    // (net::ERR_INTERNET_DISCONNECTED, once in a CI run): the offline start is what is judged.
    const loggedOnline = [...errors]
    await context.setOffline(true)

    const offline = await context.newPage()
    await clearHttpCache(context, offline)
    await offline.goto('/notices')
    await offline.getByText(`${title}: ${bandName} is accepted`).waitFor({ timeout: 10_000 })
    await expect.poll(() => offline.getByText(/You are offline: these are your notices as last seen at \d{2}:\d{2}/).count()).toBe(1)
    await expect.poll(() => offline.getByRole('link', { name: 'Notices, none unread (as last seen, you are offline)' }).count()).toBe(1)
    expect(await offline.getByText(/could not be loaded/).count()).toBe(0)
    expect(loggedOnline).toEqual([])
    await context.close()
  })

  it('the profile shows the calendar link, which serves the feed until it is turned off', async () => {
    const { page, context, errors } = await openSignedIn(browser, feedOwner, '/profile', { width: 360, height: 740 })
    await page.getByRole('button', { name: 'Make my calendar link' }).click()
    const field = page.getByLabel('Calendar link')
    await expect.poll(() => field.count()).toBe(1)
    const webcal = await field.inputValue()
    expect(webcal).toMatch(/^webcal:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const feedPath = new URL(webcal.replace('webcal://', 'http://')).pathname
    const feed = await fetch(`${baseURL()}${feedPath}`)
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Turn off' }).click()
    const dialog = page.getByRole('dialog', { name: 'Turn off your calendar link?' })
    await dialog.getByRole('button', { name: 'Turn off' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Make my calendar link' }).count()).toBe(1)
    await expect.poll(() => page.getByLabel('Calendar link').count()).toBe(0)
    expect((await fetch(`${baseURL()}${feedPath}`)).status).toBe(404)
    expect(errors).toEqual([])
    await context.close()
  })
})
