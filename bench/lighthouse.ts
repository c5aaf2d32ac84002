/**
 * The `lighthouse` section of `npm run bench` (issue #13): what a phone downloads to open the
 * public pages for the first time, and Lighthouse's mobile scores for them.
 *
 * 1. Opens `/login` in a fresh headless Debian Chromium (playwright-core, never a downloaded
 *    browser), with service workers blocked so the count is the page's own scripts and not
 *    the precache that downloads the rest of the app afterwards, and records every script
 *    response with the bytes that crossed the network (encoded: brotli, as the server sends
 *    it). Budget: ≤ 120 KB of JavaScript.
 * 2. Runs Lighthouse (default mobile profile: Moto G class device, simulated slow 4G) on
 *    `/login` and `/room-schedule-external`, BENCH_LIGHTHOUSE_RUNS times each (default 3; the
 *    median performance score counts). Budgets: performance ≥ 95, accessibility 100,
 *    best practices ≥ 95.
 * 3. The baseline, run first and as many times: a page with nothing of the app's (no script, no
 *    style, no image), served by the bench itself with the headers the server sends with the
 *    app's pages (its Cross-Origin-Opener-Policy alone makes the browser start the page in a
 *    new process). Lighthouse multiplies the CPU time it observes by 4, the browser's own
 *    start-up work included, so what this machine costs before any app shows in the score too
 *    (decision 016, "The baseline"). Each page's main-thread time is printed as a ratio to the
 *    baseline's, with the load average beside it. No budget of its own.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_LIGHTHOUSE_RUNS.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { chromium } from 'playwright-core'
import lighthouse from 'lighthouse'
import { launch } from 'chrome-launcher'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const FLAGS = ['--no-sandbox', '--disable-background-networking']
export const FIRST_LOAD_BUDGET_KB = 120
const SCORE_BUDGET = { performance: 95, accessibility: 100, 'best-practices': 95 } as const
type Category = keyof typeof SCORE_BUDGET
const PAGES = ['/login', '/room-schedule-external']

interface Script {
  url: string
  encoded: number
  decoded: number
  encoding: string
}

/** Every script `/login` loads on a first visit, with its transferred size. */
export async function measureFirstLoad(baseUrl: string, pagePath = '/login') {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const pending: Array<Promise<Script | undefined>> = []
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? ''
      if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return
      pending.push(
        (async () => {
          const sizes = await response.request().sizes()
          const body = await response.body().catch(() => Buffer.alloc(0))
          return { url: new URL(response.url()).pathname, encoded: sizes.responseBodySize, decoded: body.length, encoding: response.headers()['content-encoding'] ?? 'identity' }
        })().catch(() => undefined),
      )
    })
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' })
    // The screen is there: the form's password field (or the page's main landmark) is visible.
    await page.locator('main').first().waitFor({ state: 'visible' })
    const scripts = (await Promise.all(pending)).filter((script): script is Script => script !== undefined)
    await context.close()
    return scripts.sort((a, b) => b.encoded - a.encoded)
  } finally {
    await browser.close()
  }
}

