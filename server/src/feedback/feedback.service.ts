import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm'
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { SessionUser } from '../../../src/contract/auth'
import { todayIn } from '../../../src/contract/calendar'
import { feedbackCategoryLabels } from '../../../src/contract/choices'
import type {
  ClubFeedback,
  ClubFeedbackPage,
  FeedbackInputValue,
  FeedbackOptions,
  FeedbackStatus,
  MyFeedback,
  MyFeedbackPage,
  ReceivedFeedback,
  ReceivedFeedbackPage,
  clubFeedbackQuerySchema,
  feedbackPageQuerySchema,
} from '../../../src/contract/feedback'
import type { z } from 'zod'
import { deletedMemberName } from '../users/deleted-member'
import type { Db } from '../db/client'
import { applications, bandMembers, bands, events, feedback, rateLimitCounters, users } from '../db/schema'
import { containsPattern } from '../db/sql-helpers'
import { withTransaction, type Executor, type Tx } from '../db/transaction'
import { AppError, notFound } from '../http/errors'
import { m } from '../../../src/i18n/paraglide/messages.js'
import type { Mailer } from '../mail/mailer'
import { executiveIds, type Notifier } from '../notices/notify'
import type { SettingsService } from '../settings/settings.service'

export interface FeedbackDeps {
  db: Db
  clock: () => Date
  settings: SettingsService
  notifier: Notifier
  mailer: Pick<Mailer, 'flush'>
}

/** Feedback a member may post per window (decision 022): enough for a live's worth of bands, too few to flood. */
export const FEEDBACK_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const

/** How many past lives the form offers for performance feedback. */
const OPTION_EVENTS = 20

type Caller = Pick<SessionUser, 'id' | 'role' | 'isExecutive'>
type PageQuery = z.output<typeof feedbackPageQuerySchema>
type ClubQuery = z.output<typeof clubFeedbackQuerySchema>

const author = alias(users, 'author')
const replier = alias(users, 'replier')
const hider = alias(users, 'hider')

/** The first day of an event (its days are JSON, in any order). */
const firstDayOf = (days: ReadonlyArray<{ date: string }>) => days.map((day) => day.date).sort()[0] ?? ''
const firstDaySql = sql<string>`(select min(d->>'date') from jsonb_array_elements(${events.days}) d)`

const selectFeedback = (executor: Executor) =>
  executor
    .select({
      row: feedback,
      eventTitle: events.title,
      eventDays: events.days,
      bandName: bands.name,
      authorName: author.displayName,
      authorStatus: author.status,
      replierName: replier.displayName,
      replierStatus: replier.status,
      hiderName: hider.displayName,
      hiderStatus: hider.status,
    })
    .from(feedback)
    .leftJoin(events, eq(events.id, feedback.eventId))
    .leftJoin(bands, eq(bands.id, feedback.bandId))
    .leftJoin(author, eq(author.id, feedback.authorId))
    .leftJoin(replier, eq(replier.id, feedback.repliedBy))
    .leftJoin(hider, eq(hider.id, feedback.hiddenBy))

type Joined = Awaited<ReturnType<typeof selectFeedback>>[number]

const personOf = (id: string | null, name: string | null, status: string | null) =>
  id === null || name === null || status === 'deleted' ? { id: null, displayName: deletedMemberName() } : { id, displayName: name }

function baseOf(joined: Joined) {
  const { row } = joined
  return {
    id: row.id,
    target: row.target,
    category: row.category,
    event: row.eventId && joined.eventTitle !== null ? { id: row.eventId, title: joined.eventTitle, firstDay: firstDayOf(joined.eventDays ?? []) } : null,
    band: row.bandId && joined.bandName !== null ? { id: row.bandId, name: joined.bandName } : null,
    body: row.body,
    anonymous: row.anonymous,
    createdAt: row.createdAt.toISOString(),
  }
}

const replyOf = (joined: Joined) =>
  joined.row.reply !== null && joined.row.repliedAt ? { text: joined.row.reply, by: personOf(joined.row.repliedBy, joined.replierName, joined.replierStatus), at: joined.row.repliedAt.toISOString() } : null

