import { z } from 'zod'
import { calendarDate, says, text } from './text'
import { wordedLabels } from './choices'
import { m } from '../i18n/paraglide/messages.js'

/**
 * Timetables (SPEC §5.6, issue #7): the shapes shared by the generator, the rule checker and
 * (later) the schedule editor. Pure types, constants and zod only. Days are ISO dates and times
 * of day `HH:MM` in the club's time zone; every start lies on the 5-minute grid.
 */

export const TIMETABLE_GRID_MINUTES = 5

/** The hard rules: a timetable that breaks one is never offered as valid. */
export const hardRules = ['opening-hours', 'changeover', 'unavailable', 'musician-gap', 'pin', 'placement'] as const
export type HardRule = (typeof hardRules)[number]
export const hardRuleLabels = wordedLabels<HardRule>({
  'opening-hours': () => m.timetable_rule_opening_hours(),
  changeover: () => m.timetable_rule_changeover(),
  unavailable: () => m.timetable_rule_unavailable(),
  'musician-gap': () => m.timetable_rule_musician_gap(),
  pin: () => m.timetable_rule_pin(),
  placement: () => m.timetable_rule_placement(),
})

/**
 * The soft goals, each with a weight (cost per unit):
 * - `earliness`: per 5 minutes between the stage's opening and the start;
 * - `preferredDay`: per performance not on its band's preferred day;
 * - `firstLast`: per performance that wished to open or close a day and does not;
 * - `gradeOrder`: per pair on one day where a lower grade plays after a higher one (charged to
 *   the lower grade);
 * - `musicianSpread`: per 5 minutes that two performances sharing a musician are closer than
 *   the minimum gap plus an hour;
 * - `idleHoles`: per 5 minutes a stage stands idle between two performances beyond the
 *   changeover.
 */
export const timetableGoals = ['earliness', 'preferredDay', 'firstLast', 'gradeOrder', 'musicianSpread', 'idleHoles'] as const
export type TimetableGoal = (typeof timetableGoals)[number]
export const timetableGoalLabels = wordedLabels<TimetableGoal>({
  earliness: () => m.timetable_goal_earliness(),
  preferredDay: () => m.timetable_goal_preferred_day(),
  firstLast: () => m.timetable_goal_first_last(),
  gradeOrder: () => m.timetable_goal_grade_order(),
  musicianSpread: () => m.timetable_goal_musician_spread(),
  idleHoles: () => m.timetable_goal_idle_holes(),
})
/** Minutes beyond the musician's minimum gap from which `musicianSpread` costs nothing. */
export const MUSICIAN_SPREAD_MINUTES = 60

export type TimetableWeights = Record<TimetableGoal, number>
export const timetableWeightsSchema = z.object(
  Object.fromEntries(timetableGoals.map((goal) => [goal, z.number(says(() => m.timetable_weight_required())).min(0, says(() => m.timetable_not_negative())).max(1000, says(() => m.timetable_weight_at_most()))])) as Record<
    TimetableGoal,
    z.ZodNumber
  >,
)

export const timetablePresetNames = ['compact', 'balanced', 'spread'] as const
export type TimetablePresetName = (typeof timetablePresetNames)[number]
/**
 * `compact` is the comparison preset, exactly: Σ (start − opening) in 5-minute steps
 * + 30 per performance not on its preferred day, under the hard rules only.
 */
export const timetablePresets: Record<TimetablePresetName, TimetableWeights> = {
  compact: { earliness: 1, preferredDay: 30, firstLast: 0, gradeOrder: 0, musicianSpread: 0, idleHoles: 0 },
  balanced: { earliness: 1, preferredDay: 30, firstLast: 20, gradeOrder: 3, musicianSpread: 1, idleHoles: 2 },
  spread: { earliness: 1, preferredDay: 30, firstLast: 20, gradeOrder: 1, musicianSpread: 4, idleHoles: 1 },
}

// ── Input ──────────────────────────────────────────────────────────────────────────────

