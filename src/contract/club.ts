import { z } from 'zod'
import { says, text, calendarDate } from './text'
import { clubSettingsSchema } from './settings'
import { languages } from '../i18n/language'
import { m } from '../i18n/paraglide/messages.js'

/** What every screen may know about the club (public): grades and the term depend on it. */
export const clubInfoSchema = z.object({
  clubName: z.string(),
  timeZone: z.string(),
  /** The club's default language (decision 046). */
  language: z.enum(languages),
  academicYearStartMonth: z.number().int(),
  currentTerm: z.number().int(),
})
export type ClubInfo = z.infer<typeof clubInfoSchema>

const settingsKeys = Object.keys(clubSettingsSchema.shape) as Array<keyof typeof clubSettingsSchema.shape>

/**
 * PUT /api/settings replaces the whole document, so every section must be sent: a body that
 * leaves one out would otherwise silently reset it to its default.
 */
export const clubSettingsUpdateSchema = z
  .object(Object.fromEntries(settingsKeys.map((key) => [key, z.custom<unknown>((value) => value !== undefined, says(() => m.club_required()))])))
  .loose()
  .pipe(clubSettingsSchema)

export const uuidParam = z.uuid(says(() => m.club_not_valid_id()))

// ── Rooms ────────────────────────────────────────────────────────────────────────────────

const roomFields = {
  name: text({ min: 1, max: 40, empty: () => m.club_enter_name() }),
  capacity: z.number(says(() => m.club_enter_number())).int(says(() => m.club_enter_whole_number())).min(1, says(() => m.club_at_least_1_person())).max(200, says(() => m.club_at_most_200_people())),
  active: z.boolean(),
  shownPublicly: z.boolean(),
  sortOrder: z.number().int().min(0, says(() => m.club_at_least_0())).max(10_000, says(() => m.club_at_most_10000())),
}
export const roomInputSchema = z.object({
  ...roomFields,
  active: roomFields.active.default(true),
  shownPublicly: roomFields.shownPublicly.default(true),
  sortOrder: roomFields.sortOrder.default(0),
})
export type RoomInput = z.input<typeof roomInputSchema>
export const roomPatchSchema = z
  .object(roomFields)
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), says(() => m.club_change_one_field()))
export type RoomPatch = z.infer<typeof roomPatchSchema>

export const roomSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  capacity: z.number().int(),
  active: z.boolean(),
  shownPublicly: z.boolean(),
  sortOrder: z.number().int(),
})
export type Room = z.infer<typeof roomSchema>
export const roomListSchema = z.object({ items: z.array(roomSchema) })
export const roomParamsSchema = z.object({ roomId: uuidParam })

// ── Periods ──────────────────────────────────────────────────────────────────────────────

export const timeOfDaySchema = z
  .string(says(() => m.club_enter_time()))
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, says(() => m.club_time_format_0900()))

const periodFields = {
  label: text({ min: 1, max: 40, empty: () => m.club_enter_label() }),
  startsAt: timeOfDaySchema,
  endsAt: timeOfDaySchema,
}
const startBeforeEnd = (value: { startsAt?: string; endsAt?: string }, context: z.RefinementCtx) => {
  if (value.startsAt && value.endsAt && value.startsAt >= value.endsAt) {
    context.addIssue({ code: 'custom', path: ['endsAt'], message: m.club_end_after_start() })
  }
}
export const periodInputSchema = z.object(periodFields).superRefine(startBeforeEnd)
export type PeriodInput = z.infer<typeof periodInputSchema>
export const periodPatchSchema = z
  .object(periodFields)
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), says(() => m.club_change_one_field()))
export type PeriodPatch = z.infer<typeof periodPatchSchema>

export const periodSchema = z.object({ id: z.uuid(), label: z.string(), startsAt: z.string(), endsAt: z.string() })
export type Period = z.infer<typeof periodSchema>
export const periodListSchema = z.object({ items: z.array(periodSchema) })
export const periodParamsSchema = z.object({ periodId: uuidParam })

