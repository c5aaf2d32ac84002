import { z } from 'zod'
import { calendarDate, text } from './text'
import { m } from '../i18n/paraglide/messages.js'

/**
 * Room allocation rounds (issue 15, decision 020): the input snapshot of one round and the
 * allocator's result, shared by the pure allocator (`src/allocation/`), the server that will
 * build the snapshot and store the run, and the screens. Pure types, constants and zod only.
 *
 * A **cell** is room × date × period of the round's target week, for the taking-part rooms
 * and periods; a **slot** is date × period (the time, in any room).
 */

/** Most wishes a band may list in one round (the round's own setting may be lower). */
export const ALLOCATION_MAX_WISHES = 10
/** Most priority points a band can hold (see `nextPoints`: by themselves they never exceed 7; more only by hand). */
export const ALLOCATION_MAX_POINTS = 50

/**
 * Satisfaction of a period received through the band's k-th wish (k = 1 for the first):
 * 11 − k, so 10 for a first wish down to 1 for a tenth.
 */
export const rankWeight = (rank: number) => ALLOCATION_MAX_WISHES + 1 - rank
/** The weight of a band’s satisfaction: 4 + its priority points (4 to 11 when points come from `nextPoints`). */
export const PRIORITY_BASE = 4
export const priorityWeight = (points: number) => PRIORITY_BASE + points

/**
 * Points after a round (decision 020): a band that took part (asked for at least one period)
 * keeps half of its points, rounded down, and gains 4 if it received nothing or 1 if it
 * received fewer periods than it asked; a band that asked nothing keeps its points. Points
 * stay within 0–7 by themselves (0 → 4 → 6 → 7 → 7 for a band that always misses out).
 */
export const POINTS_FOR_NOTHING = 4
export const POINTS_FOR_LESS = 1

// ── Snapshot ───────────────────────────────────────────────────────────────────────────

const id = text({ min: 1, max: 100 })

/** A ranked wish: one cell, or any taking-part room (`roomId: null`) at a date and period. */
export const allocationWishSchema = z.object({
  roomId: id.nullable(),
  date: calendarDate(),
  periodId: id,
})
export type AllocationWish = z.infer<typeof allocationWishSchema>

/** One earlier round of a band, for the words of a reason ("they missed out the last two weeks"). */
export const allocationRoundRecordSchema = z.object({
  asked: z.number().int().min(0).max(100),
  received: z.number().int().min(0).max(100),
})

export const allocationBandSchema = z.object({
  id,
  name: text({ min: 1, max: 100 }),
  /** People ids of the band's members. */
  members: z.array(id).max(50),
  /** Most periods the band may receive in the round (e.g. the weekly band quota). */
  limit: z.number().int().min(0).max(50),
  /** How many periods the band wants in all. */
  wants: z.number().int().min(0).max(50),
  points: z.number().int().min(0).max(ALLOCATION_MAX_POINTS),
  /** Ranked, first = most wanted. */
  wishes: z.array(allocationWishSchema).max(ALLOCATION_MAX_WISHES),
  /** Earlier rounds, oldest first (only the words of reasons use them). */
  recent: z.array(allocationRoundRecordSchema).max(52).default([]),
})
export type AllocationBand = z.input<typeof allocationBandSchema>

/** A booking that already exists in the target week (any room), with the people in it. */
export const allocationBookingSchema = z.object({
  roomId: id,
  roomName: text({ min: 1, max: 100 }),
  date: calendarDate(),
  periodId: id,
  /** What it is, in words: a band's name, "personal practice", a closure's reason. */
  label: text({ min: 1, max: 200 }),
  /** People ids in it (a band's members, the personal booker; none for a closure). */
  people: z.array(id).max(50),
})
export type AllocationBooking = z.infer<typeof allocationBookingSchema>

/** A cell of a taking-part room that cannot be given out (a blackout, an inactive room). */
export const allocationUnavailableSchema = z.object({
  roomId: id,
  date: calendarDate(),
  periodId: id,
  /** In words, e.g. "closed: Open Campus" or "the room is out of use". */
  reason: text({ min: 1, max: 200 }),
})
export type AllocationUnavailable = z.infer<typeof allocationUnavailableSchema>

