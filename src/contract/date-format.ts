/**
 * Every date and time a screen shows (decision 040): in the club's time zone, in the app's
 * language, never the browser's zone or locale. A member in Los Angeles with a Japanese
 * browser reads the same "Sat 28 Nov 2026, 12:13" as one in Tokyo, and the same wording on
 * notices, feedback, files and bookings. Plain Intl (no date-fns): the public pages' first
 * load may import it (decision 016), and the server may word messages with it.
 *
 * English takes only the numbers from Intl and its own names, in one fixed order, so it reads
 * the same in every browser whatever its ICU version; other languages take Intl's own pattern for their locale.
 */

import { getLocale } from '../i18n/paraglide/runtime.js'
import { intlLocales as locales, type Language } from '../i18n/language'

export type { Language }

/** The club's zone until GET /api/club has answered (the club setting defaults to it too). */
export const CLUB_FALLBACK_TIME_ZONE = 'Asia/Tokyo'

export interface DateSettings {
  timeZone: string
  language?: Language
}

export type Instant = string | number | Date

const words: Record<Language, { todayAt: (time: string) => string }> = {
  en: { todayAt: (time) => `today at ${time}` },
  ja: { todayAt: (time) => `今日 ${time}` },
}

const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
const day = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const

/** One formatter per zone, language and shape: building one costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    formatters.set(key, formatter)
  }
  return formatter
}

const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant))

interface Parts {
  weekday: string
  day: string
  month: string
  year: string
  hour: string
  minute: string
}

// English names are the app's own: ICU's 'en-GB' has changed them ("Sep" became "Sept").
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const numeric = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' } as const

/** The English names and numbers of an instant on the wall clock of `timeZone`. */
function partsOf(instant: Instant, timeZone: string): Parts {
  const parts = formatterFor('en-US', timeZone, numeric).formatToParts(toDate(instant))
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0)
  const [year, month, day] = [get('year'), get('month'), get('day')]
  return {
    weekday: weekdayNames[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!,
    day: String(day),
    month: monthNames[month - 1]!,
    year: String(year),
    hour: String(get('hour') % 24).padStart(2, '0'),
    minute: String(get('minute')).padStart(2, '0'),
  }
}

/** The language asked for, else the one being shown (the browser's choice, or the request's on the server). */
const language = (settings: DateSettings) => settings.language ?? getLocale()

/** "Sat 28 Nov 2026, 12:13". */
export function formatDateTime(instant: Instant, settings: DateSettings): string {
  const lang = language(settings)
  if (lang !== 'en') return formatterFor(locales[lang], settings.timeZone, { ...day, ...clock }).format(toDate(instant))
  const p = partsOf(instant, settings.timeZone)
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`
}

/** "Sat 28 Nov 2026": the club's calendar day of an instant. */
export function formatDate(instant: Instant, settings: DateSettings): string {
  const lang = language(settings)
  if (lang !== 'en') return formatterFor(locales[lang], settings.timeZone, day).format(toDate(instant))
  const p = partsOf(instant, settings.timeZone)
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`
}

/** "12:13" on the club's clock. */
export function formatTime(instant: Instant, settings: DateSettings): string {
  const p = partsOf(instant, settings.timeZone)
  return `${p.hour}:${p.minute}`
}

const sameClubDay = (a: Instant, b: Instant, timeZone: string) => {
  const x = partsOf(a, timeZone)
  const y = partsOf(b, timeZone)
  return x.year === y.year && x.month === y.month && x.day === y.day
}

/** "today at 12:13" when `instant` falls on the club's today, else "Sat 28 Nov 2026, 12:13". */
export function formatMoment(instant: Instant, settings: DateSettings, now: Instant = new Date()): string {
  return sameClubDay(instant, now, settings.timeZone) ? words[language(settings)].todayAt(formatTime(instant, settings)) : formatDateTime(instant, settings)
}

