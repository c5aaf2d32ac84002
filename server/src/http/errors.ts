import type { FastifyError, FastifyInstance } from 'fastify'
import { ZodError } from 'zod'
import { fieldErrors, type ErrorCode } from '../../../src/contract/errors'
import { clientLeft, noteServerError } from './request-log'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { answerLanguage, inLanguage } from './language'

/** An answer the API means to give: a status, a code from the contract and a sentence. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const unauthenticated = (message: string = m.errors_sign_in_to_continue()) => new AppError(401, 'UNAUTHENTICATED', message)
export const forbidden = (message: string = m.errors_not_allowed()) => new AppError(403, 'FORBIDDEN', message)
export const notFound = (message: string = m.errors_not_found()) => new AppError(404, 'NOT_FOUND', message)

const codeForStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
}

/**
 * Fastify's own refusals (a body that is not JSON, too large or of a type no route reads, a
 * rate limit) in the app's words, in the caller's language: Fastify's messages are English
 * sentences for developers.
 */
function frameworkMessage(code: ErrorCode): string {
  if (code === 'INVALID_JSON') return m.errors_invalid_json()
  if (code === 'PAYLOAD_TOO_LARGE') return m.errors_too_large()
  if (code === 'UNSUPPORTED_MEDIA_TYPE') return m.errors_unsupported_media_type()
  if (code === 'NOT_FOUND') return m.errors_not_found()
  if (code === 'RATE_LIMITED') return m.errors_rate_limited()
  return m.errors_bad_request()
}

/**
 * One place turns every failure into `{error:{code,message,fields}}`. Anything that is not a
 * known 4xx becomes a 500 with a generic message: the stack goes to the log, never the client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers)
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      })
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({
        error: { code: 'VALIDATION_FAILED', message: m.errors_fields_need_attention(), fields: fieldErrors(error.issues) },
      })
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'INVALID_JSON'
          : (codeForStatus[status] ?? 'VALIDATION_FAILED')
      const message = inLanguage(answerLanguage(request.headers['accept-language']), () => frameworkMessage(code))
      return reply.status(status).send({ error: { code, message } })
    }
    // A client that left (a cancelled download) is not our failure: the request's one log line
    // says so, without a stack (request-log.ts).
    if (clientLeft(error, request)) return reply.status(499).send()
    noteServerError(request, error)
    return reply.status(500).send({ error: { code: 'INTERNAL', message: m.errors_internal() } })
  })
}
