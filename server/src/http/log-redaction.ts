import type { FastifyRequest, FastifyServerOptions } from 'fastify'

/**
 * Query parameters that carry a secret (password-reset links `?token=`, invite codes, …): the
 * request log shows them as `[redacted]`, so whoever reads the log cannot use the link.
 */
const secretParameter = /([?&](?:[^=&#]*(?:token|secret|password|code|key|signature|sig)[^=&#]*)=)[^&#]*/gi

export function redactUrl(url: string) {
  return url.replace(secretParameter, '$1[redacted]')
}

/** Fastify's default request serializer, with the query string redacted. */
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
