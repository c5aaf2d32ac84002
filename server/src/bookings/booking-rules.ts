import { and, asc, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { SessionUser } from '../../../src/contract/auth'
import type { BookingKind } from '../../../src/contract/bookings'
import { addDays, dayLabel, periodPhrase, weekLabel, weekStartOf, zonedInstant } from '../../../src/contract/calendar'
import type { ErrorCode } from '../../../src/contract/errors'
import type { ClubSettings } from '../../../src/contract/settings'
import { bandMembers, bands, blackouts, bookings, periods, rooms, users } from '../db/schema'
import type { Executor } from '../db/transaction'
import { AppError } from '../http/errors'
import { clubToday } from './club-time'
import { allocationHoldOf } from '../allocation/booking-hold'
import { m } from '../../../src/i18n/paraglide/messages.js'

/**
 * The booking rules (SPEC §5.5), written once: `GET /api/bookings/check` lists every problem
 * a slot has for the caller, `POST /api/bookings` refuses with the first. Order: who may book
 * (403), what is booked (band or personal practice available), the slot (future, within the
 * horizon), the room (active, not blacked out), the slot free, the people free, the quotas.
 */

export interface BookingRequest {
  roomId: string
  date: string
  periodId: string
  kind: BookingKind
  bandId?: string | null
}

export interface BookingProblem {
  status: 403 | 409
  code: ErrorCode
  message: string
}

/** Executives and admins may close rooms, see every booking and go past the quotas. */
export const isPrivileged = (user: Pick<SessionUser, 'role' | 'isExecutive'>) => user.role === 'admin' || user.isExecutive

export const toAppError = (problem: BookingProblem) => new AppError(problem.status, problem.code, problem.message)


const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

export const slotTakenMessage = (roomName: string, periodLabel: string, date: string) =>
  m.bookings_slot_taken({ room: roomName, period: periodPhrase(periodLabel), day: dayLabel(date) })

/** The instants a period starts and ends on a day, in the club's time zone. */
export function slotTimes(date: string, period: { startsAt: string; endsAt: string }, timeZone: string) {
  return { slotStart: zonedInstant(date, period.startsAt, timeZone), slotEnd: zonedInstant(date, period.endsAt, timeZone) }
}

/** The last date a room can be booked on: today in the club's time zone plus the horizon. */
export const lastBookableDate = (now: Date, club: ClubSettings) => addDays(clubToday(now, club.timeZone), club.booking.horizonDays)

/**
 * The room, period and (for a band booking) band the request names, the blackout on the
 * room that day (if any) and whether the slot is taken, in one statement. Unknown ids are a
 * 400 naming each field, as blackouts do. With `lock`, the room and period rows are held FOR
 * SHARE until the transaction ends, so neither is deactivated, changed or deleted under the
 * booking.
 */
async function lookUp(executor: Executor, request: BookingRequest, lock: boolean) {
  const blackout = sql<string | null>`(select ${blackouts.reason} from ${blackouts}
    where ${blackouts.startsOn} <= ${request.date} and ${blackouts.endsOn} >= ${request.date}
      and (${blackouts.roomIds} is null or ${request.roomId}::uuid = any(${blackouts.roomIds}))
    order by ${blackouts.startsOn} limit 1)`
  const taken = sql<boolean>`exists (select 1 from ${bookings}
    where ${bookings.status} = 'active' and ${bookings.roomId} = ${request.roomId}
      and ${bookings.date} = ${request.date} and ${bookings.periodId} = ${request.periodId})`
  const wantsBand = request.kind === 'band' && !!request.bandId
  const query = executor
    .select({ room: rooms, period: periods, band: bands, blackout, taken })
    .from(rooms)
    .innerJoin(periods, eq(periods.id, request.periodId))
    .leftJoin(bands, wantsBand ? eq(bands.id, request.bandId!) : sql`false`)
    .where(eq(rooms.id, request.roomId))
  // A named statement per shape: PostgreSQL parses and plans it once per connection.
  const name = `booking_look_up_${lock ? 'lock' : 'read'}_${wantsBand ? 'band' : 'none'}`
  const [found] = await (lock ? query.for('share', { of: [rooms, periods] }) : query).prepare(name).execute()
  const fields: Record<string, string> = {}
  let bandFound = !!found?.band
  if (!found) {
    // Rare: say which is unknown, one query after another (a transaction has one connection).
    const [room] = await executor.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, request.roomId))
    const [period] = await executor.select({ id: periods.id }).from(periods).where(eq(periods.id, request.periodId))
    const [band] = wantsBand ? await executor.select({ id: bands.id }).from(bands).where(eq(bands.id, request.bandId!)) : []
    if (!room) fields.roomId = m.bookings_no_such_room()
    if (!period) fields.periodId = m.bookings_no_such_period()
    bandFound = !!band
  }
  if (request.kind === 'band' && !bandFound) fields.bandId = request.bandId ? m.bookings_no_such_band() : m.bookings_choose_band()
  if (!found || Object.keys(fields).length > 0) throw new AppError(400, 'VALIDATION_FAILED', m.bookings_fields_need_attention(), fields)
  return found
}

