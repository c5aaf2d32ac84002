import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Security headers (CSP, nosniff, frame and referrer policies, HSTS, …) on every answer, from
 * helmet's middleware built once at start-up. @fastify/helmet 13 builds that middleware again
 * on every request, which cost the benchmarked public schedule half its throughput (`npm run
 * bench`); the headers are the same, only built once.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options)
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  })
}
