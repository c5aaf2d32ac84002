import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { E2E_ADMIN } from './support/accounts'
import { seriousViolations } from './support/axe'
import { expectPath, launchBrowser, openPage, signIn } from './support/browser'

/** Public screens, then every screen of the signed-in app (the admin sees them all). */
const publicPaths = ['/login', '/register', '/reset-password', '/room-schedule-external', '/404']
const appPaths = [
  '/dashboard',
  '/dashboard2',
  '/dashboard403',
  '/profile',
  '/notices',
  '/password-change',
  '/intro',
  '/intro-edit',
  '/intro-list',
  '/additional-info',
  '/user-list',
  '/user-edit?userId=:me',
  '/user-delete',
  '/executive-management',
  '/system-settings',
  '/activity-log',
  '/band-registration-form',
  '/band-list',
  '/user-bands',
  '/room-schedule',
  '/room-booking-form',
  '/room-booking-list',
  '/festival-application-form',
  '/seasonal-live-application/summer',
  '/christmas-live-application',
  '/festival-application-list',
  '/seasonal-live-application-list/summer',
  '/christmas-live-application-list',
  '/festival-participant-list',
  '/seasonal-live-participant-list/summer',
  '/festival-band-list',
  '/festival-schedule',
  '/festival-schedule-generator',
  '/feedback-form',
  '/feedback-list',
  '/feedback-list?tab=all',
  '/files',
  '/room-allocation-list',
]

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  ;({ context, page } = await openPage(browser))
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
})

/** Lets the screen finish loading: no "Loading…" status left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() => !document.querySelector('[role="status"]')?.textContent?.includes('Loading'), undefined, { timeout: 10_000 })
}

/**
 * Opens a screen of the running app as following a link does (the router's history moves,
 * the app is not loaded again): a full load of every screen re-ran the whole app 80 times and
 * was most of this file's time. The first screen of each theme is a full load.
 */
async function openInApp(page: Page, path: string) {
  const before = await page.evaluate(() => document.querySelector('main')?.innerHTML)
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
  await page.waitForURL((url) => url.pathname + url.search === path)
  // The new screen has replaced the old one, so no screen is judged in another's place.
  await page.waitForFunction((old) => document.querySelector('main')?.innerHTML !== old, before, { timeout: 10_000 })
}

describe('no serious accessibility violations (axe-core, WCAG 2.1 AA)', () => {
  for (const path of publicPaths) {
    it(`on ${path}`, async () => {
      await page.goto(path)
      await settle(page)
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  it('signs the admin in for the app screens', async () => {
    await page.goto('/login')
    await signIn(page, E2E_ADMIN)
    await expectPath(page, '/dashboard')
  })

  for (const theme of ['light', 'dark'] as const) {
    appPaths.forEach((path, index) => {
      it(`on ${path} in the ${theme} theme`, async () => {
        const me = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as string)
        const to = path.replace(':me', me)
        if (index === 0) {
          await page.evaluate((value) => localStorage.setItem('theme', value), theme)
          await page.goto(to)
        } else await openInApp(page, to)
        await settle(page)
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark')
        expect(await seriousViolations(page)).toEqual([])
      })
    })
  }
})
