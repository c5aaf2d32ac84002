import { http, HttpResponse } from 'msw'
import type { DraftInput, GenerateInput, Improvement, ImproveInput, PlacementOut, Proposal, SchedulePerformance, StoredTimetable, TimetableView } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { timetableGoals, timetablePresets } from '@/contract/timetable'
import { buildApiError } from '../../support/factories'

/** The timetable screens share one performance builder. */
export { buildSchedulePerformance as buildPerformance } from './live-schedule'

export function buildStoredTimetable(placements: PlacementOut[], overrides: Partial<StoredTimetable> = {}): StoredTimetable {
  return {
    version: 1,
    status: 'draft',
    placements,
    violations: [],
    cost: { total: 0, byGoal: {}, byPerformance: {} },
    updatedAt: '2026-10-01T00:00:00.000Z',
    publishedAt: null,
    ...overrides,
  }
}

/** A "Keep improving" run as GET …/timetable/improvement answers it: running, nothing found yet. */
export function buildImprovement(overrides: Partial<Improvement> = {}): Improvement {
  return {
    status: 'running',
    stopRequested: false,
    seed: 1,
    seconds: 30,
    secondsDone: 0,
    evaluations: null,
    searches: 0,
    improvements: 0,
    cost: null,
    bound: null,
    gapPercent: null,
    provenOptimal: false,
    boundSource: null,
    unplaced: null,
    startedBy: { id: '00000000-0000-4000-8000-0000000000e1', displayName: 'Riku Exec' },
    startedAt: '2026-10-01T03:00:00.000Z',
    finishedAt: null,
    savedAt: null,
    message: null,
    ...overrides,
  }
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/**
 * A stand-in for the generator, deterministic in its input: the performances one after the other
 * on the first stage of the first day, rotated by the seed (so another seed gives another order),
 * pins kept where the draft has them when `keepPins`. The cost is the earliness × its weight.
 */
export function fakeProposal(event: LiveEvent, view: TimetableView, input: GenerateInput): Proposal {
  const day = event.days[0]!
  const stage = day.stages[0]!
  const seed = input.seed ?? 1
  const weights = Object.fromEntries(timetableGoals.map((goal) => [goal, input.weights?.[goal] ?? 0]))
  const pins = input.keepPins === false ? [] : (view.draft?.placements.filter((placement) => placement.pinned) ?? [])
  const pinned = new Set(pins.map((pin) => pin.performanceId))
  const free = view.performances.filter((performance) => !pinned.has(performance.id))
  const shift = free.length === 0 ? 0 : seed % free.length
  const order = [...free.slice(shift), ...free.slice(0, shift)]
  let at = minutesOf(stage.opensAt)
  const placements: PlacementOut[] = pins.map((pin) => ({ ...pin }))
  for (const performance of order) {
    placements.push({ performanceId: performance.id, date: day.date, stage: stage.name, start: clock(at), end: clock(at + performance.minutes), pinned: false })
    at += performance.minutes + event.changeoverMinutes
  }
  const earliness = placements.reduce((total, placement) => total + (minutesOf(placement.start) - minutesOf(stage.opensAt)) / 5, 0) * (weights.earliness ?? 0)
  return {
    seed,
    weights,
    placements,
    unplaced: [],
    cost: { total: earliness, byGoal: { ...Object.fromEntries(timetableGoals.map((goal) => [goal, 0])), earliness }, byPerformance: {} },
    lowerBound: earliness,
    gapPercent: 0,
    provenOptimal: true,
    milliseconds: 42,
  }
}

type Failure = { status: number; code: string; message: string }

/**
 * A small in-memory API for the generator screen: the event (current festival or by id), the
 * timetable view, POST generate (answers `state.next` when set, else `fakeProposal`) and PUT
 * draft (stores it), and "Keep improving" (start, status from `state.improvement`, stop). Tests
 * read `generated`, `savedDrafts`, `improveStarts` (request bodies) and `inputDownloads` ("Download as JSON"); `failGenerate` /
 * `failView` / `failDraft` / `failImprove` / `failImprovementStatus` make those calls answer with an error.
 */
export function createGeneratorApi({ event, performances = [] as SchedulePerformance[], draft = null as StoredTimetable | null, academicYear = 2026 }: { event: LiveEvent; performances?: SchedulePerformance[]; draft?: StoredTimetable | null; academicYear?: number }) {
  const state = {
    view: { eventId: event.id, performances, published: null, draft } as TimetableView,
    generated: [] as unknown[],
    savedDrafts: [] as DraftInput[],
    viewRequests: 0,
    /** Answers to the next generate calls, in order (then `fakeProposal`). */
    next: [] as Proposal[],
    failGenerate: null as Failure | null,
    failView: null as Failure | null,
    failDraft: null as Failure | null,
    /** "Keep improving": the run GET answers (tests move it on), the start bodies, the stops. */
    improvement: null as Improvement | null,
    improveStarts: [] as ImproveInput[],
    stops: 0,
    failImprove: null as Failure | null,
    failImprovementStatus: null as Failure | null,
    /** "Download as JSON": the `parameters` query of each GET …/timetable/input, parsed. */
    inputDownloads: [] as unknown[],
  }
  const failure = (answer: Failure | null) => (answer ? HttpResponse.json(buildApiError(answer.code, answer.message), { status: answer.status }) : null)
  const missing = () => HttpResponse.json(buildApiError('NOT_FOUND', 'This live does not exist.'), { status: 404 })
  const known = (eventId: unknown) => String(eventId) === event.id

  const handlers = [
    http.get('/api/events/current', ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind')
      return HttpResponse.json({ academicYear, event: kind === event.kind ? event : null })
    }),
    http.get('/api/events', () => HttpResponse.json({ items: [event] })),
    http.get('/api/events/:eventId/timetable', ({ params }) => {
      state.viewRequests += 1
      if (!known(params.eventId)) return missing()
      return failure(state.failView) ?? HttpResponse.json(state.view)
    }),
    http.post('/api/events/:eventId/timetable/generate', async ({ request, params }) => {
      const body = (await request.json()) as GenerateInput
      state.generated.push(body)
      if (!known(params.eventId)) return missing()
      return failure(state.failGenerate) ?? HttpResponse.json(state.next.shift() ?? fakeProposal(event, state.view, body))
    }),
    http.put('/api/events/:eventId/timetable/draft', async ({ request, params }) => {
      const body = (await request.json()) as DraftInput
      state.savedDrafts.push(body)
      if (!known(params.eventId)) return missing()
      const failed = failure(state.failDraft)
      if (failed) return failed
      const placements = body.placements.map((placement) => {
        const minutes = state.view.performances.find((performance) => performance.id === placement.performanceId)?.minutes ?? 20
        return { ...placement, pinned: placement.pinned ?? false, end: clock(minutesOf(placement.start) + minutes) }
      })
      const saved = buildStoredTimetable(placements, { version: (state.view.draft?.version ?? 0) + 1 })
      state.view = { ...state.view, draft: saved }
      return HttpResponse.json(saved)
    }),
    http.get('/api/events/:eventId/timetable/input', ({ request, params }) => {
      state.inputDownloads.push(JSON.parse(new URL(request.url).searchParams.get('parameters') ?? '{}'))
      if (!known(params.eventId)) return missing()
      return HttpResponse.json({ event: { days: [], changeoverMinutes: 5, musicianGapMinutes: 30 }, performances: [], weights: timetablePresets.balanced, seed: 1 })
    }),
    http.get('/api/events/:eventId/timetable/improvement', ({ params }) =>
      known(params.eventId) ? (failure(state.failImprovementStatus) ?? HttpResponse.json({ improvement: state.improvement })) : missing(),
    ),
    http.post('/api/events/:eventId/timetable/improvement', async ({ request, params }) => {
      const body = (await request.json()) as ImproveInput
      state.improveStarts.push(body)
      if (!known(params.eventId)) return missing()
      const failed = failure(state.failImprove)
      if (failed) return failed
      state.improvement = buildImprovement({ seed: body.seed ?? 1, seconds: body.seconds ?? 30 })
      return HttpResponse.json(state.improvement, { status: 202 })
    }),
    http.post('/api/events/:eventId/timetable/improvement/stop', ({ params }) => {
      state.stops += 1
      if (!known(params.eventId) || !state.improvement) return missing()
      state.improvement = { ...state.improvement, stopRequested: state.improvement.status === 'running' }
      return HttpResponse.json(state.improvement)
    }),
    http.get('/api/events/:eventId', ({ params }) => (known(params.eventId) ? HttpResponse.json(event) : missing())),
  ]
  return { handlers, state }
}
