import { z } from 'zod'
import { calendarDate, says } from './text'
import { ALLOCATION_MAX_WISHES, allocationHardRules } from './allocation'
import { m } from '../i18n/paraglide/messages.js'

/**
 * The HTTP API of the weekly room allocation rounds (issue 15, decision 020): rounds, wishes,
 * how contested each cell is, the executive's run / draft / publish, and each band's results
 * with reasons in words. The allocator's own snapshot and result shapes are in ./allocation.ts.
 *
 * A round covers one target week (Monday–Sunday). Its wishes open and close in the week before
 * (the settings group "Allocation" in ./settings.ts). Life of a round:
 * `upcoming` (wishes not open yet) → `open` (bands list wishes) → `closed` (past the closing
 * time, the run is queued) → `running` → `draft` (an executive may look, move, swap, run again)
 * → `published` (the cells are bookings; the rest of the week opens for first-come booking).
 *
 * Times (`opensAt`, `closesAt`, …) are ISO instants; `date`s are `YYYY-MM-DD` in the club's
 * time zone. A **cell** is room × date × period; a wish with `roomId: null` means "any
 * taking-part room" at that date and period.
 *
 * Error codes (./errors.ts): 400 `VALIDATION_FAILED` (fields), 400 `TOO_MANY_WISHES` (field
 * `wishes`: more than the round allows) and `WISH_NOT_IN_ROUND` (field `wishes.N`: a room, day or
 * period outside the round, or a closed cell) and `VALIDATION_FAILED` on `wants` over the
 * round's `periodsPerBand`; 403 `NOT_BAND_MEMBER` (another band's wishes); 404 `NOT_FOUND`;
 * 409 `ROUND_NOT_OPEN` (wishes before opening, after closing, or for a past week),
 * `ROUND_RUNNING`, `ROUND_NOT_DRAFT` (draft actions before a run), `ROUND_PUBLISHED`,
 * `ALLOCATION_RULE_BROKEN` (a hand change or publishing would break a hard rule: the message
 * says which, in sentences), `ALLOCATION_OFF` (rounds are switched off). First-come booking of
 * a cell held for an open round: 409 `SLOT_IN_ALLOCATION`, saying when it opens.
 */

// ── Paths ──────────────────────────────────────────────────────────────────────────────

export const allocationPaths = {
  /** GET: the current round and the past ones (any member). */
  rounds: '/api/allocation/rounds',
  /** GET: one round (any member). */
  round: (roundId: string) => `/api/allocation/rounds/${roundId}`,
  /** GET: the caller's bands' wishes for the round (any member; only their own bands). */
  myWishes: (roundId: string) => `/api/allocation/rounds/${roundId}/my-wishes`,
  /** PUT: save one of the caller's bands' wishes (a member of that band). */
  bandWishes: (roundId: string, bandId: string) => `/api/allocation/rounds/${roundId}/bands/${bandId}/wishes`,
  /** GET: how many bands asked for each cell so far (counts only, no names; any member). */
  contest: (roundId: string) => `/api/allocation/rounds/${roundId}/contest`,
  /** GET: every band's wishes (executives). */
  allWishes: (roundId: string) => `/api/allocation/rounds/${roundId}/wishes`,
  /** POST: close the wishes now (if still open) and run the allocation (executives); answers the draft. */
  run: (roundId: string) => `/api/allocation/rounds/${roundId}/run`,
  /** GET: the draft result with its figures (executives; also after publishing: the published result). */
  draft: (roundId: string) => `/api/allocation/rounds/${roundId}/draft`,
  /** POST: check a hand change without making it (executives): the hard rules it would break, in words. */
  draftCheck: (roundId: string) => `/api/allocation/rounds/${roundId}/draft/check`,
  /** POST: make a hand change (move, swap, give or free a cell; executives); 409 with the broken rules in words when refused. */
  draftChange: (roundId: string) => `/api/allocation/rounds/${roundId}/draft/changes`,
  /** POST: publish the draft (executives): bookings, points, notices and mail. */
  publish: (roundId: string) => `/api/allocation/rounds/${roundId}/publish`,
  /** GET: the caller's bands' results with a reason in words for each wish not met (any member; after publishing). */
  myResults: (roundId: string) => `/api/allocation/rounds/${roundId}/my-results`,
} as const

