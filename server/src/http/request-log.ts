import { Writable } from 'node:stream'
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/** Errors that only say the client went away (a closed tab, a cancelled download, a lost network). */
const CLIENT_LEFT = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ECANCELED', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_UNABLE_TO_PIPE'])

/**
 * Whether the client left before its answer was sent: its connection is gone and the error is
 * one a closed connection gives (a closed tab, a cancelled download, a lost network). An
 * ECONNRESET from elsewhere (the mail server) while the client still waits is a real failure.
 */
export function clientLeft(error: unknown, request: FastifyRequest) {
  const code = (error as { code?: unknown } | null)?.code
  const gone = Boolean(request.raw.socket?.destroyed || request.raw.destroyed)
  const closedConnection = typeof code === 'string' ? CLIENT_LEFT.has(code) || code.startsWith('ERR_STREAM') : (error as Error | null)?.message === 'aborted'
  return gone && closedConnection
}

/** A 500's error, kept for the request's one line (errors.ts notes it, `requestCompleted` logs it with its stack). */
const serverErrors = new WeakMap<FastifyRequest, unknown>()
export const noteServerError = (request: FastifyRequest, error: unknown) => void serverErrors.set(request, error)

/**
 * Fastify's request log, one line per request (issue 33 item 19): its default wrote an
 * "incoming request" line and a "request completed" line for each (28,350 lines in 40 minutes
 * of `npm start`). Here a request is one `request completed` line when it is answered, with the
 * request (method, redacted address, client), the status and the time; a client that left in
 * the middle is one `client went away` line instead, with no error and no stack; a 500 is one
 * `request failed` line at `error` with the error's stack.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    if (error && clientLeft(error, request)) return this.clientWentAway(request, reply)
    const failure = error ?? serverErrors.get(request)
    if (failure) reply.log.error({ req: request, res: reply, err: failure, responseTime: reply.elapsedTime }, error ? 'request errored' : 'request failed')
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    if (clientLeft(error, request)) return this.clientWentAway(request, reply)
    reply.log.warn({ req: request, res: reply, err: error }, 'response terminated with an error with headers already sent')
  }

  clientWentAway(request: FastifyRequest, reply: FastifyReply) {
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'client went away')
  }
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' }
const COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' }
/** Pino's own keys and the request's, shown in the line's own form rather than as key=value. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg', 'err'])

/**
 * One pino JSON line as a line for a person in a terminal:
 * `10:04:05 INFO  GET /api/me 200 3 ms`, `10:04:06 WARN  message key=value`, an error's stack
 * indented under it. Lines that are not pino's JSON pass as they are.
 */
export function prettyLine(line: string, colour = false) {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(line) as Record<string, unknown>
  } catch {
    return line
  }
  const level = Number(entry.level)
  const time = new Date(Number(entry.time)).toTimeString().slice(0, 8)
  const label = colour && COLOURS[level] ? `${COLOURS[level]}${LEVELS[level] ?? level}\x1b[0m` : (LEVELS[level] ?? String(level))
  const req = entry.req as { method?: string; url?: string } | undefined
  const res = entry.res as { statusCode?: number } | undefined
  const parts: string[] = []
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`)
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode))
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`)
  const message = String(entry.msg ?? '')
  // A request's own line says it in its parts; any other message comes first.
  const text = req?.method && (message === 'request completed' || message === '') ? parts.join(' ') : [message, ...parts].filter(Boolean).join(' · ')
  const extras = Object.entries(entry)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  const err = entry.err as { message?: string; stack?: string } | undefined
  const stack = err ? `\n    ${(err.stack ?? err.message ?? '').split('\n').join('\n    ')}` : ''
  return `${time} ${label} ${[text, ...extras].filter(Boolean).join(' ')}${stack}`
}

/** A stream for pino that writes each JSON line to `out` as `prettyLine` does (for a terminal). */
export function prettyLogStream(out: NodeJS.WritableStream & { hasColors?: () => boolean } = process.stdout) {
  const colour = typeof out.hasColors === 'function' && out.hasColors()
  let rest = ''
  return new Writable({
    write(chunk, _encoding, done) {
      const lines = (rest + String(chunk)).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) if (line) out.write(`${prettyLine(line, colour)}\n`)
      done()
    },
  })
}
