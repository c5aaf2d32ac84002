import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** A strong ETag of a body: an unchanged feed answers 304 to a calendar that asks again. */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`

/** Whether the request's If-None-Match names this ETag (a list, weak forms and `*` included). */
export function matchesEtag(request: FastifyRequest, etag: string) {
  const header = request.headers['if-none-match']
  if (!header) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim()
    return value === '*' || value === etag || value === `W/${etag}`
  })
}

/**
 * Sends an iCalendar body with its ETag, or a bodiless 304 when the caller already has it. RFC
 * 5545 ends every content line with CRLF, the last (`END:VCALENDAR`) too; ical-generator leaves
 * it off, and strict parsers then drop the calendar's last line.
 */
export function sendCalendar(request: FastifyRequest, reply: FastifyReply, text: string, headers: Record<string, string> = {}) {
  const body = text.endsWith('\r\n') ? text : `${text}\r\n`
  const etag = etagOf(body)
  // Calendars poll: they may keep the copy but must ask again, and the 304 makes that cheap.
  reply.header('etag', etag).header('cache-control', 'private, no-cache').headers(headers)
  if (matchesEtag(request, etag)) return reply.code(304).send()
  return reply.header('content-type', 'text/calendar; charset=utf-8').send(body)
}
