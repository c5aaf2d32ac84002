/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { fileURLToPath } from 'node:url'
import { availableParallelism } from 'node:os'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { appInputs, hashInputs, writeStamp } from './server/build-stamp.mjs'
import { compileMessages, testsOutDir } from './src/i18n/compile.mjs'

// The typed message functions (decision 046) before anything imports them: build, dev, vitest.
await compileMessages()

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  // TanStack Form reports to a devtools bus Bandroom never runs (src/lib/no-devtools-event-client.ts).
  '@tanstack/devtools-event-client': fileURLToPath(new URL('./src/lib/no-devtools-event-client.ts', import.meta.url)),
}

/**
 * The tests' aliases: the app's, with the message functions as three modules instead of one per
 * message (src/i18n/compile.mjs, `testsOutDir`): first, so '@/…' does not take them.
 */
const testAlias = [
  { find: /^(?:.*\/)?paraglide\/messages\.js$/, replacement: path.join(testsOutDir, 'messages.js') },
  { find: /^(?:.*\/)?paraglide\/runtime\.js$/, replacement: path.join(testsOutDir, 'runtime.js') },
  ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
]

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text file of
 * the build, once, for the server to send as they are (@fastify/static `preCompressed`).
 * Compressing per response, the server can only afford a low brotli quality: quality 11 makes
 * the sign-in page's JavaScript ~15% smaller than quality 4 (decision 016). Runs after the
 * service worker is generated, so sw.js is compressed too; workbox precaches none of these
 * files (its patterns end in the original extensions).
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'bandroom:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(entry.name) && !entry.parentPath.includes(`${path.sep}.vite`))
          .map((entry) => path.join(entry.parentPath, entry.name))
        await Promise.all(
          files.map(async (file) => {
            const body = await readFile(file)
            if (body.length < 1024) return
            const [br, gz] = await Promise.all([
              brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gzip(body, { level: 9 }),
            ])
            if (br.length < body.length) await writeFile(`${file}.br`, br)
            if (gz.length < body.length) await writeFile(`${file}.gz`, gz)
          }),
        )
      },
    },
  }
}

/**
 * Writes dist/.build-stamp, the hash of the build's inputs as they were when it began, once
 * everything else is written (after `precompress`): `npm start` builds again only when the
 * sources' hash differs from it (server/build-stamp.mjs, decision 044). Vite empties dist/ first,
 * so a build stopped midway leaves no stamp.
 */
function buildStamp(): Plugin {
  let outDir = 'dist'
  let root = process.cwd()
  let hash = ''
  return {
    name: 'bandroom:build-stamp',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    buildStart() {
      hash = hashInputs(root, appInputs)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        writeStamp(outDir, hash)
      },
    },
  }
}

/**
 * Chunks a phone should not download at install, only when a screen asks for them: the
 * password-strength dictionaries (~1.7 MB; registration and password screens, which need the
 * server anyway) and the club overview's charts (~430 KB; the screen shows its numbers as
 * tables without them). The service worker keeps them once loaded (runtimeCaching below).
 */
const optionalChunkModules = [/[\\/]@zxcvbn-ts[\\/]language-/, /[\\/]src[\\/]features[\\/]dashboard[\\/]club-charts\.tsx$/]
const optionalChunkFiles = new Set<string>()

function findOptionalChunks(): Plugin {
  return {
    name: 'bandroom:optional-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      optionalChunkFiles.clear()
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.facadeModuleId && optionalChunkModules.some((pattern) => pattern.test(chunk.facadeModuleId!))) optionalChunkFiles.add(chunk.fileName)
      }
      if (optionalChunkFiles.size < 3) this.error(`optional chunks: found ${[...optionalChunkFiles].join(', ') || 'none'}, expected the charts and two password dictionaries`)
    },
  }
}

/**
 * The app's stylesheet (36 KB, 6 KB compressed) goes into index.html as a `<style>`: the
 * loading screen can paint as soon as the HTML arrives, instead of after a second request that
 * blocks rendering (on a phone's first visit, a round trip and a new connection). The CSP
 * allows inline styles (`style-src 'unsafe-inline'`). The stylesheet is taken off the entry's
 * CSS list first, or Vite would link it in index.html and every lazy chunk that needs the entry
 * would fetch it again as a file (and apply every rule twice). The file stays in `assets/`;
 * the service worker precaches index.html, so an installed app pays nothing.
 */