/** The URL patterns (Fastify syntax) behind `allocationPaths`, for the server's routes and access table. */
export const allocationRoutes = {
  rounds: '/api/allocation/rounds',
  round: '/api/allocation/rounds/:roundId',
  myWishes: '/api/allocation/rounds/:roundId/my-wishes',
  bandWishes: '/api/allocation/rounds/:roundId/bands/:bandId/wishes',
  contest: '/api/allocation/rounds/:roundId/contest',
  allWishes: '/api/allocation/rounds/:roundId/wishes',
  run: '/api/allocation/rounds/:roundId/run',
  draft: '/api/allocation/rounds/:roundId/draft',
  draftCheck: '/api/allocation/rounds/:roundId/draft/check',
  draftChange: '/api/allocation/rounds/:roundId/draft/changes',
  publish: '/api/allocation/rounds/:roundId/publish',
  myResults: '/api/allocation/rounds/:roundId/my-results',
} as const

export const roundParamsSchema = z.object({ roundId: z.uuid(says(() => m.allocation_not_round_id())) })
export const roundBandParamsSchema = roundParamsSchema.extend({ bandId: z.uuid(says(() => m.allocation_not_band_id())) })

// ── Rounds ─────────────────────────────────────────────────────────────────────────────

export const roundStatuses = ['upcoming', 'open', 'closed', 'running', 'draft', 'published'] as const
export type RoundStatus = (typeof roundStatuses)[number]
// Getters: each label is worded when read, in the language shown then (decision 046).
export const roundStatusLabels: Record<RoundStatus, string> = {
  get upcoming() {
    return m.allocation_status_upcoming()
  },
  get open() {
    return m.allocation_status_open()
  },
  get closed() {
    return m.allocation_status_closed()
  },
  get running() {
    return m.allocation_status_running()
  },
  get draft() {
    return m.allocation_status_draft()
  },
  get published() {
    return m.allocation_status_published()
  },
}

const roomRefSchema = z.object({ id: z.uuid(), name: z.string() })
const periodRefSchema = z.object({ id: z.uuid(), label: z.string(), startsAt: z.string(), endsAt: z.string() })

/** A round as lists show it. */
export const roundSummarySchema = z.object({
  id: z.uuid(),
  /** Monday of the target week. */
  weekStart: z.string(),
  /** Sunday of the target week. */
  weekEnd: z.string(),
  status: z.enum(roundStatuses),
  opensAt: z.string(),
  closesAt: z.string(),
  /** When the allocation ran (null before). */
  ranAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Bands that have listed at least one wish. */
  bandsWithWishes: z.number().int(),
  /** Bands that received at least one period (null until the round has run). */
  bandsServed: z.number().int().nullable(),
})
export type RoundSummary = z.infer<typeof roundSummarySchema>

/** GET /api/allocation/rounds: `current` is next week's round (null when rounds are off); `past` newest first. */
export const roundListSchema = z.object({
  enabled: z.boolean(),
  current: roundSummarySchema.nullable(),
  past: z.array(roundSummarySchema),
})
export type RoundList = z.infer<typeof roundListSchema>

/** A cell of a taking-part room that cannot be given out, with why ("Closed: Open Campus", "Already booked"). */
const closedCellSchema = z.object({ roomId: z.uuid(), date: z.string(), periodId: z.uuid(), reason: z.string() })

/** GET /api/allocation/rounds/:roundId: one round with what takes part and its limits. */
export const roundSchema = roundSummarySchema.extend({
  /** The seven days of the target week. */
  dates: z.array(z.string()),
  /** Taking-part rooms and periods, in the club's order (other rooms and periods stay first-come). */
  rooms: z.array(roomRefSchema),
  periods: z.array(periodRefSchema),
  /** Most wishes a band may list. */
  wishesPerBand: z.number().int(),
  /** Most periods a band may receive. */
  periodsPerBand: z.number().int(),
  /** Taking-part cells that cannot be wished for (closures, inactive rooms, existing bookings). */
  closedCells: z.array(closedCellSchema),
  /** Whether the caller may change wishes now (the round is open). */
  wishesEditable: z.boolean(),
  /** The caller is an executive (may see all wishes, run, edit the draft and publish). */
  canManage: z.boolean(),
})
export type Round = z.infer<typeof roundSchema>

// ── Wishes ─────────────────────────────────────────────────────────────────────────────

/** One ranked wish: a cell, or any taking-part room (`roomId` null) at a date and period. */
export const wishInputSchema = z.object({
  roomId: z.uuid(says(() => m.allocation_choose_room())).nullable(),
  date: calendarDate(),
  periodId: z.uuid(says(() => m.allocation_choose_period())),
})
export type WishInput = z.infer<typeof wishInputSchema>

