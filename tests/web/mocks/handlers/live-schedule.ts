import { http, HttpResponse } from 'msw'
import type { DraftInput, PlacementOut, PublishInput, SchedulePerformance, SchedulePlacement, StoredTimetable, TimetableView } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { timetablePresets, type TimetableInput } from '@/contract/timetable'
import { timetableCost } from '@/timetable/cost'
import { checkTimetable } from '@/timetable/rules'
import { buildApiError } from '../../support/factories'

/**
 * A small in-memory timetable API for the schedule screen's tests: one event's accepted
 * performances, its draft and published versions. Stored timetables are checked with the real
 * engine, as the server does. Tests read `draftSaves`, `publishRequests` and `downloads`.
 */

let sequence = 0

export function buildSchedulePerformance(overrides: Partial<SchedulePerformance> = {}): SchedulePerformance {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    bandId: crypto.randomUUID(),
    bandName: `Band ${sequence}`,
    minutes: 20,
    members: [{ id: crypto.randomUUID(), displayName: `Player ${sequence}`, part: 'Guitar' }],
    preferredDay: null,
    unavailable: [],
    grade: null,
    mine: false,
    ...overrides,
  }
}

const endAfter = (start: string, minutes: number) => {
  const [hours, mins] = start.split(':').map(Number) as [number, number]
  const total = hours * 60 + mins + minutes
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

/** A stored timetable as the server answers it: ends from the minutes, violations and cost from the engine. */
export function storedTimetable(
  event: LiveEvent,
  performances: ReadonlyArray<SchedulePerformance>,
  placements: ReadonlyArray<SchedulePlacement>,
  overrides: Partial<StoredTimetable> = {},
): StoredTimetable {
  const byId = new Map(performances.map((performance) => [performance.id, performance]))
  const out: PlacementOut[] = placements
    .filter((placement) => byId.has(placement.performanceId))
    .map((placement) => ({ ...placement, end: endAfter(placement.start, byId.get(placement.performanceId)!.minutes) }))
  const pins = new Map(out.filter((placement) => placement.pinned).map((placement) => [placement.performanceId, placement]))
  const input: TimetableInput = {
    event: { days: event.days, changeoverMinutes: event.changeoverMinutes, musicianGapMinutes: event.musicianGapMinutes },
    performances: performances.map((performance) => ({
      id: performance.id,
      bandName: performance.bandName,
      minutes: performance.minutes,
      members: performance.members.map((member) => ({ id: member.id, name: member.displayName })),
      preferredDate: performance.preferredDay,
      unavailable: performance.unavailable,
      grade: null,
      pin: pins.get(performance.id) ?? null,
    })),
    weights: timetablePresets.balanced,
    seed: 1,
  }
  const checkable = out.map(({ performanceId, date, stage, start, end }) => ({ performanceId, date, stage, start, end }))
  return {
    version: 0,
    status: 'draft',
    placements: out,
    violations: checkTimetable(input, checkable),
    cost: timetableCost(input, checkable),
    updatedAt: '2026-11-01T00:00:00.000Z',
    publishedAt: null,
    ...overrides,
  }
}

export function createScheduleApi({
  event,
  others = [] as LiveEvent[],
  performances = [] as SchedulePerformance[],
  draft = null as SchedulePlacement[] | null,
  published = null as SchedulePlacement[] | null,
  executive = false,
  academicYear = 2026,
  timeZone = 'Asia/Tokyo',
}: {
  event: LiveEvent
  others?: LiveEvent[]
  performances?: SchedulePerformance[]
  draft?: SchedulePlacement[] | null
  published?: SchedulePlacement[] | null
  /** Executives get the draft in the view; members do not. */
  executive?: boolean
  academicYear?: number
  /** The club's time zone (settings), which published times are shown in. */
  timeZone?: string
}) {
  const events = new Map([event, ...others].map((item) => [item.id, item]))
  const state = {
    draft,
    published: published ? [{ version: 1, placements: published }] : ([] as Array<{ version: number; placements: SchedulePlacement[] }>),
    draftSaves: [] as DraftInput[],
    publishRequests: [] as PublishInput[],
    downloads: [] as string[],
    viewRequests: [] as string[],
    failView: false,
    /** A refusal the server gives although the draft checks clean here (e.g. a band changed its minutes meanwhile). */
    refusePublish: null as string | null,
  }
  const missing = () => HttpResponse.json(buildApiError('NOT_FOUND', 'This live does not exist.'), { status: 404 })
  const latest = () => state.published.at(-1) ?? null

  const view = (target: LiveEvent): TimetableView => {
    const own = target.id === event.id
    const shown = latest()
    return {
      eventId: target.id,
      performances: own ? performances : [],
      published:
        own && shown ? storedTimetable(target, performances, shown.placements, { version: shown.version, status: 'published', publishedAt: '2026-11-20T10:00:00.000Z' }) : null,
      draft: own && executive && state.draft ? storedTimetable(target, performances, state.draft) : null,
    }
  }

  const handlers = [
    http.get('/api/club', () => HttpResponse.json({ clubName: 'Bandroom Music Club', timeZone, language: 'en', academicYearStartMonth: 4, currentTerm: academicYear })),
    http.get('/api/events/current', ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind')
      return HttpResponse.json({ academicYear, event: kind === event.kind ? event : null })
    }),
    http.get('/api/events', () => HttpResponse.json({ items: [...events.values()] })),
    http.get('/api/events/:eventId/timetable.ics', ({ params }) => {
      state.downloads.push(`${String(params.eventId)}.ics`)
      return new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'Content-Type': 'text/calendar' } })
    }),
    http.get('/api/events/:eventId/timetable.csv', ({ params }) => {
      state.downloads.push(`${String(params.eventId)}.csv`)
      return new HttpResponse('\uFEFFDate,Day,Stage,Start,End,Band,Members\r\n', { headers: { 'Content-Type': 'text/csv' } })
    }),
    http.get('/api/events/:eventId/timetable', ({ params }) => {
      const target = events.get(String(params.eventId))
      state.viewRequests.push(String(params.eventId))
      if (!target) return missing()
      if (state.failView) return HttpResponse.json(buildApiError('INTERNAL', 'The server could not answer.'), { status: 500 })
      return HttpResponse.json(view(target))
    }),
    http.put('/api/events/:eventId/timetable/draft', async ({ request, params }) => {
      const target = events.get(String(params.eventId))
      if (!target) return missing()
      const body = (await request.json()) as DraftInput
      state.draftSaves.push(body)
      state.draft = body.placements.map((placement) => ({ ...placement, pinned: placement.pinned ?? false }))
      return HttpResponse.json(storedTimetable(target, performances, state.draft))
    }),
    http.post('/api/events/:eventId/timetable/publish', async ({ request, params }) => {
      const target = events.get(String(params.eventId))
      if (!target) return missing()
      const body = (await request.json()) as PublishInput
      state.publishRequests.push(body)
      if (!state.draft) return HttpResponse.json(buildApiError('NO_DRAFT', 'There is no draft timetable yet.'), { status: 409 })
      const checked = storedTimetable(target, performances, state.draft)
      if (state.refusePublish && !body.confirmBreaks) return HttpResponse.json(buildApiError('TIMETABLE_HAS_BREAKS', state.refusePublish), { status: 409 })
      if (checked.violations.length > 0 && !body.confirmBreaks) {
        return HttpResponse.json(buildApiError('TIMETABLE_HAS_BREAKS', `${checked.violations.length} rules are broken. Fix the timetable, or confirm to publish it anyway.`), {
          status: 409,
        })
      }
      const version = (latest()?.version ?? 0) + 1
      state.published.push({ version, placements: state.draft })
      return HttpResponse.json({ ...checked, version, status: 'published', publishedAt: '2026-11-22T10:00:00.000Z' })
    }),
    http.get('/api/events/:eventId', ({ params }) => {
      const target = events.get(String(params.eventId))
      return target ? HttpResponse.json(target) : missing()
    }),
  ]
  return { handlers, state }
}
