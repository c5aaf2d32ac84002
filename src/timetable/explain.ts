import type { HardRule } from '../contract/timetable'
import { ceilGrid, earliestAlone, listInWords, sharedMusicians, toTime, windowHit, type Perf, type Problem } from './model'

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

/** "7 sets of 20 min", "4 sets of 25 min and 2 of 40 min". */
export function setsInWords(lengths: number[]) {
  const counts = new Map<number, number>()
  for (const minutes of [...lengths].sort((a, b) => a - b)) counts.set(minutes, (counts.get(minutes) ?? 0) + 1)
  const parts = [...counts].map(([minutes, count], at) => (at === 0 ? `${count} ${count === 1 ? 'set' : 'sets'} of ${minutes} min` : `${count} of ${minutes} min`))
  return listInWords(parts)
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** The time a musician can play in on `day`: from the day's first start to its latest closing. */
const daySpan = (problem: Problem, day: number) => {
  const lanes = problem.days[day]!.lanes.map((lane) => problem.lanes[lane]!)
  return lanes.length ? Math.max(...lanes.map((lane) => lane.close)) - Math.min(...lanes.map((lane) => lane.first)) : 0
}

/**
 * A musician of `perf` whose own sets and gaps cannot fit in the hours of the days their bands
 * can play: n sets + (n − days) gaps > the days' hours (on each day used, k sets need k − 1
 * gaps, so this is a proof, not a guess). The musician with the most to play comes first.
 */
export function musicianOverload(problem: Problem, perf: Perf, active: number[]): { member: number; message: string; proven: boolean } | null {
  const inPlay = new Set(active)
  inPlay.add(perf.index)
  let worst: { member: number; needed: number; hours: number; message: string } | null = null
  for (const member of perf.members) {
    const bands = problem.perfs.filter((other) => inPlay.has(other.index) && other.members.includes(member))
    if (bands.length < 2) continue
    const days = [...new Set(bands.flatMap((band) => daysAlone(problem, band)))].sort((a, b) => a - b)
    if (!days.length) continue
    const hours = days.reduce((sum, day) => sum + daySpan(problem, day), 0)
    const gaps = Math.max(0, bands.length - days.length)
    const needed = bands.reduce((sum, band) => sum + band.minutes, 0) + gaps * problem.gap
    const where =
      days.length === 1
        ? `${problem.days[days[0]!]!.label} is open ${hours} min (${toTime(Math.min(...problem.days[days[0]!]!.lanes.map((lane) => problem.lanes[lane]!.first)))}–${toTime(problem.days[days[0]!]!.close)})`
        : `${daysInWords(problem, days)} are open ${hours} min in all`
    const message = `${problem.memberNames[member]} plays in ${bands.length} bands: ${setsInWords(bands.map((band) => band.minutes))} plus ${plural(gaps, 'gap')} of ${problem.gap} min need ${needed} min; ${where}`
    if (!worst || needed - hours > worst.needed - worst.hours) worst = { member, needed, hours, message }
  }
  return worst ? { member: worst.member, message: worst.message, proven: worst.needed > worst.hours } : null
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
  // Else a musician with more sets and gaps than hours: the musician first, with the arithmetic.
  const overload = musicianOverload(problem, perf, active)
  if (overload?.proven) return { rule: 'musician-gap', message: overload.message }
  // Capacity: everything that can only play on these days, against their opening hours, with
  // the changeovers between them (a stage needs one fewer than it has sets).
  const inDays = new Set(days)
  const competing = active.map((index) => problem.perfs[index]!).filter((other) => daysAlone(problem, other).every((day) => inDays.has(day)))
  const lengths = competing.map((other) => other.minutes)
  const requested = lengths.reduce((sum, minutes) => sum + minutes, 0)
  const lanes = days.flatMap((day) => problem.days[day]!.lanes)
  const capacity = lanes.reduce((sum, lane) => sum + laneLength(problem, lane), 0)
  const where = daysInWords(problem, days)
  const changeovers = problem.changeover ? Math.max(0, competing.length - lanes.length) : 0
  const needed = requested + changeovers * problem.changeover
  // On the clock: every set but the last of its stage takes its length and the changeover
  // rounded up to 5 minutes; the stages' last sets are at best those that lose the most to it.
  const rounded = lengths.map((minutes) => ceilGrid(minutes + problem.changeover))
  const savings = lengths.map((minutes, at) => rounded[at]! - minutes).sort((a, b) => b - a)
  const onGrid = rounded.reduce((sum, minutes) => sum + minutes, 0) - savings.slice(0, lanes.length).reduce((sum, minutes) => sum + minutes, 0)
  const open = lanes.length === 1 ? `the stage is open ${capacity} min on ${where}` : `the stages are open ${capacity} min in all on ${where}`
  const sets = `${setsInWords(lengths)}${changeovers ? ` plus ${plural(changeovers, 'changeover')} of ${problem.changeover} min` : ''}`
  if (needed > capacity) return { rule: 'opening-hours', message: `${sets} need ${needed} min; ${open}` }
  if (onGrid > capacity) return { rule: 'opening-hours', message: `${sets} need ${onGrid} min once each start is on the 5-minute clock; ${open}` }
  const musicians = [...new Set(problem.partners[perf.index]!.filter((partner) => active.includes(partner)).flatMap((partner) => sharedMusicians(problem, perf.index, partner)))]
  if (musicians.length) {
    if (overload) {
      // The busiest musician first, with what their own sets and gaps take of the hours.
      const name = problem.memberNames[overload.member]!
      const others = musicians.filter((other) => other !== name)
      return {
        rule: 'musician-gap',
        message: `No slot is left for ${perf.name} on ${where}: ${overload.message}, and the time still free on the stages is too close to other performances of ${listInWords([name, ...others])}, who need a ${problem.gap}-minute gap`,
      }
    }
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
