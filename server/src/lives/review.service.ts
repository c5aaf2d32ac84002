import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { SessionUser } from '../../../src/contract/auth'
import type {
  Application,
  ApplicationListQuery,
  ApplicationPage,
  ApplicationSummary,
  bulkReviewInputSchema,
  EventKind,
  reviewInputSchema,
  ReviewDecision,
  Season,
} from '../../../src/contract/lives'
import type { z } from 'zod'
import { applications, bandMembers, bands } from '../db/schema'
import { containsPattern } from '../db/sql-helpers'
import { change, noteActivity } from '../activity/activity'
import { withTransaction, type Executor, type Tx } from '../db/transaction'
import { AppError, forbidden, notFound } from '../http/errors'
import {
  allOf,
  applicationSummaryOf,
  applicationWindowOf,
  bandIdsOf,
  findEvent,
  isPrivileged,
  loadApplication,
  selectApplications,
  toApplications,
  type ApplicationViewer,
  type EventRow,
} from './lives-data'
import type { LivesDeps } from './lives.routes'
import { intlLocales } from '../../../src/i18n/language'
import { getLocale } from '../../../src/i18n/paraglide/runtime.js'
import { m } from '../../../src/i18n/paraglide/messages.js'

type Caller = SessionUser
type ReviewInputValue = z.output<typeof reviewInputSchema>
type BulkReviewInputValue = z.output<typeof bulkReviewInputSchema>

/** How a decision reads in a sentence: "Night Owls is accepted". */
/** A decision's notice to the band's members. */
const decisionNotice: Record<ReviewDecision, { title: (names: { band: string; event: string }) => string; body: (names: { band: string; event: string }) => string }> = {
  accepted: { title: (names) => m.notices_decision_accepted_title(names), body: (names) => m.notices_decision_accepted_body(names) },
  waitlisted: { title: (names) => m.notices_decision_waitlisted_title(names), body: (names) => m.notices_decision_waitlisted_body(names) },
  rejected: { title: (names) => m.notices_decision_rejected_title(names), body: (names) => m.notices_decision_rejected_body(names) },
}

/** The review list's path for an event's kind, for links in mail. */
export function applicationListPath(event: { kind: EventKind; season: Season | null; id: string }) {
  const path =
    event.kind === 'festival'
      ? '/festival-application-list'
      : event.kind === 'christmas'
        ? '/christmas-live-application-list'
        : `/seasonal-live-application-list/${event.season ?? 'summer'}`
  return `${path}?eventId=${event.id}`
}

/** An application whose status a review changed, for the notices to its band. */
interface StatusChange {
  bandId: string
  bandName: string
}

/** "A, B and C" ("A、B、C" in Japanese): the band names as the request's language lists them. */
const bandList = (names: ReadonlyArray<string>) => new Intl.ListFormat(intlLocales[getLocale()], { type: 'conjunction' }).format(names)

/**
 * 409 BAND_LIMIT_REACHED when accepting `accepting` more bands would pass the event's limit.
 * `acceptedOthers` counts the accepted applications outside the ones being reviewed.
 */
function checkBandLimit(event: EventRow, acceptedOthers: number, accepting: number) {
  if (event.bandLimit === null || acceptedOthers + accepting <= event.bandLimit) return
  const message =
    accepting === 1
      ? m.lives_band_limit_one({ live: event.title, limit: event.bandLimit, accepted: acceptedOthers })
      : m.lives_band_limit_many({ live: event.title, limit: event.bandLimit, accepted: acceptedOthers, accepting, total: acceptedOthers + accepting })
  throw new AppError(409, 'BAND_LIMIT_REACHED', message)
}

/** Accepted applications of the event other than `excluded`, counted under the event's lock. */
async function acceptedOutside(tx: Tx, eventId: string, excluded: ReadonlyArray<string>) {
  const [row] = await tx
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.eventId, eventId), eq(applications.status, 'accepted'), notInArray(applications.id, [...excluded])))
  return row!.n
}

const withdrawnError = (bandNames: ReadonlyArray<string>) =>
  new AppError(
    409,
    'APPLICATION_WITHDRAWN',
    bandNames.length === 1
      ? m.lives_withdrawn_one({ band: bandNames[0]! })
      : m.lives_withdrawn_many({ bands: bandList(bandNames) }),
  )

