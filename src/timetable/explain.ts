import type { HardRule } from '../contract/timetable'
import { earliestAlone, listInWords, sharedMusicians, toTime, windowHit, type Perf, type Problem } from './model'

/**
 * Why a performance could not be placed, in a sentence an executive understands: the rule
 * that stopped it and the numbers behind it.
 */

export interface Reason {
  rule: HardRule
  message: string
}

const laneLength = (problem: Problem, lane: number) => problem.lanes[lane]!.close - problem.lanes[lane]!.first

/** The days on which the performance fits by itself (opening hours and its windows). */
export function daysAlone(problem: Problem, perf: Perf): number[] {
  if (perf.pin) return [problem.lanes[perf.pin.lane]!.day]
  return problem.days.filter((day) => day.lanes.some((lane) => earliestAlone(perf, problem.lanes[lane]!, 0) >= 0)).map((day) => day.index)
}

const daysInWords = (problem: Problem, days: number[]) => listInWords(days.map((day) => problem.days[day]!.label))

/** Why the performance fits nowhere even alone, or null when it fits somewhere. */
export function explainAlone(problem: Problem, perf: Perf): Reason | null {
  if (daysAlone(problem, perf).length) return null
  const longest = Math.max(0, ...problem.lanes.map((lane) => laneLength(problem, lane.index)))
  if (perf.minutes > longest) {
    return { rule: 'opening-hours', message: `${perf.name} asks for ${perf.minutes} min, longer than any stage is open (${longest} min at most)` }
  }
  const windows = problem.days
    .filter((day) => perf.windows[day.index]!.length)
    .map((day) => `${day.label} ${perf.windows[day.index]!.map(([from, to]) => `${toTime(from)}–${toTime(to)}`).join(', ')}`)
  return {
    rule: 'unavailable',
    message: `${perf.name} is unavailable ${listInWords(windows)}, which leaves no ${perf.minutes}-minute slot in the opening hours`,
  }
}

/** Whether a pinned performance breaks a rule by itself (hours, its windows). */
export function explainPinAlone(problem: Problem, perf: Perf): Reason | null {
  if (perf.pinProblem) return { rule: 'pin', message: perf.pinProblem }
  const pin = perf.pin!
  const lane = problem.lanes[pin.lane]!
  const where = `${toTime(pin.start)} on ${lane.stage} (${problem.days[lane.day]!.label})`
  const end = pin.start + perf.minutes
  if (pin.start < lane.open) return { rule: 'pin', message: `${perf.name} is pinned at ${where}, before the stage opens at ${toTime(lane.open)}` }
  if (end > lane.close) {
    return { rule: 'pin', message: `${perf.name} is pinned at ${where} and would end at ${toTime(end)}, after the stage closes at ${toTime(lane.close)}` }
  }
  const hit = windowHit(perf, lane.day, pin.start)
  if (hit) return { rule: 'pin', message: `${perf.name} is pinned at ${where}, inside its unavailable time ${toTime(hit[0])}–${toTime(hit[1])}` }
  return null
}

/** Whether two pinned performances clash (changeover on one stage, or a shared musician's gap). */
export function explainPinPair(problem: Problem, a: Perf, b: Perf): Reason | null {
  const pa = a.pin!
  const pb = b.pin!
  const laneA = problem.lanes[pa.lane]!
  const laneB = problem.lanes[pb.lane]!
  if (laneA.day !== laneB.day) return null
  const [first, second] = pa.start <= pb.start ? [a, b] : [b, a]
  const firstEnd = first.pin!.start + first.minutes
  const label = problem.days[laneA.day]!.label
  if (pa.lane === pb.lane && second.pin!.start < firstEnd + problem.changeover) {
    return {
      rule: 'pin',
      message: `${b.name} and ${a.name} are both pinned on ${laneA.stage} (${label}), at ${toTime(first.pin!.start)} and ${toTime(second.pin!.start)}: ${first.name} ends at ${toTime(firstEnd)} and the changeover needs ${problem.changeover} min`,
    }
  }
  if (problem.partners[a.index]!.includes(b.index) && second.pin!.start < firstEnd + problem.gap) {
    const names = sharedMusicians(problem, a.index, b.index)
    return {
      rule: 'pin',
      message: `${listInWords(names)} ${names.length > 1 ? 'play' : 'plays'} in ${b.name} and ${a.name}, pinned on ${label} at ${toTime(first.pin!.start)} and ${toTime(second.pin!.start)}: the musician’s gap of ${problem.gap} min does not fit between them`,
    }
  }
  return null
}

