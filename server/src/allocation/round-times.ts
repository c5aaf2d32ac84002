import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { RoundStatus } from '../../../src/contract/allocation-rounds'
import { addDays, dayLabel, weekStartOf, zonedInstant } from '../../../src/contract/calendar'
import type { ClubSettings } from '../../../src/contract/settings'
import type { allocationRounds } from '../db/schema'
import { clubToday } from '../bookings/club-time'
import { m } from '../../../src/i18n/paraglide/messages.js'

type RoundRow = Pick<typeof allocationRounds.$inferSelect, 'status' | 'opensAt' | 'closesAt'>

/** The week a round made now is for: the one after this week (club time). */
export const targetWeekOf = (now: Date, club: ClubSettings) => addDays(weekStartOf(clubToday(now, club.timeZone)), 7)

/** When wishes for the week from `weekStart` open and close: in the week before it, at the settings' weekdays and times. */
export function roundTimes(weekStart: string, club: ClubSettings) {
  const { opensWeekday, opensAt, closesWeekday, closesAt } = club.allocation
  const weekBefore = addDays(weekStart, -7)
  return {
    opensAt: zonedInstant(addDays(weekBefore, opensWeekday - 1), opensAt, club.timeZone),
    closesAt: zonedInstant(addDays(weekBefore, closesWeekday - 1), closesAt, club.timeZone),
  }
}

/** The status screens see: a stored `collecting` is upcoming, open or closed by the clock. */
export function statusOf(round: RoundRow, now: Date): RoundStatus {
  if (round.status !== 'collecting') return round.status
  if (now.getTime() < round.opensAt.getTime()) return 'upcoming'
  if (now.getTime() < round.closesAt.getTime()) return 'open'
  return 'closed'
}

/** "20:00 on Thu 11 Jun" in the club's time zone. */
export function instantPhrase(instant: Date, timeZone: string) {
  const zoned = new TZDate(instant.getTime(), timeZone)
  return m.allocation_instant({ time: format(zoned, 'HH:mm'), day: dayLabel(format(zoned, 'yyyy-MM-dd')) })
}
