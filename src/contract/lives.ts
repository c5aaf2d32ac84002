import { z } from 'zod'
import { applicationSorts, applicationStatuses, eventKindLabels, wordedLabels, eventKinds, isSeason, liveKindName, seasonLabels, seasons, type EventKind, type Season } from './choices'
import { says, text } from './text'
import { m } from '../i18n/paraglide/messages.js'
import { isoDateSchema, timeOfDaySchema, uuidParam } from './club'
import { pageOf, pagingQuerySchema } from './paging'

/**
 * Lives (SPEC §5.6): events, the bands' applications, their review, the participants and the
 * accepted bands. Times of day are wall-clock `HH:MM` and days ISO dates, both in the club's
 * time zone; the application window is two instants.
 */

// ── Kinds, seasons, statuses ──────────────────────────────────────────────────────────

export { eventKinds, seasons, type EventKind, type Season }
export const eventStatuses = ['draft', 'open', 'closed', 'scheduled', 'published', 'archived'] as const
export type EventStatus = (typeof eventStatuses)[number]
export { applicationStatuses }
export type ApplicationStatus = (typeof applicationStatuses)[number]
/** What an executive may decide in a review. */
export const reviewDecisions = ['accepted', 'waitlisted', 'rejected'] as const
export type ReviewDecision = (typeof reviewDecisions)[number]

export { seasonLabels, eventKindLabels }
export const eventStatusLabels = wordedLabels<EventStatus>({
  draft: () => m.lives_status_draft(),
  open: () => m.lives_status_open(),
  closed: () => m.lives_status_closed(),
  scheduled: () => m.lives_status_scheduled(),
  published: () => m.lives_status_published(),
  archived: () => m.lives_status_archived(),
})
export const applicationStatusLabels = wordedLabels<ApplicationStatus>({
  submitted: () => m.lives_application_submitted(),
  accepted: () => m.lives_application_accepted(),
  waitlisted: () => m.lives_application_waitlisted(),
  rejected: () => m.lives_application_rejected(),
  withdrawn: () => m.lives_application_withdrawn(),
})

export { isSeason, liveKindName }

/** Which kind of live a screen is about. */
export const liveKindSchema = z
  .object({ kind: z.enum(eventKinds, says(() => m.lives_choose_kind())), season: z.enum(seasons, says(() => m.lives_choose_season())).nullish() })
  .superRefine((value, context) => {
    if (value.kind === 'seasonal' && !value.season) context.addIssue({ code: 'custom', path: ['season'], message: m.lives_choose_season() })
  })
export type LiveKind = z.output<typeof liveKindSchema>

// ── Events ─────────────────────────────────────────────────────────────────────────────

/** `HH:MM` to minutes after midnight. */
export const minutesOfDay = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
}

export const stageSchema = z
  .object({
    name: text({ min: 1, max: 40, empty: () => m.lives_stage_name_required() }),
    opensAt: timeOfDaySchema,
    closesAt: timeOfDaySchema,
  })
  .superRefine((stage, context) => {
    if (minutesOfDay(stage.closesAt) <= minutesOfDay(stage.opensAt)) {
      context.addIssue({ code: 'custom', path: ['closesAt'], message: m.lives_after_opening() })
    }
  })
export type Stage = z.output<typeof stageSchema>

export const eventDaySchema = z
  .object({
    date: isoDateSchema,
    stages: z.array(stageSchema).min(1, says(() => m.lives_add_stage())).max(4, says(() => m.lives_at_most_stages())),
  })
  .superRefine((day, context) => {
    const seen = new Set<string>()
    day.stages.forEach((stage, index) => {
      const key = stage.name.toLowerCase()
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['stages', index, 'name'], message: m.lives_stage_name_taken() })
      seen.add(key)
    })
  })
export type EventDay = z.output<typeof eventDaySchema>

/** An instant with its offset, e.g. `2026-06-01T09:00:00+09:00` or `…Z`. */
export const instantSchema = z.iso.datetime({ offset: true, error: () => m.lives_choose_date_time() })

