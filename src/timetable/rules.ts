import type { TimetableInput, TimetablePlacement, TimetableViolation } from '../contract/timetable'
import { compile, isOnGrid, listInWords, sharedMusicians, toMinutes, toTime, windowHit, type Problem } from './model'

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
      violations.push({ performanceId: placement.performanceId, rule: 'placement', message: 'This performance is not among the accepted applications' })
      continue
    }
    const name = problem.perfs[perf]!.name
    if (seen.has(perf)) {
      violations.push({ performanceId: placement.performanceId, rule: 'placement', message: `${name} is placed more than once` })
      continue
    }
    seen.add(perf)
    const day = problem.days.find((candidate) => candidate.date === placement.date)
    const lane = day?.lanes.find((candidate) => problem.lanes[candidate]!.stage === placement.stage)
    if (!day || lane === undefined) {
      violations.push({ performanceId: placement.performanceId, rule: 'placement', message: `${name} is placed on a day or stage this live does not have` })
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
    const message = perf.pinProblem ? `${perf.name} is pinned but not in the timetable: ${perf.pinProblem.replace(`${perf.name} is pinned`, 'it is pinned')}` : `${perf.name} is pinned but not in the timetable`
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
    const where = `${lane.stage} on ${days[lane.day]!.label}`
    if (!isOnGrid(item.start)) add(item.perf, 'placement', `${perf.name} starts at ${toTime(item.start)}, off the 5-minute grid`)
    if (item.end - item.start !== perf.minutes) {
      add(item.perf, 'placement', `${perf.name} is given ${item.end - item.start} min but asked for ${perf.minutes} min`)
    }
    if (item.start < lane.open || item.end > lane.close) {
      add(item.perf, 'opening-hours', `${perf.name} (${toTime(item.start)}–${toTime(item.end)}) is outside the opening hours of ${where} (${toTime(lane.open)}–${toTime(lane.close)})`)
    }
    const hit = windowHit(perf, lane.day, item.start)
    if (hit) {
      add(item.perf, 'unavailable', `${perf.name} is unavailable ${toTime(hit[0])}–${toTime(hit[1])} on ${days[lane.day]!.label} but plays ${toTime(item.start)}–${toTime(item.end)}`)
    }
    if (perf.pin && (perf.pin.lane !== item.lane || perf.pin.start !== item.start)) {
      const pinLane = lanes[perf.pin.lane]!
      add(item.perf, 'pin', `${perf.name} is pinned to ${pinLane.stage} on ${days[pinLane.day]!.label} at ${toTime(perf.pin.start)}`)
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
            ? `overlaps ${perfs[a.perf]!.name} (${toTime(a.start)}–${toTime(a.end)}) on ${lane.stage}`
            : `starts ${b.start - a.end} min after ${perfs[a.perf]!.name} ends on ${lane.stage}; the changeover needs ${problem.changeover} min`
        add(b.perf, 'changeover', `${perfs[b.perf]!.name} ${what}`, a.perf)
        const back =
          b.start < a.end
            ? `overlaps ${perfs[b.perf]!.name} (${toTime(b.start)}–${toTime(b.end)}) on ${lane.stage}`
            : `ends ${b.start - a.end} min before ${perfs[b.perf]!.name} starts on ${lane.stage}; the changeover needs ${problem.changeover} min`
        add(a.perf, 'changeover', `${perfs[a.perf]!.name} ${back}`, b.perf)
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
        const names = listInWords(sharedMusicians(problem, a.perf, b.perf))
        const between = b.start - a.end
        const message = (self: Placed, other: Placed) =>
          `${names} ${sharedMusicians(problem, a.perf, b.perf).length > 1 ? 'play' : 'plays'} in ${perfs[self.perf]!.name} and ${perfs[other.perf]!.name}: ${
            between < 0 ? 'the two overlap' : `only ${between} min between them`
          }, the minimum gap is ${problem.gap} min`
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
