import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { SessionUser } from '../../../src/contract/auth'
import { addDays, todayIn, weekDays, weekStartOf, zonedInstant } from '../../../src/contract/calendar'
import { ALLOCATION_ROUNDS_CHARTED, DASHBOARD_LIMITS, NEW_FILE_DAYS, gradeKeys, partKeys, type ClubDashboard, type Dashboard, type DashboardBand, type GradeKey } from '../../../src/contract/dashboard'
import { applicationStatuses, type ApplicationStatus } from '../../../src/contract/lives'
import type { SchedulePlacement } from '../../../src/contract/live-schedule'
import type { AllocationSnapshot } from '../../../src/contract/allocation'
import { compile } from '../../../src/allocation/model'
import { buildSnapshot } from '../allocation/round-data'
import { statusOf } from '../allocation/round-times'
import { missingAdditionalInfo } from '../../../src/contract/people'
import { gradeOf } from '../../../src/contract/terms'
import { endAfter } from '../../../src/timetable/input'
import { deletedMemberName } from '../users/deleted-member'
import type { ChangeFeed, ChangeTopic } from '../db/change-feed'
import type { Db } from '../db/client'
import { additionalInfo, allocationRounds, allocationWishes, applications, bandMembers, bands, bookings, events, feedback, files, intros, notices, periods, rooms, timetables, users } from '../db/schema'
import type { SettingsService } from '../settings/settings.service'
import { instantPhrase } from '../lives/lives-data'
import { getLocale } from '../../../src/i18n/paraglide/runtime.js'

export interface DashboardDeps {
  db: Db
  clock: () => Date
  settings: SettingsService
  /** Without it no answer is kept: each request asks the database. */
  feed?: Pick<ChangeFeed, 'subscribe'>
}

/**
 * Kept answers (decision 025) are dropped on every change feed topic: each write request
 * publishes `writes`, or `cards` on a `keepsPeople` route, or its transaction tells `schedule`
 * (booking, cancelling, a new round); the club settings publish `settings`; every finished
 * background job publishes `cards`. The clock is handled by each answer's own end (below).
 * `KEEP_MS` is a last resort for a write path added later that says nothing.
 */
const KEEP_TOPICS: readonly ChangeTopic[] = ['writes', 'schedule', 'settings', 'cards']
const KEEP_MS = 60_000
const KEEP_ANSWERS = 5_000

type Caller = SessionUser

const author = alias(users, 'author')

const personOf = (id: string | null, name: string | null, status: string | null) =>
  id === null || name === null || status === 'deleted' ? { id: null, displayName: deletedMemberName() } : { id, displayName: name }

/**
 * A round's demand and supply as the allocator counts them (decision 020, `compile`): periods
 * asked (each band's wanted periods, at most its limit and its different wished times in the
 * round) and the cells on offer (the round's room × date × period, less closures and bookings).
 */
function demandAndSupply(snapshot: AllocationSnapshot) {
  const problem = compile(snapshot)
  return {
    bands: problem.bands.length,
    asked: problem.bands.reduce((sum, band) => sum + band.asked, 0),
    offered: problem.cells.filter((cell) => cell.unavailable === null && cell.booking === null).length,
  }
}

const firstDayOf = (days: ReadonlyArray<{ date: string }>) => days.map((day) => day.date).sort()[0] ?? ''

/** json from the statement: node-postgres and PGlite parse it; a string is parsed here to be sure. */
const jsonOf = <T>(value: unknown): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : ((value as T | null) ?? null))

/** A row as it comes back inside json: instants are strings (`2026-06-01T10:00:00+09:00`). */
type AsJson<Row> = { [Key in keyof Row]: Row[Key] extends Date ? string : Row[Key] extends Date | null ? string | null : Row[Key] }
type RowsOf<Query> = Query extends { execute: (...args: never[]) => Promise<Array<infer Row>> } ? Array<AsJson<Row>> : never