const eventFields = {
  kind: z.enum(eventKinds, says(() => m.lives_choose_kind())),
  season: z.enum(seasons, says(() => m.lives_choose_season())).nullish(),
  title: text({ min: 1, max: 100, empty: () => m.lives_title_required() }),
  academicYear: z.number(says(() => m.lives_academic_year_required())).int(says(() => m.lives_academic_year_required())).min(2000, says(() => m.lives_academic_year_required())).max(2100, says(() => m.lives_academic_year_required())),
  venue: text({ max: 200 }).default(''),
  days: z.array(eventDaySchema).min(1, says(() => m.lives_add_day())).max(7, says(() => m.lives_at_most_days())),
  defaultPerformanceMinutes: z.number(says(() => m.lives_minutes_required())).int(says(() => m.lives_whole_minutes())).min(5, says(() => m.lives_at_least_minutes({ minutes: 5 }))).max(120, says(() => m.lives_at_most_minutes({ minutes: 120 }))),
  changeoverMinutes: z.number(says(() => m.lives_minutes_required())).int(says(() => m.lives_whole_minutes())).min(0, says(() => m.lives_not_negative())).max(60, says(() => m.lives_at_most_minutes({ minutes: 60 }))),
  musicianGapMinutes: z.number(says(() => m.lives_minutes_required())).int(says(() => m.lives_whole_minutes())).min(0, says(() => m.lives_not_negative())).max(240, says(() => m.lives_at_most_minutes({ minutes: 240 }))),
  applicationOpensAt: instantSchema,
  applicationClosesAt: instantSchema,
  bandLimit: z.number(says(() => m.lives_number_required())).int(says(() => m.lives_whole_number())).min(1, says(() => m.lives_at_least_number({ number: 1 }))).max(200, says(() => m.lives_at_most_number({ number: 200 }))).nullish(),
  status: z.enum(eventStatuses, says(() => m.lives_choose_status())).default('draft'),
}

/** Creating or editing an event: the whole event each time (the dialog edits every field). */
export const eventInputSchema = z.object(eventFields).superRefine((event, context) => {
  if (event.kind === 'seasonal' && !event.season) context.addIssue({ code: 'custom', path: ['season'], message: m.lives_choose_season() })
  if (event.kind !== 'seasonal' && event.season) context.addIssue({ code: 'custom', path: ['season'], message: m.lives_season_only_seasonal() })
  if (Date.parse(event.applicationClosesAt) <= Date.parse(event.applicationOpensAt)) {
    context.addIssue({ code: 'custom', path: ['applicationClosesAt'], message: m.lives_after_applications_open() })
  }
  const dates = new Set<string>()
  event.days.forEach((day, index) => {
    if (dates.has(day.date)) context.addIssue({ code: 'custom', path: ['days', index, 'date'], message: m.lives_day_listed() })
    dates.add(day.date)
  })
})
export type EventInput = z.input<typeof eventInputSchema>
export type EventInputValue = z.output<typeof eventInputSchema>

export const eventParamsSchema = z.object({ eventId: uuidParam })

/** Whether a band may apply, edit or withdraw now, and why not, in a sentence. */
export const applicationWindowStates = ['not_yet', 'open', 'closed'] as const
export const applicationWindowSchema = z.object({
  state: z.enum(applicationWindowStates),
  /** "Applications close at 23:59 on Fri 10 Jul.", "Applications closed at 23:59 on Fri 10 Jul.", … */
  message: z.string(),
})
export type ApplicationWindow = z.infer<typeof applicationWindowSchema>

export const eventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(eventKinds),
  season: z.enum(seasons).nullable(),
  title: z.string(),
  academicYear: z.number().int(),
  venue: z.string(),
  days: z.array(z.object({ date: z.string(), stages: z.array(z.object({ name: z.string(), opensAt: z.string(), closesAt: z.string() })) })),
  defaultPerformanceMinutes: z.number().int(),
  changeoverMinutes: z.number().int(),
  musicianGapMinutes: z.number().int(),
  applicationOpensAt: z.string(),
  applicationClosesAt: z.string(),
  bandLimit: z.number().int().nullable(),
  status: z.enum(eventStatuses),
  /** Σ over days and stages of the opening hours, in minutes. */
  capacityMinutes: z.number().int(),
  applicationWindow: applicationWindowSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type LiveEvent = z.infer<typeof eventSchema>

export const eventListQuerySchema = z.object({
  kind: z.enum(eventKinds).optional(),
  season: z.enum(seasons).optional(),
  /** Only events whose application window is open now. */
  open: z.stringbool().optional(),
})
export const eventListSchema = z.object({ items: z.array(eventSchema) })

/**
 * The current event of a kind: the newest (by creation) of the current academic year that is
 * not archived; `event` is null when there is none.
 */
export const currentEventQuerySchema = liveKindSchema
export const currentEventSchema = z.object({ academicYear: z.number().int(), event: eventSchema.nullable() })
export type CurrentEvent = z.infer<typeof currentEventSchema>

// ── Applications ───────────────────────────────────────────────────────────────────────

/** A song's length as `m:ss` or `mm:ss` (up to 59:59). */
export const songLengthSchema = z
  .string()
  .trim()
  .regex(/^([0-5]?\d):[0-5]\d$/, says(() => m.lives_song_length_format()))
  .refine((value) => songSeconds(value) > 0, says(() => m.lives_song_length_zero()))