export const allocationSnapshotSchema = z.object({
  /** The target week's days (Monday–Sunday), ISO dates. */
  dates: z.array(calendarDate()).min(1).max(7),
  /** The taking-part rooms, in the club's order. */
  rooms: z.array(z.object({ id, name: text({ min: 1, max: 100 }) })).min(1).max(50),
  /** The taking-part periods, in the day's order; `name` like "3rd" or "Lunch". */
  periods: z.array(z.object({ id, name: text({ min: 1, max: 40 }) })).min(1).max(24),
  /** Names of the people in bands and bookings, for the words of reasons. */
  people: z.array(z.object({ id, name: text({ min: 1, max: 100 }) })).max(5000),
  bands: z.array(allocationBandSchema).max(1000),
  bookings: z.array(allocationBookingSchema).max(20000),
  unavailable: z.array(allocationUnavailableSchema).max(20000),
  seed: z.number().int().min(0).max(0xffffffff),
  /** Branch-and-bound nodes the allocator may explore (40 by default); never a time. */
  nodeBudget: z.number().int().min(1).max(1_000_000).optional(),
}).superRefine((snapshot, context) => {
  const once = (path: 'bands' | 'rooms' | 'periods' | 'dates', values: string[], message: () => string) => {
    const seen = new Set<string>()
    values.forEach((value, index) => {
      if (seen.has(value)) context.addIssue({ code: 'custom', path: [path, index], message: message() })
      seen.add(value)
    })
  }
  once('bands', snapshot.bands.map((band) => band.id), m.allocation_band_twice)
  once('rooms', snapshot.rooms.map((room) => room.id), m.allocation_room_twice)
  once('periods', snapshot.periods.map((period) => period.id), m.allocation_period_twice)
  once('dates', snapshot.dates, m.allocation_day_twice)
})
export type AllocationSnapshot = z.input<typeof allocationSnapshotSchema>

// ── Result ─────────────────────────────────────────────────────────────────────────────

export interface AllocationCell {
  roomId: string
  date: string
  periodId: string
}

export interface AllocationAssignment extends AllocationCell {
  bandId: string
  /** The band's wish this period satisfies (1 = first); the best-ranked one when several match. */
  rank: number
}

/** Why a wish was not met, as data; `explainUnmet` puts it in words. */
export type UnmetReason =
  /** The wish names a room, date or period that is not part of the round. */
  | { kind: 'not-in-round' }
  /** The cell (every taking-part room, for "any room") is closed or out of use. */
  | { kind: 'unavailable'; roomId: string; reason: string }
  /** The cell (every free one, for "any room") is already booked. */
  | { kind: 'booked'; roomId: string; label: string }
  /** A member is already booked elsewhere at that time (an existing booking). */
  | { kind: 'member-busy'; personId: string; roomName: string; label: string }
  /** A member receives that time with another band in this allocation. */
  | { kind: 'member-allocated'; personId: string; roomId: string; otherBandId: string }
  /** The cell (for "any room": the first contested room) went to another band. */
  | { kind: 'taken'; roomId: string; byBandId: string }
  /** The band received another room at that same time through a better-ranked wish. */
  | { kind: 'same-time'; roomId: string; rank: number }
  /** The band already received as many periods as it wants or may have. */
  | { kind: 'enough'; received: number; wants: number; limit: number }
  /** The cell was free for the band, but an executive's hand changes to the draft left it out. */
  | { kind: 'left-free'; roomId: string }

export interface AllocationUnmet {
  bandId: string
  /** 1 = the band's first wish. */
  rank: number
  reason: UnmetReason
}

export interface AllocationBandOutcome {
  bandId: string
  /** min(wants, limit, different times among the wishes). */
  asked: number
  received: number
  /** Σ rank weights of the periods received (unweighted by points). */
  satisfaction: number
  /** The band's place in the seeded lottery (1 = first), which breaks exact ties. */
  lottery: number
}

/**
 * The three levels of the objective (decision 020): `served` bands with ≥ 1 period, then
 * `weighted` = Σ priority weight × rank weight, then `lottery` = Σ over periods of the band's
 * lottery ticket (n + 1 − its place). `score` = M × served + weighted, the (a)+(b) objective
 * that the bench compares with HiGHS, with M = `bigM`.
 */
export interface AllocationObjective {
  served: number
  weighted: number
  lottery: number
  bigM: number
  score: number
}

export interface AllocationResult {
  assignments: AllocationAssignment[]
  bands: AllocationBandOutcome[]
  unmet: AllocationUnmet[]
  objective: AllocationObjective
  /** An upper bound on `score` (no allocation scores more); equal to it when proven optimal. */
  bound: number
  /** `score` = `bound`: no allocation is better on (a) and (b). */
  provenOptimal: boolean
  /** Branch-and-bound nodes explored (the search stops at a count, never at a time). */
  nodes: number
}

export const allocationHardRules = ['cell-twice', 'person-twice', 'limit', 'unavailable', 'placement'] as const
export type AllocationHardRule = (typeof allocationHardRules)[number]

export interface AllocationViolation {
  rule: AllocationHardRule
  bandId: string
  cell: AllocationCell
  message: string
  otherBandId?: string
}
