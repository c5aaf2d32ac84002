import { http, HttpResponse, type HttpHandler } from 'msw'
import type { Band } from '@/contract/bands'
import type { Booking, BookingCheck, Quota } from '@/contract/bookings'
import { addDays, todayIn, weekStartOf } from '@/contract/calendar'
import type { Period, Room } from '@/contract/club'
import { buildApiError } from '../../support/factories'

let sequence = 0

/** Today in the club's default zone, as the screens compute it. */
export const clubToday = () => todayIn(new Date(), 'Asia/Tokyo')

export function buildRoom(overrides: Partial<Room> = {}): Room {
  sequence += 1
  return { id: crypto.randomUUID(), name: `Room ${sequence}`, capacity: 6, active: true, shownPublicly: true, sortOrder: sequence, ...overrides }
}

export function buildPeriod(overrides: Partial<Period> = {}): Period {
  sequence += 1
  return { id: crypto.randomUUID(), label: `${sequence}th`, startsAt: '09:00', endsAt: '10:30', ...overrides }
}

export function buildBooking(overrides: Partial<Booking> = {}): Booking {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    roomId: crypto.randomUUID(),
    roomName: 'Studio A',
    date: addDays(clubToday(), 3),
    periodId: crypto.randomUUID(),
    periodLabel: '1st',
    startsAt: '09:00',
    endsAt: '10:30',
    kind: 'personal',
    band: null,
    bookedBy: { id: crypto.randomUUID(), displayName: `Booker ${sequence}` },
    reason: null,
    status: 'active',
    source: 'booking',
    createdAt: '2026-05-01T00:00:00.000Z',
    cancelledAt: null,
    canCancel: true,
    ...overrides,
  }
}

export function buildQuota(date: string, overrides: Partial<Quota> = {}): Quota {
  const weekStart = weekStartOf(date)
  return {
    weekStart,
    weekEnd: addDays(weekStart, 6),
    mayExceed: false,
    personal: { limit: 2, used: 0, remaining: 2, allowed: true },
    bands: [],
    ...overrides,
  }
}

/** What the dashboard and other screens get from the bookings area when a test sets up nothing. */
export const bookingsHandlers: HttpHandler[] = [
  http.get('/api/bookings', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('/api/bookings/quota', ({ request }) => HttpResponse.json(buildQuota(new URL(request.url).searchParams.get('date') ?? clubToday()))),
  http.get('/api/bookings/check', () => HttpResponse.json({ bookable: true, problems: [] })),
]

type ErrorAnswer = { status: number; code: string; message: string; fields?: Record<string, string> }

/**
 * A small in-memory bookings API with the rooms, periods, my bands and club info the screens
 * read. Tests read `listRequests`, `checkRequests`, `quotaRequests`, `exportRequests`, `created`
 * and `cancelled` to see what the screens asked for; `check` answers the slot check; `nextError`
 * makes the next booking or cancellation fail with that answer.
 */
export function createBookingsApi({
  rooms = [] as Room[],
  periods = [] as Period[],
  bands = [] as Band[],
  bookings = [] as Booking[],
  quota = (date: string) => buildQuota(date),
  me = { id: crypto.randomUUID(), displayName: 'Me' },
}: {
  rooms?: Room[]
  periods?: Period[]
  bands?: Band[]
  bookings?: Booking[]
  quota?: (date: string) => Quota
  me?: { id: string | null; displayName: string }
} = {}) {
  const rows = new Map(bookings.map((booking) => [booking.id, structuredClone(booking)]))
  const state = {
    rows,
    listRequests: [] as URL[],
    checkRequests: [] as URL[],
    quotaRequests: [] as URL[],
    exportRequests: [] as URL[],
    created: [] as unknown[],
    cancelled: [] as string[],
    check: (_url: URL): BookingCheck => ({ bookable: true, problems: [] }),
    nextError: null as ErrorAnswer | null,
  }
  const takeError = () => {
    const error = state.nextError
    state.nextError = null
    return error ? HttpResponse.json(buildApiError(error.code, error.message, error.fields), { status: error.status }) : null
  }

  const listed = (url: URL) => {
    const params = url.searchParams
    const today = clubToday()
    const when = params.get('when') ?? 'upcoming'
    return [...rows.values()]
      .filter(
        (booking) =>
          (when === 'any' || (when === 'upcoming' ? booking.date >= today : booking.date < today)) &&
          (!params.get('roomId') || booking.roomId === params.get('roomId')) &&
          (!params.get('kind') || booking.kind === params.get('kind')) &&
          (!params.get('status') || booking.status === params.get('status')),
      )
      .toSorted((a, b) => a.date.localeCompare(b.date))
  }

  const handlers = [
    http.get('/api/club', () => HttpResponse.json({ clubName: 'Bandroom Music Club', timeZone: 'Asia/Tokyo', language: 'en', academicYearStartMonth: 4, currentTerm: 2026 })),
    http.get('/api/rooms', () => HttpResponse.json({ items: rooms })),
    http.get('/api/periods', () => HttpResponse.json({ items: periods })),
    http.get('/api/bands/mine', () => HttpResponse.json({ items: bands })),
    http.get('/api/bookings/quota', ({ request }) => {
      const url = new URL(request.url)
      state.quotaRequests.push(url)
      return HttpResponse.json(quota(url.searchParams.get('date') ?? clubToday()))
    }),
    http.get('/api/bookings/check', ({ request }) => {
      const url = new URL(request.url)
      state.checkRequests.push(url)
      return HttpResponse.json(state.check(url))
    }),
    http.get('/api/bookings/export.csv', ({ request }) => {
      state.exportRequests.push(new URL(request.url))
      return new HttpResponse('\uFEFFDate,Period,Room\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
    }),
    http.get('/api/bookings', ({ request }) => {
      const url = new URL(request.url)
      state.listRequests.push(url)
      const page = Number(url.searchParams.get('page') ?? 1)
      const pageSize = Number(url.searchParams.get('pageSize') ?? 25)
      const matching = listed(url)
      return HttpResponse.json({ items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length })
    }),
    http.post('/api/bookings', async ({ request }) => {
      const body = (await request.json()) as { roomId: string; date: string; periodId: string; kind: Booking['kind']; bandId?: string; reason?: string }
      const error = takeError()
      if (error) return error
      state.created.push(body)
      const room = rooms.find((item) => item.id === body.roomId)
      const period = periods.find((item) => item.id === body.periodId)
      const band = bands.find((item) => item.id === body.bandId)
      const booking = buildBooking({
        roomId: body.roomId,
        roomName: room?.name ?? 'Room',
        date: body.date,
        periodId: body.periodId,
        periodLabel: period?.label ?? '1st',
        startsAt: period?.startsAt ?? '09:00',
        endsAt: period?.endsAt ?? '10:30',
        kind: body.kind,
        band: band ? { id: band.id, name: band.name } : null,
        reason: body.reason ?? null,
        bookedBy: me,
      })
      rows.set(booking.id, booking)
      return HttpResponse.json(booking, { status: 201 })
    }),
    http.post('/api/bookings/:bookingId/cancel', ({ params }) => {
      const error = takeError()
      if (error) return error
      const booking = rows.get(String(params.bookingId))
      if (!booking) return HttpResponse.json(buildApiError('NOT_FOUND', 'There is no such booking.'), { status: 404 })
      state.cancelled.push(booking.id)
      Object.assign(booking, { status: 'cancelled', canCancel: false, cancelledAt: new Date().toISOString() })
      return HttpResponse.json(booking)
    }),
  ]
  return { handlers, state }
}