function inlineStylesheet(): Plugin[] {
  let stylesheet: string | undefined
  return [
    {
      name: 'bandroom:inline-stylesheet',
      apply: 'build',
      generateBundle: {
        // Before Vite writes index.html and the lazy chunks' preload lists from the CSS lists.
        order: 'pre',
        handler(_options, bundle) {
          const stylesheets = Object.keys(bundle).filter((file) => file.endsWith('.css'))
          if (stylesheets.length !== 1) return this.error(`inline-stylesheet: expected the app's one stylesheet, found ${stylesheets.length}`)
          stylesheet = stylesheets[0]!
          for (const file of Object.values(bundle)) if (file.type === 'chunk') file.viteMetadata?.importedCss.delete(stylesheet)
        },
      },
    },
    {
      name: 'bandroom:inline-stylesheet-html',
      apply: 'build',
      enforce: 'post',
      generateBundle: {
        // After Vite has written index.html (pagePreloads, after this, copies the result).
        order: 'post',
        handler(_options, bundle) {
          const html = bundle['index.html']
          const css = stylesheet === undefined ? undefined : bundle[stylesheet]
          if (html?.type !== 'asset' || css?.type !== 'asset') return this.error('inline-stylesheet: the build has no index.html or no stylesheet')
          if (String(html.source).includes('rel="stylesheet"')) return this.error('inline-stylesheet: index.html still links a stylesheet')
          const style = `<style>${String(css.source).replaceAll('</style', '<\\/style')}</style>`
          html.source = String(html.source).replace(/\s*<\/head>/, () => `\n    ${style}\n  </head>`)
        },
      },
    },
  ]
}

/**
 * `pages/<name>.html` for each page a visitor may open first (a shared link, a poster, an
 * e-mail): index.html plus `<link rel="modulepreload">` for the chunks its route needs (the
 * route file's split component and loader with everything they import, less the entry's own).
 * The server answers a direct visit to that page with it (server/src/http/spa.ts). Without it
 * the browser learns of those chunks only once the entry has downloaded and run; with it they
 * download beside the entry. Vite's runtime preloading skips a `<link>` already in the page.
 *
 * `pages` maps a page name (its path without the slash) to its route file, relative to the root.
 */
