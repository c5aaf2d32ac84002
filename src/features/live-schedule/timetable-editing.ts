import type { SchedulePerformance, StoredTimetable } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import {
  TIMETABLE_GRID_MINUTES as GRID,
  timetablePresets,
  type TimetableCost,
  type TimetableInput,
  type TimetablePlacement,
  type TimetableViolation,
} from '@/contract/timetable'
import { timetableCost } from '@/timetable/cost'
import { checkTimetable, violationsByPerformance } from '@/timetable/rules'
import { toMinutes, toTime } from '@/timetable/model'
import { distinctBreaks, endAfter, pinsOf, timetableInput } from '@/timetable/input'

/**
 * The schedule editor's state and what it checks on every move, kept pure so the screen stays a
 * view: placements as the API stores them, the lanes (day × stage) a block moves through, and the
 * engine's `checkTimetable` / `timetableCost` run on the local state (decision 009).
 */

export { toMinutes, toTime }

/** A placement as the editor holds it (the draft's shape without the end, which follows the minutes). */
export interface EditPlacement {
  performanceId: string
  date: string
  stage: string
  start: string
  pinned: boolean
}

/** One stage on one day, in the order the screen shows them. */
export interface Lane {
  date: string
  stage: string
  opensAt: string
  closesAt: string
}

export type ScheduleEvent = Pick<LiveEvent, 'days' | 'changeoverMinutes' | 'musicianGapMinutes'>

/**
 * The weights the costs are shown with: the server shows a stored timetable's cost with the
 * balanced preset and the bands' grades, so the editor does too.
 */
export const SHOWN_WEIGHTS = timetablePresets.balanced

export const lanesOf = (event: ScheduleEvent): Lane[] =>
  event.days.flatMap((day) => day.stages.map((stage) => ({ date: day.date, stage: stage.name, opensAt: stage.opensAt, closesAt: stage.closesAt })))

/** The rows a day's grid shows: from the earliest opening down to the 5-minute step, to the latest closing up to it. */
export function dayRange(day: ScheduleEvent['days'][number]) {
  const from = Math.min(...day.stages.map((stage) => toMinutes(stage.opensAt)))
  const to = Math.max(...day.stages.map((stage) => toMinutes(stage.closesAt)))
  return { from: Math.floor(from / GRID) * GRID, to: Math.ceil(to / GRID) * GRID }
}

/** `HH:MM` after a start and a length: the end of a performance. */
export const endOf = endAfter

export const fromStored = (stored: StoredTimetable | null): EditPlacement[] =>
  (stored?.placements ?? []).map(({ performanceId, date, stage, start, pinned }) => ({ performanceId, date, stage, start, pinned }))

const keyOf = (placement: EditPlacement) => `${placement.performanceId}|${placement.date}|${placement.stage}|${placement.start}|${placement.pinned}`

/** Whether two sets of placements are the same timetable (order does not matter). */
export function sameTimetable(a: ReadonlyArray<EditPlacement>, b: ReadonlyArray<EditPlacement>) {
  if (a.length !== b.length) return false
  const keys = new Set(a.map(keyOf))
  return b.every((placement) => keys.has(keyOf(placement)))
}

/** The engine's input: the event's days and rules, each accepted performance, pins from the pinned placements. */
export const timetableInputFor = (event: ScheduleEvent, performances: ReadonlyArray<SchedulePerformance>, placements: ReadonlyArray<EditPlacement>): TimetableInput =>
  timetableInput(event, performances, { weights: SHOWN_WEIGHTS, pins: pinsOf(placements) })

export interface TimetableChecks {
  violations: TimetableViolation[]
  byPerformance: Record<string, TimetableViolation[]>
  cost: TimetableCost
  /** Each break once (a pair's rule is listed on both performances), in words. */
  breaks: string[]
}

