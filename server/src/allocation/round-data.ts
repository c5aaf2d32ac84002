import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm'
import type { AllocationBooking, AllocationSnapshot, AllocationUnavailable } from '../../../src/contract/allocation'
import { addDays, weekDays } from '../../../src/contract/calendar'
import { allocationOutcomes, type allocationRounds, allocationWishes, bandMembers, bands, blackouts, bookings, periods, rooms, users } from '../db/schema'
import type { Executor } from '../db/transaction'

/**
 * The reads a round needs, each one query whatever the number of bands (no query per band):
 * the taking-part rooms and periods, the week's bookings with the people in them, blackouts,
 * priority points and recent outcomes; and the allocator's snapshot built from them.
 */

export type RoundRow = typeof allocationRounds.$inferSelect

/** How many earlier rounds of a band the snapshot carries (for "missed out the last two weeks"). */
const RECENT_ROUNDS = 4

export async function roundRooms(executor: Executor, roomIds: string[]) {
  if (roomIds.length === 0) return []
  return executor
    .select({ id: rooms.id, name: rooms.name, active: rooms.active })
    .from(rooms)
    .where(inArray(rooms.id, roomIds))
    .orderBy(asc(rooms.sortOrder), asc(sql`lower(${rooms.name})`))
}

export async function roundPeriods(executor: Executor, periodIds: string[]) {
  if (periodIds.length === 0) return []
  return executor
    .select({ id: periods.id, label: periods.label, startsAt: periods.startsAt, endsAt: periods.endsAt })
    .from(periods)
    .where(inArray(periods.id, periodIds))
    .orderBy(asc(periods.startsAt), asc(periods.endsAt))
}

/** Blackouts touching the week, per date and room (room null = every room). */
export async function weekBlackouts(executor: Executor, weekStart: string) {
  const weekEnd = addDays(weekStart, 6)
  const rows = await executor
    .select({ startsOn: blackouts.startsOn, endsOn: blackouts.endsOn, roomIds: blackouts.roomIds, reason: blackouts.reason })
    .from(blackouts)
    .where(and(lte(blackouts.startsOn, weekEnd), gte(blackouts.endsOn, weekStart)))
    .orderBy(asc(blackouts.startsOn))
  return (date: string, roomId: string) => rows.find((row) => row.startsOn <= date && row.endsOn >= date && (row.roomIds === null || row.roomIds.includes(roomId)))?.reason ?? null
}

/** The week's active bookings in every room, each with the people it holds (band members or the person practising). */
export async function weekBookings(executor: Executor, weekStart: string) {
  const rows = await executor
    .select({
      roomId: bookings.roomId,
      roomName: rooms.name,
      date: bookings.date,
      periodId: bookings.periodId,
      kind: bookings.kind,
      bandId: bookings.bandId,
      bandName: bands.name,
      userId: bookings.userId,
      reason: bookings.reason,
    })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .leftJoin(bands, eq(bands.id, bookings.bandId))
    .where(and(eq(bookings.status, 'active'), gte(bookings.date, weekStart), lte(bookings.date, addDays(weekStart, 6))))
  const bandIds = [...new Set(rows.flatMap((row) => (row.bandId ? [row.bandId] : [])))]
  const members = await membersOf(executor, bandIds)
  return rows
    .filter((row) => row.periodId !== null)
    .map((row) => ({
      roomId: row.roomId,
      roomName: row.roomName,
      date: row.date,
      periodId: row.periodId!,
      bandId: row.bandId,
      label: row.kind === 'band' ? (row.bandName ?? 'a band') : row.kind === 'personal' ? 'personal practice' : `closed: ${row.reason ?? 'closed'}`,
      people: row.kind === 'band' ? (members.get(row.bandId!) ?? []).map((member) => member.id) : row.kind === 'personal' && row.userId ? [row.userId] : [],
    }))
}

/** Current members of the bands (deleted accounts left out), with names, per band. */
export async function membersOf(executor: Executor, bandIds: string[]) {
  const byBand = new Map<string, Array<{ id: string; displayName: string }>>()
  if (bandIds.length === 0) return byBand
  const rows = await executor
    .select({ bandId: bandMembers.bandId, id: users.id, displayName: users.displayName })
    .from(bandMembers)
    .innerJoin(users, eq(users.id, bandMembers.userId))
    .where(and(inArray(bandMembers.bandId, bandIds), ne(users.status, 'deleted')))
    .orderBy(asc(bandMembers.joinedAt), asc(users.id))
  for (const row of rows) byBand.set(row.bandId, [...(byBand.get(row.bandId) ?? []), { id: row.id, displayName: row.displayName }])
  return byBand
}

