import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { notFound } from './errors'
import { m } from '../../../src/i18n/paraglide/messages.js'

/**
 * Serves the built SPA from `dir`: hashed assets cached for a year, the HTML and the service
 * worker always revalidated (a stale sw.js would pin users to an old release), and every
 * other GET that accepts HTML answered with index.html so client-side routes load directly.
 * Unknown /api paths stay JSON 404s. The build writes `.br` and `.gz` copies of its text
 * files (vite.config.ts, `precompress`), sent as they are to a browser that accepts them:
 * smaller than what @fastify/compress can afford per response (decision 016).
 */
export async function registerSpa(app: FastifyInstance, dir: string | undefined) {
  const indexFile = dir ? path.join(dir, 'index.html') : undefined
  const built = indexFile !== undefined && existsSync(indexFile)
  if (built) {
    await app.register(fastifyStatic, {
      root: dir!,
      wildcard: true,
      index: false,
      // Our own cache-control below; @fastify/send would otherwise set `public, max-age=0` over it.
      cacheControl: false,
      // `name.br`, then `name.gz`, then `name` (which @fastify/compress then compresses if big).
      preCompressed: true,
      // A folder (`/assets/`) is not a file: 404 like any missing path, not the plugin's 403.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      setHeaders(response, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        // The answer depends on Accept-Encoding whichever copy is sent (caches must keep them apart).
        response.setHeader('vary', 'accept-encoding')
      },
    })
  }
  if (built) {
    // `index: false` keeps the static plugin from listing folders, but it also made `/` a 403:
    // a first visit (no service worker yet) must get the app like any other page.
    app.get('/', (request, reply) => {
      if (!(request.headers.accept ?? '').includes('text/html')) throw notFound()
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    })
  }
  // The built folders (assets/, icons/, pages/) hold files only: a path inside them is never a page.
  const folders = built ? readdirSync(dir!, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : []
  // A public page's own copy of index.html, which names the chunks its route needs so they
  // download beside the entry (`pagePreloads` in vite.config.ts): `/login` → pages/login.html.
  const pagesDir = built ? path.join(dir!, 'pages') : undefined
  const pages = new Map(
    pagesDir && existsSync(pagesDir)
      ? readdirSync(pagesDir)
          .filter((file) => file.endsWith('.html'))
          .map((file) => [`/${file.slice(0, -'.html'.length)}`, `pages/${file}`])
      : [],
  )
  const htmlFor = (url: string) => pages.get(url.split(/[?#]/)[0]!) ?? 'index.html'
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') throw notFound(m.errors_no_endpoint({ method: request.method, path: request.url.split('?')[0]! }))
    const top = request.url.split(/[/?#]/)[1] ?? ''
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html') && !folders.includes(top)
    if (!wantsPage) throw notFound()
    if (!built) return reply.status(503).type('text/plain').send('The app is not built yet: run `npm run build`.')
    return reply.header('cache-control', 'no-cache').sendFile(htmlFor(request.url))
  })
}
