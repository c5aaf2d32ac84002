import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { E2E_ADMIN } from './support/accounts'
import { seriousViolations } from './support/axe'
import { expectPath, launchBrowser, openPage, signIn } from './support/browser'
import { overflowing, recordApiData, untranslatedTexts } from './support/translated'

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
  await page.waitForFunction(() => !/Loading|読み込んでいます/.test(document.querySelector('[role="status"]')?.textContent ?? ''), undefined, { timeout: 10_000 })
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

  appPaths.forEach((path, index) => {
    it(`on ${path} in the light theme`, async () => {
      const me = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as string)
      const to = path.replace(':me', me)
      if (index === 0) {
        await page.evaluate(() => localStorage.setItem('theme', 'light'))
        await page.goto(to)
      } else await openInApp(page, to)
      await settle(page)
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)
      expect(await seriousViolations(page)).toEqual([])
    })
  })
})

/**
 * Every screen again for a Japanese browser on a 360 px phone, in the dark theme (issue 36):
 * `<html lang="ja">`, only catalogue words besides the club's data, nothing wider than the
 * screen (Japanese has no spaces to break on), and axe (contrast in the dark theme, the lang
 * attributes of the language switch).
 */
describe('in Japanese on a 360 px phone, dark theme', () => {
  let ja: Awaited<ReturnType<typeof openPage>>
  let data: ReturnType<typeof recordApiData>
  beforeAll(async () => {
    ja = await openPage(browser, { locale: 'ja-JP', viewport: { width: 360, height: 740 }, colorScheme: 'dark' })
    data = recordApiData(ja.page)
  })
  afterAll(() => ja?.context.close())

  async function expectJapaneseScreen(page: Page) {
    await settle(page)
    await data.settled()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja')
    expect(await untranslatedTexts(page, data.strings)).toEqual([])
    expect(await overflowing(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
  }

  for (const path of publicPaths) {
    it(`on ${path}`, async () => {
      await ja.page.goto(path)
      await expectJapaneseScreen(ja.page)
    })
  }

  it('signs the admin in for the app screens', async () => {
    await ja.page.goto('/login')
    await ja.page.getByLabel('メールアドレス').fill(E2E_ADMIN.email)
    await ja.page.getByLabel('パスワード', { exact: true }).fill(E2E_ADMIN.password)
    await ja.page.getByRole('button', { name: 'ログイン' }).click()
    await expectPath(ja.page, '/dashboard')
  })

  appPaths.forEach((path, index) => {
    it(`on ${path}`, async () => {
      const me = await ja.page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as string)
      const to = path.replace(':me', me)
      if (index === 0) {
        await ja.page.evaluate(() => localStorage.setItem('theme', 'dark'))
        await ja.page.goto(to)
      } else await openInApp(ja.page, to)
      expect(await ja.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
      await expectJapaneseScreen(ja.page)
    })
  })
})