/**
 * PUT …/bands/:bandId/wishes: the band's whole ranked list (first = most wanted), how many
 * periods it wants in all, and whether to keep this list as the band's standing wish (copied,
 * same weekdays, rooms and periods, into each new round until changed; false clears it).
 * The round's own limit on wishes may be lower than the schema's (400 on `wishes`).
 */
export const wishesInputSchema = z
  .object({
    wishes: z.array(wishInputSchema).max(ALLOCATION_MAX_WISHES, says(() => m.allocation_at_most_wishes({ max: ALLOCATION_MAX_WISHES }))),
    wants: z.number(says(() => m.allocation_enter_number())).int(says(() => m.allocation_enter_whole_number())).min(1, says(() => m.allocation_at_least_1_period())).max(50, says(() => m.allocation_at_most_50_periods())),
    standing: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>()
    value.wishes.forEach((wish, index) => {
      const key = `${wish.roomId ?? '*'}|${wish.date}|${wish.periodId}`
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['wishes', index], message: m.allocation_wish_twice() })
      seen.add(key)
    })
  })
export type WishesInput = z.input<typeof wishesInputSchema>

/** A wish as the screens show it, with names. */
export const wishSchema = z.object({
  /** 1 = the band's first wish. */
  rank: z.number().int(),
  roomId: z.uuid().nullable(),
  /** Null for "any room". */
  roomName: z.string().nullable(),
  date: z.string(),
  periodId: z.uuid(),
  periodLabel: z.string(),
})
export type Wish = z.infer<typeof wishSchema>

/** One band's wishes in a round. */
export const bandWishesSchema = z.object({
  bandId: z.uuid(),
  bandName: z.string(),
  wishes: z.array(wishSchema),
  /** Periods wanted in all (the round's `periodsPerBand` until the band says otherwise). */
  wants: z.number().int(),
  /** The band keeps these wishes as its standing wish. */
  standing: z.boolean(),
  /** The wishes were copied from the standing wish and not changed since. */
  fromStanding: z.boolean(),
  /** Last change (null: never saved for this round). */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
})
export type BandWishes = z.infer<typeof bandWishesSchema>

/** GET …/my-wishes: one entry per active band of the caller (empty when they play in none). */
export const myWishesSchema = z.object({ bands: z.array(bandWishesSchema) })
export type MyWishes = z.infer<typeof myWishesSchema>

/** GET …/wishes (executives): every band that listed wishes, with its priority points and members. */
export const allWishesSchema = z.object({
  bands: z.array(
    bandWishesSchema.extend({
      points: z.number().int(),
      members: z.array(z.object({ id: z.uuid(), displayName: z.string() })),
    }),
  ),
})
export type AllWishes = z.infer<typeof allWishesSchema>

/**
 * GET …/contest: for each taking-part cell asked for so far, how many bands asked for it —
 * by naming it or by an "any room" wish at its time — and how many as their first wish.
 * Counts only, never names. Cells nobody asked for are left out.
 */
export const contestSchema = z.object({
  cells: z.array(
    z.object({
      roomId: z.uuid(),
      date: z.string(),
      periodId: z.uuid(),
      bands: z.number().int(),
      firstWishes: z.number().int(),
    }),
  ),
})
export type Contest = z.infer<typeof contestSchema>

// ── Run, draft and publish (executives) ────────────────────────────────────────────────

/** POST …/run: run now (closes the wishes if still open), or again on a draft (hand changes are lost). */
export const runInputSchema = z.object({
  /** The lottery's seed; a fresh one when omitted. Same wishes + seed → the same result. */
  seed: z.number(says(() => m.allocation_enter_seed())).int(says(() => m.allocation_whole_number())).min(0).max(0xffffffff).optional(),
})
export type RunInput = z.input<typeof runInputSchema>

export const cellSchema = z.object({
  roomId: z.uuid(says(() => m.allocation_choose_room())),
  date: calendarDate(),
  periodId: z.uuid(says(() => m.allocation_choose_period())),
})
export type Cell = z.infer<typeof cellSchema>

/** A cell given to a band in the draft or the published result. */
export const allocatedCellSchema = z.object({
  roomId: z.uuid(),
  roomName: z.string(),
  date: z.string(),
  periodId: z.uuid(),
  periodLabel: z.string(),
  bandId: z.uuid(),
  bandName: z.string(),
  /** The band's wish it meets (1 = first); null when placed by hand on a cell the band did not wish for. */
  rank: z.number().int().nullable(),
})
export type AllocatedCell = z.infer<typeof allocatedCellSchema>