// ── Blackouts ────────────────────────────────────────────────────────────────────────────

export const isoDateSchema = calendarDate()

export const blackoutInputSchema = z
  .object({
    startsOn: isoDateSchema,
    endsOn: isoDateSchema,
    /** null: every room. */
    roomIds: z
      .array(z.uuid(says(() => m.club_not_valid_room())))
      .min(1, says(() => m.club_choose_one_room()))
      .max(100, says(() => m.club_too_many_rooms()))
      .refine((ids) => new Set(ids).size === ids.length, 'A room is listed twice')
      .nullable(),
    reason: text({ min: 1, max: 200, empty: () => m.club_enter_reason() }),
  })
  .superRefine((value, context) => {
    if (value.startsOn > value.endsOn) {
      context.addIssue({ code: 'custom', path: ['endsOn'], message: m.club_last_before_first() })
    }
  })
export type BlackoutInput = z.infer<typeof blackoutInputSchema>

export const blackoutSchema = z.object({
  id: z.uuid(),
  startsOn: z.string(),
  endsOn: z.string(),
  roomIds: z.array(z.uuid()).nullable(),
  reason: z.string(),
})
export type Blackout = z.infer<typeof blackoutSchema>
export const blackoutListSchema = z.object({ items: z.array(blackoutSchema) })
export const blackoutQuerySchema = z.object({
  /** Blackouts ending on or after this day; today in the club's time zone when omitted. */
  from: isoDateSchema.optional(),
})
export const blackoutParamsSchema = z.object({ blackoutId: uuidParam })

// ── Positions ────────────────────────────────────────────────────────────────────────────

export const termYearSchema = z.number(says(() => m.club_choose_term())).int(says(() => m.club_choose_term())).min(2000, says(() => m.club_choose_term())).max(2100, says(() => m.club_choose_term()))

const positionFields = {
  name: text({ min: 1, max: 40, empty: () => m.club_enter_name() }),
  description: text({ max: 500, multiline: true }),
  sortOrder: z.number().int().min(0, says(() => m.club_at_least_0())).max(10_000, says(() => m.club_at_most_10000())),
}
export const positionInputSchema = z.object({
  name: positionFields.name,
  description: positionFields.description.default(''),
  /** Placed last when omitted. */
  sortOrder: positionFields.sortOrder.optional(),
})
export type PositionInput = z.input<typeof positionInputSchema>
export const positionPatchSchema = z
  .object(positionFields)
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), says(() => m.club_change_one_field()))
export type PositionPatch = z.infer<typeof positionPatchSchema>

export const positionOrderSchema = z.object({
  positionIds: z
    .array(z.uuid())
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'A position is listed twice'),
})

export const positionsQuerySchema = z.object({
  term: z.coerce.number(says(() => m.club_choose_term())).int(says(() => m.club_choose_term())).min(2000, says(() => m.club_choose_term())).max(2100, says(() => m.club_choose_term())).optional(),
})
export const positionParamsSchema = z.object({ positionId: uuidParam })
export const holderParamsSchema = z.object({ holderId: uuidParam })

export const holderInputSchema = z.object({
  userId: z.uuid(says(() => m.club_choose_member())),
  termYear: termYearSchema,
})
export type HolderInput = z.infer<typeof holderInputSchema>

export const gradeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal('graduate'), z.literal('incoming')])

export const positionHolderSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  displayName: z.string(),
  enrollmentYear: z.number().int(),
  /** The grade in the term shown. */
  grade: gradeSchema,
  status: z.string(),
})
export type PositionHolder = z.infer<typeof positionHolderSchema>

export const positionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
  holders: z.array(positionHolderSchema),
})
export type Position = z.infer<typeof positionSchema>

export const positionListSchema = z.object({
  term: z.number().int(),
  currentTerm: z.number().int(),
  items: z.array(positionSchema),
})
export type PositionList = z.infer<typeof positionListSchema>
