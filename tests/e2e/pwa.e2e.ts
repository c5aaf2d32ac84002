import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { E2E_MEMBER } from './support/accounts'
import { baseURL, clearHttpCache, expectPath, launchBrowser, openPage, signIn } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('the installable app', () => {
  it('links a manifest whose icons are real PNGs, including a maskable one', async () => {
    const { page, context } = await openPage(browser)
    await page.goto('/login')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const manifest = await (await fetch(new URL(href!, baseURL()))).json()
    expect(manifest).toMatchObject({ name: 'Bandroom', display: 'standalone', start_url: '/' })
    const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']))
    for (const icon of manifest.icons) {
      const response = await fetch(new URL(icon.src, baseURL()))
      expect(response.headers.get('content-type')).toBe('image/png')
      const bytes = new Uint8Array(await response.arrayBuffer())
      expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG')
      // PNG width lives in bytes 16–19 of the IHDR chunk.
      expect(new DataView(bytes.buffer).getUint32(16)).toBe(Number(icon.sizes.split('x')[0]))
    }
    await context.close()
  })

  it('registers a service worker that opens the signed-in app offline, with an offline banner', async () => {
    const { page, context } = await openPage(browser, { serviceWorker: true })
    await page.goto('/login')
    await signIn(page, E2E_MEMBER)
    await expectPath(page, '/dashboard')
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(`${baseURL()}/`)
    // A first install does not claim open pages (updates are prompted, not forced): reload
    // once so the worker controls the page, which also means its precache is complete.
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 })

    await context.setOffline(true)
    // A cold start from the service worker alone: the browser's HTTP cache, which still held
    // every script the page had loaded, is cleared as a phone does under storage pressure.
    const offline = await context.newPage()
    await clearHttpCache(context, offline)
    await offline.goto('/dashboard')
    await offline.getByText(/offline/i).first().waitFor({ timeout: 10_000 })
    await offline.getByRole('button', { name: /Account menu/ }).waitFor()
    await context.setOffline(false)
    await context.close()
  })
})

describe('the phone layout', () => {
  it('works at 360 px: the sidebar is a drawer that opens and closes', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    await page.goto('/login')
    await signIn(page, E2E_MEMBER)
    await expectPath(page, '/dashboard')
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(360)

    const toggle = page.getByRole('button', { name: /menu|navigation|sidebar/i }).first()
    await toggle.click()
    const drawer = page.getByRole('dialog')
    await drawer.waitFor()
    await drawer.getByRole('link', { name: 'Club overview' }).click()
    await expectPath(page, '/dashboard2')
    await drawer.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await context.close()
  })
})
