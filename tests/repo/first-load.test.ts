import { describe, expect, it } from 'vitest'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * What a first visit to `/login` downloads, read from the build (`npm test` runs `vite build`
 * first): the entry with everything it imports, the login route's chunks and the page's other
 * script, public/first-language.js (the service worker is registered by the entry itself,
 * src/lib/service-worker.ts). The bench (`npm run bench -- --only lighthouse`)
 * measures the same over the network; this catches a regression without a browser.
 * Decision 016: one stray import of zod in a route file or the app shell costs every visitor
 * ~23 KB.
 */
const root = path.resolve(import.meta.dirname, '../..')
const dist = path.join(root, 'dist')
const manifestFile = path.join(dist, '.vite', 'manifest.json')

/**
 * The budget of bench/lighthouse.ts (FIRST_LOAD_BUDGET_KB), in the bytes brotli sends, and the
 * files (a phone on HTTP/1.1 opens six connections at a time). The app's two languages made it
 * 123.6 KB in 9 files with public/first-language.js; the public pages' small shared modules in
 * one chunk and no preload lists for lazy chunks in the entry brought it back to 119.5 KB in 5
 * (decision 046, "Cost").
 */
const BUDGET_BYTES = 120 * 1024
const MOST_FILES = 5

/**
 * The sign-in page's words, by language. One build serves both languages (every message
 * function carries both), so each language's first load is the same files; each is checked to
 * hold its language's words, so that a language loaded later (a chunk per language) would show
 * here as a first load without its words.
 */
const LANGUAGES = ['en', 'ja'] as const
const SIGN_IN_WORDS = ['auth_sign_in_title', 'auth_sign_in_lead', 'auth_email', 'auth_password', 'auth_sign_in']

/** Libraries that screens after sign-in use and the sign-in page must not download. */
const NOT_ON_LOGIN = ['zod', 'date-fns', '@date-fns/tz', 'sonner', 'lucide-react', '@dnd-kit/core', '@radix-ui/react-dialog', '@zxcvbn-ts/core', '@tanstack/devtools-event-client']

interface Chunk {
  file: string
  imports?: string[]
}

function readManifest(): Record<string, Chunk> {
  if (!existsSync(manifestFile)) throw new Error('No build to read: run `npx vite build` first (npm test does).')
  return JSON.parse(readFileSync(manifestFile, 'utf8'))
}

/** The chunks `starts` load: each with its static imports, transitively. */
function chunksFor(manifest: Record<string, Chunk>, starts: string[]) {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`The build has no chunk for ${key}`)
    if (files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  starts.forEach(visit)
  return [...files]
}

/**
 * The scripts the page the server answers /login with (pages/login.html, server/src/http/spa.ts)
 * loads beside Vite's chunks: public/first-language.js, which sets the loading text's language
 * before the entry runs. The bench counts it too.
 */
function plainScripts() {
  const html = readFileSync(path.join(dist, 'pages', 'login.html'), 'utf8')
  return [...html.matchAll(/<script\s[^>]*src="\/([^"]+)"/g)].map((match) => match[1]!).filter((file) => !file.startsWith('assets/'))
}

/** The npm packages bundled into a chunk, from its source map. */
function packagesIn(file: string) {
  const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { sources: string[] }
  return new Set(map.sources.flatMap((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? []))
}

describe.each(LANGUAGES)('the first load of /login in %s', (language) => {
  const manifest = readManifest()
  const login = Object.keys(manifest).filter((key) => key.startsWith('src/routes/login.tsx?'))
  const chunks = chunksFor(manifest, ['index.html', ...login])
  const files = [...chunks, ...plainScripts()]

  it('is the app and the login route, with no service worker helper library', () => {
    expect(login.length).toBeGreaterThan(0)
    expect(Object.keys(manifest).filter((key) => key.includes('node_modules/workbox-window/'))).toEqual([])
    expect(files.length).toBeLessThanOrEqual(MOST_FILES)
  })

  it('holds the sign-in page’s words in this language', () => {
    const catalogue = JSON.parse(readFileSync(path.join(root, 'src/i18n/messages/auth', `${language}.json`), 'utf8')) as Record<string, string>
    const code = files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n')
    expect(SIGN_IN_WORDS.filter((key) => !code.includes(catalogue[key]!))).toEqual([])
  })

  it('downloads none of the libraries only signed-in screens need', () => {
    const found = chunks.flatMap((file) => [...packagesIn(file)].filter((name) => NOT_ON_LOGIN.includes(name)).map((name) => `${name} in ${file}`))
    expect(found).toEqual([])
  })

  it(`is at most ${BUDGET_BYTES / 1024} KB of JavaScript as the server sends it (brotli)`, () => {
    // The build writes each file's brotli copy (vite.config.ts, `precompress`); the server sends it.
    const sizes = files.map((file) => {
      const brotli = path.join(dist, `${file}.br`)
      return { file, bytes: existsSync(brotli) ? statSync(brotli).size : statSync(path.join(dist, file)).size }
    })
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0)
    expect(total, sizes.map(({ file, bytes }) => `${file} ${(bytes / 1024).toFixed(1)} KB`).join(', ')).toBeLessThanOrEqual(BUDGET_BYTES)
  })
})

describe('the first load of /room-schedule-external', () => {
  it('downloads no zod: the answer is checked by the contract’s zod-free copy', () => {
    const manifest = readManifest()
    const route = Object.keys(manifest).filter((key) => key.startsWith('src/routes/room-schedule-external.tsx?'))
    expect(route.length).toBeGreaterThan(0)
    const files = chunksFor(manifest, ['index.html', ...route])
    expect(files.filter((file) => packagesIn(file).has('zod'))).toEqual([])
  })
})

describe('zod in the browser', () => {
  // src/main.tsx sets it before any zod loads; the e2e first-contact test sees no CSP violation.
  it('takes its settings from the global src/main.tsx sets (jitless: no `new Function` check)', async () => {
    const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
    global.__zod_globalConfig = { jitless: true }
    try {
      const { config } = await import('zod/v4/core')
      expect(config().jitless).toBe(true)
    } finally {
      delete global.__zod_globalConfig
    }
  })
})
