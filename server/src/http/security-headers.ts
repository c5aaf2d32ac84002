import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/** A year, subdomains included: the club's host serves nothing over plain HTTP once on HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Security headers (CSP, nosniff, frame and referrer policies, …) on every answer, as helmet
 * sets them, read from helmet once at start-up (see helmetHeaders). @fastify/helmet 13 builds
 * that middleware again on every request, which cost the benchmarked public schedule half its
 * throughput (`npm run bench`); the headers are the same, only built once.
 *
 * Two rules of our own (decision 010-hardening-input):
 * - `Strict-Transport-Security` only when the app is reached over HTTPS: `PUBLIC_URL` starts
 *   with `https://` (behind a TLS-terminating proxy, the reliable signal, since `trustProxy`
 *   is off) or the request itself came over TLS. Sent over plain HTTP (a laptop on
 *   `http://localhost:3000`) it would pin browsers to an HTTPS the host does not serve.
 * - Every `/api` answer is `Cache-Control: no-store` unless its route chose its own caching
 *   (the public room schedule: `public, max-age=30` with an ETag). Answers carry members'
 *   data; no browser or proxy cache should keep them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions, { publicUrl }: { publicUrl?: string } = {}) {
  const headers = helmetHeaders({ ...options, strictTransportSecurity: false } as HelmetOptions)
  if (publicUrl?.startsWith('https://')) headers['strict-transport-security'] = HSTS
  const apiHeaders = { ...headers, 'cache-control': 'no-store' }
  // Hashed build files (scripts, styles, fonts, images) are not pages: a content security
  // policy, frame or opener policy means nothing on them. They keep nosniff and the resource
  // policy, and a phone's first load saves about 1 KB of headers on each of its ~20 files.
  const assetHeaders = pick(headers, ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'])
  // Set before the route runs, so a route that chooses its own caching simply replaces it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api') ? apiHeaders : request.url.startsWith('/assets/') ? assetHeaders : headers)
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done()
  })
}

const pick = (headers: Record<string, string>, names: string[]) => Object.fromEntries(names.filter((name) => name in headers).map((name) => [name, headers[name]!]))

/**
 * The headers helmet's middleware sets, read once by running it on a stand-in response: they
 * do not depend on the request, and setting a ready object per request costs a fraction of
 * running a dozen middlewares that each call `setHeader` (measured with `npm run bench`).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  }
  let failure: unknown
  helmet(options)({} as never, response as never, (error?: unknown) => (failure = error))
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure))
  return headers
}