/** Names every selected field after its key, so a card's rows come back as json objects with the contract's keys. */
const named = <Fields extends Record<string, SQLWrapper>>(fields: Fields) =>
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, sql`${field}`.as(key)])) as unknown as { [Key in keyof Fields]: Fields[Key] extends SQLWrapper ? SQL.Aliased<ValueOf<Fields[Key]>> : never }
type ValueOf<Field> = Field extends { _: { data: infer Data; notNull: infer NotNull } } ? (NotNull extends true ? Data : Data | null) : Field extends SQL<infer Data> ? Data : Field extends SQL.Aliased<infer Data> ? Data : unknown

/**
 * A card's rows, in its query's order, as one json array: one column of the dashboard's one
 * statement. `json_agg` reads the ordered sub-select as it comes (nothing is joined or grouped
 * around it, the case PostgreSQL's documentation gives for keeping the order).
 */
const card = (query: SQLWrapper) => sql<unknown>`(select coalesce(json_agg(card), '[]'::json) from (${query}) card)`

/** An instant from a json row, as the contract says it (`toISOString`). */
const iso = (value: string) => new Date(value).toISOString()

/** "23:59 on Wed 3 Jun" for a deadline: the same few deadlines on every dashboard, so each is worded once per language. */
const phrases = new Map<string, string>()
const closesPhrase = (instant: string, timeZone: string) => {
  const key = `${instant}|${timeZone}|${getLocale()}`
  let phrase = phrases.get(key)
  if (phrase === undefined) {
    if (phrases.size >= 1000) phrases.clear()
    phrase = instantPhrase(new Date(instant), timeZone)
    phrases.set(key, phrase)
  }
  return phrase
}

/**
 * The dashboards (SPEC §5.9, issue 17, decision 025). `mine` answers every card of the caller's
 * dashboard with one prepared statement, each card an indexed query in it (no query per row):
 * the bands the caller plays in are a sub-select on `band_members_user_idx` inside each of them.
 */
