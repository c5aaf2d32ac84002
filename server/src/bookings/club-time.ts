import { todayIn, type IsoDate } from '../../../src/contract/calendar'

let last = { timeZone: '', minute: Number.NaN, date: '' }

/**
 * Today's date in the club's time zone (`todayIn`), kept for the minute: the public schedule
 * asks on every request. Every time zone's offset is a whole number of minutes, so a day never
 * starts mid-minute.
 */
export function clubToday(instant: Date, timeZone: string): IsoDate {
  const minute = Math.floor(instant.getTime() / 60_000)
  if (last.minute !== minute || last.timeZone !== timeZone) last = { timeZone, minute, date: todayIn(instant, timeZone) }
  return last.date
}
