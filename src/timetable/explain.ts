import type { HardRule } from '../contract/timetable'
import { ceilGrid, earliestAlone, listInWords, sharedMusicians, toTime, windowHit, type Perf, type Problem } from './model'
import { m } from '../i18n/paraglide/messages.js'

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
    return { rule: 'opening-hours', message: m.timetable_longer_than_any_stage({ name: perf.name, minutes: perf.minutes, longest }) }
  }
  const windows = problem.days
    .filter((day) => perf.windows[day.index]!.length)
    .map((day) => m.timetable_day_windows({ day: day.label, windows: perf.windows[day.index]!.map(([from, to]) => `${toTime(from)}–${toTime(to)}`).join(', ') }))
  return {
    rule: 'unavailable',
    message: m.timetable_unavailable_no_slot({ name: perf.name, windows: listInWords(windows), minutes: perf.minutes }),
  }
}

/** Whether a pinned performance breaks a rule by itself (hours, its windows). */
export function explainPinAlone(problem: Problem, perf: Perf): Reason | null {
  if (perf.pinProblem) return { rule: 'pin', message: perf.pinProblem }
  const pin = perf.pin!
  const lane = problem.lanes[pin.lane]!
  const where = m.timetable_pin_where({ time: toTime(pin.start), stage: lane.stage, day: problem.days[lane.day]!.label })
  const end = pin.start + perf.minutes
  if (pin.start < lane.open) return { rule: 'pin', message: m.timetable_pinned_before_open({ name: perf.name, where, open: toTime(lane.open) }) }
  if (end > lane.close) {
    return { rule: 'pin', message: m.timetable_pinned_after_close({ name: perf.name, where, end: toTime(end), close: toTime(lane.close) }) }
  }
  const hit = windowHit(perf, lane.day, pin.start)
  if (hit) return { rule: 'pin', message: m.timetable_pinned_unavailable({ name: perf.name, where, from: toTime(hit[0]), to: toTime(hit[1]) }) }
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
      message: m.timetable_pins_clash_changeover({ name: b.name, other: a.name, stage: laneA.stage, day: label, start: toTime(first.pin!.start), later: toTime(second.pin!.start), first: first.name, end: toTime(firstEnd), changeover: problem.changeover }),
    }
  }
  if (problem.partners[a.index]!.includes(b.index) && second.pin!.start < firstEnd + problem.gap) {
    const names = sharedMusicians(problem, a.index, b.index)
    return {
      rule: 'pin',
      message: m.timetable_pins_clash_gap({ count: names.length, names: listInWords(names), name: b.name, other: a.name, day: label, start: toTime(first.pin!.start), later: toTime(second.pin!.start), gap: problem.gap }),
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
  const parts = [...counts].map(([minutes, count], at) => (at === 0 ? m.timetable_sets_of({ count, minutes }) : m.timetable_more_sets_of({ count, minutes })))
  return listInWords(parts)
}

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
        ? m.timetable_day_open({ day: problem.days[days[0]!]!.label, hours, from: toTime(Math.min(...problem.days[days[0]!]!.lanes.map((lane) => problem.lanes[lane]!.first))), to: toTime(problem.days[days[0]!]!.close) })
        : m.timetable_days_open({ days: daysInWords(problem, days), hours })
    const message = m.timetable_musician_overload({ member: problem.memberNames[member]!, bands: bands.length, sets: setsInWords(bands.map((band) => band.minutes)), gaps: m.timetable_gaps({ count: gaps }), gap: problem.gap, needed, where })
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
        message: m.timetable_no_order_fits({ count: names.length, names: listInWords(names), first: first.name, second: second.name, gap: problem.gap, close: toTime(problem.days[day]!.close) }),
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
  const open = lanes.length === 1 ? m.timetable_stage_open({ capacity, where }) : m.timetable_stages_open({ capacity, where })
  const sets = changeovers ? m.timetable_sets_plus_changeovers({ sets: setsInWords(lengths), changeovers: m.timetable_changeovers({ count: changeovers }), changeover: problem.changeover }) : setsInWords(lengths)
  if (needed > capacity) return { rule: 'opening-hours', message: m.timetable_sets_need({ sets, needed, open }) }
  if (onGrid > capacity) return { rule: 'opening-hours', message: m.timetable_sets_need_on_grid({ sets, needed: onGrid, open }) }
  const musicians = [...new Set(problem.partners[perf.index]!.filter((partner) => active.includes(partner)).flatMap((partner) => sharedMusicians(problem, perf.index, partner)))]
  if (musicians.length) {
    if (overload) {
      // The busiest musician first, with what their own sets and gaps take of the hours.
      const name = problem.memberNames[overload.member]!
      const others = musicians.filter((other) => other !== name)
      return {
        rule: 'musician-gap',
        message: m.timetable_no_slot_overload({ name: perf.name, where, overload: overload.message, musicians: listInWords([name, ...others]), gap: problem.gap }),
      }
    }
    return {
      rule: 'musician-gap',
      message: m.timetable_no_slot_gap({ name: perf.name, where, musicians: listInWords(musicians), gap: problem.gap }),
    }
  }
  return {
    rule: 'opening-hours',
    message: m.timetable_no_slot_hours({ name: perf.name, where, changeover: problem.changeover }),
  }
}