/** The hard rules and soft costs of the editor's local timetable, as the server would see it. */
export function checkLocal(event: ScheduleEvent, performances: ReadonlyArray<SchedulePerformance>, placements: ReadonlyArray<EditPlacement>): TimetableChecks {
  const minutes = new Map(performances.map((performance) => [performance.id, performance.minutes]))
  const input = timetableInputFor(event, performances, placements)
  const checkable: TimetablePlacement[] = placements
    .filter((placement) => minutes.has(placement.performanceId))
    .map(({ performanceId, date, stage, start }) => ({ performanceId, date, stage, start, end: endOf(start, minutes.get(performanceId)!) }))
  const violations = checkTimetable(input, checkable)
  return { violations, byPerformance: violationsByPerformance(violations), cost: timetableCost(input, checkable), breaks: distinctBreaks(violations) }
}

export type MoveDirection = 'earlier' | 'later' | 'previous' | 'next'

/**
 * One step of a keyboard or button move: 5 minutes earlier or later inside the day's grid, or
 * the previous / next stage (past the last stage of a day, the next day's first), keeping the
 * time where the day allows it. Null when the block cannot go further.
 */
export function movedPlacement(event: ScheduleEvent, placement: EditPlacement, minutes: number, direction: MoveDirection): EditPlacement | null {
  const start = toMinutes(placement.start)
  if (direction === 'earlier' || direction === 'later') {
    const day = event.days.find((candidate) => candidate.date === placement.date)
    if (!day) return null
    const range = dayRange(day)
    const next = direction === 'earlier' ? start - GRID : start + GRID
    if (next < range.from || next + minutes > range.to) return null
    return { ...placement, start: toTime(next) }
  }
  const lanes = lanesOf(event)
  const index = lanes.findIndex((lane) => lane.date === placement.date && lane.stage === placement.stage)
  const lane = lanes[index + (direction === 'previous' ? -1 : 1)]
  if (index < 0 || !lane) return null
  return { ...placement, date: lane.date, stage: lane.stage, start: toTime(clampIntoDay(event, lane.date, start, minutes)) }
}

/** A start kept inside a day's grid (on the 5-minute step). */
export function clampIntoDay(event: ScheduleEvent, date: string, start: number, minutes: number) {
  const day = event.days.find((candidate) => candidate.date === date)
  if (!day) return start
  const range = dayRange(day)
  const latest = Math.max(range.from, Math.floor((range.to - minutes) / GRID) * GRID)
  return Math.min(Math.max(Math.round(start / GRID) * GRID, range.from), latest)
}

/**
 * Where "Add to the timetable" puts a performance on a day: the earliest 5-minute start on any
 * of its stages that keeps the changeover to what is already there and the opening hours; the
 * first stage's opening when nothing fits (the checks then say what is wrong).
 */
export function firstFreeSlot(
  event: ScheduleEvent,
  performances: ReadonlyArray<SchedulePerformance>,
  placements: ReadonlyArray<EditPlacement>,
  performance: SchedulePerformance,
  date: string,
): EditPlacement {
  const day = event.days.find((candidate) => candidate.date === date) ?? event.days[0]!
  const minutes = new Map(performances.map((item) => [item.id, item.minutes]))
  let best: { start: number; stage: string } | null = null
  for (const stage of day.stages) {
    const busy = placements
      .filter((placement) => placement.date === day.date && placement.stage === stage.name && placement.performanceId !== performance.id)
      .map((placement) => ({ from: toMinutes(placement.start), to: toMinutes(placement.start) + (minutes.get(placement.performanceId) ?? 0) }))
    const close = toMinutes(stage.closesAt)
    for (let start = Math.ceil(toMinutes(stage.opensAt) / GRID) * GRID; start + performance.minutes <= close; start += GRID) {
      const end = start + performance.minutes
      const clash = busy.some((other) => start < other.to + event.changeoverMinutes && other.from < end + event.changeoverMinutes)
      if (!clash) {
        if (!best || start < best.start) best = { start, stage: stage.name }
        break
      }
    }
  }
  const first = day.stages[0]!
  return {
    performanceId: performance.id,
    date: day.date,
    stage: best?.stage ?? first.name,
    start: toTime(best?.start ?? Math.ceil(toMinutes(first.opensAt) / GRID) * GRID),
    pinned: false,
  }
}