/**
 * The author as a viewer may see them: never for anonymous feedback unless the viewer is an
 * admin. Every answer that names an author goes through here (decision 022).
 */
const authorFor = (joined: Joined, viewer: Caller) =>
  joined.row.anonymous && viewer.role !== 'admin' ? null : personOf(joined.row.authorId, joined.authorName, joined.authorStatus)

/** Mine: no author field at all. */
const toMine = (joined: Joined): MyFeedback => ({ ...baseOf(joined), status: joined.row.status, reply: replyOf(joined), hidden: joined.row.hiddenAt !== null })

const toReceived = (joined: Joined, viewer: Caller): ReceivedFeedback => {
  const { category: _category, ...base } = baseOf(joined)
  return { ...base, author: authorFor(joined, viewer) }
}

const toClub = (joined: Joined, viewer: Caller): ClubFeedback => ({
  ...baseOf(joined),
  author: authorFor(joined, viewer),
  status: joined.row.status,
  reply: replyOf(joined),
  hidden: joined.row.hiddenAt ? { by: personOf(joined.row.hiddenBy, joined.hiderName, joined.hiderStatus), at: joined.row.hiddenAt.toISOString() } : null,
})

const offsetOf = (query: PageQuery) => (query.page - 1) * query.pageSize

/**
 * Feedback (SPEC §5.7): posting (rate-limited per member, the band told in the same
 * transaction), the author's own list, what the caller's bands received, and the executives'
 * list with status, reply and hide. Anonymity is kept here: see `authorFor`.
 */
