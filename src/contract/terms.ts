import { m } from '../i18n/paraglide/messages.js'

/**
 * Academic years and grades, in the club's time zone. Pure functions shared by the server
 * (executive rights follow the current term) and the client (grades shown on screens).
 */
export interface TermSettings {
  timeZone: string
  /** Month (1–12) the academic year starts in; April in Japan. */
  academicYearStartMonth: number
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const dateFormatters = new Map<string, Intl.DateTimeFormat>()

/** The last answer: every request asks for "now" (the term, today), and a minute has one date in any zone. */
let last: { timeZone: string; minute: number; date: { year: number; month: number; day: number } } | undefined

/** The calendar date of an instant in a time zone. */
export function zonedDate(instant: Date, timeZone: string) {
  const minute = Math.floor(instant.getTime() / 60_000)
  if (last && last.minute === minute && last.timeZone === timeZone) return { ...last.date }
  let formatter = dateFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dateFormatters.set(timeZone, formatter)
  }
  const parts = formatter.formatToParts(instant)
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value)
  const date = { year: get('year'), month: get('month'), day: get('day') }
  last = { timeZone, minute, date }
  return { ...date }
}

/** The academic year (named by the calendar year it starts in) that an instant falls in. */
export function academicYearOf(instant: Date, settings: TermSettings) {
  const { year, month } = zonedDate(instant, settings.timeZone)
  return month >= settings.academicYearStartMonth ? year : year - 1
}

export type Grade = 1 | 2 | 3 | 4 | 'graduate' | 'incoming'

/** 1st–4th year from the enrollment year, then "graduate"; an enrollment in the future is "incoming". */
export function gradeOf(enrollmentYear: number, academicYear: number): Grade {
  const grade = academicYear - enrollmentYear + 1
  if (grade < 1) return 'incoming'
  if (grade > 4) return 'graduate'
  return grade as 1 | 2 | 3 | 4
}

export function gradeLabel(grade: Grade) {
  if (grade === 'graduate') return m.users_grade_graduate()
  if (grade === 'incoming') return m.users_grade_incoming()
  return { 1: m.users_grade_1, 2: m.users_grade_2, 3: m.users_grade_3, 4: m.users_grade_4 }[grade]()
}

export function isValidTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}