export function createDashboardService({ db, clock, settings, feed }: DashboardDeps) {
  // The cards' queries, put together below as one statement built once and prepared:
  // PostgreSQL parses and plans it once per connection, and no SQL is built per request (the
  // bench's budget: p99 < 30 ms at 20 connections).
  const userId = sql.placeholder('userId')
  const nowParam = sql.placeholder('now')
  const myBandIds = db.select({ id: bandMembers.bandId }).from(bandMembers).where(eq(bandMembers.userId, userId))
  const fellow = alias(bandMembers, 'fellow')
  const fellowUser = alias(users, 'fellow_user')
  const queries = {
    // My bands (not disbanded), each with its members: one row per (band, member).
    bands: db
      .select(
        named({
          id: bands.id,
          name: bands.name,
          status: bands.status,
          memberId: fellow.userId,
          part: fellow.part,
          isLeader: fellow.isLeader,
          memberName: fellowUser.displayName,
          memberStatus: fellowUser.status,
        }),
      )
      .from(bands)
      .innerJoin(fellow, eq(fellow.bandId, bands.id))
      .innerJoin(fellowUser, eq(fellowUser.id, fellow.userId))
      .where(and(inArray(bands.id, myBandIds), ne(bands.status, 'disbanded')))
      .orderBy(asc(sql`lower(${bands.name})`), asc(bands.id), desc(fellow.isLeader), asc(fellow.joinedAt)),
    // My next bookings: mine or my bands', not yet over, soonest first.
    bookings: db
      .select(
        named({
          id: bookings.id,
          date: bookings.date,
          periodLabel: bookings.periodLabel,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          kind: bookings.kind,
          bandId: bookings.bandId,
          bandName: bands.name,
          userId: bookings.userId,
          userName: users.displayName,
          userStatus: users.status,
          roomName: rooms.name,
          // Not shown: when the booking leaves the card (the kept answer's end).
          slotEnd: bookings.slotEnd,
        }),
      )
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .leftJoin(bands, eq(bands.id, bookings.bandId))
      .leftJoin(users, eq(users.id, bookings.userId))
      // `date >= yesterday` (a slot not over yet is dated today, or yesterday past midnight) lets the
      // (user, date) and (band, date) indexes skip the years of past bookings.
      .where(and(eq(bookings.status, 'active'), gte(bookings.date, sql.placeholder('yesterday')), gt(bookings.slotEnd, nowParam), or(eq(bookings.userId, userId), inArray(bookings.bandId, myBandIds))))
      .orderBy(asc(bookings.slotStart), asc(rooms.sortOrder), asc(bookings.id))
      .limit(DASHBOARD_LIMITS.bookings),
    // Lives taking applications now, with my bands' applications to them (left join: one row per application).
    lives: db
      .select(
        named({
          id: events.id,
          kind: events.kind,
          season: events.season,
          title: events.title,
          days: events.days,
          closesAt: events.applicationClosesAt,
          applicationId: applications.id,
          applicationStatus: applications.status,
          bandId: bands.id,
          bandName: bands.name,
        }),
      )
      .from(events)
      .leftJoin(applications, and(eq(applications.eventId, events.id), ne(applications.status, 'withdrawn'), inArray(applications.bandId, myBandIds)))
      .leftJoin(bands, eq(bands.id, applications.bandId))
      .where(and(eq(events.status, 'open'), lte(events.applicationOpensAt, nowParam), gt(events.applicationClosesAt, nowParam)))
      .orderBy(asc(events.applicationClosesAt), asc(events.id), asc(sql`lower(${bands.name})`)),
    // My bands' accepted applications with the latest published timetable of their live.
    performances: db
      .select(
        named({
          applicationId: applications.id,
          minutes: applications.requestedMinutes,
          eventId: events.id,
          eventTitle: events.title,
          bandId: bands.id,
          bandName: bands.name,
          placements: sql<unknown>`(select ${timetables.placements} from ${timetables} where ${timetables.eventId} = ${events.id} and ${timetables.status} = 'published' order by ${timetables.version} desc limit 1)`,
        }),
      )
      .from(applications)
      .innerJoin(events, eq(events.id, applications.eventId))
      .innerJoin(bands, eq(bands.id, applications.bandId))
      .where(and(inArray(applications.bandId, myBandIds), eq(applications.status, 'accepted'), inArray(events.status, ['published', 'scheduled']))),
    // The latest feedback my bands received, hidden feedback left out (feedback_band_created_idx).
    feedback: db
      .select(
        named({
          id: feedback.id,
          eventId: events.id,
          eventTitle: events.title,
          bandId: bands.id,
          bandName: bands.name,
          body: feedback.body,
          anonymous: feedback.anonymous,
          authorId: feedback.authorId,
          authorName: author.displayName,
          authorStatus: author.status,
          createdAt: feedback.createdAt,
        }),
      )
      .from(feedback)
      .innerJoin(events, eq(events.id, feedback.eventId))
      .innerJoin(bands, eq(bands.id, feedback.bandId))
      .leftJoin(author, eq(author.id, feedback.authorId))
      .where(and(inArray(feedback.bandId, myBandIds), isNull(feedback.hiddenAt)))
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(DASHBOARD_LIMITS.feedback),
    // Allocation rounds taking wishes now, with my bands' wishes (allocation_wishes primary key).
    rounds: db
      .select(
        named({
          id: allocationRounds.id,
          weekStart: allocationRounds.weekStart,
          closesAt: allocationRounds.closesAt,
          bandId: bands.id,
          bandName: bands.name,
          count: sql<number>`jsonb_array_length(${allocationWishes.wishes})`,
          wants: allocationWishes.wants,
        }),
      )
      .from(allocationRounds)
      .leftJoin(allocationWishes, and(eq(allocationWishes.roundId, allocationRounds.id), inArray(allocationWishes.bandId, myBandIds)))
      .leftJoin(bands, eq(bands.id, allocationWishes.bandId))
      .where(and(eq(allocationRounds.status, 'collecting'), lte(allocationRounds.opensAt, nowParam), gt(allocationRounds.closesAt, nowParam)))
      .orderBy(asc(allocationRounds.weekStart), asc(sql`lower(${bands.name})`)),
    // My latest unread notices, and how many there are (notices_user_unread_idx).
    notices: db
      .select(named({ id: notices.id, title: notices.title, link: notices.link, createdAt: notices.createdAt, unread: sql<number>`count(*) over ()` }))
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(DASHBOARD_LIMITS.notices),
    // Files uploaded lately that I may see (files_created_idx); files for executives only to them.
    files: db
      .select(named({ id: files.id, name: files.name, createdAt: files.createdAt }))
      .from(files)
      .where(
        and(
          eq(files.status, 'ready'),
          isNull(files.replacedAt),
          isNull(files.deletedAt),
          gt(files.createdAt, sql.placeholder('filesSince')),
          or(eq(files.visibility, 'members'), sql`${sql.placeholder('seesAll')}::boolean`),
        ),
      )
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(DASHBOARD_LIMITS.files),
    // The university details, for the prompt.
    info: db
      .select(named({ fullName: additionalInfo.fullName, nameKana: additionalInfo.nameKana, studentNumber: additionalInfo.studentNumber, faculty: additionalInfo.faculty, department: additionalInfo.department, phone: additionalInfo.phone }))
      .from(additionalInfo)
      .where(eq(additionalInfo.userId, userId)),
  }

  type Cards = { [Key in keyof typeof queries]: RowsOf<(typeof queries)[Key]> }
  // One statement, one round trip: each card is a json array column. Nine statements side by
  // side cost ~1.8 ms of CPU per request, most of it in the nine round trips (the driver's
  // writes and PostgreSQL's per-statement work), not in running them.
  const statement = db
    .select({
      ...(Object.fromEntries(Object.entries(queries).map(([key, query]) => [key, card(query)])) as Record<keyof typeof queries, SQL<unknown>>),
      // When the next live or round still to open starts taking applications or wishes: a card
      // that changes with the clock alone, so a kept answer ends then.
      nextLiveOpens: sql<unknown>`(select min(${events.applicationOpensAt}) from ${events} where ${events.status} = 'open' and ${events.applicationOpensAt} > ${nowParam})`,
      nextRoundOpens: sql<unknown>`(select min(${allocationRounds.opensAt}) from ${allocationRounds} where ${allocationRounds.status} = 'collecting' and ${allocationRounds.opensAt} > ${nowParam})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('dashboard')

  // Each member's last answer, until its end or until a change feed topic above says something
  // changed. `generation` moves on every such change, so an answer computed from before a change
  // that lands after it is not kept.
  const kept = new Map<string, { until: number; answer: Dashboard }>()
  let generation = 0
  for (const topic of KEEP_TOPICS) {
    feed?.subscribe(topic, () => {
      generation++
      kept.clear()
    })
  }

  const service = {
    /** My dashboard: the answer kept for me while it is still true, unless `fresh` asks the database. */
    async mine(caller: Caller, { fresh = false } = {}): Promise<Dashboard> {
      const now = clock()
      // Per language too: its deadlines are worded (two devices of one member may differ).
      const key = `${caller.id}|${caller.role}|${caller.isExecutive}|${getLocale()}`
      const hit = fresh ? undefined : kept.get(key)
      if (hit && hit.until > now.getTime()) return { ...hit.answer, user: caller, now: now.toISOString() }
      const began = generation
      const answer = await service.compute(caller, now)
      if (feed && began === generation) {
        if (kept.size >= KEEP_ANSWERS) kept.delete(kept.keys().next().value!)
        kept.set(key, answer)
      }
      return answer.answer
    },

    /** The dashboard from the database, and until when it stays true if nothing is written. */
    async compute(caller: Caller, now: Date): Promise<{ until: number; answer: Dashboard }> {
      const { timeZone } = await settings.get()
      const today = todayIn(now, timeZone)

      const seesAll = caller.role === 'admin' || caller.isExecutive
      const filesSince = new Date(now.getTime() - NEW_FILE_DAYS * 24 * 60 * 60 * 1000).toISOString()
      const params = { userId: caller.id, now: now.toISOString(), yesterday: addDays(today, -1), seesAll, filesSince }
      const [row] = await statement.execute(params)
      const rows = <Key extends keyof Cards>(key: Key) => (jsonOf<Cards[Key]>(row?.[key]) ?? []) as Cards[Key]
      const [bandRows, bookingRows, liveRows, performanceRows, feedbackRows, infoRows, roundRows, noticeRows, fileRows] = [
        rows('bands'),
        rows('bookings'),
        rows('lives'),
        rows('performances'),
        rows('feedback'),
        rows('info'),
        rows('rounds'),
        rows('notices'),
        rows('files'),
      ]

      const bandsById = new Map<string, DashboardBand>()
      for (const row of bandRows) {
        let band = bandsById.get(row.id)
        if (!band) {
          band = { id: row.id, name: row.name, status: row.status, part: '', isLeader: false, members: [] }
          bandsById.set(row.id, band)
        }
        band.members.push({ ...personOf(row.memberId, row.memberName, row.memberStatus), part: row.part })
        if (row.memberId === caller.id) Object.assign(band, { part: row.part, isLeader: row.isLeader })
      }
      // A band booking's players: its members as the band is now (a booking of a disbanded band has none listed).
      const playersOf = (bandId: string) => bandsById.get(bandId)?.members.map(({ id, displayName }) => ({ id, displayName })) ?? []

      const lives = new Map<string, Dashboard['openLives'][number]>()
      for (const row of liveRows) {
        let live = lives.get(row.id)
        if (!live) {
          live = { id: row.id, kind: row.kind, season: row.season, title: row.title, firstDay: firstDayOf(row.days), applicationClosesAt: iso(row.closesAt), closesLabel: closesPhrase(row.closesAt, timeZone), applications: [] }
          lives.set(row.id, live)
        }
        if (row.applicationId && row.bandId && row.bandName !== null && row.applicationStatus) {
          live.applications.push({ id: row.applicationId, band: { id: row.bandId, name: row.bandName }, status: row.applicationStatus })
        }
      }

      const rounds = new Map<string, Dashboard['allocationRounds'][number]>()
      for (const row of roundRows) {
        let round = rounds.get(row.id)
        if (!round) {
          round = { id: row.id, weekStart: row.weekStart, closesAt: iso(row.closesAt), closesLabel: closesPhrase(row.closesAt, timeZone), wishes: [] }
          rounds.set(row.id, round)
        }
        if (row.bandId && row.bandName !== null && row.wants !== null) round.wishes.push({ band: { id: row.bandId, name: row.bandName }, count: Number(row.count), wants: row.wants })
      }

      const performances = performanceRows
        .flatMap((row) => {
          const placement = jsonOf<SchedulePlacement[]>(row.placements)?.find((candidate) => candidate.performanceId === row.applicationId)
          if (!placement || placement.date < today) return []
          return [
            {
              applicationId: row.applicationId,
              event: { id: row.eventId, title: row.eventTitle },
              band: { id: row.bandId, name: row.bandName },
              date: placement.date,
              stage: placement.stage,
              start: placement.start,
              end: endAfter(placement.start, row.minutes),
            },
          ]
        })
        .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.band.name.localeCompare(b.band.name))
        .slice(0, DASHBOARD_LIMITS.performances)

      const answer: Dashboard = {
        user: caller,
        today,
        now: now.toISOString(),
        bookings: bookingRows.map((row) => ({
          id: row.id,
          date: row.date,
          periodLabel: row.periodLabel,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          roomName: row.roomName,
          kind: row.kind,
          band: row.bandId && row.bandName !== null ? { id: row.bandId, name: row.bandName } : null,
          people: row.bandId ? playersOf(row.bandId) : [personOf(row.userId, row.userName, row.userStatus)],
        })),
        bands: [...bandsById.values()],
        openLives: [...lives.values()],
        performances,
        feedback: feedbackRows.map((row) => ({
          id: row.id,
          event: { id: row.eventId, title: row.eventTitle },
          band: { id: row.bandId, name: row.bandName },
          body: row.body,
          // Anonymous feedback names its author to admins only (decision 022).
          author: row.anonymous && caller.role !== 'admin' ? null : personOf(row.authorId, row.authorName, row.authorStatus),
          createdAt: iso(row.createdAt),
        })),
        allocationRounds: [...rounds.values()],
        notices: {
          unread: Number(noticeRows[0]?.unread ?? 0),
          latest: noticeRows.map((row) => ({ id: row.id, title: row.title, link: row.link, createdAt: iso(row.createdAt) })),
        },
        newFiles: fileRows.map((row) => ({ id: row.id, name: row.name, createdAt: iso(row.createdAt) })),
        missingInfo: missingAdditionalInfo(infoRows[0] ?? null),
      }
      // The answer stays true until a card changes with the clock: a booking shown is over, a
      // live or round shown stops taking applications or wishes, one still to open opens, a file
      // shown is no longer new, or the club's day ends (performances and "today").
      const instant = (value: unknown) => (value === null || value === undefined ? Infinity : new Date(value as string | Date).getTime())
      const until = Math.min(
        now.getTime() + KEEP_MS,
        zonedInstant(addDays(today, 1), '00:00', timeZone).getTime(),
        ...bookingRows.map((row) => instant(row.slotEnd)),
        ...liveRows.map((row) => instant(row.closesAt)),
        ...roundRows.map((row) => instant(row.closesAt)),
        ...fileRows.map((row) => instant(row.createdAt) + NEW_FILE_DAYS * 24 * 60 * 60 * 1000),
        instant(row?.nextLiveOpens),
        instant(row?.nextRoundOpens),
      )
      return { until, answer }
    },

    /** The club at a glance (executives): the aggregates, each one grouped query, side by side, and the latest rounds' demand and supply. */
    async club(): Promise<ClubDashboard> {
      const now = clock()
      const club = await settings.get()
      const today = todayIn(now, club.timeZone)
      const weekStart = weekStartOf(today)
      const days = weekDays(weekStart)
      const firstWeek = addDays(weekStart, -7 * 7)
      const weeks = Array.from({ length: 8 }, (_, index) => addDays(firstWeek, index * 7))
      const term = await settings.currentTerm()
      const weekOf = sql<string>`to_char(date_trunc('week', ${bookings.date}::timestamp), 'YYYY-MM-DD')`

      const [periodRows, roomRows, slotRows, perBandRows, memberRows, applicationRows, roundRows] = await Promise.all([
        db.select({ id: periods.id, label: periods.label }).from(periods).orderBy(asc(periods.sortOrder), asc(periods.startsAt)),
        db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(eq(rooms.active, true)).orderBy(asc(rooms.sortOrder), asc(sql`lower(${rooms.name})`)),
        db
          .select({ roomId: bookings.roomId, date: bookings.date, periodId: bookings.periodId, kind: bookings.kind })
          .from(bookings)
          .where(and(eq(bookings.status, 'active'), gte(bookings.date, weekStart), lte(bookings.date, days[6]!))),
        db
          .select({ bandId: bands.id, bandName: bands.name, week: weekOf, n: sql<number>`count(*)::int` })
          .from(bookings)
          .innerJoin(bands, eq(bands.id, bookings.bandId))
          .where(and(eq(bookings.status, 'active'), eq(bookings.kind, 'band'), gte(bookings.date, firstWeek), lte(bookings.date, days[6]!)))
          .groupBy(bands.id, bands.name, weekOf),
        db
          .select({ enrollmentYear: users.enrollmentYear, parts: intros.parts })
          .from(users)
          .leftJoin(intros, eq(intros.userId, users.id))
          .where(eq(users.status, 'active')),
        db
          .select({ id: events.id, title: events.title, createdAt: events.createdAt, status: applications.status, n: sql<number>`count(${applications.id})::int` })
          .from(events)
          .leftJoin(applications, eq(applications.eventId, events.id))
          .where(ne(events.status, 'archived'))
          .groupBy(events.id, events.title, events.createdAt, applications.status)
          .orderBy(desc(events.createdAt)),
        // The latest rounds that have opened (allocation_rounds_week_key), newest first.
        db
          .select()
          .from(allocationRounds)
          .where(lte(allocationRounds.opensAt, now))
          .orderBy(desc(allocationRounds.weekStart))
          .limit(ALLOCATION_ROUNDS_CHARTED),
      ])
      // A round that has run keeps the allocator's input; one still taking wishes is read as it stands
      // (the same reads as its run will make: one or two rounds at most, each a few grouped queries).
      const roundFigures = await Promise.all(
        roundRows.map(async (round) => {
          const snapshot = (round.snapshot as AllocationSnapshot | null) ?? (await buildSnapshot(db, round, 0))
          const ran = round.status === 'draft' || round.status === 'published'
          return { id: round.id, weekStart: round.weekStart, status: statusOf(round, now), ...demandAndSupply(snapshot), given: ran ? (round.assignments ?? []).length : null }
        }),
      )

      const roomUse = roomRows.map((room) => ({
        room,
        cells: slotRows.filter((slot) => slot.roomId === room.id && slot.periodId !== null).map((slot) => ({ date: slot.date, periodId: slot.periodId!, kind: slot.kind })),
      }))

      const perBand = new Map<string, ClubDashboard['bookingsPerBand'][number]>()
      for (const row of perBandRows) {
        const index = weeks.indexOf(row.week)
        if (index < 0) continue
        let entry = perBand.get(row.bandId)
        if (!entry) {
          entry = { band: { id: row.bandId, name: row.bandName }, counts: weeks.map(() => 0), total: 0 }
          perBand.set(row.bandId, entry)
        }
        entry.counts[index] = Number(row.n)
        entry.total += Number(row.n)
      }

      const emptyGrades = () => Object.fromEntries(gradeKeys.map((key) => [key, 0])) as Record<GradeKey, number>
      const byPart = new Map<string, { counts: Record<GradeKey, number>; total: number }>(partKeys.map((part) => [part, { counts: emptyGrades(), total: 0 }]))
      for (const member of memberRows) {
        const grade = String(gradeOf(member.enrollmentYear, term)) as GradeKey
        const memberParts = member.parts && member.parts.length > 0 ? [...new Set(member.parts)] : ['Not given']
        for (const part of memberParts) {
          const entry = byPart.get(part) ?? byPart.get('Other')!
          entry.counts[grade] += 1
          entry.total += 1
        }
      }

      const lives = new Map<string, ClubDashboard['applicationsPerLive'][number]>()
      for (const row of applicationRows) {
        let live = lives.get(row.id)
        if (!live) {
          live = { event: { id: row.id, title: row.title }, counts: Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as Record<ApplicationStatus, number> }
          lives.set(row.id, live)
        }
        if (row.status) live.counts[row.status] = Number(row.n)
      }

      return {
        weekStart,
        days,
        periods: periodRows,
        roomUse,
        weeks,
        bookingsPerBand: [...perBand.values()].sort((a, b) => b.total - a.total || a.band.name.localeCompare(b.band.name)),
        membersByPart: [...byPart.entries()].map(([part, entry]) => ({ part, ...entry })),
        activeMembers: memberRows.length,
        applicationsPerLive: [...lives.values()],
        allocationRounds: roundFigures,
      }
    },
  }
  return service
}

export type DashboardService = ReturnType<typeof createDashboardService>