/** A hard rule a draft breaks, in words ("Ren would be in Studio A … and in Room B … at the same time."). */
export const ruleBreakSchema = z.object({
  rule: z.enum(allocationHardRules),
  bandId: z.string(),
  message: z.string(),
})
export type RuleBreak = z.infer<typeof ruleBreakSchema>

/** A wish a band did not get, with the reason in words. */
export const unmetWishSchema = wishSchema.extend({ reason: z.string() })
export type UnmetWish = z.infer<typeof unmetWishSchema>

/** One band in the draft: what it asked and got, and its fairness over the term. */
export const draftBandSchema = z.object({
  bandId: z.uuid(),
  bandName: z.string(),
  /** Periods it could ask for: min(wants, the round's limit, different times among its wishes). */
  asked: z.number().int(),
  received: z.number().int(),
  /** Its first wish is met. */
  firstWishMet: z.boolean(),
  /** Priority points before this round, and after it once published (decision 020). */
  pointsBefore: z.number().int(),
  pointsAfter: z.number().int(),
  /** Published rounds of this term the band took part in, and in how many it received nothing. */
  termRounds: z.number().int(),
  termRoundsWithNothing: z.number().int(),
  /** Periods received through published rounds this term (this round not included). */
  termPeriods: z.number().int(),
  unmet: z.array(unmetWishSchema),
})
export type DraftBand = z.infer<typeof draftBandSchema>

/** GET …/draft, and the answer of run and of each hand change. */
export const draftSchema = z.object({
  roundId: z.uuid(),
  status: z.enum(roundStatuses),
  seed: z.number().int(),
  ranAt: z.string(),
  /** Changed by hand since the run. */
  editedByHand: z.boolean(),
  /** The run proved no allocation serves more bands or meets wishes better (before hand changes). */
  provenOptimal: z.boolean(),
  figures: z.object({
    bandsWithWishes: z.number().int(),
    /** Bands with at least one period. */
    bandsServed: z.number().int(),
    /** Bands whose first wish is met. */
    firstWishesMet: z.number().int(),
    periodsAsked: z.number().int(),
    periodsGiven: z.number().int(),
    /** Taking-part cells left for first-come booking once published. */
    cellsLeft: z.number().int(),
  }),
  cells: z.array(allocatedCellSchema),
  bands: z.array(draftBandSchema),
  /** Hard rules the draft breaks now (empty after a run; a booking or closure made since can add some). */
  breaks: z.array(ruleBreakSchema),
})
export type Draft = z.infer<typeof draftSchema>

/**
 * A hand change to the draft: `move` a band's cell to a free cell, `swap` the bands of two
 * cells (either may be free, which makes it a move), `assign` a cell to a band (null frees it).
 */
export const draftChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('move'), from: cellSchema, to: cellSchema }),
  z.object({ action: z.literal('swap'), a: cellSchema, b: cellSchema }),
  z.object({ action: z.literal('assign'), cell: cellSchema, bandId: z.uuid(says(() => m.allocation_choose_band())).nullable() }),
], says(() => m.allocation_choose_action()))
export type DraftChange = z.infer<typeof draftChangeSchema>

/**
 * POST …/draft/check: whether a change keeps every hard rule, without making it. POST
 * …/draft/changes makes it and answers the new draft, or 409 `ALLOCATION_RULE_BROKEN` whose
 * message lists the same sentences (the draft is left as it was).
 */
export const draftCheckSchema = z.object({
  allowed: z.boolean(),
  breaks: z.array(ruleBreakSchema),
})
export type DraftCheck = z.infer<typeof draftCheckSchema>

// ── Results (members) ──────────────────────────────────────────────────────────────────

/** One of the caller's bands in a published round. */
export const bandResultSchema = z.object({
  bandId: z.uuid(),
  bandName: z.string(),
  asked: z.number().int(),
  received: z.number().int(),
  /** Priority points before and after the round. */
  pointsBefore: z.number().int(),
  pointsAfter: z.number().int(),
  /** The periods received (now bookings), by date and period. */
  periods: z.array(allocatedCellSchema),
  unmet: z.array(unmetWishSchema),
})
export type BandResult = z.infer<typeof bandResultSchema>

/** GET …/my-results: `bands` is null until the round is published; [] when the caller's bands listed no wishes. */
export const myResultsSchema = z.object({
  roundId: z.uuid(),
  status: z.enum(roundStatuses),
  publishedAt: z.string().nullable(),
  bands: z.array(bandResultSchema).nullable(),
})
export type MyResults = z.infer<typeof myResultsSchema>
