import { z } from 'zod'
import { bookingKinds, bookingStatuses, bookingWhens } from './choices'
import { says, text } from './text'
import { isoDateSchema } from './club'
import { pageOf, pagingQuerySchema } from './paging'
import { m } from '../i18n/paraglide/messages.js'

/** Room bookings (SPEC §5.5): one room, one date, one period. */
export { bookingKinds }
export type BookingKind = (typeof bookingKinds)[number]
export { bookingStatuses }
export type BookingStatus = (typeof bookingStatuses)[number]
export const bookingSources = ['booking', 'allocation'] as const
export type BookingSource = (typeof bookingSources)[number]

export const bookingKindLabels: Record<BookingKind, () => string> = {
  band: () => m.bookings_kind_band(),
  personal: () => m.bookings_kind_personal(),
  block: () => m.bookings_kind_block(),
}

/** A booking's status as the reader says it (the list's filter, the CSV and the activity log). */
export const bookingStatusLabels: Record<BookingStatus, () => string> = {
  active: () => m.bookings_status_active(),
  cancelled: () => m.bookings_status_cancelled(),
}

/** The slot a booking takes: room × date × period. */
export const slotSchema = z.object({
  roomId: z.uuid(says(() => m.bookings_choose_room())),
  date: isoDateSchema,
  periodId: z.uuid(says(() => m.bookings_choose_period())),
})
export type Slot = z.infer<typeof slotSchema>

/**
 * A new booking. `band` needs one of the caller's bands; `personal` is the caller's own
 * practice; `block` is an executive closing the slot and needs a reason.
 */
export const bookingInputSchema = slotSchema
  .extend({
    kind: z.enum(bookingKinds, says(() => m.bookings_choose_kind())),
    bandId: z.uuid(says(() => m.bookings_choose_band())).nullish(),
    reason: text({ max: 200 }).nullish(),
  })
  .superRefine((value, context) => {
    if (value.kind === 'band' && !value.bandId) context.addIssue({ code: 'custom', path: ['bandId'], message: m.bookings_choose_band() })
    if (value.kind === 'block' && !value.reason) context.addIssue({ code: 'custom', path: ['reason'], message: m.bookings_say_reason() })
  })
export type BookingInput = z.input<typeof bookingInputSchema>

export const bookingParamsSchema = z.object({ bookingId: z.uuid(says(() => m.bookings_not_booking_id())) })

export const bookingSchema = z.object({
  id: z.uuid(),
  roomId: z.uuid(),
  roomName: z.string(),
  date: z.string(),
  /** Null once the period has been removed from the settings (past bookings keep their times). */
  periodId: z.uuid().nullable(),
  /** Copied when booked: later changes to the period do not rewrite history. */
  periodLabel: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  kind: z.enum(bookingKinds),
  band: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The booker; "Deleted user" (id null) for an anonymised account. */
  bookedBy: z.object({ id: z.uuid().nullable(), displayName: z.string() }),
  reason: z.string().nullable(),
  status: z.enum(bookingStatuses),
  source: z.enum(bookingSources),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** Whether the caller may cancel it now (active, not started, and theirs to cancel). */
  canCancel: z.boolean(),
})
export type Booking = z.infer<typeof bookingSchema>

export const bookingScopes = ['mine', 'all'] as const
export { bookingWhens }

/** The list's filters without paging (the CSV export takes these). `all` is for executives. */
export const bookingFilterSchema = z.object({
  scope: z.enum(bookingScopes).default('mine'),
  when: z.enum(bookingWhens).default('upcoming'),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  roomId: z.uuid(says(() => m.bookings_not_room_id())).optional(),
  bandId: z.uuid(says(() => m.bookings_not_band_id())).optional(),
  kind: z.enum(bookingKinds).optional(),
  status: z.enum(bookingStatuses).optional(),
  /** Band or booker name contains. */
  q: text({ max: 100 }).optional(),
})
export type BookingFilter = z.output<typeof bookingFilterSchema>
export const bookingListQuerySchema = pagingQuerySchema.extend(bookingFilterSchema.shape)
export type BookingListQuery = z.output<typeof bookingListQuerySchema>
export const bookingPageSchema = pageOf(bookingSchema)
export type BookingPage = z.infer<typeof bookingPageSchema>

// ── Checking a slot before booking it ──────────────────────────────────────────────────

