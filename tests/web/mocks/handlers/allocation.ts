import { http, HttpResponse } from 'msw'
import {
  allocationRoutes,
  type AllocatedCell,
  type AllWishes,
  type BandResult,
  type BandWishes,
  type Contest,
  type Draft,
  type DraftBand,
  type DraftChange,
  type DraftCheck,
  type Round,
  type RoundSummary,
  type WishesInput,
} from '@/contract/allocation-rounds'
import { addDays, weekDays } from '@/contract/calendar'
import { buildApiError } from '../../support/factories'

/** Next week's Monday (a fixed one: the screens show dates, not "next week"). */
export const WEEK_START = '2026-11-30'

export const rooms = { studioA: { id: crypto.randomUUID(), name: 'Studio A' }, roomB: { id: crypto.randomUUID(), name: 'Room B' } }
export const periods = {
  fifth: { id: crypto.randomUUID(), label: '5th', startsAt: '16:30', endsAt: '18:00' },
  sixth: { id: crypto.randomUUID(), label: '6th', startsAt: '18:10', endsAt: '19:40' },
}

export function buildRound(overrides: Partial<Round> = {}): Round {
  const weekStart = overrides.weekStart ?? WEEK_START
  return {
    id: crypto.randomUUID(),
    weekStart,
    weekEnd: addDays(weekStart, 6),
    status: 'open',
    opensAt: `${addDays(weekStart, -7)}T00:00:00+09:00`,
    closesAt: `${addDays(weekStart, -4)}T20:00:00+09:00`,
    ranAt: null,
    publishedAt: null,
    bandsWithWishes: 3,
    bandsServed: null,
    dates: weekDays(weekStart),
    rooms: [rooms.studioA, rooms.roomB],
    periods: [periods.fifth, periods.sixth],
    wishesPerBand: 5,
    periodsPerBand: 2,
    closedCells: [],
    wishesEditable: true,
    canManage: false,
    ...overrides,
  }
}

export const summaryOf = (round: Round): RoundSummary => {
  const { id, weekStart, weekEnd, status, opensAt, closesAt, ranAt, publishedAt, bandsWithWishes, bandsServed } = round
  return { id, weekStart, weekEnd, status, opensAt, closesAt, ranAt, publishedAt, bandsWithWishes, bandsServed }
}

export function buildBandWishes(overrides: Partial<BandWishes> = {}): BandWishes {
  return { bandId: crypto.randomUUID(), bandName: 'Blue Hour', wishes: [], wants: 2, standing: false, fromStanding: false, updatedAt: null, updatedBy: null, ...overrides }
}

export function buildCell(overrides: Partial<AllocatedCell> = {}): AllocatedCell {
  return {
    roomId: rooms.studioA.id,
    roomName: 'Studio A',
    date: WEEK_START,
    periodId: periods.sixth.id,
    periodLabel: '6th',
    bandId: crypto.randomUUID(),
    bandName: 'Blue Hour',
    rank: 1,
    ...overrides,
  }
}

export function buildDraftBand(overrides: Partial<DraftBand> = {}): DraftBand {
  return {
    bandId: crypto.randomUUID(),
    bandName: 'Blue Hour',
    asked: 1,
    received: 1,
    firstWishMet: true,
    pointsBefore: 0,
    pointsAfter: 0,
    termRounds: 0,
    termRoundsWithNothing: 0,
    termPeriods: 0,
    unmet: [],
    ...overrides,
  }
}

export function buildDraft(round: Round, overrides: Partial<Draft> = {}): Draft {
  return {
    roundId: round.id,
    status: 'draft',
    seed: 42,
    ranAt: `${addDays(round.weekStart, -4)}T20:00:05+09:00`,
    editedByHand: false,
    provenOptimal: true,
    figures: { bandsWithWishes: 3, bandsServed: 2, firstWishesMet: 2, periodsAsked: 3, periodsGiven: 2, cellsLeft: 26 },
    cells: [],
    bands: [],
    breaks: [],
    ...overrides,
  }
}

export function buildBandResult(overrides: Partial<BandResult> = {}): BandResult {
  return { bandId: crypto.randomUUID(), bandName: 'Blue Hour', asked: 1, received: 0, pointsBefore: 0, pointsAfter: 4, periods: [], unmet: [], ...overrides }
}