function pagePreloads(pages: Record<string, string>): Plugin {
  let root = process.cwd()
  return {
    name: 'bandroom:page-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html']
        if (!html || html.type !== 'asset') this.error('page-preloads: the build has no index.html')
        const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []))
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        const withImports = (files: string[]) => {
          const seen = new Set<string>()
          const visit = (file: string) => {
            if (seen.has(file)) return
            seen.add(file)
            byFile.get(file)?.imports.forEach(visit)
          }
          files.forEach(visit)
          return seen
        }
        const inEntry = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
        const base = String(html.source)
        for (const [name, routeFile] of Object.entries(pages)) {
          const routeChunks = chunks
            .filter((chunk) => chunk.facadeModuleId && path.relative(root, chunk.facadeModuleId).split('?')[0] === routeFile)
            .map((chunk) => chunk.fileName)
          if (routeChunks.length === 0) this.error(`page-preloads: no chunk for ${routeFile} (the page /${name})`)
          const links = [...withImports(routeChunks)]
            .filter((file) => !inEntry.has(file))
            .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`)
          this.emitFile({ type: 'asset', fileName: `pages/${name}.html`, source: base.replace(/\s*<\/head>/, `\n${links.join('\n')}\n  </head>`) })
        }
      },
    },
  }
}

/** The modules of the public pages' shared chunk (`codeSplitting` below). */
const publicPagesShared = /[\\/]src[\\/](components[\\/]ui[\\/]field\.tsx|components[\\/]language-switch\.tsx|contract[\\/]plain-schema\.ts|i18n[\\/]paraglide[\\/](registry\.js|messages[\\/](common_cancel|common_language)\.js))$/

// Server tests run on PGlite and on the local PostgreSQL server; TEST_DATABASE_URL= (empty)
// leaves PostgreSQL out on a machine without one.
const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const serverTestDatabases = ['pglite', ...(testDatabaseUrl ? ['postgres'] : [])]

/**
 * Vitest's order (failed first, then the slowest known, then the largest file), with the e2e
 * file first: it is one file of about 8 minutes (tests/e2e/screens.test.ts), and started last
 * it would run alone at the end. A fresh clone has no timings, so the default would put that
 * small file last.
 */
class E2eFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return [...sorted.filter((file) => file.project.name === 'e2e'), ...sorted.filter((file) => file.project.name !== 'e2e')]
  }
}

/**
 * A worker keeps the modules it loaded from one test file to the next (no per-file module
 * reset): the server's and the app's module graphs were loaded again for every file, 270 s of
 * a 19-minute run (measured: server-pglite 277 s → 133 s, web 177 s → 103 s). Every file builds
 * its own app, database, query client and router, so nothing a test sees is shared, and vitest
 * still scopes `vi.mock` to its file (checked both ways round with a file that mocks sonner).
 * The e2e project is one file (tests/e2e/screens.test.ts) and keeps the default.
 */
const sharedModules = { isolate: false }

export default defineConfig({
  resolve: { alias },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too (the default splits components only): a loader imports its
      // feature's queries and their zod contract, which a first visit to /login must not
      // download (decision 016). Each loader is its own small chunk, fetched beside the
      // component's, so a direct visit does not wait for one before the other.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    tailwindcss(),
    VitePWA({
      // Prompt-to-update: a silent auto-update can leave an open tab loading deleted chunks.
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Bandroom',
        short_name: 'Bandroom',
        description: 'Bands, practice rooms and lives for the music club',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#4338ca',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // The pages' own copies of index.html (pagePreloads): the service worker answers every
        // navigation with index.html and holds every chunk already.
        globIgnores: ['**/node_modules/**/*', 'pages/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Everything but the optional chunks is precached, whatever its size: the app must open
        // offline once the browser's HTTP cache is gone. A cap of 300 KB left out the entry
        // script (~390 KB), so the installed app started blank offline (issue 33).
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => !optionalChunkFiles.has(entry.url)), warnings: [] })],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // The optional chunks are kept once a screen has loaded them (hashed names: never stale).
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'bandroom-optional-chunks', expiration: { maxEntries: 16 } },
          },
        ],
      },
    }),
    inlineStylesheet(),
    findOptionalChunks(),
    // The public pages a visitor may open first: their route's chunks load beside the entry.
    pagePreloads({
      login: 'src/routes/login.tsx',
      register: 'src/routes/register.tsx',
      'reset-password': 'src/routes/reset-password.tsx',
      'room-schedule-external': 'src/routes/room-schedule-external.tsx',
    }),
    precompress(),
    buildStamp(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks a page needs (tests/repo/first-load.test.ts reads it).
    manifest: true,
    // Every browser the club's phones run supports <link rel=modulepreload>: no polyfill in the
    // first load. The HTML pages keep their preloads; the entry carries no list of what each lazy
    // route's chunk imports (~3 KB of chunk names on every first load): a route's chunk brings its
    // shared chunks in by its own imports (measured no slower, decision 046, "Cost").
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into one chunk. Left alone, Rolldown
        // cut it into a dozen pieces of a few hundred bytes (shared with lazy routes), and a
        // phone on HTTP/1.1 opens six connections at a time (decision 016).
        //
        // The small modules the three public pages share (the field, the plural helper, "Cancel",
        // the language switch and its label, the plain-schema helpers) go into one chunk: left
        // alone they were five files of 200–700 bytes on /login's first load, 8 files in all
        // against the budget's 5 (decision 046, "Cost"; tests/repo/first-load.test.ts).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }, { name: 'public-pages', test: publicPagesShared }] },
      },
    },
  },
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    sequence: { sequencer: E2eFirstSequencer },
    // Vitest's default (cores − 1) is one worker on a 2-core machine; the server files wait on
    // databases and the e2e file on Chromium and the server, so two workers overlap that
    // waiting (measured: 10 min → 8 min for the whole suite on 2 cores; 3 workers did no
    // better than 2 once e2e ran beside the rest, 805 s against 790 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        // The components run as in a browser: tus-js-client's browser build (XMLHttpRequest, File), not its Node one.
        resolve: { alias: [...testAlias, { find: 'tus-js-client', replacement: fileURLToPath(new URL('./node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url)) }] },
        test: {
          name: 'web',
          ...sharedModules,
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // Typing-heavy form tests under the full suite's load (see tests/web/setup.ts).
          testTimeout: 20_000,
        },
      },
      ...serverTestDatabases.map((database) => ({
        resolve: { alias: testAlias },
        test: {
          name: `server-${database}`,
          ...sharedModules,
          environment: 'node' as const,
          include: ['tests/server/**/*.test.ts'],
          setupFiles: ['tests/server/setup.ts'],
          globalSetup: ['tests/support/build-server.ts'],
          env: { TEST_DATABASE_KIND: database, TEST_DATABASE_URL: testDatabaseUrl },
          // A net for a hang, never a speed check (the budgets live in the bench). A test that
          // first uses the worker pool starts its threads, which load the generator through tsx
          // at a lower priority: beside the whole suite on a slower 2-core machine (vitest 1 098 s)
          // three such tests took over 20 s, and a dozen others 15–20 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      })),
      {
        resolve: { alias: testAlias },
        test: {
          // The server's and the shared code's logic that needs no database (the timetable
          // generator and its bound, the allocator, the configuration): run once, not once per
          // database.
          name: 'logic',
          ...sharedModules,
          environment: 'node',
          include: ['tests/logic/**/*.test.ts'],
          // The generator's tests run whole 30–40-band searches with the LP (4 runs: 31 s on a
          // machine 2× slower than usual, beside the rest of the suite). Their measure is the
          // evaluation count, never the time (the budgets live in the bench), so this is only a
          // net for a hang.
          testTimeout: 90_000,
        },
      },
      {
        test: {
          // Facts about the repository itself: versions, docs and their links.
          name: 'repo',
          ...sharedModules,
          environment: 'node',
          include: ['tests/repo/**/*.test.ts'],
        },
      },
      {
        resolve: { alias: testAlias },
        test: {
          name: 'e2e',
          environment: 'node',
          // One file: the areas' files are its parts (tests/e2e/screens.test.ts).
          include: ['tests/e2e/screens.test.ts'],
          globalSetup: ['tests/support/build-server.ts', 'tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A screen opened in a new browser context shows "Loading Bandroom…" for 0.7–1.8 s on a
          // busy 2-core machine (measured); vitest's default of 1 s for `expect.poll` failed the
          // member's first look at a timetable in 9 runs of 31. Playwright's own default is 5 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})
