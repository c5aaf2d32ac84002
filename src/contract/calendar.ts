import { TZDate } from '@date-fns/tz'
import { addDays as addDaysTo, format, parseISO, startOfISOWeek } from 'date-fns'
import { formatDay, formatDayRange } from './date-format'
import { zonedDate } from './terms'
import { m } from '../i18n/paraglide/messages.js'

/**
 * Calendar days of the booking grid. A day is an ISO date string (`YYYY-MM-DD`) in the club's
 * time zone; a period's times are wall-clock `HH:MM` in that zone. Shared by the server (rules)
 * and the client (grid, week navigation). date-fns does the arithmetic, @date-fns/tz the zones.
 */
export type IsoDate = string

const pad = (value: number) => String(value).padStart(2, '0')

/** Today's date in a time zone. */
export function todayIn(instant: Date, timeZone: string): IsoDate {
  const { year, month, day } = zonedDate(instant, timeZone)
  return `${year}-${pad(month)}-${pad(day)}`
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return format(addDaysTo(parseISO(date), days), 'yyyy-MM-dd')
}

/** The Monday starting the week (Monday–Sunday) that holds `date`. */
export function weekStartOf(date: IsoDate): IsoDate {
  return format(startOfISOWeek(parseISO(date)), 'yyyy-MM-dd')
}

/** The seven days of the week starting at `weekStart`. */
export function weekDays(weekStart: IsoDate): IsoDate[] {
  return Array.from({ length: 7 }, (_, index) => addDays(weekStart, index))
}

/** The instant a wall-clock time on a day happens in a time zone (e.g. the start of a period). */
export function zonedInstant(date: IsoDate, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime())
}

/** "Tue 12 May", the way screens and messages name a day (date-format.ts words it). */
export function dayLabel(date: IsoDate): string {
  return formatDay(date)
}

/** "12–18 May 2026" for a week heading. */
export function weekLabel(weekStart: IsoDate): string {
  return formatDayRange(weekStart, addDays(weekStart, 6))
}

/** "3rd period" from a period labelled "3rd", the way sentences name it; "Lunch period" stays as it is. */
export const periodPhrase = (label: string) => (/\bperiod$/i.test(label.trim()) ? label.trim() : m.bookings_period_phrase({ label: label.trim() }))
