import { eq } from 'drizzle-orm'
import { dayLabel, periodPhrase, weekLabel, weekStartOf } from '../../../src/contract/calendar'
import type { ClubSettings } from '../../../src/contract/settings'
import { allocationRounds } from '../db/schema'
import type { Executor } from '../db/transaction'
import { instantPhrase, roundTimes, statusOf, targetWeekOf } from './round-times'
import { m } from '../../../src/i18n/paraglide/messages.js'

export interface HeldCell {
  room: { id: string; name: string }
  period: { id: string; label: string }
  date: string
}

/** What an allocation round holds back from first-come booking in one week. */
export interface WeekHold {
  /** Taking-part rooms and periods (null: every active room / every period, per the settings of a round still to come). */
  roomIds: string[] | null
  periodIds: string[] | null
  /** `listing`: wishes open or about to; `allocating`: closed, running or in draft; `coming`: no round made yet. */
  phase: 'listing' | 'allocating' | 'coming'
  opensAt: Date
  closesAt: Date
}

/**
 * The hold of the week from `weekStart`, or null: with rounds on, its round exists and is not
 * published yet, or its round is still to come (the week is next week or later and its
 * wishes have not closed). One look-up on the rounds' unique week index.
 */
export async function weekHoldOf(executor: Executor, weekStart: string, now: Date, club: ClubSettings): Promise<WeekHold | null> {
  // Rounds switched off: every cell is first-come again, even those of a round not published.
  if (!club.allocation.enabled) return null
  const [round] = await executor
    .select({ status: allocationRounds.status, opensAt: allocationRounds.opensAt, closesAt: allocationRounds.closesAt, roomIds: allocationRounds.roomIds, periodIds: allocationRounds.periodIds })
    .from(allocationRounds)
    .where(eq(allocationRounds.weekStart, weekStart))
  if (round) {
    if (round.status === 'published') return null
    const status = statusOf(round, now)
    return { roomIds: round.roomIds, periodIds: round.periodIds, phase: status === 'upcoming' || status === 'open' ? 'listing' : 'allocating', opensAt: round.opensAt, closesAt: round.closesAt }
  }
  const { allocation } = club
  if (weekStart < targetWeekOf(now, club)) return null
  const times = roundTimes(weekStart, club)
  // Its wishes closed before a round was made (rounds switched on late): no round for that week.
  if (times.closesAt.getTime() <= now.getTime()) return null
  return { roomIds: allocation.roomIds.length > 0 ? allocation.roomIds : null, periodIds: allocation.periodIds.length > 0 ? allocation.periodIds : null, phase: 'coming', ...times }
}

export const holdCovers = (hold: WeekHold, roomId: string, periodId: string) => (hold.roomIds?.includes(roomId) ?? true) && (hold.periodIds?.includes(periodId) ?? true)

/**
 * The hold in words, for one cell (`{ room, period, day }`: "Studio A in 6th period on Tue 9 Jun")
 * or for every marked cell (`'marked'`: "The rooms and periods marked for the allocation round").
 */
export function holdMessage(hold: WeekHold, what: { room: string; period: string; day: string } | 'marked', weekStart: string, club: ClubSettings) {
  const week = weekLabel(weekStart)
  const opens = instantPhrase(hold.opensAt, club.timeZone)
  const closes = instantPhrase(hold.closesAt, club.timeZone)
  if (what === 'marked') {
    switch (hold.phase) {
      case 'listing':
        return m.allocation_hold_marked_listing({ week, opens, closes })
      case 'allocating':
        return m.allocation_hold_marked_allocating({ week })
      case 'coming':
        return m.allocation_hold_marked_coming({ week, opens, closes })
    }
  }
  const cell = m.allocation_hold_cell(what)
  switch (hold.phase) {
    case 'listing':
      return m.allocation_hold_cell_listing({ cell, week, opens, closes })
    case 'allocating':
      return m.allocation_hold_cell_allocating({ cell, week })
    case 'coming':
      return m.allocation_hold_cell_coming({ cell, week, opens, closes })
  }
}

/**
 * Why first-come booking of a cell waits for an allocation round (issue 15), or null. Inside
 * the booking transaction it runs after the slot's lock, which publishing also takes, so a
 * booking sees either the round before publishing (held) or its bookings (taken).
 */
export async function allocationHoldOf(executor: Executor, { room, period, date }: HeldCell, now: Date, club: ClubSettings): Promise<string | null> {
  const weekStart = weekStartOf(date)
  const hold = await weekHoldOf(executor, weekStart, now, club)
  if (!hold || !holdCovers(hold, room.id, period.id)) return null
  return holdMessage(hold, { room: room.name, period: periodPhrase(period.label), day: dayLabel(date) }, weekStart, club)
}