export function songSeconds(length: string) {
  const [minutes, seconds] = length.split(':').map(Number) as [number, number]
  return minutes * 60 + seconds
}

export const songSchema = z.object({
  title: text({ min: 1, max: 100, empty: () => m.lives_song_title_required() }),
  artist: text({ max: 100 }).default(''),
  length: songLengthSchema,
})
export type Song = z.output<typeof songSchema>

/** Minutes a band needs to set up before playing, added to the songs in the suggestion. */
export const SETUP_MINUTES = 5

/** Whole minutes the songs take, rounded up. */
export const songsMinutes = (songs: ReadonlyArray<{ length: string }>) =>
  Math.ceil(songs.reduce((total, song) => total + (songLengthSchema.safeParse(song.length).success ? songSeconds(song.length) : 0), 0) / 60)

/** The requested minutes the form suggests: the songs plus setup, rounded up to 5 minutes. */
export const suggestedMinutes = (songs: ReadonlyArray<{ length: string }>) => Math.ceil((songsMinutes(songs) + SETUP_MINUTES) / 5) * 5

export const unavailableWindowSchema = z
  .object({
    date: isoDateSchema,
    from: timeOfDaySchema,
    to: timeOfDaySchema,
    reason: text({ max: 100 }).default(''),
  })
  .superRefine((window, context) => {
    if (minutesOfDay(window.to) <= minutesOfDay(window.from)) context.addIssue({ code: 'custom', path: ['to'], message: m.lives_after_start() })
  })
export type UnavailableWindow = z.output<typeof unavailableWindowSchema>

/** What a band fills in; the same for every kind of live. */
const applicationFields = {
  songs: z.array(songSchema).min(1, says(() => m.lives_add_song())).max(10, says(() => m.lives_at_most_songs())),
  requestedMinutes: z.number(says(() => m.lives_minutes_required())).int(says(() => m.lives_whole_minutes())).min(5, says(() => m.lives_at_least_minutes({ minutes: 5 }))).max(120, says(() => m.lives_at_most_minutes({ minutes: 120 }))),
  /** One of the event's days, or null for no preference (the service checks it is a day of the event). */
  preferredDay: isoDateSchema.nullish(),
  unavailable: z.array(unavailableWindowSchema).max(10, says(() => m.lives_at_most_windows())).default([]),
  needs: text({ max: 1000, multiline: true }).default(''),
  message: text({ max: 1000, multiline: true }).default(''),
}

const songsFitRequest = (value: { songs: ReadonlyArray<{ length: string }>; requestedMinutes: number }, context: z.RefinementCtx) => {
  const needed = songsMinutes(value.songs)
  if (needed > value.requestedMinutes) {
    context.addIssue({ code: 'custom', path: ['requestedMinutes'], message: m.lives_songs_need_minutes({ needed }) })
  }
}

/** A band's application: which band, and what it asks for. */
export const applicationInputSchema = z.object({ bandId: z.uuid(says(() => m.lives_choose_band())), ...applicationFields }).superRefine(songsFitRequest)
export type ApplicationInput = z.input<typeof applicationInputSchema>
/** Editing an application: everything but the band. */
export const applicationUpdateSchema = z.object(applicationFields).superRefine(songsFitRequest)
export type ApplicationUpdate = z.input<typeof applicationUpdateSchema>

export const applicationParamsSchema = z.object({ applicationId: uuidParam })

const personRefSchema = z.object({ id: z.uuid().nullable(), displayName: z.string() })

export const applicationSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  band: z.object({ id: z.uuid(), name: z.string() }),
  /** The band's current members (active accounts), leader first. */
  members: z.array(z.object({ id: z.uuid(), displayName: z.string(), part: z.string(), isLeader: z.boolean() })),
  /** "Deleted user" (id null) for an anonymised account. */
  submittedBy: personRefSchema,
  songs: z.array(z.object({ title: z.string(), artist: z.string(), length: z.string() })),
  requestedMinutes: z.number().int(),
  preferredDay: z.string().nullable(),
  unavailable: z.array(z.object({ date: z.string(), from: z.string(), to: z.string(), reason: z.string() })),
  needs: z.string(),
  message: z.string(),
  status: z.enum(applicationStatuses),
  reviewNote: z.string().nullable(),
  reviewedBy: personRefSchema.nullable(),
  reviewedAt: z.string().nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may edit or withdraw it now (a band member, window open, not withdrawn or rejected). */
  canEdit: z.boolean(),
})
export type Application = z.infer<typeof applicationSchema>

