import { randomInt, randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, getTableColumns, inArray, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { SessionUser } from '../../../src/contract/auth'
import type { AllocationResult, AllocationSnapshot } from '../../../src/contract/allocation'
import type {
  AllWishes,
  AllocatedCell,
  BandWishes,
  Contest,
  Draft,
  DraftChange,
  DraftCheck,
  MyResults,
  MyWishes,
  Round,
  RoundList,
  RoundSummary,
  RuleBreak,
  Wish,
  runInputSchema,
  wishesInputSchema,
} from '../../../src/contract/allocation-rounds'
import { addDays, dayLabel, periodPhrase, weekDays, weekLabel } from '../../../src/contract/calendar'
import type { ClubSettings } from '../../../src/contract/settings'
import { describeAssignments, roundNodeBudget } from '../../../src/allocation/allocate'
import { checkAllocation, nextPoints } from '../../../src/allocation/rules'
import { explainAllocation, storedLabel } from '../../../src/allocation/words'
import type { Db } from '../db/client'
import {
  allocationOutcomes,
  allocationRounds,
  allocationStandingWishes,
  allocationWishes,
  bandMembers,
  bands,
  bookings,
  periods,
  rooms,
  users,
  type StandingWish,
  type StoredAssignment,
  type StoredWish,
} from '../db/schema'
import { constraintOf, isUniqueViolation } from '../db/sql-helpers'
import { change as activityChange, noteActivity } from '../activity/activity'
import { withTransaction, type Executor, type Tx } from '../db/transaction'
import { AppError, notFound } from '../http/errors'
import type { JobRunner } from '../jobs/job-runner'
import type { Mailer } from '../mail/mailer'
import type { Notifier } from '../notices/notify'
import type { SettingsService } from '../settings/settings.service'
import type { ScheduleVersion } from '../bookings/schedule-cache'
import { isPrivileged, slotTimes } from '../bookings/booking-rules'
import type { WorkerPool } from '../workers/worker-pool'
import { buildSnapshot, membersOf, outcomesOf, pointsFrom, roundPeriods, roundRooms, weekBlackouts, weekBookings, type RoundRow } from './round-data'
import { instantPhrase, roundTimes, statusOf, targetWeekOf } from './round-times'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { getLocale } from '../../../src/i18n/paraglide/runtime.js'

export interface RoundsDeps {
  db: Db
  clock: () => Date
  settings: SettingsService
  scheduleVersion: ScheduleVersion
  jobs: JobRunner
  workers: Pick<WorkerPool, 'run'>
  notifier: Notifier
  mailer: Pick<Mailer, 'flush'>
  log: FastifyBaseLogger
}

type Caller = Pick<SessionUser, 'id' | 'displayName' | 'role' | 'isExecutive'>
type WishesInputValue = z.output<typeof wishesInputSchema>
type RunInputValue = z.output<typeof runInputSchema>

/** The job that runs a round at its closing time (decision 020). */
export const ALLOCATION_RUN_JOB = 'allocation.run'
/** The job that makes the next round at its opening time (copying standing wishes into it). */
export const ALLOCATION_OPEN_JOB = 'allocation.open'
/** A run that has said nothing for this long is taken to be dead (its process stopped): another may take it over. */
export const STALE_RUN_MS = 2 * 60_000
/** Past rounds a list shows. */
const PAST_ROUNDS = 52
/** Rule breaks spelled out in one refusal. */
const BREAKS_NAMED = 5

const cellKey = (cell: { roomId: string; date: string; periodId: string }) => `${cell.roomId}|${cell.date}|${cell.periodId}`
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1

/** The first day of the academic year (term) holding `weekStart`, for the "this term" figures. */
function termStartOf(weekStart: string, club: ClubSettings) {
  const month = String(club.academicYearStartMonth).padStart(2, '0')
  const year = Number(weekStart.slice(0, 4))
  const sameYear = `${year}-${month}-01`
  return weekStart >= sameYear ? sameYear : `${year - 1}-${month}-01`
}

/** A refusal that lists the hard rules a change or publishing would break, in sentences. */
function ruleBroken(breaks: RuleBreak[], lead: string) {
  const named = breaks.slice(0, BREAKS_NAMED).map((item) => item.message)
  const more = breaks.length > BREAKS_NAMED ? m.allocation_more_problems({ count: breaks.length - BREAKS_NAMED }) : ''
  return new AppError(409, 'ALLOCATION_RULE_BROKEN', `${lead} ${named.join(' ')}${more}`)
}

/**
 * Weekly room allocation rounds (issue 15, decision 020): rounds made for the next week, the
 * bands' wishes, the run (by a job at the closing time, or by an executive), the draft and its
 * hand changes, publishing into bookings, and each band's results in words.
 */
export function createRoundsService(deps: RoundsDeps) {
  const { db, clock, settings, jobs, workers, notifier, mailer, scheduleVersion, log } = deps

  // ── Making rounds ──────────────────────────────────────────────────────────────────

  /** The rooms and periods that take part per the settings: empty lists mean every active room / every period. */
  async function takingPart(executor: Executor, club: ClubSettings) {
    const [roomRows, periodRows] = await Promise.all([
      executor
        .select({ id: rooms.id })
        .from(rooms)
        .where(club.allocation.roomIds.length > 0 ? inArray(rooms.id, club.allocation.roomIds) : eq(rooms.active, true)),
      executor
        .select({ id: periods.id })
        .from(periods)
        .where(club.allocation.periodIds.length > 0 ? inArray(periods.id, club.allocation.periodIds) : undefined),
    ])
    return { roomIds: roomRows.map((row) => row.id), periodIds: periodRows.map((row) => row.id) }
  }

  const findByWeek = async (weekStart: string) => (await db.select().from(allocationRounds).where(eq(allocationRounds.weekStart, weekStart)))[0]

  /**
   * Makes the round of a week (idempotent: one row per week, a unique index), copying the
   * bands' standing wishes into it and queueing its run at the closing time, in one transaction.
   */
  async function createRound(weekStart: string, club: ClubSettings): Promise<RoundRow> {
    const now = clock()
    const created = await withTransaction(db, async (tx) => {
      const { roomIds, periodIds } = await takingPart(tx, club)
      const times = roundTimes(weekStart, club)
      const periodsPerBand = club.allocation.periodsPerBand ?? club.booking.bandPeriodsPerWeek
      const [row] = await tx
        .insert(allocationRounds)
        .values({ weekStart, ...times, roomIds, periodIds, wishesPerBand: club.allocation.wishesPerBand, periodsPerBand, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: allocationRounds.weekStart })
        .returning()
      if (!row) return undefined
      const standing = await tx
        .select({ bandId: allocationStandingWishes.bandId, wishes: allocationStandingWishes.wishes, wants: allocationStandingWishes.wants })
        .from(allocationStandingWishes)
        .innerJoin(bands, eq(bands.id, allocationStandingWishes.bandId))
        .where(eq(bands.status, 'active'))
      const copies = standing
        .map((wish) => ({
          roundId: row.id,
          bandId: wish.bandId,
          wishes: wish.wishes
            .filter((item) => (item.roomId === null || roomIds.includes(item.roomId)) && periodIds.includes(item.periodId))
            .map((item) => ({ roomId: item.roomId, date: addDays(weekStart, item.weekday - 1), periodId: item.periodId }))
            .slice(0, row.wishesPerBand),
          wants: Math.min(wish.wants, periodsPerBand),
          fromStanding: true,
        }))
        .filter((copy) => copy.wishes.length > 0)
      if (copies.length > 0) await tx.insert(allocationWishes).values(copies)
      await jobs.enqueue(tx, { kind: ALLOCATION_RUN_JOB, payload: { roundId: row.id }, runAt: times.closesAt })
      return row
    })
    if (created) {
      // First-come booking of its cells is held from now on.
      scheduleVersion.bump()
      return created
    }
    return (await findByWeek(weekStart))!
  }

  /**
   * The round bands are listing wishes for now, made when missing: next week's, unless its
   * wishes closed before it was made (rounds switched on late in the week), then the week
   * after's. Null when rounds are off and none exists.
   */
  async function currentRound(): Promise<RoundRow | null> {
    const club = await settings.get()
    const now = clock()
    const next = targetWeekOf(now, club)
    const existing = await findByWeek(next)
    if (existing) return existing
    if (!club.allocation.enabled) return null
    if (roundTimes(next, club).closesAt.getTime() > now.getTime()) return createRound(next, club)
    const after = addDays(next, 7)
    return (await findByWeek(after)) ?? createRound(after, club)
  }

  async function findRound(roundId: string, executor: Executor = db): Promise<RoundRow> {
    const [round] = await executor.select().from(allocationRounds).where(eq(allocationRounds.id, roundId))
    if (!round) throw notFound(m.allocation_no_such_round())
    return round
  }

  // ── Reading rounds ─────────────────────────────────────────────────────────────────

  const bandsServedOf = (round: Pick<RoundRow, 'assignments' | 'status'>) =>
    round.status === 'draft' || round.status === 'published' ? new Set((round.assignments ?? []).map((item) => item.bandId)).size : null

  function summaryOf(round: Omit<RoundRow, 'snapshot' | 'result'>, bandsWithWishes: number, now: Date): RoundSummary {
    return {
      id: round.id,
      weekStart: round.weekStart,
      weekEnd: addDays(round.weekStart, 6),
      status: statusOf(round, now),
      opensAt: round.opensAt.toISOString(),
      closesAt: round.closesAt.toISOString(),
      ranAt: round.ranAt?.toISOString() ?? null,
      publishedAt: round.publishedAt?.toISOString() ?? null,
      bandsWithWishes,
      bandsServed: bandsServedOf(round),
    }
  }

  /** Bands with at least one wish, per round, in one query. */
  async function wishCounts(roundIds: string[]) {
    if (roundIds.length === 0) return new Map<string, number>()
    const rows = await db
      .select({ roundId: allocationWishes.roundId, n: count() })
      .from(allocationWishes)
      .where(and(inArray(allocationWishes.roundId, roundIds), sql`jsonb_array_length(${allocationWishes.wishes}) > 0`))
      .groupBy(allocationWishes.roundId)
    return new Map(rows.map((row) => [row.roundId, row.n]))
  }

  const { snapshot: _snapshot, result: _result, ...listColumns } = getTableColumns(allocationRounds)

  async function list(): Promise<RoundList> {
    const club = await settings.get()
    const current = await currentRound()
    const now = clock()
    const rows = await db
      .select(listColumns)
      .from(allocationRounds)
      .where(current ? sql`${allocationRounds.weekStart} < ${current.weekStart}` : undefined)
      .orderBy(desc(allocationRounds.weekStart))
      .limit(PAST_ROUNDS)
    const counts = await wishCounts([...(current ? [current.id] : []), ...rows.map((row) => row.id)])
    return {
      enabled: club.allocation.enabled,
      current: current ? summaryOf(current, counts.get(current.id) ?? 0, now) : null,
      past: rows.map((row) => summaryOf(row, counts.get(row.id) ?? 0, now)),
    }
  }

  /** The taking-part rooms and periods, and every cell of them that cannot be given out, with why. */
  async function roundFrame(round: RoundRow, executor: Executor = db) {
    const [roomRows, periodRows, blackoutOf, booked] = await Promise.all([
      roundRooms(executor, round.roomIds),
      roundPeriods(executor, round.periodIds),
      weekBlackouts(executor, round.weekStart),
      weekBookings(executor, round.weekStart),
    ])
    const bookedAt = new Map(booked.map((booking) => [cellKey(booking), booking]))
    const closedCells: Round['closedCells'] = []
    for (const date of weekDays(round.weekStart)) {
      for (const room of roomRows) {
        const blackout = blackoutOf(date, room.id)
        for (const period of periodRows) {
          const booking = bookedAt.get(cellKey({ roomId: room.id, date, periodId: period.id }))
          const reason = !room.active
            ? m.allocation_closed_out_of_use()
            : blackout !== null
              ? m.allocation_closed_blackout({ reason: blackout })
              : booking
                ? m.allocation_closed_booked({ label: storedLabel(booking.label) })
                : null
          if (reason) closedCells.push({ roomId: room.id, date, periodId: period.id, reason })
        }
      }
    }
    return { roomRows, periodRows, closedCells }
  }

  async function get(caller: Caller, roundId: string): Promise<Round> {
    const round = await findRound(roundId)
    const now = clock()
    const [{ roomRows, periodRows, closedCells }, counts] = await Promise.all([roundFrame(round), wishCounts([round.id])])
    const status = statusOf(round, now)
    return {
      ...summaryOf(round, counts.get(round.id) ?? 0, now),
      dates: weekDays(round.weekStart),
      rooms: roomRows.map((room) => ({ id: room.id, name: room.name })),
      periods: periodRows,
      wishesPerBand: round.wishesPerBand,
      periodsPerBand: round.periodsPerBand,
      closedCells,
      wishesEditable: status === 'open',
      canManage: isPrivileged(caller),
    }
  }

  // ── Wishes ─────────────────────────────────────────────────────────────────────────

  /** Names for wishes: the round's rooms and periods (plus any a stored wish still names). */
  async function namesFor(round: RoundRow) {
    const [roomRows, periodRows] = await Promise.all([roundRooms(db, round.roomIds), roundPeriods(db, round.periodIds)])
    return { rooms: new Map(roomRows.map((room) => [room.id, room.name])), periods: new Map(periodRows.map((period) => [period.id, period.label])) }
  }
  type Names = Awaited<ReturnType<typeof namesFor>>

  const wishOut = (names: Names, wish: StoredWish, index: number): Wish => ({
    rank: index + 1,
    roomId: wish.roomId,
    roomName: wish.roomId === null ? null : (names.rooms.get(wish.roomId) ?? m.allocation_room_gone()),
    date: wish.date,
    periodId: wish.periodId,
    periodLabel: names.periods.get(wish.periodId) ?? m.allocation_period_gone(),
  })

  type WishRow = typeof allocationWishes.$inferSelect
  async function bandWishesOf(round: RoundRow, bandsIn: Array<{ id: string; name: string }>, names: Names) {
    const ids = bandsIn.map((band) => band.id)
    if (ids.length === 0) return []
    const [wishRows, standingRows, editors] = await Promise.all([
      db
        .select()
        .from(allocationWishes)
        .where(and(eq(allocationWishes.roundId, round.id), inArray(allocationWishes.bandId, ids))),
      db.select({ bandId: allocationStandingWishes.bandId }).from(allocationStandingWishes).where(inArray(allocationStandingWishes.bandId, ids)),
      db
        .select({ id: users.id, displayName: users.displayName, status: users.status })
        .from(users)
        .where(inArray(users.id, db.select({ id: allocationWishes.updatedBy }).from(allocationWishes).where(eq(allocationWishes.roundId, round.id)))),
    ])
    const byBand = new Map<string, WishRow>(wishRows.map((row) => [row.bandId, row]))
    const standing = new Set(standingRows.map((row) => row.bandId))
    const editorName = new Map(editors.map((user) => [user.id, user.status === 'deleted' ? m.bands_deleted_user() : user.displayName]))
    return bandsIn.map((band): BandWishes => {
      const row = byBand.get(band.id)
      return {
        bandId: band.id,
        bandName: band.name,
        wishes: (row?.wishes ?? []).map((wish, index) => wishOut(names, wish, index)),
        wants: row?.wants ?? round.periodsPerBand,
        standing: standing.has(band.id),
        fromStanding: row?.fromStanding ?? false,
        updatedAt: row?.updatedAt?.toISOString() ?? null,
        updatedBy: row?.updatedBy ? (editorName.get(row.updatedBy) ?? null) : null,
      }
    })
  }

  /** The caller's active bands. */
  const myBands = (userId: string) =>
    db
      .select({ id: bands.id, name: bands.name })
      .from(bands)
      .innerJoin(bandMembers, eq(bandMembers.bandId, bands.id))
      .where(and(eq(bandMembers.userId, userId), eq(bands.status, 'active')))
      .orderBy(asc(sql`lower(${bands.name})`), asc(bands.id))

  async function myWishes(caller: Caller, roundId: string): Promise<MyWishes> {
    const round = await findRound(roundId)
    const [mine, names] = await Promise.all([myBands(caller.id), namesFor(round)])
    return { bands: await bandWishesOf(round, mine, names) }
  }

  /** Why wishes cannot change now, or null while the round is open. */
  function closedMessage(round: RoundRow, now: Date, club: ClubSettings) {
    const week = weekLabel(round.weekStart)
    switch (statusOf(round, now)) {
      case 'open':
        return null
      case 'upcoming':
        return m.allocation_wishes_open_at({ week, when: instantPhrase(round.opensAt, club.timeZone) })
      case 'published':
        return m.allocation_wishes_published({ week })
      default:
        return m.allocation_wishes_closed_at({ week, when: instantPhrase(round.closesAt, club.timeZone) })
    }
  }

  async function saveWishes(caller: Caller, roundId: string, bandId: string, input: WishesInputValue): Promise<BandWishes> {
    const club = await settings.get()
    const now = clock()
    const round = await findRound(roundId)
    const [band] = await db.select({ id: bands.id, name: bands.name, status: bands.status }).from(bands).where(eq(bands.id, bandId))
    if (!band) throw notFound(m.allocation_no_such_band())
    const [membership] = await db
      .select({ userId: bandMembers.userId })
      .from(bandMembers)
      .where(and(eq(bandMembers.bandId, bandId), eq(bandMembers.userId, caller.id)))
    if (!membership) throw new AppError(403, 'NOT_BAND_MEMBER', m.allocation_only_members())
    if (band.status !== 'active') throw new AppError(409, 'BAND_NOT_ACTIVE', m.allocation_band_not_active({ band: band.name, status: band.status === 'disbanded' ? m.bookings_band_disbanded() : m.bookings_band_inactive() }))

    const { roomRows, periodRows, closedCells } = await roundFrame(round)
    const fields: Record<string, string> = {}
    if (input.wishes.length > round.wishesPerBand) {
      throw new AppError(400, 'TOO_MANY_WISHES', m.allocation_too_many_wishes({ count: round.wishesPerBand }), {
        wishes: m.allocation_too_many_wishes_field({ count: round.wishesPerBand }),
      })
    }
    if (input.wants > round.periodsPerBand) fields.wants = m.allocation_too_many_wants({ count: round.periodsPerBand })
    const dates = new Set(weekDays(round.weekStart))
    const roomName = new Map(roomRows.map((room) => [room.id, room.name]))
    const periodLabel = new Map(periodRows.map((period) => [period.id, period.label]))
    const closed = new Map(closedCells.map((cell) => [cellKey(cell), cell.reason]))
    input.wishes.forEach((wish, index) => {
      const path = `wishes.${index}`
      if (!dates.has(wish.date)) fields[path] = m.allocation_choose_day({ week: weekLabel(round.weekStart) })
      else if (wish.roomId !== null && !roomName.has(wish.roomId)) fields[path] = m.allocation_room_not_in_round()
      else if (!periodLabel.has(wish.periodId)) fields[path] = m.allocation_period_not_in_round()
      else if (wish.roomId !== null && closed.has(cellKey({ ...wish, roomId: wish.roomId }))) {
        const cell = m.allocation_cell_label({ room: roomName.get(wish.roomId)!, day: dayLabel(wish.date), period: periodPhrase(periodLabel.get(wish.periodId)!) })
        // Mid-sentence, English writes the reason in lower case; Japanese has no case to change.
        const reason = closed.get(cellKey({ ...wish, roomId: wish.roomId }))!
        fields[path] = m.allocation_wish_cell_closed({ cell, reason: getLocale() === 'en' ? reason.toLowerCase() : reason })
      } else if (wish.roomId === null && roomRows.every((room) => closed.has(cellKey({ roomId: room.id, date: wish.date, periodId: wish.periodId })))) {
        fields[path] = m.allocation_no_room_on({ day: dayLabel(wish.date), period: periodPhrase(periodLabel.get(wish.periodId)!) })
      }
    })
    const wishFields = Object.keys(fields).filter((key) => key.startsWith('wishes.'))
    if (Object.keys(fields).length > 0) {
      throw new AppError(400, wishFields.length > 0 ? 'WISH_NOT_IN_ROUND' : 'VALIDATION_FAILED', m.allocation_wishes_need_attention(), fields)
    }

    await withTransaction(db, async (tx) => {
      // Held until commit: a run (which sets the round running) waits for this save, and then reads it.
      const [locked] = await tx.select().from(allocationRounds).where(eq(allocationRounds.id, round.id)).for('share')
      const message = closedMessage(locked!, now, club)
      if (message) throw new AppError(409, 'ROUND_NOT_OPEN', message)
      const values = { wishes: input.wishes as StoredWish[], wants: input.wants, fromStanding: false, updatedAt: now, updatedBy: caller.id }
      await tx
        .insert(allocationWishes)
        .values({ roundId: round.id, bandId, ...values })
        .onConflictDoUpdate({ target: [allocationWishes.roundId, allocationWishes.bandId], set: values })
      if (input.standing) {
        const standing: StandingWish[] = input.wishes.map((wish) => ({ roomId: wish.roomId, weekday: isoWeekday(wish.date), periodId: wish.periodId }))
        const standingValues = { wishes: standing, wants: input.wants, updatedAt: now, updatedBy: caller.id }
        await tx
          .insert(allocationStandingWishes)
          .values({ bandId, ...standingValues })
          .onConflictDoUpdate({ target: allocationStandingWishes.bandId, set: standingValues })
      } else {
        await tx.delete(allocationStandingWishes).where(eq(allocationStandingWishes.bandId, bandId))
      }
    })
    const names = { rooms: roomName, periods: periodLabel }
    return (await bandWishesOf(round, [band], names))[0]!
  }

  async function contest(roundId: string): Promise<Contest> {
    const round = await findRound(roundId)
    const rows = await db.select({ wishes: allocationWishes.wishes }).from(allocationWishes).where(eq(allocationWishes.roundId, roundId))
    const cells = new Map<string, Contest['cells'][number]>()
    const inRound = new Set(round.roomIds)
    for (const row of rows) {
      const counted = new Set<string>()
      const first = new Set<string>()
      row.wishes.forEach((wish, index) => {
        for (const roomId of wish.roomId === null ? round.roomIds : [wish.roomId]) {
          if (!inRound.has(roomId) || !round.periodIds.includes(wish.periodId)) continue
          const key = cellKey({ roomId, date: wish.date, periodId: wish.periodId })
          counted.add(key)
          if (index === 0) first.add(key)
          if (!cells.has(key)) cells.set(key, { roomId, date: wish.date, periodId: wish.periodId, bands: 0, firstWishes: 0 })
        }
      })
      for (const key of counted) cells.get(key)!.bands += 1
      for (const key of first) cells.get(key)!.firstWishes += 1
    }
    return { cells: [...cells.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || b.bands - a.bands) }
  }

  async function allWishes(roundId: string): Promise<AllWishes> {
    const round = await findRound(roundId)
    const listed = await db
      .select({ id: bands.id, name: bands.name })
      .from(allocationWishes)
      .innerJoin(bands, eq(bands.id, allocationWishes.bandId))
      .where(and(eq(allocationWishes.roundId, roundId), sql`jsonb_array_length(${allocationWishes.wishes}) > 0`))
      .orderBy(asc(sql`lower(${bands.name})`), asc(bands.id))
    const ids = listed.map((band) => band.id)
    const [names, members, outcomes] = await Promise.all([namesFor(round), membersOf(db, ids), outcomesOf(db, ids, round.weekStart)])
    const wishes = await bandWishesOf(round, listed, names)
    return {
      bands: wishes.map((band) => ({ ...band, points: pointsFrom(outcomes.get(band.bandId)), members: members.get(band.bandId) ?? [] })),
    }
  }

  // ── Running ────────────────────────────────────────────────────────────────────────

  /**
   * Runs a round, exactly once per claim: the claim is one conditional update (collecting and
   * due, or a draft run again by hand, or a run dead for STALE_RUN_MS) that sets a fresh
   * `run_token`; only the run holding that token may store its result. The snapshot is read
   * after the claim has committed, so every wish saved before it is in (a save holds the round
   * row FOR SHARE, which the claim's update waits for).
   */
  async function run(roundId: string, options: { manual: boolean; seed?: number }): Promise<RoundRow | null> {
    const now = clock()
    const token = randomUUID()
    const seed = options.seed ?? randomInt(0, 2 ** 32)
    const stale = and(eq(allocationRounds.status, 'running'), lte(allocationRounds.runStartedAt, new Date(now.getTime() - STALE_RUN_MS)))
    const claimable = options.manual
      ? or(inArray(allocationRounds.status, ['collecting', 'draft']), stale)
      : or(and(eq(allocationRounds.status, 'collecting'), lte(allocationRounds.closesAt, now)), stale)
    const [claimed] = await db
      .update(allocationRounds)
      .set({
        status: 'running',
        runToken: token,
        runStartedAt: now,
        seed,
        // Running by hand closes the wishes now.
        closesAt: options.manual ? sql`least(${allocationRounds.closesAt}, ${now})` : undefined,
        updatedAt: now,
      })
      .where(and(eq(allocationRounds.id, roundId), claimable))
      .returning()
    if (!claimed) {
      if (!options.manual) return null
      const round = await findRound(roundId)
      if (round.status === 'published') throw new AppError(409, 'ROUND_PUBLISHED', m.allocation_round_published())
      throw new AppError(409, 'ROUND_RUNNING', m.allocation_round_running())
    }
    const previous = claimed.ranAt ? 'draft' : 'collecting'
    try {
      // No transaction around the reads: the wishes cannot change any more (the round is
      // running), and a booking made meanwhile is caught by the hard-rule check at publishing.
      // On PGlite (one connection) a transaction would hold every other request for the reads.
      const snapshot = await buildSnapshot(db, claimed, seed)
      const result = snapshot.rooms.length === 0 || snapshot.periods.length === 0 ? emptyResult(snapshot) : await workers.run('allocate', { ...snapshot, nodeBudget: roundNodeBudget(snapshot) })
      const [stored] = await db
        .update(allocationRounds)
        .set({
          status: 'draft',
          snapshot,
          result,
          assignments: result.assignments.map(({ rank: _, ...assignment }) => assignment),
          editedByHand: false,
          ranAt: clock(),
          runToken: null,
          updatedAt: clock(),
        })
        .where(and(eq(allocationRounds.id, roundId), eq(allocationRounds.runToken, token)))
        .returning()
      log.info({ roundId, weekStart: claimed.weekStart, bands: snapshot.bands.length, served: result.objective.served, nodes: result.nodes }, 'allocation round ran')
      return stored ?? null
    } catch (error) {
      await db
        .update(allocationRounds)
        .set({ status: previous, runToken: null, updatedAt: clock() })
        .where(and(eq(allocationRounds.id, roundId), eq(allocationRounds.runToken, token)))
      throw error
    }
  }

  function emptyResult(snapshot: AllocationSnapshot): AllocationResult {
    return {
      assignments: [],
      bands: snapshot.bands.map((band, index) => ({ bandId: band.id, asked: 0, received: 0, satisfaction: 0, lottery: index + 1 })),
      unmet: snapshot.bands.flatMap((band) => band.wishes.map((_, index) => ({ bandId: band.id, rank: index + 1, reason: { kind: 'not-in-round' as const } }))),
      objective: { served: 0, weighted: 0, lottery: 0, bigM: 1, score: 0 },
      bound: 0,
      provenOptimal: true,
      nodes: 0,
    }
  }

  /** The job at a round's closing time; then the next round is made when its wishes open. */
  async function runJob(payload: unknown) {
    const { roundId } = payload as { roundId: string }
    const [round] = await db.select({ id: allocationRounds.id, weekStart: allocationRounds.weekStart }).from(allocationRounds).where(eq(allocationRounds.id, roundId))
    if (!round) return
    const ran = await run(roundId, { manual: false })
    if (!ran) {
      // Another run holds the round (an executive's, or one whose process died): try again later,
      // when it has finished or is stale enough to take over (the job runner's backoff).
      const [now] = await db.select({ status: allocationRounds.status }).from(allocationRounds).where(eq(allocationRounds.id, roundId))
      if (now?.status === 'running') throw new Error('the round is being run by another process; trying again later')
    }
    const club = await settings.get()
    if (club.allocation.enabled) {
      const next = addDays(round.weekStart, 7)
      await withTransaction(db, (tx) => jobs.enqueue(tx, { kind: ALLOCATION_OPEN_JOB, payload: { weekStart: next }, runAt: roundTimes(next, club).opensAt }))
    }
  }

  async function runNow(roundId: string, input: RunInputValue): Promise<Draft> {
    await findRound(roundId)
    const stored = await run(roundId, { manual: true, seed: input.seed })
    // Answered from the run itself: a fresh run breaks no rule against what it was made from.
    if (stored?.snapshot && stored.result) {
      return draftOf({ round: stored, snapshot: stored.snapshot as AllocationSnapshot, result: stored.result, assignments: stored.assignments ?? [] }, [])
    }
    return draft(roundId)
  }

  // ── The draft ──────────────────────────────────────────────────────────────────────

  interface DraftState {
    round: RoundRow
    snapshot: AllocationSnapshot
    result: AllocationResult
    assignments: StoredAssignment[]
  }

  async function draftState(roundId: string, executor: Executor = db, lock = false): Promise<DraftState> {
    const query = executor.select().from(allocationRounds).where(eq(allocationRounds.id, roundId))
    const [round] = lock ? await query.for('update') : await query
    if (!round) throw notFound(m.allocation_no_such_round())
    if (round.status === 'running') throw new AppError(409, 'ROUND_RUNNING', m.allocation_round_running())
    if ((round.status !== 'draft' && round.status !== 'published') || !round.snapshot || !round.result) {
      throw new AppError(409, 'ROUND_NOT_DRAFT', m.allocation_round_not_draft())
    }
    return { round, snapshot: round.snapshot as AllocationSnapshot, result: round.result, assignments: round.assignments ?? [] }
  }

  /** The stored bands and wishes with today's bookings and closures: what the hard rules are checked against now. */
  async function liveSnapshot(state: DraftState, executor: Executor): Promise<AllocationSnapshot> {
    const fresh = await buildSnapshot(executor, state.round, state.snapshot.seed)
    const people = new Map([...state.snapshot.people, ...fresh.people].map((person) => [person.id, person]))
    return { ...state.snapshot, bookings: fresh.bookings, unavailable: fresh.unavailable, people: [...people.values()] }
  }

  const breaksOf = (snapshot: AllocationSnapshot, assignments: StoredAssignment[]): RuleBreak[] =>
    checkAllocation(snapshot, assignments).map((item) => ({ rule: item.rule, bandId: item.bandId, message: item.message }))

  function describe(state: DraftState) {
    return state.round.editedByHand ? describeAssignments(state.snapshot, state.assignments, state.result) : state.result
  }

  function cellOut(snapshot: AllocationSnapshot, assignment: StoredAssignment, rank: number | null): AllocatedCell {
    return {
      roomId: assignment.roomId,
      roomName: snapshot.rooms.find((room) => room.id === assignment.roomId)?.name ?? m.allocation_a_room(),
      date: assignment.date,
      periodId: assignment.periodId,
      periodLabel: snapshot.periods.find((period) => period.id === assignment.periodId)?.name ?? m.allocation_a_period(),
      bandId: assignment.bandId,
      bandName: snapshot.bands.find((band) => band.id === assignment.bandId)?.name ?? m.allocation_a_band(),
      rank,
    }
  }

  /** Each band's periods and unmet wishes in words, from the draft as it stands. */
  function outcomesIn(state: DraftState) {
    const result = describe(state)
    const words = explainAllocation(state.snapshot, result)
    const names = {
      rooms: new Map(state.snapshot.rooms.map((room) => [room.id, room.name])),
      periods: new Map(state.snapshot.periods.map((period) => [period.id, period.name])),
    }
    const rankOf = new Map(result.assignments.map((item) => [`${item.bandId}|${cellKey(item)}`, item.rank]))
    const cells = state.assignments.map((assignment) => cellOut(state.snapshot, assignment, rankOf.get(`${assignment.bandId}|${cellKey(assignment)}`) || null))
    return {
      result,
      cells,
      bands: state.snapshot.bands.map((band) => {
        const outcome = result.bands.find((item) => item.bandId === band.id)
        const mine = cells.filter((cell) => cell.bandId === band.id)
        return {
          band,
          asked: outcome?.asked ?? 0,
          received: mine.length,
          periods: mine,
          firstWishMet: mine.some((cell) => cell.rank === 1),
          unmet: (words.get(band.id) ?? []).map(({ rank, text }) => ({ ...wishOut(names, band.wishes[rank - 1] as StoredWish, rank - 1), reason: text })),
          /** Ranks of the wishes left over because the band received every period it asked for: not needed, rather than lost. */
          notNeeded: new Set(
            result.unmet
              .filter((item) => item.bandId === band.id && item.reason.kind === 'enough' && item.reason.received > 0 && item.reason.received >= item.reason.wants)
              .map((item) => item.rank),
          ),
        }
      }),
    }
  }

  async function draftOf(state: DraftState, breaks: RuleBreak[]): Promise<Draft> {
    const club = await settings.get()
    const termStart = termStartOf(state.round.weekStart, club)
    const { cells, bands: outcomes } = outcomesIn(state)
    const history = await outcomesOf(
      db,
      outcomes.map((outcome) => outcome.band.id),
      state.round.weekStart,
    )
    const cellsInRound = state.snapshot.rooms.length * state.snapshot.periods.length * state.snapshot.dates.length
    const unavailable = new Set([...state.snapshot.unavailable.map(cellKey), ...state.snapshot.bookings.map(cellKey)])
    const openCells = state.snapshot.rooms.flatMap((room) => state.snapshot.dates.flatMap((date) => state.snapshot.periods.map((period) => cellKey({ roomId: room.id, date, periodId: period.id })))).filter((key) => !unavailable.has(key)).length
    return {
      roundId: state.round.id,
      status: statusOf(state.round, clock()),
      seed: state.snapshot.seed,
      ranAt: state.round.ranAt!.toISOString(),
      editedByHand: state.round.editedByHand,
      provenOptimal: state.result.provenOptimal,
      figures: {
        bandsWithWishes: state.snapshot.bands.length,
        bandsServed: outcomes.filter((outcome) => outcome.received > 0).length,
        firstWishesMet: outcomes.filter((outcome) => outcome.firstWishMet).length,
        periodsAsked: outcomes.reduce((sum, outcome) => sum + outcome.asked, 0),
        periodsGiven: cells.length,
        cellsLeft: Math.max(0, Math.min(cellsInRound, openCells) - cells.length),
      },
      cells,
      bands: outcomes.map((outcome) => {
        const term = (history.get(outcome.band.id) ?? []).filter((row) => row.weekStart >= termStart)
        const points = outcome.band.points ?? 0
        return {
          bandId: outcome.band.id,
          bandName: outcome.band.name,
          asked: outcome.asked,
          received: outcome.received,
          firstWishMet: outcome.firstWishMet,
          pointsBefore: points,
          pointsAfter: nextPoints(points, outcome.asked, outcome.received),
          termRounds: term.filter((row) => row.asked > 0).length,
          termRoundsWithNothing: term.filter((row) => row.asked > 0 && row.received === 0).length,
          termPeriods: term.reduce((sum, row) => sum + row.received, 0),
          unmet: outcome.unmet,
        }
      }),
      breaks,
    }
  }

  async function draft(roundId: string): Promise<Draft> {
    const state = await draftState(roundId)
    const breaks = state.round.status === 'draft' ? breaksOf(await liveSnapshot(state, db), state.assignments) : []
    return draftOf(state, breaks)
  }

  /** The draft after a change, or a 400 naming the field when the change names nothing to change. */
  function applyChange(state: DraftState, change: DraftChange): StoredAssignment[] {
    const inRound = (cell: { roomId: string; date: string; periodId: string }) =>
      state.snapshot.rooms.some((room) => room.id === cell.roomId) && state.snapshot.dates.includes(cell.date) && state.snapshot.periods.some((period) => period.id === cell.periodId)
    const holderAt = (cell: { roomId: string; date: string; periodId: string }) => state.assignments.find((item) => cellKey(item) === cellKey(cell))
    const invalid = (field: string, message: string) => new AppError(400, 'VALIDATION_FAILED', m.allocation_fields_need_attention(), { [field]: message })
    const without = (...out: Array<StoredAssignment | undefined>) => state.assignments.filter((item) => !out.includes(item))
    switch (change.action) {
      case 'move': {
        const held = holderAt(change.from)
        if (!held) throw invalid('from', m.allocation_no_band_cell())
        if (!inRound(change.to)) throw invalid('to', m.allocation_cell_not_in_round())
        return [...without(held), { ...change.to, bandId: held.bandId }]
      }
      case 'swap': {
        const a = holderAt(change.a)
        const b = holderAt(change.b)
        if (!a && !b) throw invalid('a', m.allocation_no_band_either())
        if (!inRound(change.a)) throw invalid('a', m.allocation_cell_not_in_round())
        if (!inRound(change.b)) throw invalid('b', m.allocation_cell_not_in_round())
        return [...without(a, b), ...(a ? [{ ...change.b, bandId: a.bandId }] : []), ...(b ? [{ ...change.a, bandId: b.bandId }] : [])]
      }
      case 'assign': {
        if (!inRound(change.cell)) throw invalid('cell', m.allocation_cell_not_in_round())
        if (change.bandId !== null && !state.snapshot.bands.some((band) => band.id === change.bandId)) throw invalid('bandId', m.allocation_band_no_wishes())
        const held = holderAt(change.cell)
        return [...without(held), ...(change.bandId ? [{ ...change.cell, bandId: change.bandId }] : [])]
      }
    }
  }

  /** The rule breaks a change adds (those the draft already had are not the change's doing). */
  function newBreaks(snapshot: AllocationSnapshot, before: StoredAssignment[], after: StoredAssignment[]) {
    const had = new Set(breaksOf(snapshot, before).map((item) => `${item.bandId}|${item.message}`))
    return breaksOf(snapshot, after).filter((item) => !had.has(`${item.bandId}|${item.message}`))
  }

  async function checkChange(roundId: string, change: DraftChange): Promise<DraftCheck> {
    const state = await draftState(roundId)
    if (state.round.status === 'published') throw new AppError(409, 'ROUND_PUBLISHED', m.allocation_round_published())
    const after = applyChange(state, change)
    const breaks = newBreaks(await liveSnapshot(state, db), state.assignments, after)
    return { allowed: breaks.length === 0, breaks }
  }

  async function change(roundId: string, input: DraftChange): Promise<Draft> {
    const now = clock()
    const saved = await withTransaction(db, async (tx) => {
      const state = await draftState(roundId, tx, true)
      if (state.round.status === 'published') throw new AppError(409, 'ROUND_PUBLISHED', m.allocation_round_published())
      const after = applyChange(state, input)
      const live = await liveSnapshot(state, tx)
      const breaks = newBreaks(live, state.assignments, after)
      if (breaks.length > 0) throw ruleBroken(breaks, m.allocation_change_breaks())
      const [round] = await tx.update(allocationRounds).set({ assignments: after, editedByHand: true, updatedAt: now }).where(eq(allocationRounds.id, roundId)).returning()
      return { state: { ...state, round: round!, assignments: after }, breaks: breaksOf(live, after) }
    })
    return draftOf(saved.state, saved.breaks)
  }

  // ── Publishing ─────────────────────────────────────────────────────────────────────

  /**
   * Publishes the draft in one transaction: the same advisory locks as first-come booking
   * (every band's, sorted, then every slot's, sorted — the owner-then-slot order of
   * bookings.service.ts, so neither waits on the other in a cycle), the hard rules checked
   * again against the bookings as they are now, the cells inserted as bookings
   * (`source = 'allocation'`; the one-booking-per-cell index has the last word), the points,
   * the round published, and a notice + mail to each band's members.
   */
  async function publish(caller: Caller, roundId: string): Promise<RoundSummary> {
    const now = clock()
    const club = await settings.get()
    const notice = scheduleVersion.within()
    const round = await withTransaction(db, async (tx) => {
      const state = await draftState(roundId, tx, true)
      if (state.round.status === 'published') throw new AppError(409, 'ROUND_PUBLISHED', m.allocation_round_published())
      const owners = [...new Set(state.assignments.map((item) => `booking-band:${item.bandId}`))].sort()
      const slots = [...new Set(state.assignments.map((item) => `booking-slot:${item.date}:${item.periodId}`))].sort()
      for (const key of [...owners, ...slots]) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
      await tx.execute(sql`select ${notice.sql}`)

      const live = await liveSnapshot(state, tx)
      const breaks = breaksOf(live, state.assignments)
      if (breaks.length > 0) throw ruleBroken(breaks, m.allocation_draft_breaks())
      await insertBookings(tx, state, club, now)

      // The run's own result stays as it was stored (reproducibility); `assignments` is what was published.
      const { bands: outcomes } = outcomesIn(state)
      if (outcomes.length > 0) {
        await tx.insert(allocationOutcomes).values(
          outcomes.map((outcome) => ({
            roundId,
            bandId: outcome.band.id,
            weekStart: state.round.weekStart,
            asked: outcome.asked,
            received: outcome.received,
            pointsBefore: outcome.band.points ?? 0,
            pointsAfter: nextPoints(outcome.band.points ?? 0, outcome.asked, outcome.received),
            createdAt: now,
          })),
        )
      }
      const [published] = await tx
        .update(allocationRounds)
        .set({ status: 'published', publishedAt: now, publishedBy: caller.id, updatedAt: now })
        .where(eq(allocationRounds.id, roundId))
        .returning()
      await tellBands(tx, state, outcomes)
      // The activity log (decision 042): what publishing changed, in counts.
      noteActivity({
        changes: [
          activityChange('status', state.round.status, 'published'),
          activityChange('bookings made', null, state.assignments.length),
          activityChange('bands', null, outcomes.length),
        ],
      })
      return published!
    })
    notice.committed()
    mailer.flush()
    const counts = await wishCounts([round.id])
    return summaryOf(round, counts.get(round.id) ?? 0, now)
  }

  async function insertBookings(tx: Tx, state: DraftState, club: ClubSettings, now: Date) {
    if (state.assignments.length === 0) return
    const periodRows = await roundPeriods(tx, [...new Set(state.assignments.map((item) => item.periodId))])
    const periodById = new Map(periodRows.map((period) => [period.id, period]))
    const rows = state.assignments.map((item) => {
      const period = periodById.get(item.periodId)
      if (!period) throw new AppError(409, 'ALLOCATION_RULE_BROKEN', m.allocation_period_removed())
      return {
        roomId: item.roomId,
        date: item.date,
        periodId: period.id,
        periodLabel: period.label,
        startsAt: period.startsAt,
        endsAt: period.endsAt,
        ...slotTimes(item.date, period, club.timeZone),
        kind: 'band' as const,
        bandId: item.bandId,
        // The round is their author (decision 035): no booker, the band's members and current executives cancel.
        userId: null,
        source: 'allocation' as const,
        createdAt: now,
        updatedAt: now,
      }
    })
    try {
      await tx.insert(bookings).values(rows)
    } catch (error) {
      if (isUniqueViolation(error) && constraintOf(error) === 'bookings_active_slot_key') {
        throw new AppError(409, 'ALLOCATION_RULE_BROKEN', m.allocation_cell_booked())
      }
      throw error
    }
  }

  type Outcome = ReturnType<typeof outcomesIn>['bands'][number]
  async function tellBands(tx: Tx, state: DraftState, outcomes: Outcome[]) {
    const members = await membersOf(
      tx,
      outcomes.map((outcome) => outcome.band.id),
    )
    // Each member reads the notice in their own language (decision 046): the reasons are worded
    // from the stored result once per language, as they are on the results screen.
    const worded = new Map<string, Map<string, Outcome>>()
    const inReadersLanguage = (bandId: string) => {
      const language = getLocale()
      if (!worded.has(language)) worded.set(language, new Map(outcomesIn(state).bands.map((outcome) => [outcome.band.id, outcome])))
      return worded.get(language)!.get(bandId)!
    }
    const messages = outcomes.map((outcome) => {
      const title = () => {
        const week = weekLabel(state.round.weekStart)
        return outcome.received === 0
          ? m.allocation_notice_nothing({ band: outcome.band.name, week })
          : m.allocation_notice_received({ band: outcome.band.name, count: outcome.received, week })
      }
      const body = () => {
        const own = inReadersLanguage(outcome.band.id)
        // Wishes left over once the band had every period it asked for are not counted as lost
        // (issue 33: "Wishes not met: 3. You received the two periods you asked for").
        const wishName = (wish: Outcome['unmet'][number]) =>
          m.allocation_notice_wish({ rank: wish.rank, room: wish.roomName ?? m.allocation_any_room_lower(), day: dayLabel(wish.date), period: periodPhrase(wish.periodLabel) })
        const lost = own.unmet.filter((wish) => !own.notNeeded.has(wish.rank))
        const spare = own.unmet.filter((wish) => own.notNeeded.has(wish.rank))
        const lines = [
          ...own.periods.map((cell) => m.allocation_cell_label({ room: cell.roomName, day: dayLabel(cell.date), period: periodPhrase(cell.periodLabel) })),
          ...(lost.length > 0 ? ['', m.allocation_notice_not_met({ count: lost.length }), ...lost.map((wish) => m.allocation_notice_reason({ wish: wishName(wish), reason: wish.reason }))] : []),
          ...(spare.length > 0 ? ['', ...spare.map((wish) => m.allocation_notice_not_needed({ wish: wishName(wish), reason: `${wish.reason.charAt(0).toLowerCase()}${wish.reason.slice(1)}` }))] : []),
        ]
        // No periods: the body starts with the wishes, not with a blank line.
        return lines.join('\n').replace(/^\n+/, '')
      }
      return {
        kind: 'allocation-result' as const,
        userIds: (members.get(outcome.band.id) ?? []).map((member) => member.id),
        title,
        body,
        link: '/room-allocation-list',
      }
    })
    await notifier.notifyAll(tx, messages)
  }

  // ── Results ────────────────────────────────────────────────────────────────────────

  async function myResults(caller: Caller, roundId: string): Promise<MyResults> {
    const round = await findRound(roundId)
    const status = statusOf(round, clock())
    const base = { roundId, status, publishedAt: round.publishedAt?.toISOString() ?? null }
    if (round.status !== 'published') return { ...base, bands: null }
    const state = await draftState(roundId)
    const memberships = await db.select({ bandId: bandMembers.bandId }).from(bandMembers).where(eq(bandMembers.userId, caller.id))
    const mine = new Set(memberships.map((row) => row.bandId))
    const stored = mine.size === 0 ? [] : await db.select().from(allocationOutcomes).where(and(eq(allocationOutcomes.roundId, roundId), inArray(allocationOutcomes.bandId, [...mine])))
    const points = new Map(stored.map((row) => [row.bandId, row]))
    const { bands: outcomes } = outcomesIn(state)
    return {
      ...base,
      bands: outcomes
        .filter((outcome) => mine.has(outcome.band.id))
        .map((outcome) => ({
          bandId: outcome.band.id,
          bandName: outcome.band.name,
          asked: outcome.asked,
          received: outcome.received,
          pointsBefore: points.get(outcome.band.id)?.pointsBefore ?? outcome.band.points ?? 0,
          pointsAfter: points.get(outcome.band.id)?.pointsAfter ?? outcome.band.points ?? 0,
          periods: outcome.periods,
          unmet: outcome.unmet,
        })),
    }
  }

  return {
    currentRound,
    list,
    get,
    myWishes,
    saveWishes,
    contest,
    allWishes,
    run,
    runJob,
    runNow,
    draft,
    checkChange,
    change,
    publish,
    myResults,
  }
}

export type RoundsService = ReturnType<typeof createRoundsService>

/** Registers the round jobs on the runner (the closing-time run; making the next round). */
export function registerRoundJobs(jobs: JobRunner, rounds: RoundsService) {
  jobs.register(ALLOCATION_RUN_JOB, (payload) => rounds.runJob(payload))
  jobs.register(ALLOCATION_OPEN_JOB, async () => {
    await rounds.currentRound()
  })
}