/** The people a booking occupies: the band's current members (deleted accounts aside), or the booker. */
async function peopleOf(executor: Executor, request: BookingRequest, caller: { id: string; displayName: string }) {
  if (request.kind === 'personal') return [{ id: caller.id, displayName: caller.displayName }]
  if (request.kind !== 'band') return []
  return executor
    .select({ id: users.id, displayName: users.displayName })
    .from(bandMembers)
    .innerJoin(users, eq(users.id, bandMembers.userId))
    .where(and(eq(bandMembers.bandId, request.bandId!), ne(users.status, 'deleted')))
    .orderBy(asc(bandMembers.joinedAt), asc(users.id))
}

/**
 * Active bookings in the same date and period, in another room, that already hold one of
 * `people`: their personal practice, or a booking of any band they are a member of. Two
 * queries on the active (date, period) index in one statement, answered per person.
 */
async function clashesOf(executor: Executor, request: BookingRequest, personIds: string[]) {
  if (personIds.length === 0) return new Map<string, string>()
  const sameSlot = and(
    eq(bookings.status, 'active'),
    eq(bookings.date, request.date),
    eq(bookings.periodId, request.periodId),
    ne(bookings.roomId, request.roomId),
  )
  const personal = executor
    .select({ personId: bookings.userId, roomName: rooms.name })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(and(sameSlot, eq(bookings.kind, 'personal'), inArray(bookings.userId, personIds)))
  const band = executor
    .select({ personId: bandMembers.userId, roomName: rooms.name })
    .from(bookings)
    .innerJoin(bandMembers, eq(bandMembers.bandId, bookings.bandId))
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(and(sameSlot, eq(bookings.kind, 'band'), inArray(bandMembers.userId, personIds)))
  const rows = await unionAll(personal, band)
  const byPerson = new Map<string, string>()
  for (const row of rows) if (row.personId && !byPerson.has(row.personId)) byPerson.set(row.personId, row.roomName)
  return byPerson
}

/** Active bookings of the band (kind band), or of the user (kind personal), in the week from `weekStart`. */
export async function usedInWeek(executor: Executor, owner: { kind: 'band'; bandId: string } | { kind: 'personal'; userId: string }, weekStart: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'active'),
        eq(bookings.kind, owner.kind),
        owner.kind === 'band' ? eq(bookings.bandId, owner.bandId) : eq(bookings.userId, owner.userId),
        gte(bookings.date, weekStart),
        lte(bookings.date, addDays(weekStart, 6)),
      ),
    )
  return row?.n ?? 0
}

export interface EvaluateOptions {
  caller: Pick<SessionUser, 'id' | 'displayName' | 'role' | 'isExecutive'>
  request: BookingRequest
  now: Date
  club: ClubSettings
  /** Inside the booking transaction: hold the room and period rows (see lookUp). */
  lock?: boolean
}

/**
 * Every problem the request has for the caller, in the order above, with the records it
 * names and the slot's instants. Unknown ids throw a 400 instead. When the caller may not
 * book this at all (a band they do not play in, a closure by a non-executive), only that is
 * answered: the rest would tell them about someone else's band.
 */
