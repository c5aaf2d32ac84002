import type { FastifyInstance, FastifyRequest } from 'fastify'
import { loginInputSchema, loginResponseSchema, meResponseSchema, refreshResponseSchema } from '../../../src/contract/auth'
import { AppError, unauthenticated } from '../http/errors'
import { defineRoute } from '../http/route'
import { speakAccountLanguage } from '../http/language'
import { m } from '../../../src/i18n/paraglide/messages.js'
import type { AuthService } from './auth.service'

export const LOGIN_CALLS_PER_IP_PER_MINUTE = 20

export function bearerToken(request: FastifyRequest) {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1]! : null
}

/** Gives every request `optionalPrincipal()` / `requirePrincipal()`, memoised per request. */
export function registerPrincipal(app: FastifyInstance, auth: AuthService) {
  const cache = new WeakMap<FastifyRequest, ReturnType<AuthService['authenticate']>>()
  const resolve = (request: FastifyRequest) => {
    const token = bearerToken(request)
    if (!token) return Promise.resolve(null)
    let pending = cache.get(request)
    if (!pending) {
      pending = auth.authenticate(token).then((principal) => {
        speakAccountLanguage(principal?.user.language)
        return principal
      })
      cache.set(request, pending)
    }
    return pending
  }
  app.decorateRequest('optionalPrincipal', function (this: FastifyRequest) {
    return resolve(this)
  })
  app.decorateRequest('requirePrincipal', async function (this: FastifyRequest) {
    const principal = await resolve(this)
    if (!principal) throw unauthenticated()
    return principal
  })
}

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, limits: { loginCallsPerMinute: number }) {
  defineRoute(app, {
    method: 'POST',
    url: '/api/login',
    tag: 'auth',
    summary: 'Sign in with email and password',
    body: loginInputSchema,
    response: loginResponseSchema,
    config: {
      rateLimit: {
        max: limits.loginCallsPerMinute,
        timeWindow: 60_000,
        errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
          new AppError(429, 'RATE_LIMITED', m.auth_too_many_from_network({ seconds: Math.ceil(context.ttl / 1000) })),
      },
    },
    handler: ({ body, request }) => auth.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/refresh',
    tag: 'auth',
    summary: 'Exchange a live session’s token for a fresh one',
    response: refreshResponseSchema,
    handler: ({ request }) => {
      const token = bearerToken(request)
      if (!token) throw unauthenticated()
      return auth.refresh(token)
    },
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/logout',
    tag: 'auth',
    summary: 'End the current session',
    status: 204,
    handler: async ({ request }) => {
      const token = bearerToken(request)
      if (!token) throw unauthenticated()
      await auth.logout(token)
    },
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/me',
    tag: 'auth',
    summary: 'The signed-in user',
    response: meResponseSchema,
    handler: async ({ principal }) => ({ user: principal!.user }),
  })
}
