import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/** A year, subdomains included: the club's host serves nothing over plain HTTP once on HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Security headers (CSP, nosniff, frame and referrer policies, …) on every answer, from
 * helmet's middleware built once at start-up. @fastify/helmet 13 builds that middleware again
 * on every request, which cost the benchmarked public schedule half its throughput (`npm run
 * bench`); the headers are the same, only built once.
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
  const apply = helmet({ ...options, strictTransportSecurity: false } as HelmetOptions)
  const behindHttps = publicUrl?.startsWith('https://') ?? false
  app.addHook('onRequest', (request, reply, done) => {
    if (behindHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    done(null, payload)
  })
}