export async function evaluateBooking(executor: Executor, { caller, request, now, club, lock = false }: EvaluateOptions) {
  const { room, period, band, blackout, taken } = await lookUp(executor, request, lock)
  const { slotStart, slotEnd } = slotTimes(request.date, period, club.timeZone)
  const found = { room, period, band, slotStart, slotEnd }
  const privileged = isPrivileged(caller)
  const day = dayLabel(request.date)
  const when = m.bookings_period_on_day({ period: periodPhrase(period.label), day })

  const people = await peopleOf(executor, request, caller)
  if (request.kind === 'block' && !privileged) {
    return { ...found, problems: [{ status: 403, code: 'FORBIDDEN', message: m.bookings_only_executives_close() }] as BookingProblem[] }
  }
  if (request.kind === 'band' && !people.some((person) => person.id === caller.id)) {
    return { ...found, problems: [{ status: 403, code: 'NOT_BAND_MEMBER', message: m.bookings_only_own_band() }] as BookingProblem[] }
  }

  const problems: BookingProblem[] = []
  const add = (code: ErrorCode, message: string) => problems.push({ status: 409, code, message })

  if (request.kind === 'personal' && !club.booking.personalPracticeAllowed) {
    add('PERSONAL_PRACTICE_DISABLED', m.bookings_personal_disabled())
  }
  if (band && band.status !== 'active') add('BAND_NOT_ACTIVE', m.bookings_band_not_active({ band: band.name, status: band.status === 'disbanded' ? m.bookings_band_disbanded() : m.bookings_band_inactive() }))

  if (slotStart.getTime() <= now.getTime()) add('SLOT_IN_PAST', m.bookings_slot_in_past({ when: `${when.charAt(0).toUpperCase()}${when.slice(1)}` }))
  const lastDate = lastBookableDate(now, club)
  if (request.date > lastDate) {
    add('SLOT_BEYOND_HORIZON', m.bookings_beyond_horizon({ days: club.booking.horizonDays, last: dayLabel(lastDate) }))
  }

  const clashes = await clashesOf(
    executor,
    request,
    people.map((person) => person.id),
  )
  if (!room.active) add('ROOM_INACTIVE', m.bookings_room_inactive_problem({ room: room.name }))
  if (blackout !== null) add('ROOM_BLACKED_OUT', m.bookings_room_blacked_out({ room: room.name, day, reason: sentence(blackout) }))
  if (taken) add('SLOT_TAKEN', slotTakenMessage(room.name, period.label, request.date))
  // A cell an allocation round gives out waits for its results (issue 15); executives may still close it.
  if (!taken && request.kind !== 'block') {
    const held = await allocationHoldOf(executor, { room, period, date: request.date }, now, club)
    if (held) add('SLOT_IN_ALLOCATION', held)
  }
  for (const person of people) {
    const otherRoom = clashes.get(person.id)
    if (otherRoom) add('PERSON_DOUBLE_BOOKED', m.bookings_person_double_booked({ person: person.displayName, when, room: otherRoom }))
  }

  if (!privileged) {
    const weekStart = weekStartOf(request.date)
    const week = m.bookings_the_week_of({ week: weekLabel(weekStart) })
    if (band) {
      const limit = club.booking.bandPeriodsPerWeek
      const used = await usedInWeek(executor, { kind: 'band', bandId: band.id }, weekStart)
      if (used >= limit) {
        add('BAND_QUOTA_EXCEEDED', m.bookings_band_quota_exceeded({ limit, band: band.name, used, week }))
      }
    } else if (request.kind === 'personal' && club.booking.personalPracticeAllowed) {
      const limit = club.booking.personalPeriodsPerWeek
      const used = await usedInWeek(executor, { kind: 'personal', userId: caller.id }, weekStart)
      if (used >= limit) {
        add('PERSONAL_QUOTA_EXCEEDED', m.bookings_personal_quota_exceeded({ limit, used, week }))
      }
    }
  }
  return { ...found, problems }
}

/** Counts for the quota endpoint: active bookings per band (kind band) in the week, in one query. */
export async function bandUsesInWeek(executor: Executor, bandIds: string[], weekStart: string) {
  if (bandIds.length === 0) return new Map<string, number>()
  const rows = await executor
    .select({ bandId: bookings.bandId, n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'active'),
        eq(bookings.kind, 'band'),
        inArray(bookings.bandId, bandIds),
        gte(bookings.date, weekStart),
        lte(bookings.date, addDays(weekStart, 6)),
      ),
    )
    .groupBy(bookings.bandId)
  return new Map(rows.map((row) => [row.bandId!, row.n]))
}
