import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { SessionUser } from '../../../src/contract/auth'
import type { Booking, BookingCheck, BookingFilter, BookingListQuery, Quota, bookingCheckQuerySchema, bookingInputSchema } from '../../../src/contract/bookings'
import { addDays, weekStartOf } from '../../../src/contract/calendar'
import type { Db } from '../db/client'
import { bandMembers, bands, bookings, rooms, users } from '../db/schema'
import { constraintOf, containsPattern, isUniqueViolation } from '../db/sql-helpers'
import { withTransaction, type Executor, type Tx } from '../db/transaction'
import { change, noteActivity } from '../activity/activity'
import { AppError, forbidden, notFound } from '../http/errors'
import type { SettingsService } from '../settings/settings.service'
import { deletedMemberName } from '../users/deleted-member'
import { bandUsesInWeek, evaluateBooking, isPrivileged, slotTakenMessage, toAppError, usedInWeek } from './booking-rules'
import { notifySql, type ChangeFeed } from '../db/change-feed'
import type { ScheduleVersion } from './schedule-cache'
import { m } from '../../../src/i18n/paraglide/messages.js'

export interface BookingsDeps {
  db: Db
  clock: () => Date
  settings: SettingsService
  scheduleVersion: ScheduleVersion
  feed: ChangeFeed
}

type Caller = SessionUser
type BookingInputValue = z.output<typeof bookingInputSchema>
type CheckQuery = z.output<typeof bookingCheckQuerySchema>

/** The CSV export's cap: a club's bookings over several years fit well below it. */
export const EXPORT_LIMIT = 10_000

const SLOT_KEY = 'bookings_active_slot_key'

const bookingColumns = {
  ...getTableColumns(bookings),
  roomName: rooms.name,
  bandName: bands.name,
  bookerName: users.displayName,
  bookerStatus: users.status,
}

/** Bookings with their room, band and booker, in one query (no lookups per row). */
const selectBookings = (executor: Executor) =>
  executor
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .leftJoin(bands, eq(bands.id, bookings.bandId))
    .leftJoin(users, eq(users.id, bookings.userId))

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number]

/** The booking columns of a CTE over `bookings` (`cancel`'s update … returning). */
const cancelledColumns = <T extends { [K in keyof typeof bookings._.columns]: unknown }>(cte: T) =>
  Object.fromEntries(Object.keys(getTableColumns(bookings)).map((key) => [key, cte[key as keyof T]])) as { [K in keyof typeof bookings._.columns]: T[K] }

/** Who is looking, to work out `canCancel` per row without a query per row. */
interface Viewer {
  id: string
  privileged: boolean
  bandIds: Set<string>
  now: Date
}

/** The bands the user is a member of (band_members rows), whatever their status. */
const memberBandIds = (executor: Executor, userId: string | ReturnType<typeof sql.placeholder>) =>
  executor.select({ id: bandMembers.bandId }).from(bandMembers).where(eq(bandMembers.userId, userId))

const mayCancel = (row: Pick<BookingRow, 'userId' | 'bandId'>, viewer: Omit<Viewer, 'now'>) =>
  viewer.privileged || row.userId === viewer.id || (row.bandId !== null && viewer.bandIds.has(row.bandId))

/** Who booked it, as lists show it: an allocation round's bookings are the band's (decision 035). */
function bookedByOf(row: Pick<BookingRow, 'source' | 'bandName' | 'userId' | 'bookerName' | 'bookerStatus'>): Booking['bookedBy'] {
  if (row.source === 'allocation') return { id: null, displayName: row.bandName ?? deletedMemberName() }
  if (row.userId === null || row.bookerStatus === 'deleted') return { id: null, displayName: deletedMemberName() }
  return { id: row.userId, displayName: row.bookerName! }
}

function toBooking(row: BookingRow, viewer: Viewer): Booking {
  return {
    id: row.id,
    roomId: row.roomId,
    roomName: row.roomName,
    date: row.date,
    periodId: row.periodId,
    periodLabel: row.periodLabel,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    kind: row.kind,
    band: row.bandId && row.bandName !== null ? { id: row.bandId, name: row.bandName } : null,
    bookedBy: bookedByOf(row),
    reason: row.reason,
    status: row.status,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    canCancel: row.status === 'active' && row.slotStart.getTime() > viewer.now.getTime() && mayCancel(row, viewer),
  }
}

/**
 * Room bookings (SPEC §5.5): booking, checking, cancelling, the lists and the quotas. The
 * rules themselves are in booking-rules.ts, shared by check and create.
 */
