import { z } from 'zod'
import { says, text, calendarDate } from './text'
import { m } from '../i18n/paraglide/messages.js'
import { timeOfDaySchema } from './club'
import { timetablePresetNames, timetableWeightsSchema } from './timetable'

/**
 * A live's timetable as the API keeps it (SPEC §5.6 `/festival-schedule`, issue #7): one
 * draft per event that executives edit, and published versions members see. A placement puts
 * an accepted application on (day, stage, start); `pinned` ones stay where they are when the
 * generator runs. The shapes of the generator itself are in ./timetable.ts.
 */

export const schedulePlacementSchema = z.object({
  /** The accepted application's id. */
  performanceId: z.uuid(says(() => m.live_schedule_not_application_id())),
  date: calendarDate(),
  stage: text({ min: 1, max: 40, empty: () => m.live_schedule_choose_stage() }),
  start: timeOfDaySchema,
  pinned: z.boolean().default(false),
})
export type SchedulePlacement = z.output<typeof schedulePlacementSchema>

/** Saving the draft: the whole set of placements (a proposal applied, or the editor's state). */
export const draftInputSchema = z
  .object({ placements: z.array(schedulePlacementSchema).max(500, says(() => m.live_schedule_at_most_performances())) })
  .superRefine((value, context) => {
    const seen = new Set<string>()
    value.placements.forEach((placement, index) => {
      if (seen.has(placement.performanceId)) context.addIssue({ code: 'custom', path: ['placements', index, 'performanceId'], message: m.live_schedule_placed_twice() })
      seen.add(placement.performanceId)
    })
  })
export type DraftInput = z.input<typeof draftInputSchema>

/** Running the generator: a preset or own weights, a seed (same input + seed → same output). */
export const generateInputSchema = z.object({
  preset: z.enum(timetablePresetNames).optional(),
  weights: timetableWeightsSchema.optional(),
  seed: z.number(says(() => m.live_schedule_seed_required())).int(says(() => m.live_schedule_whole_number())).min(0).max(2_147_483_647).default(1),
  /** Search effort, 1 = default (more tries, same result for the same seed). */
  effort: z.number().min(0.1).max(10).default(1),
  /** Keep the draft's pinned placements where they are (default), or ignore the pins. */
  keepPins: z.boolean().default(true),
  /** Performances (application ids) the executives want to open or close a day: the "first or last" goal. */
  wishes: z
    .record(z.uuid(says(() => m.live_schedule_not_application_id())), z.enum(['first', 'last'], says(() => m.live_schedule_choose_first_last())))
    .refine((wishes) => Object.keys(wishes).length <= 500, says(() => m.live_schedule_at_most_wishes()))
    .default({}),
})
export type GenerateInput = z.input<typeof generateInputSchema>

/**
 * `GET …/timetable/input` (issue 35): the live as the generator's input for `npm run timetable`,
 * with the generator's parameters as one JSON query parameter, checked with `generateInputSchema`.
 */
export const timetableInputQuerySchema = z.object({
  parameters: z
    .string()
    .max(60_000, 'At most 60 000 characters')
    .default('{}')
    .transform((value, context) => {
      try {
        return JSON.parse(value) as unknown
      } catch {
        context.addIssue({ code: 'custom', message: 'Not JSON' })
        return z.NEVER
      }
    })
    .pipe(generateInputSchema),
})

/** One performance as the timetable screens show it. */
export const schedulePerformanceSchema = z.object({
  id: z.uuid(),
  bandId: z.uuid(),
  bandName: z.string(),
  minutes: z.number().int(),
  members: z.array(z.object({ id: z.uuid(), displayName: z.string(), part: z.string() })),
  preferredDay: z.string().nullable(),
  unavailable: z.array(z.object({ date: z.string(), from: z.string(), to: z.string(), reason: z.string() })),
  /** The band's lowest grade (1–4) in the event's year, null when none: the "lower grades earlier" goal. */
  grade: z.number().int().nullable(),
  /** The caller plays in this band. */
  mine: z.boolean(),
})
export type SchedulePerformance = z.infer<typeof schedulePerformanceSchema>

const placementOutSchema = z.object({
  performanceId: z.uuid(),
  date: z.string(),
  stage: z.string(),
  start: z.string(),
  end: z.string(),
  pinned: z.boolean(),
})
export type PlacementOut = z.infer<typeof placementOutSchema>

const violationSchema = z.object({
  performanceId: z.string(),
  rule: z.string(),
  message: z.string(),
  otherPerformanceId: z.string().optional(),
})

const costSchema = z.object({
  total: z.number(),
  byGoal: z.record(z.string(), z.number()),
  byPerformance: z.record(z.string(), z.record(z.string(), z.number())),
})

