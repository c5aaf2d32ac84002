import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  bookingCheckQuerySchema,
  bookingCheckSchema,
  bookingFilterSchema,
  bookingInputSchema,
  bookingKindLabels,
  bookingListQuerySchema,
  bookingPageSchema,
  bookingParamsSchema,
  bookingSchema,
  bookingStatusLabels,
  publicScheduleQuerySchema,
  publicScheduleSchema,
  quotaQuerySchema,
  quotaSchema,
  weekQuerySchema,
  weekScheduleSchema,
  type Booking,
} from '../../../src/contract/bookings'
import { dayParts } from '../../../src/contract/date-format'
import { sendCsv, type CsvColumn } from '../http/csv'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { notFound } from '../http/errors'
import { defineRoute } from '../http/route'
import { createBookingsService, type BookingsDeps } from './bookings.service'
import { matchesEtag, preferredEncoding, type CachedBody } from './schedule-cache'
import { createScheduleService } from './schedule.service'

const sourceLabels: Record<Booking['source'], () => string> = { booking: () => m.common_csv_source_booking(), allocation: () => m.common_csv_source_allocation() }

const csvColumns: ReadonlyArray<CsvColumn<Booking>> = [
  {
    get header() {
      return m.common_csv_date()
    },
    value: (booking) => booking.date,
  },
  {
    get header() {
      return m.common_csv_day()
    },
    value: (booking) => dayParts(booking.date).weekday,
  },
  {
    get header() {
      return m.common_csv_period()
    },
    value: (booking) => booking.periodLabel,
  },
  {
    get header() {
      return m.common_csv_start()
    },
    value: (booking) => booking.startsAt,
  },
  {
    get header() {
      return m.common_csv_end()
    },
    value: (booking) => booking.endsAt,
  },
  {
    get header() {
      return m.common_csv_room()
    },
    value: (booking) => booking.roomName,
  },
  {
    get header() {
      return m.common_csv_kind()
    },
    value: (booking) => bookingKindLabels[booking.kind](),
  },
  {
    get header() {
      return m.common_csv_band()
    },
    value: (booking) => booking.band?.name,
  },
  {
    get header() {
      return m.common_csv_booked_by()
    },
    value: (booking) => booking.bookedBy.displayName,
  },
  {
    get header() {
      return m.common_csv_reason()
    },
    value: (booking) => booking.reason,
  },
  {
    get header() {
      return m.common_csv_status()
    },
    value: (booking) => bookingStatusLabels[booking.status](),
  },
  {
    get header() {
      return m.common_csv_source()
    },
    value: (booking) => sourceLabels[booking.source](),
  },
  {
    get header() {
      return m.common_csv_booked_at()
    },
    value: (booking) => booking.createdAt,
  },
  {
    get header() {
      return m.common_csv_cancelled_at()
    },
    value: (booking) => booking.cancelledAt,
  },
]

/**
 * Rooms and bookings (SPEC §5.5): booking, checking, cancelling, the lists and the CSV, the
 * quotas, and the week grids (signed-in and public). Rules live in booking-rules.ts and the
 * services beside it.
 */
export function registerBookingRoutes(app: FastifyInstance, deps: BookingsDeps) {
  const bookings = createBookingsService(deps)
  const schedule = createScheduleService(deps)

  defineRoute(app, {
    method: 'POST',
    url: '/api/bookings',
    tag: 'bookings',
    summary: 'Book a slot for one of the caller’s bands, for personal practice, or close it (executives)',
    body: bookingInputSchema,
    response: bookingSchema,
    status: 201,
    keepsPeople: true,
    toldSchedule: true,
    handler: ({ body, principal }) => bookings.create(principal!.user, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/check',
    tag: 'bookings',
    summary: 'Every reason the caller could not book a slot, without booking it',
    query: bookingCheckQuerySchema,
    response: bookingCheckSchema,
    handler: ({ query, principal }) => bookings.check(principal!.user, query),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/bookings/:bookingId/cancel',
    tag: 'bookings',
    summary: 'Cancel a booking (booker, band members, executives) before its slot starts',
    params: bookingParamsSchema,
    response: bookingSchema,
    keepsPeople: true,
    toldSchedule: true,
    handler: ({ params, principal }) => bookings.cancel(principal!.user, params.bookingId),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings',
    tag: 'bookings',
    summary: 'The caller’s bookings, or everyone’s for executives: upcoming, past or any, filtered and paged',
    query: bookingListQuerySchema,
    response: bookingPageSchema,
    handler: ({ query, principal }) => bookings.list(principal!.user, query),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/export.csv',
    tag: 'bookings',
    summary: 'The filtered bookings as CSV (UTF-8 with BOM, for Excel; at most 10 000 rows)',
    query: bookingFilterSchema,
    handler: async ({ query, principal, reply }) => sendCsv(reply, 'bookings.csv', csvColumns, await bookings.exportRows(principal!.user, query)),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/quota',
    tag: 'bookings',
    summary: 'The caller’s weekly quotas (personal and per band) in the week holding `date`',
    query: quotaQuerySchema,
    response: quotaSchema,
    handler: ({ query, principal }) => bookings.quota(principal!.user, query.date),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/room-schedule',
    tag: 'schedule',
    summary: 'The week grid for members: rooms, periods, blackouts and every booking, the caller’s marked',
    query: weekQuerySchema,
    response: weekScheduleSchema,
    // The body comes finished (and compressed) from the schedule's memory, as the public one.
    config: { compress: false, decompress: false },
    handler: async ({ query, principal, request, reply }) => sendCachedBody(request, reply, await schedule.weekBody(principal!.user, query.week)),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/public/room-schedule',
    tag: 'schedule',
    summary: 'The public week grid (no sign-in): only what the settings allow; ETag and 30 s caching',
    query: publicScheduleQuerySchema,
    response: publicScheduleSchema,
    config: {
      // Benchmarked (issue #5): the body is compressed once per cache entry, not per request
      // (a GET has no body to decompress).
      compress: false,
      decompress: false,
    },
    handler: async ({ query, request, reply }) => {
      const cached = await schedule.publicWeek(query)
      if (!cached) throw notFound(m.bookings_room_not_public())
      reply.header('etag', cached.etag).header('cache-control', 'public, max-age=30')
      if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send()
      return sendCachedBody(request, reply, cached)
    },
  })
}

/**
 * Sends a cached body as it is (or its cached compressed copy): nothing is serialised or
 * compressed again per request.
 */
function sendCachedBody(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding, accept-language')
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  const encoded = encoding ? cached.encoded(encoding) : null
  if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded)
  return reply.send(cached.body)
}