/** Each band's published outcomes before `beforeWeek`, oldest first (points now = the last one's `pointsAfter`). */
export async function outcomesOf(executor: Executor, bandIds: string[], beforeWeek: string) {
  const byBand = new Map<string, Array<typeof allocationOutcomes.$inferSelect>>()
  if (bandIds.length === 0) return byBand
  const rows = await executor
    .select()
    .from(allocationOutcomes)
    .where(and(inArray(allocationOutcomes.bandId, bandIds), sql`${allocationOutcomes.weekStart} < ${beforeWeek}`))
    .orderBy(asc(allocationOutcomes.bandId), desc(allocationOutcomes.weekStart))
  for (const row of rows) byBand.set(row.bandId, [row, ...(byBand.get(row.bandId) ?? [])])
  return byBand
}

export const pointsFrom = (outcomes: Array<{ pointsAfter: number }> | undefined) => outcomes?.at(-1)?.pointsAfter ?? 0

/**
 * The allocator's input for a round (decision 020), read from the database as it is now: the
 * bands that listed wishes (active ones), their members, limit, wants, points and recent
 * rounds; every active booking of the week; closed and inactive cells.
 */
export async function buildSnapshot(executor: Executor, round: RoundRow, seed: number): Promise<AllocationSnapshot> {
  const dates = weekDays(round.weekStart)
  const [roomRows, periodRows, wishRows, booked, blackoutOf] = await Promise.all([
    roundRooms(executor, round.roomIds),
    roundPeriods(executor, round.periodIds),
    executor
      .select({ bandId: allocationWishes.bandId, name: bands.name, wishes: allocationWishes.wishes, wants: allocationWishes.wants })
      .from(allocationWishes)
      .innerJoin(bands, eq(bands.id, allocationWishes.bandId))
      .where(and(eq(allocationWishes.roundId, round.id), eq(bands.status, 'active')))
      .orderBy(asc(allocationWishes.bandId)),
    weekBookings(executor, round.weekStart),
    weekBlackouts(executor, round.weekStart),
  ])
  const listed = wishRows.filter((row) => row.wishes.length > 0)
  const bandIds = listed.map((row) => row.bandId)
  const [members, outcomes] = await Promise.all([membersOf(executor, bandIds), outcomesOf(executor, bandIds, round.weekStart)])
  const people = new Map<string, string>()
  for (const list of members.values()) for (const member of list) people.set(member.id, member.displayName)
  const personal = booked.flatMap((booking) => booking.people).filter((id) => !people.has(id))
  if (personal.length > 0) {
    const rows = await executor.select({ id: users.id, displayName: users.displayName }).from(users).where(inArray(users.id, [...new Set(personal)]))
    for (const row of rows) people.set(row.id, row.displayName)
  }
  const unavailable: AllocationUnavailable[] = []
  for (const room of roomRows) {
    for (const date of dates) {
      const closed = room.active ? blackoutOf(date, room.id) : 'the room is out of use'
      if (closed !== null) for (const period of periodRows) unavailable.push({ roomId: room.id, date, periodId: period.id, reason: room.active ? `closed: ${closed}` : closed })
    }
  }
  const bookingsOut: AllocationBooking[] = booked.map(({ bandId: _, ...booking }) => booking)
  return {
    dates,
    rooms: roomRows.map((room) => ({ id: room.id, name: room.name })),
    periods: periodRows.map((period) => ({ id: period.id, name: period.label })),
    people: [...people].map(([id, name]) => ({ id, name })),
    bands: listed.map((row) => {
      const history = outcomes.get(row.bandId) ?? []
      return {
        id: row.bandId,
        name: row.name,
        members: (members.get(row.bandId) ?? []).map((member) => member.id),
        limit: round.periodsPerBand,
        wants: row.wants,
        points: Math.min(50, pointsFrom(history)),
        wishes: row.wishes.slice(0, round.wishesPerBand),
        recent: history.slice(-RECENT_ROUNDS).map((outcome) => ({ asked: outcome.asked, received: outcome.received })),
      }
    }),
    bookings: bookingsOut,
    unavailable,
    seed,
  }
}