/** Same fields as a booking; answers every rule the slot breaks, without booking it. */
export const bookingCheckQuerySchema = slotSchema.extend({
  kind: z.enum(bookingKinds).default('band'),
  bandId: z.uuid(says(() => m.bookings_choose_band())).optional(),
})
export type BookingCheckQuery = z.input<typeof bookingCheckQuerySchema>

export const bookingProblemSchema = z.object({ code: z.string(), message: z.string() })
export type BookingProblem = z.infer<typeof bookingProblemSchema>
export const bookingCheckSchema = z.object({ bookable: z.boolean(), problems: z.array(bookingProblemSchema) })
export type BookingCheck = z.infer<typeof bookingCheckSchema>

// ── Weekly quota ───────────────────────────────────────────────────────────────────────

export const quotaQuerySchema = z.object({ date: isoDateSchema })
const quotaCountSchema = z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() })
export const quotaSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  /** Executives and admins may go past the quotas. */
  mayExceed: z.boolean(),
  personal: quotaCountSchema.extend({ allowed: z.boolean() }),
  bands: z.array(quotaCountSchema.extend({ bandId: z.uuid(), name: z.string() })),
})
export type Quota = z.infer<typeof quotaSchema>

// ── Week schedules ─────────────────────────────────────────────────────────────────────

export const weekQuerySchema = z.object({
  /** Any day of the wanted week; this week when omitted. */
  week: isoDateSchema.optional(),
})

const scheduleRoomSchema = z.object({ id: z.uuid(), name: z.string(), active: z.boolean() })
const schedulePeriodSchema = z.object({ id: z.uuid(), label: z.string(), startsAt: z.string(), endsAt: z.string() })
/** One closed day for one room, or for every room (`roomId` null). */
const scheduleBlackoutSchema = z.object({ date: z.string(), roomId: z.uuid().nullable(), reason: z.string() })

const weekFrame = {
  weekStart: z.string(),
  days: z.array(z.string()),
  today: z.string(),
  rooms: z.array(scheduleRoomSchema),
  periods: z.array(schedulePeriodSchema),
  blackouts: z.array(scheduleBlackoutSchema),
}

/** The signed-in week grid: every booking with its band or person; the caller's own marked. */
export const scheduleEntrySchema = z.object({
  id: z.uuid(),
  roomId: z.uuid(),
  date: z.string(),
  periodId: z.uuid(),
  kind: z.enum(bookingKinds),
  /** Band name, the person's name for personal practice, or the closure's reason. */
  label: z.string(),
  bandId: z.uuid().nullable(),
  /** Booked by the caller, for the caller, or for one of the caller's bands. */
  mine: z.boolean(),
})
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>

export const weekScheduleSchema = z.object({
  ...weekFrame,
  /** Slots that start at or before this instant cannot be booked. */
  now: z.string(),
  /** The last bookable date (today + horizon). */
  lastBookableDate: z.string(),
  entries: z.array(scheduleEntrySchema),
  /**
   * The cells (taking-part rooms × periods, every day of the week) an allocation round holds
   * back from first-come booking (issue 15), and why in words with when; null or absent when none.
   */
  allocationHold: z.object({ roomIds: z.array(z.uuid()), periodIds: z.array(z.uuid()), message: z.string() }).nullish(),
})
export type WeekSchedule = z.infer<typeof weekScheduleSchema>

/** The public grid: active rooms shown publicly; a band's name only when the settings allow, never a person's. */
export const publicScheduleEntrySchema = z.object({
  roomId: z.uuid(),
  date: z.string(),
  periodId: z.uuid(),
  kind: z.enum(bookingKinds),
  /** The band's name, "Booked", "Personal practice" or "Closed". */
  label: z.string(),
})
export type PublicScheduleEntry = z.infer<typeof publicScheduleEntrySchema>

export const publicScheduleQuerySchema = weekQuerySchema.extend({ room: z.uuid(says(() => m.bookings_not_room_id())).optional() })

export const publicScheduleSchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false), clubName: z.string() }),
  z.object({
    enabled: z.literal(true),
    clubName: z.string(),
    /** The club's time zone: a visitor's browser marks today's periods that have started as past with it. */
    timeZone: z.string(),
    ...weekFrame,
    entries: z.array(publicScheduleEntrySchema),
  }),
])
export type PublicSchedule = z.infer<typeof publicScheduleSchema>