export interface TimetableStage {
  name: string
  opensAt: string
  closesAt: string
}
export interface TimetableDay {
  date: string
  stages: TimetableStage[]
}
export interface TimetableEventInput {
  days: TimetableDay[]
  changeoverMinutes: number
  musicianGapMinutes: number
}
export interface TimetableMember {
  id: string
  name: string
}
export interface TimetableWindow {
  date: string
  from: string
  to: string
}
export interface TimetablePin {
  date: string
  stage: string
  start: string
}
export interface TimetablePerformance {
  /** The accepted application's id. */
  id: string
  bandName: string
  minutes: number
  members: TimetableMember[]
  preferredDate: string | null
  unavailable: TimetableWindow[]
  /** E.g. the lowest grade among the band's members; null when unknown (no grade cost). */
  grade: number | null
  pin?: TimetablePin | null
  wish?: 'first' | 'last' | null
}
export interface TimetableInput {
  event: TimetableEventInput
  performances: TimetablePerformance[]
  weights: TimetableWeights
  seed: number
  /** Search effort, 1 = default; the number of moves tried scales with it (never with time). */
  effort?: number
}

/**
 * A live given as JSON to `npm run timetable` (issue 35): the generator's whole input, checked.
 * The generator's own rules (pins off the grid, unknown stages…) are reported by it as
 * unplaced performances; this only refuses what is not a live at all.
 */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, says(() => m.timetable_clock_format()))
export const timetableInputSchema = z.object({
  event: z.object({
    days: z
      .array(z.object({ date: calendarDate(), stages: z.array(z.object({ name: z.string().min(1), opensAt: clock, closesAt: clock })).min(1).max(20) }))
      .min(1)
      .max(14),
    changeoverMinutes: z.number().int().min(0).max(240),
    musicianGapMinutes: z.number().int().min(0).max(720),
  }),
  performances: z
    .array(
      z.object({
        id: z.string().min(1),
        bandName: z.string(),
        minutes: z.number().int().min(5).max(24 * 60),
        members: z.array(z.object({ id: z.string(), name: z.string() })).max(100),
        preferredDate: calendarDate().nullable(),
        unavailable: z.array(z.object({ date: calendarDate(), from: clock, to: clock })).max(100),
        grade: z.number().int().nullable(),
        pin: z.object({ date: calendarDate(), stage: z.string(), start: clock }).nullable().optional(),
        wish: z.enum(['first', 'last']).nullable().optional(),
      }),
    )
    .max(500),
  weights: timetableWeightsSchema,
  seed: z.number().int().min(0).max(2 ** 32 - 1),
  effort: z.number().min(0.05).max(100).optional(),
}) satisfies z.ZodType<TimetableInput>

// ── Output ─────────────────────────────────────────────────────────────────────────────

export interface TimetablePlacement {
  performanceId: string
  date: string
  stage: string
  start: string
  end: string
}
export const timetablePlacementSchema = z.object({
  performanceId: text({ min: 1, max: 100 }),
  date: calendarDate(),
  stage: text({ min: 1, max: 40 }),
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/),
})

/** One broken hard rule, on the performance it is shown on (pairs are listed on both). */
export interface TimetableViolation {
  performanceId: string
  rule: HardRule
  message: string
  otherPerformanceId?: string
}

export interface TimetableUnplaced {
  performanceId: string
  rule: HardRule
  message: string
}

export interface TimetableCost {
  total: number
  byGoal: Record<TimetableGoal, number>
  /** Weighted cost per performance and goal (only goals that cost something). */
  byPerformance: Record<string, Partial<Record<TimetableGoal, number>>>
}

export interface TimetableResult {
  placements: TimetablePlacement[]
  cost: TimetableCost
  unplaced: TimetableUnplaced[]
  /**
   * A proven lower bound on the earliness and preferred-day part of the cost (the rest of the
   * goals are bounded below by 0) when every performance is placed; null otherwise.
   */
  lowerBound: number | null
  /** `(total − lowerBound) / lowerBound` in %, 0 when both are 0; null without a bound. */
  gapPercent: number | null
  /** The cost equals the lower bound: no timetable is cheaper. */
  provenOptimal: boolean
  /** Moves evaluated (the search stops at a count, not a time, so results are reproducible). */
  evaluations: number
}
