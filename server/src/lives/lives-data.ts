import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { SessionUser } from '../../../src/contract/auth'
import { minutesOfDay, type Application, type ApplicationSummary, type ApplicationWindow, type EventDay, type LiveEvent } from '../../../src/contract/lives'
import { deletedMemberName } from '../users/deleted-member'
import { applications, bandMembers, bands, events, users } from '../db/schema'
import type { Executor } from '../db/transaction'
import { notFound } from '../http/errors'
import { formatDay, formatTime } from '../../../src/contract/date-format'
import { m } from '../../../src/i18n/paraglide/messages.js'

/**
 * The lives area's shared reads (SPEC §5.6): an event with its application window, and
 * applications with their band, members and people, each list in a fixed number of queries.
 * events.service.ts (events, applying) and review.service.ts (lists, review, participants)
 * build on these.
 */

export type EventRow = typeof events.$inferSelect
export type ApplicationRow = typeof applications.$inferSelect

export const isPrivileged = (user: Pick<SessionUser, 'role' | 'isExecutive'>) => user.role === 'admin' || user.isExecutive

/** Σ over days and stages of the opening hours, in minutes. */
export const capacityMinutesOf = (days: ReadonlyArray<EventDay>) =>
  days.reduce((total, day) => total + day.stages.reduce((sum, stage) => sum + minutesOfDay(stage.closesAt) - minutesOfDay(stage.opensAt), 0), 0)

/** Stage-days: a changeover is needed between consecutive performances on one stage and day. */
export const stageDaysOf = (days: ReadonlyArray<EventDay>) => days.reduce((total, day) => total + day.stages.length, 0)

