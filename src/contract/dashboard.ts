import { z } from 'zod'
import { roundStatuses } from './allocation-rounds'
import { sessionUserSchema } from './auth'
import { additionalInfoFields } from './people'
import { applicationStatuses, bandStatuses, bookingKinds, eventKinds, parts, seasons } from './choices'
import { m } from '../i18n/paraglide/messages.js'

/**
 * The dashboards (SPEC §5.9, issue 17, decision 025). `GET /api/dashboard` answers every card
 * of a member's dashboard in one request; `GET /api/dashboard/club` the executives' charts.
 * Days are ISO dates and times `HH:MM`, both in the club's time zone; instants ISO strings.
 */

/** How many rows a card shows at most: the full lists are a link away. */
export const DASHBOARD_LIMITS = { bookings: 5, feedback: 3, performances: 10, notices: 3, files: 5 } as const

/** Files uploaded within this many days are "new" on the dashboard. */
export const NEW_FILE_DAYS = 14

/** Under this many hours before an application deadline, the screen counts down (issue 17: 3 days). */
export const COUNTDOWN_HOURS = 72

const personSchema = z.object({ id: z.uuid().nullable(), displayName: z.string() })
const bandRefSchema = z.object({ id: z.uuid(), name: z.string() })

export const dashboardBookingSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  periodLabel: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  roomName: z.string(),
  kind: z.enum(bookingKinds),
  band: bandRefSchema.nullable(),
  /** Who plays: the band's members for a band booking, the person practising for a personal one. */
  people: z.array(personSchema),
})
export type DashboardBooking = z.infer<typeof dashboardBookingSchema>

export const dashboardBandSchema = bandRefSchema.extend({
  status: z.enum(bandStatuses),
  /** My part in it. */
  part: z.string(),
  isLeader: z.boolean(),
  members: z.array(personSchema.extend({ part: z.string() })),
})
export type DashboardBand = z.infer<typeof dashboardBandSchema>

export const dashboardLiveSchema = z.object({
  id: z.uuid(),
  kind: z.enum(eventKinds),
  season: z.enum(seasons).nullable(),
  title: z.string(),
  firstDay: z.string(),
  applicationClosesAt: z.string(),
  /** The deadline in the club's time zone, e.g. "23:59 on Wed 3 Jun". */
  closesLabel: z.string(),
  /** My bands' applications to it (withdrawn ones left out). */
  applications: z.array(z.object({ id: z.uuid(), band: bandRefSchema, status: z.enum(applicationStatuses) })),
})
export type DashboardLive = z.infer<typeof dashboardLiveSchema>

export const dashboardPerformanceSchema = z.object({
  applicationId: z.uuid(),
  event: z.object({ id: z.uuid(), title: z.string() }),
  band: bandRefSchema,
  date: z.string(),
  stage: z.string(),
  start: z.string(),
  end: z.string(),
})
export type DashboardPerformance = z.infer<typeof dashboardPerformanceSchema>

export const dashboardFeedbackSchema = z.object({
  id: z.uuid(),
  event: z.object({ id: z.uuid(), title: z.string() }),
  band: bandRefSchema,
  body: z.string(),
  /** Null when anonymous (admins excepted, as everywhere: decision 022). */
  author: personSchema.nullable(),
  createdAt: z.string(),
})
export type DashboardFeedback = z.infer<typeof dashboardFeedbackSchema>

export const dashboardRoundSchema = z.object({
  id: z.uuid(),
  /** Monday of the week the rooms are allocated for. */
  weekStart: z.string(),
  closesAt: z.string(),
  /** "23:59 on Wed 3 Jun" in the club's time zone. */
  closesLabel: z.string(),
  /** My bands that sent wishes to it, with how many. */
  wishes: z.array(z.object({ band: bandRefSchema, count: z.number().int(), wants: z.number().int() })),
})
export type DashboardRound = z.infer<typeof dashboardRoundSchema>