/** A stored timetable (the draft or a published version) with its checks. */
export const storedTimetableSchema = z.object({
  version: z.number().int(),
  status: z.enum(['draft', 'published']),
  placements: z.array(placementOutSchema),
  /** Every broken hard rule, on the performance it is shown on. */
  violations: z.array(violationSchema),
  cost: costSchema,
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
})
export type StoredTimetable = z.infer<typeof storedTimetableSchema>

/**
 * GET /api/events/:eventId/timetable: members get the latest published version (`draft` null);
 * executives also get the draft. `performances` are the accepted applications.
 */
export const timetableViewSchema = z.object({
  eventId: z.uuid(),
  performances: z.array(schedulePerformanceSchema),
  published: storedTimetableSchema.nullable(),
  draft: storedTimetableSchema.nullable(),
})
export type TimetableView = z.infer<typeof timetableViewSchema>

/** A generator proposal (not saved): the result plus the weights and seed it came from. */
export const proposalSchema = z.object({
  seed: z.number().int(),
  weights: z.record(z.string(), z.number()),
  placements: z.array(placementOutSchema),
  unplaced: z.array(z.object({ performanceId: z.string(), rule: z.string(), message: z.string() })),
  cost: costSchema,
  lowerBound: z.number().nullable(),
  gapPercent: z.number().nullable(),
  provenOptimal: z.boolean(),
  milliseconds: z.number(),
})
export type Proposal = z.infer<typeof proposalSchema>

/** Publishing: a draft that breaks a hard rule needs `confirmBreaks: true` (409 TIMETABLE_HAS_BREAKS otherwise). */
export const publishInputSchema = z.object({ confirmBreaks: z.boolean().default(false) })
export type PublishInput = z.input<typeof publishInputSchema>

/** "Keep improving" (issue 35, decision 045): the time limit an executive may pick, in seconds. */
export const improvementSeconds = { min: 10, max: 120, default: 30 } as const

/**
 * Starting "Keep improving": the generator's input (preset or weights, seed, effort, pins,
 * wishes) and a time limit. `evaluations` (moves tried, summed over the searches) makes a run
 * the same every time — the tests and the bench use it; the screen does not.
 */
export const improveInputSchema = generateInputSchema.extend({
  seconds: z
    .number(says(() => m.live_schedule_seconds_required()))
    .int(says(() => m.live_schedule_whole_seconds()))
    .min(improvementSeconds.min, says(() => m.live_schedule_at_least_seconds({ seconds: improvementSeconds.min })))
    .max(improvementSeconds.max, says(() => m.live_schedule_at_most_seconds({ seconds: improvementSeconds.max })))
    .default(improvementSeconds.default),
  evaluations: z.number(says(() => m.live_schedule_moves_required())).int(says(() => m.live_schedule_whole_moves())).min(1, says(() => m.live_schedule_at_least_move())).max(1_000_000_000, says(() => m.live_schedule_at_most_moves())).optional(),
})
export type ImproveInput = z.input<typeof improveInputSchema>

/** running → finished (time limit, move budget or proven best), stopped (Stop, or its server went away) or failed. */
export const improvementStatuses = ['running', 'finished', 'stopped', 'failed'] as const
export type ImprovementStatus = (typeof improvementStatuses)[number]

/**
 * Where the proven bound comes from: `estimate`, the quick assignment bound (every live);
 * `calculation`, the linear relaxation of the whole timetable (compact goals, up to 40 bands).
 */
export const boundSources = ['estimate', 'calculation'] as const
export type BoundSource = (typeof boundSources)[number]

/** A live's latest "Keep improving" run: its state and how good the best timetable is. */
export const improvementSchema = z.object({
  status: z.enum(improvementStatuses),
  /** Stop was pressed; the searches under way end first (a few seconds at most). */
  stopRequested: z.boolean(),
  seed: z.number().int(),
  /** The time limit, and the seconds run so far (at most the limit while running). */
  seconds: z.number().int(),
  secondsDone: z.number(),
  evaluations: z.number().int().nullable(),
  /** Searches finished and how many of them found a better timetable. */
  searches: z.number().int(),
  improvements: z.number().int(),
  /** The best timetable's cost (null before the first search ends), its proven bound and the gap in %. */
  cost: z.number().nullable(),
  bound: z.number().nullable(),
  gapPercent: z.number().nullable(),
  provenOptimal: z.boolean(),
  boundSource: z.enum(boundSources).nullable(),
  /** Performances the best timetable leaves out. */
  unplaced: z.number().int().nullable(),
  startedBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the best timetable was last saved as the draft (the draft's `updatedAt` then). */
  savedAt: z.string().nullable(),
  /** Why it stopped or failed, in a sentence; null otherwise. */
  message: z.string().nullable(),
})
export type Improvement = z.infer<typeof improvementSchema>

/** GET …/timetable/improvement: the latest run, or null when none has run for this live. */
export const improvementViewSchema = z.object({ improvement: improvementSchema.nullable() })
export type ImprovementView = z.infer<typeof improvementViewSchema>
