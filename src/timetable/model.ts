import {
  TIMETABLE_GRID_MINUTES as GRID,
  type TimetableInput,
  type TimetablePerformance,
  type TimetableWeights,
} from '../contract/timetable'
import { formatDay } from '../contract/date-format'
import { intlLocales } from '../i18n/language'
import { m } from '../i18n/paraglide/messages.js'
import { getLocale } from '../i18n/paraglide/runtime.js'

/**
 * The timetable problem compiled into indices and minutes: what the checker, the cost and the
 * generator work on. Pure, no I/O (it may run in a Web Worker).
 *
 * A *lane* is one stage on one day. Times are minutes after midnight; a start lies on the
 * 5-minute clock grid, so the first usable start of a lane is its opening rounded up to it.
 */

export interface Lane {
  index: number
  day: number
  date: string
  stage: string
  /** Opening and closing, minutes after midnight. */
  open: number
  close: number
  /** The first start on the grid: the opening rounded up to 5 minutes. */
  first: number
}

export interface Day {
  index: number
  date: string
  /** "Sat", or "Sat 1 Nov" when two days of the event share a weekday. */
  label: string
  lanes: number[]
  /** The latest closing of the day's stages. */
  close: number
}

export interface Perf {
  index: number
  id: string
  name: string
  minutes: number
  members: number[]
  /** Preferred day's index, or -1 for none. */
  preferredDay: number
  /** Unavailable windows [from, to) per day index, sorted by start. */
  windows: Array<Array<[number, number]>>
  grade: number | null
  pin: { lane: number; start: number } | null
  /** Why the pin cannot be used as given (unknown day or stage, off the grid), if so. */
  pinProblem: string | null
  wish: 'first' | 'last' | null
}

export interface Problem {
  input: TimetableInput
  weights: TimetableWeights
  lanes: Lane[]
  days: Day[]
  perfs: Perf[]
  perfById: Map<string, number>
  memberNames: string[]
  /** For each performance, the performances sharing at least one musician with it. */
  partners: number[][]
  changeover: number
  gap: number
}

