import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm'
import type { SessionUser } from '../../../src/contract/auth'
import type { PublicSchedule, PublicScheduleEntry, WeekSchedule } from '../../../src/contract/bookings'
import { bookingKindLabels } from '../../../src/contract/bookings'
import { weekDays, weekStartOf } from '../../../src/contract/calendar'
import { bandMembers, bands, blackouts, bookings, periods, rooms, users } from '../db/schema'
import { deletedMemberName } from '../users/deleted-member'
import { lastBookableDate } from './booking-rules'
import { clubToday } from './club-time'
import { createBodyCache, createVersionedCache, type CachedBody } from './schedule-cache'
import type { BookingsDeps } from './bookings.service'
import { holdMessage, weekHoldOf } from '../allocation/booking-hold'
import { getLocale } from '../../../src/i18n/paraglide/runtime.js'
import { m } from '../../../src/i18n/paraglide/messages.js'

type BlackoutRow = { startsOn: string; endsOn: string; roomIds: string[] | null; reason: string }

/** One item per closed day in the week: per room for some rooms, `roomId` null for all rooms. */
function expandBlackouts(rows: BlackoutRow[], days: string[], shownRoomIds?: Set<string>) {
  const items: Array<{ date: string; roomId: string | null; reason: string }> = []
  for (const date of days) {
    for (const row of rows) {
      if (row.startsOn > date || row.endsOn < date) continue
      if (row.roomIds === null) items.push({ date, roomId: null, reason: row.reason })
      else for (const roomId of row.roomIds) if (!shownRoomIds || shownRoomIds.has(roomId)) items.push({ date, roomId, reason: row.reason })
    }
  }
  return items
}

/**
 * The week grids (SPEC §5.5): the signed-in one with every booking's band or person, and the
 * public one with only what the settings allow. Each is a constant number of queries, run
 * together; bookings are found through the active (date, period) index.
 */