/** "23:59 on Fri 10 Jul" in the club's time zone. */
export function instantPhrase(instant: Date, timeZone: string) {
  return m.lives_instant_phrase({ time: formatTime(instant, { timeZone }), day: formatDay(format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd')) })
}

/**
 * Whether bands may apply, edit or withdraw now: the event is `open` and now is inside
 * [opens, closes). The message says why not, or until when.
 */
export function applicationWindowOf(event: Pick<EventRow, 'status' | 'applicationOpensAt' | 'applicationClosesAt' | 'title'>, now: Date, timeZone: string): ApplicationWindow {
  const closes = instantPhrase(event.applicationClosesAt, timeZone)
  if (event.status === 'draft') return { state: 'not_yet', message: m.lives_window_not_open_yet({ live: event.title }) }
  if (event.status !== 'open' || now >= event.applicationClosesAt) {
    return { state: 'closed', message: m.lives_window_closed_at({ live: event.title, closes }) }
  }
  if (now < event.applicationOpensAt) {
    return { state: 'not_yet', message: m.lives_window_opens_at({ live: event.title, opens: instantPhrase(event.applicationOpensAt, timeZone) }) }
  }
  return { state: 'open', message: m.lives_window_closes_at({ closes }) }
}

export function toEvent(row: EventRow, now: Date, timeZone: string): LiveEvent {
  return {
    id: row.id,
    kind: row.kind,
    season: row.season,
    title: row.title,
    academicYear: row.academicYear,
    venue: row.venue,
    days: row.days,
    defaultPerformanceMinutes: row.defaultPerformanceMinutes,
    changeoverMinutes: row.changeoverMinutes,
    musicianGapMinutes: row.musicianGapMinutes,
    applicationOpensAt: row.applicationOpensAt.toISOString(),
    applicationClosesAt: row.applicationClosesAt.toISOString(),
    bandLimit: row.bandLimit,
    status: row.status,
    capacityMinutes: capacityMinutesOf(row.days),
    applicationWindow: applicationWindowOf(row, now, timeZone),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * The event, or 404. `forUpdate` locks its row (take it before any application row). With a
 * `viewer`, a draft is a 404 unless the viewer is an executive or admin: drafts are not shown
 * to members (decision 010-hardening-input).
 */
export async function findEvent(
  executor: Executor,
  eventId: string,
  { forUpdate = false, viewer }: { forUpdate?: boolean; viewer?: Pick<SessionUser, 'role' | 'isExecutive'> } = {},
): Promise<EventRow> {
  const query = executor.select().from(events).where(eq(events.id, eventId))
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row || (viewer && row.status === 'draft' && !isPrivileged(viewer))) throw notFound(m.lives_no_such_live())
  return row
}

/** The bands a user is a member of now. */
export async function bandIdsOf(executor: Executor, userId: string): Promise<Set<string>> {
  const rows = await executor.select({ bandId: bandMembers.bandId }).from(bandMembers).where(eq(bandMembers.userId, userId))
  return new Set(rows.map((row) => row.bandId))
}

export interface BandMemberView {
  id: string
  displayName: string
  part: string
  isLeader: boolean
  enrollmentYear: number
}

/** Current members (active accounts) of the given bands, leader first then by name: one query. */
export async function membersOfBands(executor: Executor, bandIds: ReadonlyArray<string>): Promise<Map<string, BandMemberView[]>> {
  const byBand = new Map<string, BandMemberView[]>()
  if (bandIds.length === 0) return byBand
  const rows = await executor
    .select({
      bandId: bandMembers.bandId,
      id: users.id,
      displayName: users.displayName,
      part: bandMembers.part,
      isLeader: bandMembers.isLeader,
      enrollmentYear: users.enrollmentYear,
    })
    .from(bandMembers)
    .innerJoin(users, eq(users.id, bandMembers.userId))
    .where(and(inArray(bandMembers.bandId, [...bandIds]), ne(users.status, 'deleted')))
    .orderBy(desc(bandMembers.isLeader), asc(users.displayName))
  for (const { bandId, ...member } of rows) {
    const list = byBand.get(bandId) ?? []
    list.push(member)
    byBand.set(bandId, list)
  }
  return byBand
}

const submitter = alias(users, 'submitter')
const reviewer = alias(users, 'reviewer')

const applicationColumns = {
  application: applications,
  bandName: bands.name,
  submitterName: submitter.displayName,
  submitterStatus: submitter.status,
  reviewerName: reviewer.displayName,
  reviewerStatus: reviewer.status,
}

/** Applications with band and people joined; add `.where/.orderBy/.limit` as needed. */
export const selectApplications = (executor: Executor) =>
  executor
    .select(applicationColumns)
    .from(applications)
    .innerJoin(bands, eq(bands.id, applications.bandId))
    .leftJoin(submitter, eq(submitter.id, applications.submittedBy))
    .leftJoin(reviewer, eq(reviewer.id, applications.reviewedBy))

export type ApplicationJoinedRow = Awaited<ReturnType<typeof selectApplications>>[number]

const personRef = (id: string | null, name: string | null, status: string | null) =>
  id === null || name === null || status === 'deleted' ? { id: null, displayName: deletedMemberName() } : { id, displayName: name }

/** Statuses a band may still change by editing (while the window is open). */
export const editableStatuses = new Set<ApplicationRow['status']>(['submitted', 'waitlisted', 'accepted'])

export interface ApplicationViewer {
  /** Bands the caller is a member of. */
  bandIds: ReadonlySet<string>
  /** The event's window is open now. */
  windowOpen: boolean
}

/** Rows to API objects, with every band's members fetched in one more query. */
export async function toApplications(executor: Executor, rows: ReadonlyArray<ApplicationJoinedRow>, viewer: ApplicationViewer): Promise<Application[]> {
  const members = await membersOfBands(executor, [...new Set(rows.map((row) => row.application.bandId))])
  return rows.map(({ application: a, ...row }) => ({
    id: a.id,
    eventId: a.eventId,
    band: { id: a.bandId, name: row.bandName },
    members: (members.get(a.bandId) ?? []).map(({ enrollmentYear: _, ...member }) => member),
    submittedBy: personRef(a.submittedBy, row.submitterName, row.submitterStatus),
    songs: a.songs,
    requestedMinutes: a.requestedMinutes,
    preferredDay: a.preferredDay,
    unavailable: a.unavailable,
    needs: a.needs,
    message: a.message,
    status: a.status,
    reviewNote: a.reviewNote,
    reviewedBy: a.reviewedBy || a.reviewedAt ? personRef(a.reviewedBy, row.reviewerName, row.reviewerStatus) : null,
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    submittedAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    canEdit: viewer.windowOpen && viewer.bandIds.has(a.bandId) && editableStatuses.has(a.status),
  }))
}

/** One application as the API shows it, or 404. */
export async function loadApplication(executor: Executor, applicationId: string, viewer: ApplicationViewer): Promise<Application> {
  const rows = await selectApplications(executor).where(eq(applications.id, applicationId))
  if (rows.length === 0) throw notFound(m.lives_no_such_application())
  const [application] = await toApplications(executor, rows, viewer)
  return application!
}

/** The running totals of an event's applications, whatever a list's filters: one query. */
export async function applicationSummaryOf(executor: Executor, event: Pick<EventRow, 'id' | 'days' | 'changeoverMinutes' | 'bandLimit'>): Promise<ApplicationSummary> {
  const rows = await executor
    .select({ status: applications.status, count: sql<number>`count(*)::int`, minutes: sql<number>`coalesce(sum(${applications.requestedMinutes}), 0)::int` })
    .from(applications)
    .where(eq(applications.eventId, event.id))
    .groupBy(applications.status)
  const counts: ApplicationSummary['counts'] = { submitted: 0, accepted: 0, waitlisted: 0, rejected: 0, withdrawn: 0 }
  let acceptedMinutes = 0
  for (const row of rows) {
    counts[row.status] = row.count
    if (row.status === 'accepted') acceptedMinutes = row.minutes
  }
  const gaps = Math.max(0, counts.accepted - stageDaysOf(event.days))
  return {
    counts,
    acceptedMinutes,
    acceptedChangeoverMinutes: gaps * event.changeoverMinutes,
    capacityMinutes: capacityMinutesOf(event.days),
    bandLimit: event.bandLimit,
  }
}

/** `and()` that accepts undefined parts. */
export const allOf = (...conditions: Array<SQL | undefined>) => and(...conditions.filter((condition): condition is SQL => condition !== undefined))