/**
 * The executives' side of lives (SPEC §5.6): the application list with its running totals,
 * and reviews one by one or in bulk. Reviews lock the event row before anything else and then
 * the applications by id (decision 008), so two parallel accepts cannot pass the band limit
 * together. The bands' members are told by mail after the commit.
 */
export function createReviewService({ db, clock, settings, mailer, notifier }: LivesDeps) {
  async function viewerOf(executor: Executor, caller: Caller, event: EventRow): Promise<ApplicationViewer> {
    const [bandIds, club] = await Promise.all([bandIdsOf(executor, caller.id), settings.get()])
    return { bandIds, windowOpen: applicationWindowOf(event, clock(), club.timeZone).state === 'open' }
  }

  const sortColumns = {
    submitted: applications.createdAt,
    band: sql`lower(${bands.name})`,
    minutes: applications.requestedMinutes,
    // An enum sorts in its declared order: submitted, accepted, waitlisted, rejected, withdrawn.
    status: applications.status,
  } as const

  function orderOf(sort: ApplicationListQuery['sort']): SQL[] {
    const descending = sort.startsWith('-')
    const column = sortColumns[(descending ? sort.slice(1) : sort) as keyof typeof sortColumns]
    const first = descending ? desc(column) : asc(column)
    if (column === applications.createdAt) return [first, asc(applications.id)]
    return [first, asc(applications.createdAt), asc(applications.id)]
  }

  /**
   * Tells the members of each band whose status changed (a notice, and a mail unless they
   * chose otherwise), in the review's transaction: the notices exist exactly when the decision
   * does. The mails go after the commit (`mailer.flush()`).
   */
  async function tell(tx: Tx, event: EventRow, changes: ReadonlyArray<StatusChange>, decision: ReviewDecision, note: string | null) {
    if (changes.length === 0) return
    const members = await tx
      .select({ bandId: bandMembers.bandId, userId: bandMembers.userId })
      .from(bandMembers)
      .where(inArray(bandMembers.bandId, changes.map((change) => change.bandId)))
    for (const change of changes) {
      // Worded per member, in their language (notify.ts).
      const names = { band: change.bandName, event: event.title }
      const body = () => [
        decisionNotice[decision].body(names),
        ...(decision === 'waitlisted' ? [m.notices_decision_waitlisted_hint()] : []),
        ...(note ? ['', m.notices_decision_note(), note] : []),
      ]
      await notifier.notify(tx, {
        kind: 'application-decision',
        userIds: members.filter((member) => member.bandId === change.bandId).map((member) => member.userId),
        title: () => decisionNotice[decision].title(names),
        body: () => body().join('\n'),
        link: applicationListPath(event),
      })
    }
  }

  return {
    /**
     * An event's applications, paged: the caller's bands' (`mine`) or every band's (`all`,
     * executives), with the running totals over the whole event.
     */
    async list(caller: Caller, eventId: string, query: ApplicationListQuery): Promise<ApplicationPage> {
      const event = await findEvent(db, eventId)
      if (query.scope === 'all' && !isPrivileged(caller)) throw forbidden(m.lives_all_applications_executives())
      const where = allOf(
        eq(applications.eventId, event.id),
        query.scope === 'mine'
          ? inArray(applications.bandId, db.select({ bandId: bandMembers.bandId }).from(bandMembers).where(eq(bandMembers.userId, caller.id)))
          : undefined,
        query.status ? eq(applications.status, query.status) : undefined,
        query.bandId ? eq(applications.bandId, query.bandId) : undefined,
        query.q ? sql`lower(${bands.name}) like ${containsPattern(query.q.toLowerCase())}` : undefined,
      )
      const [rows, [total], summary, viewer] = await Promise.all([
        selectApplications(db)
          .where(where)
          .orderBy(...orderOf(query.sort))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(applications).innerJoin(bands, eq(bands.id, applications.bandId)).where(where),
        applicationSummaryOf(db, event),
        viewerOf(db, caller, event),
      ])
      return { items: await toApplications(db, rows, viewer), total: total!.n, summary }
    },

    /** Accepts, waitlists or rejects one application; mails the band when its status changed. */
    async review(caller: Caller, applicationId: string, input: ReviewInputValue): Promise<Application> {
      const now = clock()
      const note = input.note || null
      const outcome = await withTransaction(db, async (tx) => {
        const [target] = await tx.select({ eventId: applications.eventId }).from(applications).where(eq(applications.id, applicationId))
        if (!target) throw notFound(m.lives_no_such_application())
        // Decision 008's lock order: the event first, then the application.
        const event = await findEvent(tx, target.eventId, { forUpdate: true })
        const [row] = await tx
          .select({ status: applications.status, bandId: applications.bandId, bandName: bands.name })
          .from(applications)
          .innerJoin(bands, eq(bands.id, applications.bandId))
          .where(eq(applications.id, applicationId))
          .for('update', { of: applications })
        if (!row) throw notFound(m.lives_no_such_application())
        if (row.status === 'withdrawn') throw withdrawnError([row.bandName])
        if (input.status === 'accepted' && row.status !== 'accepted') checkBandLimit(event, await acceptedOutside(tx, event.id, [applicationId]), 1)
        await tx
          .update(applications)
          .set({ status: input.status, reviewNote: note, reviewedBy: caller.id, reviewedAt: now, updatedAt: now })
          .where(eq(applications.id, applicationId))
        const changes = row.status === input.status ? [] : [{ bandId: row.bandId, bandName: row.bandName }]
        noteActivity({
          // Named without English words: the band and the live (decision 046).
          object: { type: 'application', id: applicationId, label: `${row.bandName} — ${event.title}` },
          changes: [change('status', row.status, input.status), change('note', null, note)],
        })
        await tell(tx, event, changes, input.status, note)
        return { event }
      })
      mailer.flush()
      return loadApplication(db, applicationId, await viewerOf(db, caller, outcome.event))
    },

    /**
     * Reviews many applications of one event with one decision: all or nothing, the band
     * limit counting the whole batch.
     */
    async bulkReview(caller: Caller, eventId: string, input: BulkReviewInputValue): Promise<{ updated: number; summary: ApplicationSummary }> {
      const now = clock()
      const note = input.note || null
      const ids = [...input.applicationIds].sort()
      const outcome = await withTransaction(db, async (tx) => {
        const event = await findEvent(tx, eventId, { forUpdate: true })
        const rows = await tx
          .select({ id: applications.id, status: applications.status, bandId: applications.bandId, bandName: bands.name })
          .from(applications)
          .innerJoin(bands, eq(bands.id, applications.bandId))
          .where(and(eq(applications.eventId, event.id), inArray(applications.id, ids)))
          .orderBy(asc(applications.id))
          .for('update', { of: applications })
        if (rows.length !== ids.length) {
          const missing = ids.length - rows.length
          throw new AppError(400, 'VALIDATION_FAILED', m.lives_fields_need_attention(), { applicationIds: m.lives_not_applications_here({ count: missing }) })
        }
        const withdrawn = rows.filter((row) => row.status === 'withdrawn')
        if (withdrawn.length > 0) throw withdrawnError(withdrawn.map((row) => row.bandName).sort((a, b) => a.localeCompare(b)))
        if (input.status === 'accepted') {
          const accepting = rows.filter((row) => row.status !== 'accepted').length
          if (accepting > 0) {
            // Already-accepted ones in the batch stay accepted and count as such.
            const acceptedOthers = (await acceptedOutside(tx, event.id, ids)) + (rows.length - accepting)
            checkBandLimit(event, acceptedOthers, accepting)
          }
        }
        await tx
          .update(applications)
          .set({ status: input.status, reviewNote: note, reviewedBy: caller.id, reviewedAt: now, updatedAt: now })
          .where(inArray(applications.id, ids))
        const changes = rows.filter((row) => row.status !== input.status).map((row) => ({ bandId: row.bandId, bandName: row.bandName }))
        // The activity log (decision 042): each band's status, before and after.
        noteActivity({
          object: { type: 'event', id: event.id, label: event.title },
          changes: [...rows.map((row) => change(row.bandName, row.status, input.status)), change('note', null, note)],
        })
        await tell(tx, event, changes, input.status, note)
        return { event }
      })
      mailer.flush()
      return { updated: ids.length, summary: await applicationSummaryOf(db, outcome.event) }
    },
  }
}