/**
 * Whether `a` and `b` (sharing a musician, both bound to `day`) fit in either order with the
 * musician's gap; the earliest start each can have alone on the day's stages is used.
 */
function pairFits(problem: Problem, a: Perf, b: Perf, day: number) {
  const lanes = problem.days[day]!.lanes.map((lane) => problem.lanes[lane]!)
  const earliest = (perf: Perf, from: number) => {
    if (perf.pin) return perf.pin.start >= from ? perf.pin.start : -1
    let best = -1
    for (const lane of lanes) {
      const start = earliestAlone(perf, lane, from)
      if (start >= 0 && (best < 0 || start < best)) best = start
    }
    return best
  }
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const startX = earliest(x, 0)
    if (startX < 0) continue
    if (earliest(y, startX + x.minutes + problem.gap) >= 0) return true
  }
  return false
}

/**
 * Why `perf` was left out after the search, given the performances in play (`active`,
 * including those placed and the others left out).
 */
export function explainLeftOut(problem: Problem, perf: Perf, active: number[]): Reason {
  const days = daysAlone(problem, perf)
  // A musician's gap that no order can satisfy on the one day both must play.
  if (days.length === 1) {
    const day = days[0]!
    for (const partner of problem.partners[perf.index]!) {
      if (!active.includes(partner)) continue
      const other = problem.perfs[partner]!
      const otherDays = daysAlone(problem, other)
      if (otherDays.length !== 1 || otherDays[0] !== day || pairFits(problem, perf, other, day)) continue
      const names = sharedMusicians(problem, perf.index, partner)
      const [first, second] = other.index < perf.index ? [other, perf] : [perf, other]
      return {
        rule: 'musician-gap',
        message: `${listInWords(names)} ${names.length > 1 ? 'play' : 'plays'} in ${first.name} and ${second.name}; with a ${problem.gap}-minute gap no order fits both before ${toTime(problem.days[day]!.close)}`,
      }
    }
  }
  // Capacity: everything that can only play on these days, against their opening hours.
  const inDays = new Set(days)
  const competing = active.map((index) => problem.perfs[index]!).filter((other) => daysAlone(problem, other).every((day) => inDays.has(day)))
  const requested = competing.reduce((sum, other) => sum + other.minutes, 0)
  const lanes = days.flatMap((day) => problem.days[day]!.lanes)
  const capacity = lanes.reduce((sum, lane) => sum + laneLength(problem, lane), 0)
  const where = daysInWords(problem, days)
  if (requested > capacity) {
    return { rule: 'opening-hours', message: `Total requested ${requested} min exceeds ${capacity} min of opening hours on ${where}` }
  }
  const changeovers = Math.max(0, competing.length - lanes.length)
  if (requested + changeovers * problem.changeover > capacity) {
    return {
      rule: 'opening-hours',
      message: `Total requested ${requested} min plus ${changeovers} changeovers of ${problem.changeover} min exceeds ${capacity} min of opening hours on ${where}`,
    }
  }
  const musicians = [...new Set(problem.partners[perf.index]!.filter((partner) => active.includes(partner)).flatMap((partner) => sharedMusicians(problem, perf.index, partner)))]
  if (musicians.length) {
    return {
      rule: 'musician-gap',
      message: `No slot is left for ${perf.name} on ${where}: the time still free on the stages is too close to other performances of ${listInWords(musicians)}, who need a ${problem.gap}-minute gap`,
    }
  }
  return {
    rule: 'opening-hours',
    message: `No slot is left for ${perf.name} within the opening hours of ${where} once the other performances and their ${problem.changeover}-minute changeovers are placed`,
  }
}