export { applicationSorts }
export type ApplicationSort = (typeof applicationSorts)[number]
export const applicationScopes = ['mine', 'all'] as const

export const applicationListQuerySchema = pagingQuerySchema.extend({
  /** `mine`: the caller's bands' applications; `all` is for executives. */
  scope: z.enum(applicationScopes).default('mine'),
  status: z.enum(applicationStatuses).optional(),
  bandId: z.uuid(says(() => m.lives_not_band_id())).optional(),
  /** Band name contains. */
  q: text({ max: 100 }).optional(),
  sort: z.enum(applicationSorts).default('submitted'),
})
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>

/** The running totals executives review against (over the whole event, whatever the filters). */
export const applicationSummarySchema = z.object({
  counts: z.record(z.enum(applicationStatuses), z.number().int()),
  acceptedMinutes: z.number().int(),
  /** changeoverMinutes × (accepted bands − 1 per stage-day), at least 0: the gaps the accepted bands need. */
  acceptedChangeoverMinutes: z.number().int(),
  capacityMinutes: z.number().int(),
  bandLimit: z.number().int().nullable(),
})
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>

export const applicationPageSchema = pageOf(applicationSchema).extend({ summary: applicationSummarySchema })
export type ApplicationPage = z.infer<typeof applicationPageSchema>

export const reviewInputSchema = z
  .object({
    status: z.enum(reviewDecisions, says(() => m.lives_choose_decision())),
    note: text({ max: 500, multiline: true }).default(''),
  })
  .superRefine((value, context) => {
    if (value.status === 'rejected' && !value.note) context.addIssue({ code: 'custom', path: ['note'], message: m.lives_say_why_band() })
  })
export type ReviewInput = z.input<typeof reviewInputSchema>

export const bulkReviewInputSchema = z
  .object({
    applicationIds: z.array(z.uuid(says(() => m.lives_not_application_id()))).min(1, says(() => m.lives_choose_application())).max(200, says(() => m.lives_at_most_at_once())),
    status: z.enum(reviewDecisions, says(() => m.lives_choose_decision())),
    note: text({ max: 500, multiline: true }).default(''),
  })
  .superRefine((value, context) => {
    if (value.status === 'rejected' && !value.note) context.addIssue({ code: 'custom', path: ['note'], message: m.lives_say_why_bands() })
    if (new Set(value.applicationIds).size !== value.applicationIds.length) {
      context.addIssue({ code: 'custom', path: ['applicationIds'], message: m.lives_application_listed_twice() })
    }
  })
export type BulkReviewInput = z.input<typeof bulkReviewInputSchema>
export const bulkReviewResultSchema = z.object({ updated: z.number().int(), summary: applicationSummarySchema })

// ── Participants and accepted bands ────────────────────────────────────────────────────

/** Private details the university asks for (SPEC §5.1); executives only. */
export const participantDetailsSchema = z.object({
  fullName: z.string().nullable(),
  nameKana: z.string().nullable(),
  studentNumber: z.string().nullable(),
  faculty: z.string().nullable(),
  department: z.string().nullable(),
  phone: z.string().nullable(),
})

export const participantSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  /** "1st year" … "4th year", "Graduate" or "Incoming", in the event's academic year (`gradeLabel`). */
  grade: z.string(),
  /** Distinct parts over their accepted bands, in band order. */
  parts: z.array(z.string()),
  bands: z.array(z.object({ id: z.uuid(), name: z.string(), part: z.string() })),
  /** Executives only (null for members, and when the person has filled nothing in). */
  details: participantDetailsSchema.nullable(),
})
export type Participant = z.infer<typeof participantSchema>

export const participantListSchema = z.object({
  items: z.array(participantSchema),
  /** Participants per grade label ("1st year", …, "Graduate"). */
  countsByGrade: z.array(z.object({ grade: z.string(), count: z.number().int() })),
  /** Whether `details` were included (the caller is an executive). */
  withDetails: z.boolean(),
})
export type ParticipantList = z.infer<typeof participantListSchema>

export const acceptedBandSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  applicationId: z.uuid(),
  requestedMinutes: z.number().int(),
  members: z.array(z.object({ id: z.uuid(), displayName: z.string(), part: z.string(), isLeader: z.boolean() })),
  /** Where and when the band plays in the latest published timetable (issue #7); empty before publishing. */
  slots: z.array(z.object({ date: z.string(), stage: z.string(), start: z.string(), end: z.string() })),
})
export type AcceptedBand = z.infer<typeof acceptedBandSchema>
export const acceptedBandListSchema = z.object({ items: z.array(acceptedBandSchema) })