export function createBookingsService({ db, clock, settings, scheduleVersion }: BookingsDeps) {
  async function viewerOf(caller: Caller, now: Date): Promise<Viewer> {
    const rows = await memberBandIds(db, caller.id)
    return { id: caller.id, privileged: isPrivileged(caller), bandIds: new Set(rows.map((row) => row.id)), now }
  }

  async function one(caller: Caller, bookingId: string): Promise<Booking> {
    const now = clock()
    const [[row], viewer] = await Promise.all([selectBookings(db).where(eq(bookings.id, bookingId)), viewerOf(caller, now)])
    if (!row) throw notFound(m.bookings_no_such_booking())
    return toBooking(row, viewer)
  }

  /** A cancel that changed nothing: says why (404, 403 or 409). */
  async function whyNotCancelled(executor: Executor, caller: Caller, bookingId: string, now: Date): Promise<never> {
    const [row] = await selectBookings(executor).where(eq(bookings.id, bookingId))
    if (!row) throw notFound(m.bookings_no_such_booking())
    if (!isPrivileged(caller) && !mayCancel(row, await viewerOf(caller, now))) {
      throw new AppError(403, 'NOT_YOUR_BOOKING', m.bookings_not_yours())
    }
    if (row.status === 'cancelled') throw new AppError(409, 'BOOKING_CANCELLED', m.bookings_already_cancelled())
    if (row.slotStart.getTime() <= now.getTime()) throw new AppError(409, 'BOOKING_STARTED', m.bookings_already_started())
    // It was active, future and the caller's a moment ago: someone cancelled it in between.
    throw new AppError(409, 'BOOKING_CANCELLED', m.bookings_already_cancelled())
  }

  /**
   * An executive's or admin's cancel: any booking, in one transaction with the activity log's
   * entry when the booking was not theirs nor their band's (decision 042).
   */
  async function cancelAsExecutive(tx: Tx, caller: Caller, bookingId: string, now: Date, notice: SQL): Promise<Booking> {
    const [done] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: caller.id, updatedAt: now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'active'), gt(bookings.slotStart, now)))
      .returning({ id: bookings.id })
    if (!done) return whyNotCancelled(tx, caller, bookingId, now)
    await tx.execute(sql`select ${notice}`)
    const [row] = await selectBookings(tx).where(eq(bookings.id, bookingId))
    const own = row!.userId === caller.id || (row!.bandId !== null && (await memberBandIds(tx, caller.id)).some((band) => band.id === row!.bandId))
    if (!own) {
      noteActivity({
        include: true,
        action: 'booking.cancel-other',
        object: { type: 'booking', id: bookingId, label: `${row!.roomName}, ${row!.date} ${row!.periodLabel}` },
        changes: [change('status', 'active', 'cancelled'), change('booked for', null, row!.bandName ?? row!.bookerName)],
      })
    }
    return toBooking(row!, { id: caller.id, privileged: true, bandIds: new Set(), now })
  }

  function filterWhere(caller: Caller, filter: BookingFilter, now: Date) {
    if (filter.scope === 'all' && !isPrivileged(caller)) throw forbidden(m.bookings_only_executives_all())
    if (filter.from && filter.to && filter.from > filter.to) {
      throw new AppError(400, 'VALIDATION_FAILED', m.bookings_fields_need_attention(), { to: m.bookings_to_after_from() })
    }
    const conditions: SQL[] = []
    if (filter.scope === 'mine') conditions.push(or(eq(bookings.userId, caller.id), inArray(bookings.bandId, memberBandIds(db, caller.id)))!)
    // Upcoming and past lists show cancelled bookings too (struck through on screen) unless `status` picks one.
    if (filter.when === 'upcoming') conditions.push(gt(bookings.slotEnd, now))
    if (filter.when === 'past') conditions.push(lte(bookings.slotEnd, now))
    if (filter.from) conditions.push(gte(bookings.date, filter.from))
    if (filter.to) conditions.push(lte(bookings.date, filter.to))
    if (filter.roomId) conditions.push(eq(bookings.roomId, filter.roomId))
    if (filter.bandId) conditions.push(eq(bookings.bandId, filter.bandId))
    if (filter.kind) conditions.push(eq(bookings.kind, filter.kind))
    if (filter.status) conditions.push(eq(bookings.status, filter.status))
    if (filter.q) {
      const pattern = containsPattern(filter.q.toLowerCase())
      conditions.push(or(sql`lower(${bands.name}) like ${pattern}`, and(ne(users.status, 'deleted'), sql`lower(${users.displayName}) like ${pattern}`))!)
    }
    return and(...conditions)
  }

  /** Upcoming (and any) soonest first; past most recent first; then by room. */
  const orderOf = (filter: BookingFilter) => [
    filter.when === 'past' ? desc(bookings.slotStart) : asc(bookings.slotStart),
    asc(rooms.sortOrder),
    asc(sql`lower(${rooms.name})`),
    asc(bookings.id),
  ]

  /**
   * `cancel`'s statement, built once per shape (who may cancel any booking; whether a notice
   * goes with it, i.e. PostgreSQL) and prepared: building this update … returning with its
   * joins was the largest part of a cancel's CPU (decision 043).
   */
  const cancelStatements = new Map<string, ReturnType<typeof buildCancelStatement>>()
  function buildCancelStatement(privileged: boolean, notifies: boolean) {
    const now = sql.placeholder('now')
    const callerId = sql.placeholder('callerId')
    const cancelled = db.$with('cancelled').as(
      db
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: sql`${now}`, cancelledBy: sql`${callerId}`, updatedAt: sql`${now}` })
        .where(
          and(
            eq(bookings.id, sql.placeholder('bookingId')),
            eq(bookings.status, 'active'),
            gt(bookings.slotStart, now),
            privileged ? undefined : or(eq(bookings.userId, callerId), inArray(bookings.bandId, memberBandIds(db, callerId))),
          ),
        )
        .returning(),
    )
    return db
      .with(cancelled)
      .select({
        ...cancelledColumns(cancelled),
        roomName: rooms.name,
        bandName: bands.name,
        bookerName: users.displayName,
        bookerStatus: users.status,
        notified: notifies ? notifySql(sql.placeholder('notice')) : sql`null`,
      })
      .from(cancelled)
      .innerJoin(rooms, eq(rooms.id, cancelled.roomId))
      .leftJoin(bands, eq(bands.id, cancelled.bandId))
      .leftJoin(users, eq(users.id, cancelled.userId))
      .prepare(privileged ? 'booking_cancel_any' : 'booking_cancel_own')
  }
  const cancelStatement = (privileged: boolean, notifies: boolean) => {
    const key = `${privileged}:${notifies}`
    let statement = cancelStatements.get(key)
    if (!statement) cancelStatements.set(key, (statement = buildCancelStatement(privileged, notifies)))
    return statement
  }

  return {
    /** Every problem the slot has for the caller, without booking it. */
    async check(caller: Caller, query: CheckQuery): Promise<BookingCheck> {
      const { problems } = await evaluateBooking(db, { caller, request: query, now: clock(), club: await settings.get() })
      return { bookable: problems.length === 0, problems: problems.map(({ code, message }) => ({ code, message })) }
    },

    /**
     * Books a slot, all rules in one transaction. Two advisory locks serialise the racers that
     * matter: first the owner's (the band, or the person for personal practice), so the quota
     * count cannot be passed by two bookings at once; then the slot's (date + period, every
     * room), so no person ends up in two rooms at once. The owner's lock is always taken
     * first, so two bookings never wait on each other in a cycle. The slot being free is
     * guaranteed by the partial unique index `bookings_active_slot_key`, whatever the checks saw.
     */
    async create(caller: Caller, input: BookingInputValue): Promise<Booking> {
      const now = clock()
      const club = await settings.get()
      const notice = scheduleVersion.within()
      const booking = await withTransaction(db, async (tx) => {
        const owner = input.kind === 'band' ? `booking-band:${input.bandId}` : input.kind === 'personal' ? `booking-user:${caller.id}` : null
        const slot = `booking-slot:${input.date}:${input.periodId}`
        // Both locks in one statement (PostgreSQL evaluates a select list in order: owner first),
        // with the notice to the other processes, sent if the booking commits.
        await tx.execute(
          owner
            ? sql`select pg_advisory_xact_lock(hashtext(${owner})), pg_advisory_xact_lock(hashtext(${slot})), ${notice.sql}`
            : sql`select pg_advisory_xact_lock(hashtext(${slot})), ${notice.sql}`,
        )
        const { problems, room, period, band, slotStart, slotEnd } = await evaluateBooking(tx, { caller, request: input, now, club, lock: true })
        if (problems[0]) throw toAppError(problems[0])
        try {
          const [row] = await tx
            .insert(bookings)
            .values({
              roomId: room.id,
              date: input.date,
              periodId: period.id,
              periodLabel: period.label,
              startsAt: period.startsAt,
              endsAt: period.endsAt,
              slotStart,
              slotEnd,
              kind: input.kind,
              bandId: input.kind === 'band' ? input.bandId! : null,
              userId: caller.id,
              reason: input.kind === 'block' ? input.reason! : null,
              createdAt: now,
              updatedAt: now,
            })
            .returning()
            .prepare('booking_insert')
            .execute()
          // A block is an executive's power on a member route: the activity log keeps it (decision 042).
          if (input.kind === 'block') {
            noteActivity({
              include: true,
              action: 'booking.block',
              object: { type: 'booking', id: row!.id, label: `${room.name}, ${input.date} ${period.label}` },
              changes: [change('reason', null, input.reason)],
            })
          }
          // The answer from what the transaction holds: the caller booked it, so may cancel it.
          const joined = { ...row!, roomName: room.name, bandName: band?.name ?? null, bookerName: caller.displayName, bookerStatus: 'active' as const }
          return toBooking(joined, { id: caller.id, privileged: isPrivileged(caller), bandIds: new Set(), now })
        } catch (error) {
          if (isUniqueViolation(error) && constraintOf(error) === SLOT_KEY) {
            throw new AppError(409, 'SLOT_TAKEN', slotTakenMessage(room.name, period.label, input.date))
          }
          throw error
        }
      })
      notice.committed()
      return booking
    },

    /**
     * Cancels a booking: its booker, the band's current members, executives and admins, until
     * the slot starts. The row is locked and the update is conditional on `active`, so two
     * cancels cannot both succeed. Cancelled bookings are kept.
     */
    async cancel(caller: Caller, bookingId: string): Promise<Booking> {
      const now = clock()
      const privileged = isPrivileged(caller)
      const notice = scheduleVersion.within()
      // An executive's cancel runs in a transaction: when the booking was someone else's, the
      // activity log's entry (decision 042) is written in it. Members keep the one statement
      // (cancelStatement): the update's own conditions are the rules above, and the notice to the
      // other processes goes with it. Nothing matched: say why below.
      if (privileged) {
        const booking = await withTransaction(db, (tx) => cancelAsExecutive(tx, caller, bookingId, now, notice.sql))
        notice.committed()
        return booking
      }
      const [done] = await cancelStatement(false, notice.payload !== null).execute({ bookingId, now: now.toISOString(), callerId: caller.id, notice: notice.payload })
      if (done) {
        notice.committed()
        const { notified: _, ...row } = done
        return toBooking(row, { id: caller.id, privileged, bandIds: new Set(), now })
      }
      return whyNotCancelled(db, caller, bookingId, now)
    },

    get: one,


    /** The caller's bookings (`mine`) or, for executives, everyone's (`all`), filtered and paged. */
    async list(caller: Caller, query: BookingListQuery) {
      const now = clock()
      const where = filterWhere(caller, query, now)
      const [rows, [total], viewer] = await Promise.all([
        selectBookings(db)
          .where(where)
          .orderBy(...orderOf(query))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count() })
          .from(bookings)
          .innerJoin(rooms, eq(rooms.id, bookings.roomId))
          .leftJoin(bands, eq(bands.id, bookings.bandId))
          .leftJoin(users, eq(users.id, bookings.userId))
          .where(where),
        viewerOf(caller, now),
      ])
      return { items: rows.map((row) => toBooking(row, viewer)), total: total?.n ?? 0 }
    },

    /** The same filters without paging, at most EXPORT_LIMIT rows, for the CSV. */
    async exportRows(caller: Caller, filter: BookingFilter): Promise<Booking[]> {
      const now = clock()
      const where = filterWhere(caller, filter, now)
      const [rows, viewer] = await Promise.all([
        selectBookings(db)
          .where(where)
          .orderBy(...orderOf(filter))
          .limit(EXPORT_LIMIT),
        viewerOf(caller, now),
      ])
      return rows.map((row) => toBooking(row, viewer))
    },

    /** The caller's weekly quotas in the Monday–Sunday week holding `date`: personal, and each active band's. */
    async quota(caller: Caller, date: string): Promise<Quota> {
      const club = await settings.get()
      const weekStart = weekStartOf(date)
      const [myBands, personalUsed] = await Promise.all([
        db
          .select({ id: bands.id, name: bands.name })
          .from(bands)
          .innerJoin(bandMembers, eq(bandMembers.bandId, bands.id))
          .where(and(eq(bandMembers.userId, caller.id), eq(bands.status, 'active')))
          .orderBy(asc(sql`lower(${bands.name})`), asc(bands.id)),
        usedInWeek(db, { kind: 'personal', userId: caller.id }, weekStart),
      ])
      const bandUsed = await bandUsesInWeek(
        db,
        myBands.map((band) => band.id),
        weekStart,
      )
      const count = (limit: number, used: number) => ({ limit, used, remaining: Math.max(0, limit - used) })
      return {
        weekStart,
        weekEnd: addDays(weekStart, 6),
        mayExceed: isPrivileged(caller),
        personal: { ...count(club.booking.personalPeriodsPerWeek, personalUsed), allowed: club.booking.personalPracticeAllowed },
        bands: myBands.map((band) => ({ bandId: band.id, name: band.name, ...count(club.booking.bandPeriodsPerWeek, bandUsed.get(band.id) ?? 0) })),
      }
    },
  }
}

export type BookingsService = ReturnType<typeof createBookingsService>
