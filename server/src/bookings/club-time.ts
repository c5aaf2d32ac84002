import type { IsoDate } from '../../../src/contract/calendar'

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>()

let last = { timeZone: '', minute: Number.NaN, date: '' }

/**
 * Today's date in the club's time zone, as `todayIn` (src/contract/calendar.ts) answers it,
 * but cheap: the public schedule asks on every request. The answer is kept for the minute
 * (every time zone's offset is a whole number of minutes, so a day never starts mid-minute).
 */
export function clubToday(instant: Date, timeZone: string): IsoDate {
  const minute = Math.floor(instant.getTime() / 60_000)
  if (last.minute === minute && last.timeZone === timeZone) return last.date
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, formatter)
  }
  const parts = formatter.formatToParts(instant)
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)!.value
  last = { timeZone, minute, date: `${get('year')}-${get('month')}-${get('day')}` }
  return last.date
}
