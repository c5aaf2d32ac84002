import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'

export const baseURL = () => inject('baseURL')

/** Debian's Chromium, never a downloaded one; flags keep it off this machine's closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  })
}

export interface PageProblems {
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  errors: string[]
}

export interface PageOptions extends BrowserContextOptions {
  /**
   * Let the app install its service worker (the tests of the installed app and of offline
   * starts). Off otherwise: the browser then has no `navigator.serviceWorker`, as an old one,
   * and the app runs without it (src/lib/service-worker.ts). Installing it precaches every
   * file of the build into each fresh context, which was a third of the e2e run's CPU.
   */
  serviceWorker?: boolean
}

/**
 * A fresh context (own storage, own service worker) and page that records every console
 * error, page error and CSP violation, so a test can assert the app ran clean.
 */
export async function openPage(browser: Browser, { serviceWorker = false, ...options }: PageOptions = {}): Promise<{ context: BrowserContext; page: Page } & PageProblems> {
  const context = await browser.newContext({ baseURL: baseURL(), ...options })
  if (!serviceWorker) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => undefined }))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    // A resource that failed names itself only in the message's location.
    if (message.type() === 'error') errors.push(message.location().url ? `${message.text()} (${message.location().url})` : message.text())
  })
  page.on('pageerror', (error) => errors.push(String(error)))
  if (process.env.E2E_TRACE) {
    page.on('response', (r) => r.url().includes('/api') && console.log('response', r.status(), r.url()))
    page.on('framenavigated', (f) => f === page.mainFrame() && console.log('navigated', f.url()))
    page.on('console', (m) => console.log('console', m.type(), m.text()))
  }
  return { context, page, errors }
}

/**
 * Empties the browser's ordinary HTTP cache (not the service worker's caches), before a cold
 * start offline: left full, it answers the app's scripts itself and hides a service worker
 * that did not keep them.
 */
export async function clearHttpCache(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Waits until the URL's path is as expected and, unless told `loaded: false`, until the router
 * has loaded that screen (no "loading the page" bar): until then the screen left behind can
 * still be on show, and a field of the same name there (/login's Email under
 * /reset-password's) took the test's typing. `loaded: false` is for a test that holds the
 * screen's data on purpose.
 */
export async function expectPath(page: Page, pathname: string, { loaded = true }: { loaded?: boolean } = {}) {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000, waitUntil: 'commit' })
    if (loaded) await page.locator('#navigation-progress').waitFor({ state: 'detached', timeout: 15_000 })
  } catch (error) {
    const text = (await page.locator('body').innerText().catch(() => '')).slice(0, 500)
    throw new Error(`Expected to reach ${pathname}${loaded ? ', loaded,' : ''} but the page is at ${page.url()}, showing:\n${text}`, { cause: error })
  }
  expect(new URL(page.url()).pathname).toBe(pathname)
}

/**
 * Resolves once the page has had no request in flight for `quietMs` (real time). Every
 * answer counts as activity for the idle timer, so time must not be moved while calls run.
 */
export async function settleNetwork(page: Page, quietMs = 750, timeoutMs = 15_000) {
  let inFlight = 0
  let lastChange = Date.now()
  const started = (request: { url(): string }) => {
    if (!request.url().startsWith('data:')) inFlight++
    lastChange = Date.now()
  }
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1)
    lastChange = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (inFlight === 0 && Date.now() - lastChange >= quietMs) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`The page's network did not settle within ${timeoutMs} ms`)
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

/** Calls the API from Node as someone: set-up steps that are not what a test is about. */
export async function callApi(account: { email: string; password: string }, method: string, path: string, body?: unknown) {
  const login = await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
  const { access_token: token } = (await login.json()) as { access_token: string }
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  // A 204 (a delete) has no body.
  const text = await response.text()
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>
}

/**
 * A fresh page signed in as `account`, landed on `path`: the browser holds the session a
 * sign-in leaves (localStorage `user`, `token`, `lastActivity`, SPEC §2), as a returning
 * member's does, from `POST /api/login` made from Node. Signing in through the form is what
 * the session and accounts tests test; elsewhere it loaded the app twice per person.
 */
export async function openSignedIn(browser: Browser, account: { email: string; password: string }, path: string, viewport = { width: 1280, height: 900 }, options: PageOptions = {}) {
  const opened = await openPage(browser, { viewport, ...options })
  const login = await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) })
  if (login.status !== 200) throw new Error(`signing ${account.email} in: ${login.status} ${await login.text()}`)
  const { user, access_token: token } = (await login.json()) as { user: unknown; access_token: string }
  // A blank same-origin document, answered by the browser itself, to write the origin's storage before the app starts.
  const blank = `${baseURL()}/e2e-blank`
  await opened.page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }))
  await opened.page.goto(blank)
  await opened.page.unroute(blank)
  await opened.page.evaluate(
    ({ user, token }) => {
      localStorage.setItem('user', JSON.stringify(user))
      localStorage.setItem('token', token)
      localStorage.setItem('lastActivity', String(Date.now()))
    },
    { user, token },
  )
  await opened.page.goto(path)
  await expectPath(opened.page, path.split('?')[0]!)
  return opened
}
