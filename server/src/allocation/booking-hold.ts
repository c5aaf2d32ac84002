import { eq } from 'drizzle-orm'
import { dayLabel, periodPhrase, weekLabel, weekStartOf } from '../../../src/contract/calendar'
import type { ClubSettings } from '../../../src/contract/settings'
import { allocationRounds } from '../db/schema'
import type { Executor } from '../db/transaction'
import { instantPhrase, roundTimes, statusOf, targetWeekOf } from './round-times'

export interface HeldCell {
  room: { id: string; name: string }
  period: { id: string; label: string }
  date: string
}

/**
 * Why first-come booking of a cell waits for an allocation round (issue 15), or null: a cell of
 * a taking-part room and period in a week whose round is not published yet — or, with rounds
 * on, a week whose round is still to come. One look-up on the rounds' unique week index.
 * Inside the booking transaction it runs after the slot's lock, which publishing also takes,
 * so a booking sees either the round before publishing (held) or its bookings (taken).
 */
export async function allocationHoldOf(executor: Executor, { room, period, date }: HeldCell, now: Date, club: ClubSettings): Promise<string | null> {
  const weekStart = weekStartOf(date)
  const [round] = await executor
    .select({ status: allocationRounds.status, opensAt: allocationRounds.opensAt, closesAt: allocationRounds.closesAt, roomIds: allocationRounds.roomIds, periodIds: allocationRounds.periodIds })
    .from(allocationRounds)
    .where(eq(allocationRounds.weekStart, weekStart))
  const cell = `${room.name} in ${periodPhrase(period.label)} on ${dayLabel(date)}`
  const week = `the week of ${weekLabel(weekStart)}`
  const after = 'what no band receives opens for booking when the results are published'
  if (round) {
    if (round.status === 'published' || !round.roomIds.includes(room.id) || !round.periodIds.includes(period.id)) return null
    const status = statusOf(round, now)
    if (status === 'upcoming' || status === 'open') {
      return `${cell} is given out by the allocation round for ${week}: list it as a wish between ${instantPhrase(round.opensAt, club.timeZone)} and ${instantPhrase(round.closesAt, club.timeZone)}; ${after}.`
    }
    return `${cell} is being given out by the allocation round for ${week}; ${after}.`
  }
  const { allocation } = club
  if (!allocation.enabled || weekStart < targetWeekOf(now, club)) return null
  if ((allocation.roomIds.length > 0 && !allocation.roomIds.includes(room.id)) || (allocation.periodIds.length > 0 && !allocation.periodIds.includes(period.id))) return null
  const times = roundTimes(weekStart, club)
  // Its wishes closed before a round was made (rounds switched on late): no round for that week.
  if (times.closesAt.getTime() <= now.getTime()) return null
  return `${cell} will be given out by the allocation round for ${week}: list it as a wish between ${instantPhrase(times.opensAt, club.timeZone)} and ${instantPhrase(times.closesAt, club.timeZone)}; ${after}.`
}