export function createScheduleService({ db, clock, settings, scheduleVersion, feed }: BookingsDeps) {
  const blackoutsIn = (from: string, to: string) =>
    db
      .select({ startsOn: blackouts.startsOn, endsOn: blackouts.endsOn, roomIds: blackouts.roomIds, reason: blackouts.reason })
      .from(blackouts)
      .where(and(lte(blackouts.startsOn, to), gte(blackouts.endsOn, from)))
      .orderBy(asc(blackouts.startsOn), asc(blackouts.endsOn), asc(blackouts.id))

  const periodList = () =>
    db
      .select({ id: periods.id, label: periods.label, startsAt: periods.startsAt, endsAt: periods.endsAt })
      .from(periods)
      .orderBy(asc(periods.startsAt), asc(periods.endsAt))

  /** Active bookings in the week whose period still exists. */
  const activeIn = (from: string, to: string) =>
    and(eq(bookings.status, 'active'), gte(bookings.date, from), lte(bookings.date, to), isNotNull(bookings.periodId))
  const roomOrder = [asc(rooms.sortOrder), asc(sql`lower(${rooms.name})`), asc(rooms.id)]
  const entryOrder = [asc(bookings.date), asc(bookings.slotStart), ...roomOrder]

  async function publicWeek(query: { week?: string; room?: string }, today: string): Promise<PublicSchedule | null> {
    const club = await settings.get()
    if (!club.publicSchedule.enabled) return { enabled: false, clubName: club.clubName }
    const weekStart = weekStartOf(query.week ?? today)
    const days = weekDays(weekStart)
    const shown = and(eq(rooms.active, true), eq(rooms.shownPublicly, true), query.room ? eq(rooms.id, query.room) : undefined)
    const [roomRows, periodRows, blackoutRows, entryRows] = await Promise.all([
      db
        .select({ id: rooms.id, name: rooms.name, active: rooms.active })
        .from(rooms)
        .where(shown)
        .orderBy(...roomOrder),
      periodList(),
      blackoutsIn(weekStart, days[6]!),
      db
        .select({ roomId: bookings.roomId, date: bookings.date, periodId: bookings.periodId, kind: bookings.kind, bandName: bands.name })
        .from(bookings)
        .innerJoin(rooms, eq(rooms.id, bookings.roomId))
        .leftJoin(bands, eq(bands.id, bookings.bandId))
        .where(and(activeIn(weekStart, days[6]!), shown))
        .orderBy(...entryOrder),
    ])
    if (query.room && roomRows.length === 0) return null
    // Personal practice never names the person, and a closure never gives the executive's
    // reason (it may be internal). Blackout reasons are shown: they are the club's public
    // announcements ("Campus festival"), set in the settings for everyone to read.
    const labelOf = (row: (typeof entryRows)[number]) =>
      row.kind === 'band' ? (club.publicSchedule.showBandNames && row.bandName ? row.bandName : m.bookings_booked_label()) : bookingKindLabels[row.kind]()
    return {
      enabled: true,
      clubName: club.clubName,
      timeZone: club.timeZone,
      weekStart,
      days,
      today,
      rooms: roomRows,
      periods: periodRows,
      blackouts: expandBlackouts(blackoutRows, days, new Set(roomRows.map((room) => room.id))),
      entries: entryRows.map(
        (row): PublicScheduleEntry => ({ roomId: row.roomId, date: row.date, periodId: row.periodId!, kind: row.kind, label: labelOf(row) }),
      ),
    }
  }

  /**
   * The public grid's serialised answers, kept per (today, week, room) until the schedule
   * version moves (any booking, room, period, blackout, setting or band-name change) — see
   * schedule-cache.ts. Today is in the key because the default week and `today` depend on it.
   */
  const publicCache = createBodyCache(scheduleVersion)
  /** weekStartOf per asked day, remembered (date-fns parsing is the costly part of a cache hit). */
  const weekStarts = new Map<string, string>()
  const weekStartCached = (date: string) => {
    let weekStart = weekStarts.get(date)
    if (!weekStart) {
      if (weekStarts.size >= 1000) weekStarts.clear()
      weekStart = weekStartOf(date)
      weekStarts.set(date, weekStart)
    }
    return weekStart
  }

  /** A week as every member sees it; `userId` (the booker) stays here to mark the caller's own. */
  async function memberWeek(weekStart: string) {
    const days = weekDays(weekStart)
    const club = await settings.get()
    const [roomRows, periodRows, blackoutRows, entryRows, hold] = await Promise.all([
      db
        .select({ id: rooms.id, name: rooms.name, active: rooms.active })
        .from(rooms)
        .orderBy(...roomOrder),
      periodList(),
      blackoutsIn(weekStart, days[6]!),
      db
        .select({
          id: bookings.id,
          roomId: bookings.roomId,
          date: bookings.date,
          periodId: bookings.periodId,
          kind: bookings.kind,
          bandId: bookings.bandId,
          userId: bookings.userId,
          reason: bookings.reason,
          bandName: bands.name,
          userName: users.displayName,
          userStatus: users.status,
        })
        .from(bookings)
        .innerJoin(rooms, eq(rooms.id, bookings.roomId))
        .leftJoin(bands, eq(bands.id, bookings.bandId))
        .leftJoin(users, eq(users.id, bookings.userId))
        .where(activeIn(weekStart, days[6]!))
        .orderBy(...entryOrder),
      weekHoldOf(db, weekStart, clock(), club),
    ])
    // The cells an allocation round holds (issue 15); a round still to come takes every active room / period when the settings list none.
    const allocationHold = hold
      ? {
          roomIds: hold.roomIds ?? roomRows.filter((room) => room.active).map((room) => room.id),
          periodIds: hold.periodIds ?? periodRows.map((period) => period.id),
          message: holdMessage(hold, 'marked', weekStart, club),
        }
      : null
    const labelOf = (row: (typeof entryRows)[number]) => {
      if (row.kind === 'band') return row.bandName ?? bookingKindLabels.band()
      if (row.kind === 'block') return row.reason ?? bookingKindLabels.block()
      return row.userId && row.userStatus !== 'deleted' ? row.userName! : deletedMemberName()
    }
    return {
      weekStart,
      days,
      rooms: roomRows,
      periods: periodRows,
      blackouts: expandBlackouts(blackoutRows, days),
      allocationHold,
      entries: entryRows.map((row) => ({
        id: row.id,
        roomId: row.roomId,
        date: row.date,
        periodId: row.periodId!,
        kind: row.kind,
        label: labelOf(row),
        bandId: row.bandId,
        userId: row.userId,
      })),
    }
  }

  /**
   * Members' weeks per week start, until the schedule version moves. People's names are not
   * part of the version (a profile rename does not bump it), so an entry also lives at most
   * 30 seconds.
   */
  const memberWeeks = createVersionedCache<Awaited<ReturnType<typeof memberWeek>>>(scheduleVersion, { maxEntries: 100, maxAgeMs: 30_000, clock })

  /**
   * Each person's week as a finished body (serialised once, compressed once per encoding):
   * the screen members open all day answers from memory. Kept per schedule version and
   * minute (the grid's "now" is that minute: a new minute drops them all, so no week of a
   * past minute waits in memory for eviction), and dropped on any write in any process (the
   * person's bands may have changed).
   */
  const personalWeeks = createBodyCache(scheduleVersion, 2_000)
  let personalMinute = 0
  feed.subscribe('writes', () => personalWeeks.clear())

  return {
    /** The signed-in week grid as a cached body; see `week`. */
    async weekBody(caller: SessionUser, week?: string): Promise<CachedBody> {
      const club = await settings.get()
      const minute = new Date(Math.floor(clock().getTime() / 60_000) * 60_000)
      if (minute.getTime() !== personalMinute) {
        personalWeeks.clear()
        personalMinute = minute.getTime()
      }
      const weekStart = weekStartCached(week ?? clubToday(minute, club.timeZone))
      return (await personalWeeks.get(`${getLocale()}|${caller.id}|${weekStart}`, () => this.week(caller, weekStart, minute)))!
    },

    /**
     * The signed-in week grid: every room (inactive ones flagged), the caller's bookings
     * marked. What every member sees of a week is built once per schedule version (see
     * memberWeek); per person only their bands are read, to mark theirs.
     */
    async week(caller: SessionUser, week?: string, now = clock()): Promise<WeekSchedule> {
      const club = await settings.get()
      const today = clubToday(now, club.timeZone)
      const weekStart = weekStartCached(week ?? today)
      const [shared, myBands] = await Promise.all([
        memberWeeks.get(`${getLocale()}|${weekStart}`, () => memberWeek(weekStart)),
        db.select({ id: bandMembers.bandId }).from(bandMembers).where(eq(bandMembers.userId, caller.id)),
      ])
      const { entries, ...frame } = shared!
      const mine = new Set(myBands.map((band) => band.id))
      return {
        ...frame,
        today,
        now: now.toISOString(),
        lastBookableDate: lastBookableDate(now, club),
        entries: entries.map(({ userId, ...entry }) => ({
          ...entry,
          mine: userId === caller.id || (entry.bandId !== null && mine.has(entry.bandId)),
        })),
      }
    },

    /** The public grid as a cached body with its ETag; null when `room` is not a room shown publicly. */
    async publicWeek(query: { week?: string; room?: string }): Promise<CachedBody | null> {
      const club = await settings.get()
      const today = clubToday(clock(), club.timeZone)
      const weekStart = weekStartCached(query.week ?? today)
      // Per language too: the labels and the hold's words are in the request's (decision 046).
      return publicCache.get(`${getLocale()}|${today}|${weekStart}|${query.room ?? ''}`, () => publicWeek(query, today))
    },
  }
}

export type ScheduleService = ReturnType<typeof createScheduleService>
