import { http, HttpResponse, type HttpHandler } from 'msw'
import type { PublicSchedule, PublicScheduleEntry, ScheduleEntry, WeekSchedule } from '@/contract/bookings'
import { weekDays, weekStartOf } from '@/contract/calendar'
import { buildApiError } from '../../support/factories'

type Room = WeekSchedule['rooms'][number]
type Period = WeekSchedule['periods'][number]
type PublishedSchedule = Extract<PublicSchedule, { enabled: true }>

/** The week the factories use unless told otherwise: Mon 11 – Sun 17 May 2026, today Tue 12 May at 12:00 in Tokyo. */
export const SCHEDULE_WEEK = '2026-05-11'
export const SCHEDULE_TODAY = '2026-05-12'
export const SCHEDULE_NOW = '2026-05-12T03:00:00.000Z'

export function buildScheduleRoom(overrides: Partial<Room> = {}): Room {
  return { id: crypto.randomUUID(), name: 'Studio A', active: true, ...overrides }
}

export function buildSchedulePeriod(overrides: Partial<Period> = {}): Period {
  return { id: crypto.randomUUID(), label: '1st', startsAt: '09:00', endsAt: '10:30', ...overrides }
}

export function buildScheduleEntry(slot: { room: Room; date: string; period: Period }, overrides: Partial<ScheduleEntry> = {}): ScheduleEntry {
  return {
    id: crypto.randomUUID(),
    roomId: slot.room.id,
    date: slot.date,
    periodId: slot.period.id,
    kind: 'band',
    label: 'A band',
    bandId: crypto.randomUUID(),
    mine: false,
    ...overrides,
  }
}

export function buildWeekSchedule(overrides: Partial<WeekSchedule> = {}): WeekSchedule {
  const weekStart = overrides.weekStart ?? SCHEDULE_WEEK
  return {
    weekStart,
    days: weekDays(weekStart),
    today: SCHEDULE_TODAY,
    now: SCHEDULE_NOW,
    lastBookableDate: '2026-05-16',
    rooms: [],
    periods: [],
    blackouts: [],
    entries: [],
    ...overrides,
  }
}

export function buildPublicEntry(slot: { room: Room; date: string; period: Period }, overrides: Partial<PublicScheduleEntry> = {}): PublicScheduleEntry {
  return { roomId: slot.room.id, date: slot.date, periodId: slot.period.id, kind: 'band', label: 'Booked', ...overrides }
}

export function buildPublicSchedule(overrides: Partial<PublishedSchedule> = {}): PublishedSchedule {
  const weekStart = overrides.weekStart ?? SCHEDULE_WEEK
  return {
    enabled: true,
    clubName: 'Bandroom Music Club',
    timeZone: 'Asia/Tokyo',
    weekStart,
    days: weekDays(weekStart),
    today: SCHEDULE_TODAY,
    rooms: [],
    periods: [],
    blackouts: [],
    entries: [],
    ...overrides,
  }
}

/** The base week moved to the requested one: same rooms and periods, only that week's bookings and blackouts. */
function weekOf<T extends { weekStart: string; days: string[]; entries: Array<{ date: string }>; blackouts: Array<{ date: string }> }>(base: T, week: string | null): T {
  const weekStart = weekStartOf(week ?? base.weekStart)
  const days = weekDays(weekStart)
  const inWeek = (item: { date: string }) => days.includes(item.date)
  return { ...base, weekStart, days, entries: base.entries.filter(inWeek), blackouts: base.blackouts.filter(inWeek) }
}

/** Without a test's own set-up: a club with no rooms yet, and no public schedule. */
export const roomScheduleHandlers: HttpHandler[] = [
  http.get('/api/room-schedule', ({ request }) => HttpResponse.json(weekOf(buildWeekSchedule(), new URL(request.url).searchParams.get('week')))),
  http.get('/api/public/room-schedule', () => HttpResponse.json({ enabled: false, clubName: 'Bandroom Music Club' })),
]

/**
 * Both schedule endpoints over one base week (other weeks get its rooms and periods, none of
 * its bookings). Tests read `requests` / `publicRequests` to see what was asked, and set
 * `failure` to make every schedule call fail with that answer until cleared.
 */
export function createRoomScheduleApi({
  schedule = buildWeekSchedule(),
  publicSchedule = { enabled: false, clubName: 'Bandroom Music Club' } as PublicSchedule,
  timeZone = 'Asia/Tokyo',
}: { schedule?: WeekSchedule; publicSchedule?: PublicSchedule; timeZone?: string } = {}) {
  const state = {
    requests: [] as Request[],
    publicRequests: [] as Request[],
    failure: null as null | { status: number; code: string; message: string },
  }
  const failed = () => (state.failure ? HttpResponse.json(buildApiError(state.failure.code, state.failure.message), { status: state.failure.status }) : null)
  const handlers = [
    http.get('/api/club', () => HttpResponse.json({ clubName: 'Bandroom Music Club', timeZone, language: 'en', academicYearStartMonth: 4, currentTerm: 2026 })),
    // Focusing or hovering a "Book …" link preloads the booking form (preload on intent): its loader asks for these.
    http.get('/api/rooms', () =>
      HttpResponse.json({ items: schedule.rooms.map((room, index) => ({ ...room, capacity: 6, shownPublicly: true, sortOrder: index })) }),
    ),
    http.get('/api/periods', () => HttpResponse.json({ items: schedule.periods })),
    http.get('/api/bands/mine', () => HttpResponse.json({ items: [] })),
    http.get('/api/room-schedule', ({ request }) => {
      state.requests.push(request.clone())
      return failed() ?? HttpResponse.json(weekOf(schedule, new URL(request.url).searchParams.get('week')))
    }),
    http.get('/api/public/room-schedule', ({ request }) => {
      state.publicRequests.push(request.clone())
      const failure = failed()
      if (failure) return failure
      return HttpResponse.json(publicSchedule.enabled ? weekOf(publicSchedule, new URL(request.url).searchParams.get('week')) : publicSchedule)
    }),
  ]
  return { handlers, state }
}