export const dashboardSchema = z.object({
  /** The caller as the server sees them now (as GET /api/me): a new position or name shows without signing in again. */
  user: sessionUserSchema,
  /** The club's today and the server's now, for countdowns that do not trust the phone's clock. */
  today: z.string(),
  now: z.string(),
  bookings: z.array(dashboardBookingSchema),
  bands: z.array(dashboardBandSchema),
  openLives: z.array(dashboardLiveSchema),
  performances: z.array(dashboardPerformanceSchema),
  feedback: z.array(dashboardFeedbackSchema),
  /** Allocation rounds taking wishes now, with my bands' wishes. */
  allocationRounds: z.array(dashboardRoundSchema),
  /** My unread notices: how many, and the latest few. */
  notices: z.object({ unread: z.number().int(), latest: z.array(z.object({ id: z.uuid(), title: z.string(), link: z.string().nullable(), createdAt: z.string() })) }),
  /** Files I may see uploaded in the last NEW_FILE_DAYS days, newest first. */
  newFiles: z.array(z.object({ id: z.uuid(), name: z.string(), createdAt: z.string() })),
  /** Required university details still missing; empty when complete. */
  missingInfo: z.array(z.enum(additionalInfoFields)),
})
export type Dashboard = z.infer<typeof dashboardSchema>

// ── The club at a glance (executives) ─────────────────────────────────────────────────

/** How many rounds the demand-vs-supply chart shows. */
export const ALLOCATION_ROUNDS_CHARTED = 6

export const gradeKeys = ['1', '2', '3', '4', 'graduate', 'incoming'] as const
export type GradeKey = (typeof gradeKeys)[number]
/** Each grade's words, in the language shown (decision 046). */
export const gradeKeyLabels: Record<GradeKey, () => string> = {
  1: () => m.dashboard_grade_1(),
  2: () => m.dashboard_grade_2(),
  3: () => m.dashboard_grade_3(),
  4: () => m.dashboard_grade_4(),
  graduate: () => m.dashboard_grade_graduate(),
  incoming: () => m.dashboard_grade_incoming(),
}
/** Parts as members give them in their intro, and "Not given" for members without one. */
export const partKeys = [...parts, 'Not given'] as const

export const clubDashboardSchema = z.object({
  weekStart: z.string(),
  /** The week's days (Mon–Sun). */
  days: z.array(z.string()),
  periods: z.array(z.object({ id: z.uuid(), label: z.string() })),
  /** Room use this week: per room, per period and day, the active bookings (0 or 1 per slot). */
  roomUse: z.array(
    z.object({
      room: z.object({ id: z.uuid(), name: z.string() }),
      cells: z.array(z.object({ date: z.string(), periodId: z.uuid(), kind: z.enum(bookingKinds) })),
    }),
  ),
  /** The last 8 weeks (Monday of each, oldest first) and each band's active bookings in them. */
  weeks: z.array(z.string()),
  bookingsPerBand: z.array(z.object({ band: bandRefSchema, counts: z.array(z.number().int()), total: z.number().int() })),
  /** Active members by part (a member with two parts counts in both) and grade this term. */
  membersByPart: z.array(z.object({ part: z.string(), counts: z.record(z.enum(gradeKeys), z.number().int()), total: z.number().int() })),
  activeMembers: z.number().int(),
  /** Lives not archived (drafts too), newest first, with their applications by status. */
  applicationsPerLive: z.array(z.object({ event: z.object({ id: z.uuid(), title: z.string() }), counts: z.record(z.enum(applicationStatuses), z.number().int()) })),
  /**
   * Allocation demand vs supply: the latest ALLOCATION_ROUNDS_CHARTED rounds that have opened,
   * newest first. `asked`: periods the bands asked for (each band's wanted periods, at most the
   * round's periods per band and its different wished slots); `offered`: the round's cells
   * (rooms × periods × days) less closures and existing bookings, as the last run saw them, or
   * as planned before it ran; `given`: periods in the draft or published result, null before
   * the run.
   */
  allocationRounds: z.array(
    z.object({
      id: z.uuid(),
      weekStart: z.string(),
      status: z.enum(roundStatuses),
      bands: z.number().int(),
      asked: z.number().int(),
      offered: z.number().int(),
      given: z.number().int().nullable(),
    }),
  ),
})
export type ClubDashboard = z.infer<typeof clubDashboardSchema>
