import type { FastifyRequest, FastifyServerOptions } from 'fastify'

/**
 * Query parameters that carry a secret (password-reset links `?token=`, invite codes, …): the
 * request log shows them as `[redacted]`, so whoever reads the log cannot use the link.
 */
const secretParameter = /([?&](?:[^=&#]*(?:token|secret|password|code|key|signature|sig)[^=&#]*)=)[^&#]*/gi

/**
 * Paths whose own segment is the secret: a member's calendar feed `/api/calendar/<token>.ics`
 * (whoever reads the log could subscribe to their bookings).
 */
const secretPath = /^(\/api\/calendar\/)[^/?#]+(\.ics)(?=[?#]|$)/i

export function redactUrl(url: string) {
  return url.replace(secretPath, '$1[redacted]$2').replace(secretParameter, '$1[redacted]')
}

/** Fastify's default request serializer, with secrets in the path and query string redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** The logger option with the redacting request serializer (`false` and streams kept as given). */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false
  const options = logger === true ? {} : logger
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } }
}