/** "12:13" when `instant` falls on the club's today, else "Sat 28 Nov 2026, 12:13" (after "as last seen at"). */
export function formatClock(instant: Instant, settings: DateSettings, now: Instant = new Date()): string {
  return sameClubDay(instant, now, settings.timeZone) ? formatTime(instant, settings) : formatDateTime(instant, settings)
}

const units = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const
const relativeFormatters = new Map<Language, Intl.RelativeTimeFormat>()

/** "in 2 days", "3 hours ago": how far `instant` is from `now`, in the largest whole unit. */
export function formatDistance(instant: Instant, now: Instant, lang: Language = getLocale()): string {
  const difference = toDate(instant).getTime() - toDate(now).getTime()
  const [unit, size] = units.find(([, ms]) => Math.abs(difference) >= ms) ?? units[units.length - 1]
  let formatter = relativeFormatters.get(lang)
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locales[lang], { numeric: 'always' })
    relativeFormatters.set(lang, formatter)
  }
  return formatter.format(Math.round(difference / size), unit)
}

/** A calendar date (`YYYY-MM-DD`, already the club's day) as its parts, read at UTC so no zone moves it. */
const calendarInstant = (date: string) => `${date}T00:00:00Z`

/** "Sat 28 Nov": a day of the club's calendar, the way grids, lists and messages name it. */
export function formatDay(date: string, lang: Language = getLocale()): string {
  if (lang !== 'en') return formatterFor(locales[lang], 'UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(calendarInstant(date)))
  const p = partsOf(calendarInstant(date), 'UTC')
  return `${p.weekday} ${p.day} ${p.month}`
}

/** "7 Sep" / "9月7日": a calendar day without its weekday or year (the dashboard's weeks). */
export function formatDayMonth(date: string, lang: Language = getLocale()): string {
  if (lang !== 'en') return formatterFor(locales[lang], 'UTC', { day: 'numeric', month: 'short' }).format(new Date(calendarInstant(date)))
  const p = partsOf(calendarInstant(date), 'UTC')
  return `${p.day} ${p.month}`
}

/** "September" / "9月": a month by its number (1 = January), as the club's settings store when its year starts. */
export function monthName(month: number, lang: Language = getLocale()): string {
  return formatterFor(locales[lang], 'UTC', { month: 'long' }).format(Date.UTC(2026, month - 1, 1))
}

/**
 * "Monday" / "月曜日": a weekday by its ISO number (1 = Monday … 7 = Sunday), as the club's
 * settings store the room allocation's opening and closing days (the settings form, the
 * activity log). 1 June 2026 is a Monday.
 */
export function weekdayName(weekday: number, lang: Language = getLocale()): string {
  return formatterFor(locales[lang], 'UTC', { weekday: 'long' }).format(Date.UTC(2026, 5, weekday))
}

/**
 * "Tue" and "2" (Japanese "火" and "2"): a calendar day's weekday and day of the month, taken
 * from Intl's parts, for cells too narrow for the whole day (the phone day picker, the CSV's day).
 */
export function dayParts(date: string, lang: Language = getLocale()): { weekday: string; dayOfMonth: string } {
  if (lang === 'en') {
    const p = partsOf(calendarInstant(date), 'UTC')
    return { weekday: p.weekday, dayOfMonth: p.day }
  }
  const parts = formatterFor(locales[lang], 'UTC', { weekday: 'short', day: 'numeric', month: 'short' }).formatToParts(new Date(calendarInstant(date)))
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? ''
  return { weekday: get('weekday'), dayOfMonth: get('day') }
}

/** "12–18 May 2026", "30 Nov – 6 Dec 2026", "28 Dec 2026 – 3 Jan 2027": a run of calendar days. */
export function formatDayRange(first: string, last: string, lang: Language = getLocale()): string {
  if (lang !== 'en') {
    return formatterFor(locales[lang], 'UTC', { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(new Date(calendarInstant(first)), new Date(calendarInstant(last)))
  }
  const a = partsOf(calendarInstant(first), 'UTC')
  const b = partsOf(calendarInstant(last), 'UTC')
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`
  return `${a.day}–${b.day} ${b.month} ${b.year}`
}