async function lighthouseScores(url: string) {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...FLAGS] })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(SCORE_BUDGET) })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { categories, runtimeError } = result.lhr
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`)
    const score = (category: Category) => Math.round((categories[category]?.score ?? 0) * 100)
    const failing = Object.values(result.lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual')
      .map((audit) => audit.id)
    const metric = (id: string) => result.lhr.audits[id]?.displayValue ?? '?'
    return {
      /** Lighthouse's main-thread work (ms, as simulated: the CPU time observed × 4). */
      mainThread: result.lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
      failing,
    }
  } finally {
    chrome.kill()
  }
}

/** Chromium sometimes loses the start of the trace on a busy machine (NO_NAVSTART): try again. */
async function withRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= attempts || !String(error).includes('NO_NAVSTART')) throw error
      console.log(`    (Lighthouse lost the trace, attempt ${attempt} of ${attempts}: again)`)
    }
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const load = () => os.loadavg()[0]!.toFixed(1)

/** `runs` Lighthouse runs of one page: their results, the median performance and main-thread time, and the run with that score. */
async function runsOf(url: string, runs: number) {
  const results: Array<Awaited<ReturnType<typeof lighthouseScores>>> = []
  for (let run = 0; run < runs; run++) results.push(await withRetry(() => lighthouseScores(url)))
  const performance = median(results.map((result) => result.performance))
  const scores = results.map((result) => result.performance).join('/')
  return { results, performance, scores, mainThread: median(results.map((result) => result.mainThread)), typical: results.find((result) => result.performance === performance)! }
}

const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="description" content="A page with nothing in it"><title>Baseline</title></head>' +
  '<body><main><h1>Baseline</h1><p>No script, no style, no image: what a page load costs on this machine before any app.</p></main></body></html>'

/** What the server sends with a page besides the page itself (its security headers). */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'etag', 'last-modified', 'cache-control', 'vary', 'accept-ranges'])

/** The baseline page, served by the bench on a port of its own with the app's page headers. */
async function serveBarePage(baseUrl: string) {
  const answer = await fetch(`${baseUrl}/login`)
  await answer.arrayBuffer()
  const headers = Object.fromEntries([...answer.headers].filter(([name]) => !BODY_HEADERS.has(name)))
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    response.end(BARE_PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Runs both measurements against a running server on the built app; true when every budget holds. */
export async function runLighthouseBench(baseUrl: string) {
  let ok = true
  console.log(`\n▶ First load of /login (fresh ${CHROMIUM}, no service worker)`)
  const scripts = await measureFirstLoad(baseUrl)
  const total = scripts.reduce((sum, script) => sum + script.encoded, 0)
  const decoded = scripts.reduce((sum, script) => sum + script.decoded, 0)
  for (const script of scripts) console.log(`  ${kb(script.encoded).padStart(9)}  ${script.encoding.padEnd(8)} ${kb(script.decoded).padStart(9)} raw  ${script.url}`)
  const withinBudget = total <= FIRST_LOAD_BUDGET_KB * 1024
  console.log(`  ${withinBudget ? 'PASS' : 'FAIL'}  ${scripts.length} scripts, ${kb(total)} over the wire (${kb(decoded)} uncompressed); budget ≤ ${FIRST_LOAD_BUDGET_KB} KB`)
  ok &&= withinBudget

  const runs = Math.max(1, Math.round(Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)) || 1)
  console.log(`\n▶ Lighthouse (mobile profile, ${runs} run${runs > 1 ? 's' : ''} per page; the median performance score counts)`)
  const bare = await serveBarePage(baseUrl)
  const baseline = await runsOf(bare.url, runs).finally(() => bare.close())
  console.log(
    `  baseline, a page with nothing in it: performance ${baseline.scores} (${baseline.typical.metrics}), main thread ${Math.round(baseline.mainThread)} ms (load ${load()}; the app's page headers; no budget: what this machine costs before any app)`,
  )
  for (const pagePath of PAGES) {
    const { results, performance, mainThread, typical, scores: runScores } = await runsOf(`${baseUrl}${pagePath}`, runs)
    const scores: Record<Category, number> = {
      performance,
      accessibility: Math.min(...results.map((result) => result.accessibility)),
      'best-practices': Math.min(...results.map((result) => result['best-practices'])),
    }
    console.log(`  ${pagePath}: performance ${runScores} (${typical.metrics}), accessibility ${scores.accessibility}, best practices ${scores['best-practices']}`)
    console.log(`    main thread ${Math.round(mainThread)} ms, ${(mainThread / baseline.mainThread).toFixed(1)}× the baseline's (load ${load()})`)
    for (const category of Object.keys(SCORE_BUDGET) as Category[]) {
      const pass = scores[category] >= SCORE_BUDGET[category]
      if (!pass) console.log(`  FAIL  ${pagePath} ${category} ${scores[category]} < ${SCORE_BUDGET[category]}`)
      ok &&= pass
    }
    const failing = [...new Set(results.flatMap((result) => result.failing))]
    if (failing.length) console.log(`    audits below 90: ${failing.join(', ')}`)
  }
  console.log(ok ? '  PASS  all first-load budgets' : '  FAIL  a first-load budget was missed')
  return ok
}