export function createFeedbackService({ db, clock, settings, notifier, mailer }: FeedbackDeps) {
  /** Lives that have taken place or are taking place (not drafts, first day today or earlier), newest first. */
  async function heldEvents(executor: Executor, eventIds?: string[]) {
    const { timeZone } = await settings.get()
    const today = todayIn(clock(), timeZone)
    const rows = await executor
      .select({ id: events.id, title: events.title, days: events.days })
      .from(events)
      .where(and(ne(events.status, 'draft'), sql`${firstDaySql} <= ${today}`, eventIds ? inArray(events.id, eventIds) : undefined))
      .orderBy(desc(firstDaySql), desc(events.createdAt))
      .limit(eventIds ? eventIds.length : OPTION_EVENTS)
    return rows.map((row) => ({ id: row.id, title: row.title, firstDay: firstDayOf(row.days) }))
  }

  /** The bands that played at each event: accepted applications (the timetable places only those). */
  async function performedBands(executor: Executor, eventIds: string[]) {
    const byEvent = new Map<string, Array<{ id: string; name: string }>>()
    if (eventIds.length === 0) return byEvent
    const rows = await executor
      .select({ eventId: applications.eventId, id: bands.id, name: bands.name })
      .from(applications)
      .innerJoin(bands, eq(bands.id, applications.bandId))
      .where(and(inArray(applications.eventId, eventIds), eq(applications.status, 'accepted')))
      .orderBy(bands.name)
    for (const { eventId, ...band } of rows) byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), band])
    return byEvent
  }

  async function checkTarget(tx: Tx, input: FeedbackInputValue) {
    const [event] = await heldEvents(tx, [input.eventId!])
    if (!event) {
      throw new AppError(409, 'FEEDBACK_TARGET_INVALID', m.feedback_error_not_started(), { eventId: m.feedback_error_choose_past_live() })
    }
    const bandsOfEvent = (await performedBands(tx, [event.id])).get(event.id) ?? []
    const band = bandsOfEvent.find((candidate) => candidate.id === input.bandId)
    if (!band) throw new AppError(409, 'FEEDBACK_TARGET_INVALID', m.feedback_error_band_not_played({ title: event.title }), { bandId: m.feedback_error_choose_played_band() })
    return { event, band }
  }

  /**
   * Counts a post in `rate_limit_counters` (the table the per-address limits use), inside the
   * post's transaction: the row lock orders parallel posts of one member, and a refused or
   * failed post rolls its count back.
   */
  async function countPost(tx: Tx, userId: string) {
    const now = clock()
    const expired = sql`${rateLimitCounters.windowEndsAt} <= ${now}`
    const [row] = await tx
      .insert(rateLimitCounters)
      .values({ key: `feedback by ${userId}`, hits: 1, windowEndsAt: new Date(now.getTime() + FEEDBACK_LIMIT.windowMs) })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
          windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
        },
      })
      .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt })
    if (row!.hits > FEEDBACK_LIMIT.max) {
      const seconds = Math.max(1, Math.ceil((row!.windowEndsAt.getTime() - now.getTime()) / 1000))
      const minutes = Math.ceil(seconds / 60)
      throw new AppError(429, 'RATE_LIMITED', m.feedback_error_rate_limited({ minutes }), undefined, { 'retry-after': String(seconds) })
    }
  }

  async function loadOne(executor: Executor, feedbackId: string) {
    const [joined] = await selectFeedback(executor).where(eq(feedback.id, feedbackId))
    if (!joined) throw notFound(m.feedback_error_not_found())
    return joined
  }

  async function pageOf<T>(where: SQL | undefined, order: SQL[], query: PageQuery, map: (joined: Joined) => T) {
    const [rows, [total]] = await Promise.all([
      selectFeedback(db).where(where).orderBy(...order).limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(feedback).where(where),
    ])
    return { items: rows.map(map), total: total!.total }
  }

  /** A change by an executive: the row exists (404), then the update. */
  async function change(caller: Caller, feedbackId: string, set: PgUpdateSetSource<typeof feedback>, after?: (tx: Tx, joined: Joined) => Promise<unknown>) {
    await withTransaction(db, async (tx) => {
      const [row] = await tx.select({ id: feedback.id }).from(feedback).where(eq(feedback.id, feedbackId)).for('update')
      if (!row) throw notFound(m.feedback_error_not_found())
      await tx
        .update(feedback)
        .set({ ...set, updatedAt: clock() })
        .where(eq(feedback.id, feedbackId))
      if (after) await after(tx, await loadOne(tx, feedbackId))
    })
    if (after) mailer.flush()
    return toClub(await loadOne(db, feedbackId), caller)
  }

  return {
    async options(): Promise<FeedbackOptions> {
      const [club, held] = await Promise.all([settings.get(), heldEvents(db)])
      const byEvent = await performedBands(db, held.map((event) => event.id))
      return {
        anonymousAllowed: club.anonymousFeedbackAllowed,
        events: held.map((event) => ({ ...event, bands: byEvent.get(event.id) ?? [] })).filter((event) => event.bands.length > 0),
      }
    },

    async create(caller: Caller, input: FeedbackInputValue): Promise<MyFeedback> {
      const club = await settings.get()
      if (input.anonymous && !club.anonymousFeedbackAllowed) {
        throw new AppError(409, 'ANONYMOUS_NOT_ALLOWED', m.feedback_error_anonymous_off(), { anonymous: m.feedback_error_anonymous_off_field() })
      }
      const id = await withTransaction(db, async (tx) => {
        const target = input.target === 'performance' ? await checkTarget(tx, input) : null
        await countPost(tx, caller.id)
        const now = clock()
        const [row] = await tx
          .insert(feedback)
          .values({
            authorId: caller.id,
            anonymous: input.anonymous,
            target: input.target,
            category: input.target === 'club' ? input.category! : null,
            eventId: target?.event.id ?? null,
            bandId: target?.band.id ?? null,
            body: input.body,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: feedback.id })
        if (target) {
          // The band is told in the transaction of the post; the notice never names the author of
          // anonymous feedback, and names a signed one only by what the band will see anyway.
          const members = await tx.select({ userId: bandMembers.userId }).from(bandMembers).where(eq(bandMembers.bandId, target.band.id))
          const [me] = input.anonymous ? [] : await tx.select({ displayName: users.displayName }).from(users).where(eq(users.id, caller.id))
          await notifier.notify(tx, {
            kind: 'feedback',
            userIds: members.map((member) => member.userId).filter((userId) => userId !== caller.id),
            title: () => m.notices_feedback_received_title({ band: target.band.name, event: target.event.title }),
            body: () => (me ? m.notices_feedback_received_by({ name: me.displayName }) : m.notices_feedback_received_anonymous()),
            link: '/feedback-list?tab=received',
          })
        } else {
          // A suggestion: the executives are told what it says, never who wrote it (only admins
          // may see an anonymous author, and only on the list).
          const executives = await executiveIds(tx, await settings.currentTerm())
          await notifier.notify(tx, {
            kind: 'suggestion',
            userIds: executives.filter((userId) => userId !== caller.id),
            title: () => m.notices_suggestion_title({ category: feedbackCategoryLabels[input.category!] }),
            body: input.body,
            link: '/feedback-list?tab=all',
          })
        }
        return row!.id
      })
      mailer.flush()
      return toMine(await loadOne(db, id))
    },

    mine(caller: Caller, query: PageQuery): Promise<MyFeedbackPage> {
      return pageOf(eq(feedback.authorId, caller.id), [desc(feedback.createdAt), desc(feedback.id)], query, toMine)
    },

    /** Performance feedback to the caller's current bands, hidden feedback left out; per live (newest first), newest first within. */
    received(caller: Caller, query: PageQuery): Promise<ReceivedFeedbackPage> {
      const myBands = db.select({ bandId: bandMembers.bandId }).from(bandMembers).where(eq(bandMembers.userId, caller.id))
      const where = and(inArray(feedback.bandId, myBands), isNull(feedback.hiddenAt))
      return pageOf(where, [desc(firstDaySql), desc(feedback.eventId), desc(feedback.createdAt), desc(feedback.id)], query, (joined) => toReceived(joined, caller))
    },

    all(caller: Caller, query: ClubQuery): Promise<ClubFeedbackPage> {
      const where = and(
        query.target ? eq(feedback.target, query.target) : undefined,
        query.status ? eq(feedback.status, query.status) : undefined,
        query.category ? eq(feedback.category, query.category) : undefined,
        query.eventId ? eq(feedback.eventId, query.eventId) : undefined,
        query.bandId ? eq(feedback.bandId, query.bandId) : undefined,
        query.visibility === 'shown' ? isNull(feedback.hiddenAt) : query.visibility === 'hidden' ? isNotNull(feedback.hiddenAt) : undefined,
        query.q ? ilike(feedback.body, containsPattern(query.q)) : undefined,
      )
      return pageOf(where, [desc(feedback.createdAt), desc(feedback.id)], query, (joined) => toClub(joined, caller))
    },

    setStatus(caller: Caller, feedbackId: string, status: FeedbackStatus) {
      return change(caller, feedbackId, { status })
    },

    /** The reply replaces an earlier one; the author (even an anonymous one) is told, by notice and mail. */
    reply(caller: Caller, feedbackId: string, reply: string) {
      return change(caller, feedbackId, { reply, repliedBy: caller.id, repliedAt: clock() }, async (tx, joined) => {
        if (!joined.row.authorId) return
        await notifier.notify(tx, {
          kind: 'feedback',
          userIds: [joined.row.authorId],
          title: () => m.notices_feedback_replied_title(),
          body: reply,
          link: '/feedback-list',
        })
      })
    },

    /** Hiding what is already hidden keeps who hid it first and when. */
    setHidden(caller: Caller, feedbackId: string, hidden: boolean) {
      const set = hidden
        ? { hiddenAt: sql`coalesce(${feedback.hiddenAt}, ${clock()})`, hiddenBy: sql`case when ${feedback.hiddenAt} is null then ${caller.id}::uuid else ${feedback.hiddenBy} end` }
        : { hiddenAt: null, hiddenBy: null }
      return change(caller, feedbackId, set)
    },
  }
}

export type FeedbackService = ReturnType<typeof createFeedbackService>
