import type { TimetableInput, TimetablePlacement, TimetableViolation } from '../contract/timetable'
import { compile, isOnGrid, listInWords, sharedMusicians, toMinutes, toTime, windowHit, type Problem } from './model'
import { m } from '../i18n/paraglide/messages.js'

/**
 * The hard rules, checked on any timetable (the generator's, or one an executive is dragging):
 * every broken rule is listed on each performance it concerns, with a sentence that says why.
 * Pure and O(n log n + pairs that actually clash), so the editor can run it on every move.
 */

/** A placement resolved to indices and minutes. */
export interface Placed {
  perf: number
  lane: number
  start: number
  end: number
}

export function checkTimetable(input: TimetableInput, placements: TimetablePlacement[]): TimetableViolation[] {
  return checkPlacements(compile(input), placements)
}

export function checkPlacements(problem: Problem, placements: TimetablePlacement[]): TimetableViolation[] {
  const violations: TimetableViolation[] = []
  const placed: Placed[] = []
  const seen = new Set<number>()
  for (const placement of placements) {
    const perf = problem.perfById.get(placement.performanceId)
    if (perf === undefined) {
      violations.push({ performanceId: placement.performanceId, rule: 'placement', message: m.timetable_not_accepted() })
      continue
    }
    const name = problem.perfs[perf]!.name
    if (seen.has(perf)) {
      violations.push({ performanceId: placement.performanceId, rule: 'placement', message: m.timetable_placed_twice({ name }) })
      continue
    }
    seen.add(perf)
    const day = problem.days.find((candidate) => candidate.date === placement.date)
    const lane = day?.lanes.find((candidate) => problem.lanes[candidate]!.stage === placement.stage)
    if (!day || lane === undefined) {
      violations.push({ performanceId: placement.performanceId, rule: 'placement', message: m.timetable_placed_nowhere({ name }) })
      continue
    }
    const start = toMinutes(placement.start)
    const end = toMinutes(placement.end)
    placed.push({ perf, lane, start, end })
  }
  // A pin that cannot be kept as given (a day or stage the live does not have, off the grid)
  // still leaves its band out of the timetable: listed too, with why the pin cannot be kept.
  const missing = problem.perfs.filter((perf) => (perf.pin || perf.pinProblem) && !seen.has(perf.index))
  for (const perf of missing) {
    const message = perf.pinProblem
      ? m.timetable_pinned_missing_because({ name: perf.name, problem: perf.pinProblem.replace(m.timetable_pinned_subject({ name: perf.name }), m.timetable_pinned_it()) })
      : m.timetable_pinned_missing({ name: perf.name })
    violations.push({ performanceId: perf.id, rule: 'pin', message })
  }
  violations.push(...checkPlaced(problem, placed))
  return violations
}