export const toMinutes = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
}
export const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
export const ceilGrid = (minutes: number) => Math.ceil(minutes / GRID) * GRID
export const isOnGrid = (minutes: number) => minutes % GRID === 0

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
function weekdayOf(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? date
}
function longLabel(date: string) {
  const [, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${weekdayOf(date)} ${day} ${MONTHS[month - 1] ?? ''}`.trim()
}

const listFormats = new Map<string, Intl.ListFormat>()
/** Lists names the way a sentence does: "A", "A and B", "A, B and C" ("A、B、C" in Japanese). */
export function listInWords(items: string[]) {
  const locale = intlLocales[getLocale()]
  let format = listFormats.get(locale)
  if (!format) listFormats.set(locale, (format = new Intl.ListFormat(locale, { type: 'conjunction' })))
  return format.format(items)
}

export function compile(input: TimetableInput): Problem {
  const { event } = input
  const lanes: Lane[] = []
  const weekdays = event.days.map((day) => weekdayOf(day.date))
  const days: Day[] = event.days.map((day, index) => {
    // "Sat", or "Sat 18 Jul" when the live has two Saturdays; other languages always name the date ("7月18日(土)").
    const label = getLocale() !== 'en' ? formatDay(day.date) : weekdays.filter((weekday) => weekday === weekdays[index]).length > 1 ? longLabel(day.date) : weekdays[index]!
    const laneIndices: number[] = []
    let close = 0
    for (const stage of day.stages) {
      const open = toMinutes(stage.opensAt)
      const closes = toMinutes(stage.closesAt)
      laneIndices.push(lanes.length)
      lanes.push({ index: lanes.length, day: index, date: day.date, stage: stage.name, open, close: closes, first: ceilGrid(open) })
      close = Math.max(close, closes)
    }
    return { index, date: day.date, label, lanes: laneIndices, close }
  })
  const dayByDate = new Map(days.map((day) => [day.date, day.index]))

  const memberIndex = new Map<string, number>()
  const memberNames: string[] = []
  const perfs: Perf[] = input.performances.map((performance, index) => compilePerformance(performance, index))
  function compilePerformance(performance: TimetablePerformance, index: number): Perf {
    const members: number[] = []
    for (const member of performance.members) {
      let at = memberIndex.get(member.id)
      if (at === undefined) {
        at = memberNames.length
        memberIndex.set(member.id, at)
        memberNames.push(member.name)
      }
      if (!members.includes(at)) members.push(at)
    }
    const windows: Array<Array<[number, number]>> = days.map(() => [])
    for (const window of performance.unavailable) {
      const day = dayByDate.get(window.date)
      if (day === undefined) continue
      const from = toMinutes(window.from)
      const to = toMinutes(window.to)
      if (to > from) windows[day]!.push([from, to])
    }
    for (const list of windows) list.sort((a, b) => a[0] - b[0])
    let pin: Perf['pin'] = null
    let pinProblem: string | null = null
    if (performance.pin) {
      const day = dayByDate.get(performance.pin.date)
      const lane = day === undefined ? undefined : days[day]!.lanes.find((candidate) => lanes[candidate]!.stage === performance.pin!.stage)
      const start = toMinutes(performance.pin.start)
      if (day === undefined) pinProblem = m.timetable_pin_not_a_day({ name: performance.bandName, date: performance.pin.date })
      else if (lane === undefined) pinProblem = m.timetable_pin_no_stage({ name: performance.bandName, stage: performance.pin.stage, day: days[day]!.label })
      else if (!isOnGrid(start)) pinProblem = m.timetable_pin_off_grid({ name: performance.bandName, time: performance.pin.start })
      else pin = { lane, start }
    }
    return {
      index,
      id: performance.id,
      name: performance.bandName,
      minutes: performance.minutes,
      members,
      preferredDay: performance.preferredDate ? (dayByDate.get(performance.preferredDate) ?? -1) : -1,
      windows,
      grade: performance.grade,
      pin,
      pinProblem,
      wish: performance.wish ?? null,
    }
  }

  const byMember: number[][] = memberNames.map(() => [])
  for (const perf of perfs) for (const member of perf.members) byMember[member]!.push(perf.index)
  const partnerSets = perfs.map(() => new Set<number>())
  for (const list of byMember) {
    for (const a of list) for (const b of list) if (a !== b) partnerSets[a]!.add(b)
  }
  return {
    input,
    weights: input.weights,
    lanes,
    days,
    perfs,
    perfById: new Map(perfs.map((perf) => [perf.id, perf.index])),
    memberNames,
    partners: partnerSets.map((set) => [...set].sort((a, b) => a - b)),
    changeover: event.changeoverMinutes,
    gap: event.musicianGapMinutes,
  }
}

/** The names of the musicians two performances share. */
export function sharedMusicians(problem: Problem, a: number, b: number) {
  const other = new Set(problem.perfs[b]!.members)
  return problem.perfs[a]!.members.filter((member) => other.has(member)).map((member) => problem.memberNames[member]!)
}

/** The window of `perf` on `day` that [start, start + minutes) runs into, if any. */
export function windowHit(perf: Perf, day: number, start: number) {
  const end = start + perf.minutes
  for (const window of perf.windows[day]!) if (start < window[1] && window[0] < end) return window
  return undefined
}

/**
 * The earliest grid start ≥ `from` at which `perf` fits on `lane` by itself: inside the
 * opening hours and outside its band's unavailable windows; -1 when there is none.
 */
export function earliestAlone(perf: Perf, lane: Lane, from: number) {
  let start = ceilGrid(Math.max(from, lane.first))
  for (;;) {
    if (start + perf.minutes > lane.close) return -1
    const hit = windowHit(perf, lane.day, start)
    if (!hit) return start
    start = ceilGrid(hit[1])
  }
}