/** What other screens get when a test sets up nothing (e.g. a link preloaded on hover): rounds off. */
export const allocationHandlers = [http.get(allocationRoutes.rounds, () => HttpResponse.json({ enabled: false, current: null, past: [] }))]

type ErrorAnswer = { status: number; code: string; message: string; fields?: Record<string, string> }

/**
 * An in-memory allocation API for one current round (and past ones). Tests read `saved`,
 * `runs`, `checks`, `changes` and `published` to see what the screen sent; `nextError` makes the
 * next write fail with that answer; `check` answers the hand-change check.
 */
export function createAllocationApi({
  enabled = true,
  current = buildRound() as Round | null,
  past = [] as Round[],
  myBands = [] as BandWishes[],
  contest = { cells: [] } as Contest,
  allWishes = { bands: [] } as AllWishes,
  draft = null as Draft | null,
  results = null as BandResult[] | null,
}: {
  enabled?: boolean
  current?: Round | null
  past?: Round[]
  myBands?: BandWishes[]
  contest?: Contest
  allWishes?: AllWishes
  draft?: Draft | null
  results?: BandResult[] | null
} = {}) {
  const rounds = new Map([...(current ? [current] : []), ...past].map((round) => [round.id, round]))
  const state = {
    myBands: structuredClone(myBands),
    draft: draft ? structuredClone(draft) : null,
    saved: [] as Array<{ bandId: string; body: WishesInput }>,
    runs: [] as unknown[],
    checks: [] as DraftChange[],
    /** Checks the server refused with 400, as it does for a move from a cell no band holds. */
    refusedChecks: [] as DraftChange[],
    changes: [] as DraftChange[],
    published: [] as string[],
    nextError: null as ErrorAnswer | null,
    check: (_change: DraftChange): DraftCheck => ({ allowed: true, breaks: [] }),
    /** The draft a run produces. */
    afterRun: draft,
  }
  const takeError = () => {
    const error = state.nextError
    state.nextError = null
    return error ? HttpResponse.json(buildApiError(error.code, error.message, error.fields), { status: error.status }) : null
  }
  const find = (roundId: unknown) => rounds.get(String(roundId))
  const notFound = () => HttpResponse.json(buildApiError('NOT_FOUND', 'There is no such round.'), { status: 404 })

  const handlers = [
    http.get('/api/club', () => HttpResponse.json({ clubName: 'Bandroom Music Club', timeZone: 'Asia/Tokyo', language: 'en', academicYearStartMonth: 4, currentTerm: 2026 })),
    http.get(allocationRoutes.rounds, () =>
      HttpResponse.json({ enabled, current: current ? summaryOf(rounds.get(current.id)!) : null, past: past.map((round) => summaryOf(rounds.get(round.id)!)) }),
    ),
    http.get(allocationRoutes.round, ({ params }) => {
      const round = find(params.roundId)
      return round ? HttpResponse.json(round) : notFound()
    }),
    http.get(allocationRoutes.myWishes, () => HttpResponse.json({ bands: state.myBands })),
    http.get(allocationRoutes.contest, () => HttpResponse.json(contest)),
    http.get(allocationRoutes.allWishes, () => HttpResponse.json(allWishes)),
    http.put(allocationRoutes.bandWishes, async ({ params, request }) => {
      const body = (await request.json()) as WishesInput
      const error = takeError()
      if (error) return error
      const round = find(params.roundId)!
      const index = state.myBands.findIndex((band) => band.bandId === params.bandId)
      if (index < 0) return HttpResponse.json(buildApiError('NOT_BAND_MEMBER', 'You are not a member of this band.'), { status: 403 })
      state.saved.push({ bandId: String(params.bandId), body })
      const saved: BandWishes = {
        ...state.myBands[index]!,
        wishes: body.wishes.map((wish, position) => ({
          rank: position + 1,
          roomId: wish.roomId,
          roomName: round.rooms.find((room) => room.id === wish.roomId)?.name ?? null,
          date: wish.date,
          periodId: wish.periodId,
          periodLabel: round.periods.find((period) => period.id === wish.periodId)?.label ?? '',
        })),
        wants: body.wants,
        standing: body.standing ?? false,
        fromStanding: false,
        updatedAt: new Date().toISOString(),
        updatedBy: 'Hana Sato',
      }
      state.myBands[index] = saved
      return HttpResponse.json(saved)
    }),
    http.post(allocationRoutes.run, async ({ params, request }) => {
      state.runs.push(await request.json())
      const error = takeError()
      if (error) return error
      const round = find(params.roundId)!
      state.draft = structuredClone(state.afterRun ?? buildDraft(round))
      Object.assign(round, { status: 'draft', ranAt: state.draft.ranAt, wishesEditable: false, bandsServed: state.draft.figures.bandsServed })
      return HttpResponse.json(state.draft)
    }),
    http.get(allocationRoutes.draft, () =>
      state.draft ? HttpResponse.json(state.draft) : HttpResponse.json(buildApiError('ROUND_NOT_DRAFT', 'The round has not run yet.'), { status: 409 }),
    ),
    http.post(allocationRoutes.draftCheck, async ({ request }) => {
      const change = (await request.json()) as DraftChange
      state.checks.push(change)
      // As the server: a move needs a band on its `from` cell in the draft as it stands.
      const held = (at: { roomId: string; date: string; periodId: string }) => state.draft?.cells.some((cell) => cell.roomId === at.roomId && cell.date === at.date && cell.periodId === at.periodId)
      if (change.action === 'move' && !held(change.from)) {
        state.refusedChecks.push(change)
        return HttpResponse.json(buildApiError('VALIDATION_FAILED', 'Some fields need attention.', { from: 'No band has this cell in the draft' }), { status: 400 })
      }
      return HttpResponse.json(state.check(change))
    }),
    http.post(allocationRoutes.draftChange, async ({ request }) => {
      const change = (await request.json()) as DraftChange
      const error = takeError()
      if (error) return error
      state.changes.push(change)
      const draft = state.draft!
      const same = (cell: AllocatedCell, at: { roomId: string; date: string; periodId: string }) => cell.roomId === at.roomId && cell.date === at.date && cell.periodId === at.periodId
      if (change.action === 'assign') {
        draft.cells = draft.cells.filter((cell) => !same(cell, change.cell))
        const band = draft.bands.find((item) => item.bandId === change.bandId)
        const round = find(draft.roundId)!
        if (band) {
          draft.cells.push({
            ...change.cell,
            roomName: round.rooms.find((room) => room.id === change.cell.roomId)!.name,
            periodLabel: round.periods.find((period) => period.id === change.cell.periodId)!.label,
            bandId: band.bandId,
            bandName: band.bandName,
            rank: null,
          })
        }
      }
      if (change.action === 'move') {
        const moved = draft.cells.find((cell) => same(cell, change.from))!
        const round = find(draft.roundId)!
        Object.assign(moved, change.to, {
          roomName: round.rooms.find((room) => room.id === change.to.roomId)!.name,
          periodLabel: round.periods.find((period) => period.id === change.to.periodId)!.label,
          rank: null,
        })
      }
      if (change.action === 'swap') {
        const a = draft.cells.find((cell) => same(cell, change.a))!
        const b = draft.cells.find((cell) => same(cell, change.b))!
        const [bandA, bandB] = [{ bandId: a.bandId, bandName: a.bandName }, { bandId: b.bandId, bandName: b.bandName }]
        Object.assign(a, bandB, { rank: null })
        Object.assign(b, bandA, { rank: null })
      }
      draft.editedByHand = true
      return HttpResponse.json(draft)
    }),
    http.post(allocationRoutes.publish, ({ params }) => {
      const error = takeError()
      if (error) return error
      const round = find(params.roundId)!
      state.published.push(round.id)
      Object.assign(round, { status: 'published', publishedAt: new Date().toISOString() })
      if (state.draft) state.draft.status = 'published'
      return HttpResponse.json(summaryOf(round))
    }),
    http.get(allocationRoutes.myResults, ({ params }) => {
      const round = find(params.roundId)!
      return HttpResponse.json({ roundId: round.id, status: round.status, publishedAt: round.publishedAt, bands: round.status === 'published' ? results : null })
    }),
  ]
  return { handlers, state, rounds }
}