export function checkPlaced(problem: Problem, placed: Placed[]): TimetableViolation[] {
  const violations: TimetableViolation[] = []
  const { perfs, lanes, days } = problem
  const add = (perf: number, rule: TimetableViolation['rule'], message: string, other?: number) =>
    violations.push({ performanceId: perfs[perf]!.id, rule, message, ...(other !== undefined ? { otherPerformanceId: perfs[other]!.id } : {}) })

  for (const item of placed) {
    const perf = perfs[item.perf]!
    const lane = lanes[item.lane]!
    const where = m.timetable_stage_on_day({ stage: lane.stage, day: days[lane.day]!.label })
    if (!isOnGrid(item.start)) add(item.perf, 'placement', m.timetable_off_grid({ name: perf.name, time: toTime(item.start) }))
    if (item.end - item.start !== perf.minutes) {
      add(item.perf, 'placement', m.timetable_wrong_length({ name: perf.name, given: item.end - item.start, asked: perf.minutes }))
    }
    if (item.start < lane.open || item.end > lane.close) {
      add(item.perf, 'opening-hours', m.timetable_outside_hours({ name: perf.name, from: toTime(item.start), to: toTime(item.end), where, open: toTime(lane.open), close: toTime(lane.close) }))
    }
    const hit = windowHit(perf, lane.day, item.start)
    if (hit) {
      add(item.perf, 'unavailable', m.timetable_plays_when_unavailable({ name: perf.name, from: toTime(hit[0]), to: toTime(hit[1]), day: days[lane.day]!.label, start: toTime(item.start), end: toTime(item.end) }))
    }
    if (perf.pin && (perf.pin.lane !== item.lane || perf.pin.start !== item.start)) {
      const pinLane = lanes[perf.pin.lane]!
      add(item.perf, 'pin', m.timetable_pinned_elsewhere({ name: perf.name, stage: pinLane.stage, day: days[pinLane.day]!.label, time: toTime(perf.pin.start) }))
    }
  }

  // Stages: end + changeover ≤ next start.
  const byLane: Placed[][] = lanes.map(() => [])
  for (const item of placed) byLane[item.lane]!.push(item)
  for (const list of byLane) {
    list.sort((a, b) => a.start - b.start || a.perf - b.perf)
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!
      for (let j = i + 1; j < list.length && list[j]!.start < a.end + problem.changeover; j++) {
        const b = list[j]!
        const lane = lanes[a.lane]!
        const what =
          b.start < a.end
            ? m.timetable_overlaps({ name: perfs[b.perf]!.name, other: perfs[a.perf]!.name, from: toTime(a.start), to: toTime(a.end), stage: lane.stage })
            : m.timetable_starts_too_soon_after({ name: perfs[b.perf]!.name, minutes: b.start - a.end, other: perfs[a.perf]!.name, stage: lane.stage, changeover: problem.changeover })
        add(b.perf, 'changeover', what, a.perf)
        const back =
          b.start < a.end
            ? m.timetable_overlaps({ name: perfs[a.perf]!.name, other: perfs[b.perf]!.name, from: toTime(b.start), to: toTime(b.end), stage: lane.stage })
            : m.timetable_ends_too_soon_before({ name: perfs[a.perf]!.name, minutes: b.start - a.end, other: perfs[b.perf]!.name, stage: lane.stage, changeover: problem.changeover })
        add(a.perf, 'changeover', back, b.perf)
      }
    }
  }

  // Musicians: on one day, end of the first + gap ≤ start of the second, on any stages.
  const byDay: Placed[][] = days.map(() => [])
  for (const item of placed) byDay[lanes[item.lane]!.day]!.push(item)
  const placedIndex = new Map<number, Placed>()
  for (const item of placed) placedIndex.set(item.perf, item)
  for (const list of byDay) {
    list.sort((a, b) => a.start - b.start || a.perf - b.perf)
    const position = new Map(list.map((item, index) => [item.perf, index]))
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!
      for (const partner of problem.partners[a.perf]!) {
        const j = position.get(partner)
        if (j === undefined || j <= i) continue
        const b = list[j]!
        if (b.start >= a.end + problem.gap) continue
        const musicians = sharedMusicians(problem, a.perf, b.perf)
        const names = listInWords(musicians)
        const between = b.start - a.end
        const message = (self: Placed, other: Placed) => {
          const words = { count: musicians.length, names, band: perfs[self.perf]!.name, other: perfs[other.perf]!.name, gap: problem.gap }
          return between < 0 ? m.timetable_musicians_overlap(words) : m.timetable_musicians_too_close({ ...words, between })
        }
        add(a.perf, 'musician-gap', message(a, b), b.perf)
        add(b.perf, 'musician-gap', message(b, a), a.perf)
      }
    }
  }
  return violations
}

/** Violations grouped by performance id, for screens that show them on each performance. */
export function violationsByPerformance(violations: TimetableViolation[]) {
  const grouped: Record<string, TimetableViolation[]> = {}
  for (const violation of violations) (grouped[violation.performanceId] ??= []).push(violation)
  return grouped
}
