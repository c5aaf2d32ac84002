import { EPSILON, type SerialSchedule } from './serial-schedule'
import type { Positions } from './bound'
import type { Placed } from '../rules'

/**
 * Construction: the generator's first timetable (step 2 of the pipeline in `../generator.ts`,
 * before the search). Each performance starts where the positions' bound (`bound.ts`) put it
 * — its day, stage and order — and each day is then re-sequenced greedily, filling the holes
 * the musicians' gaps leave with other bands, so the search starts close to the bound. A
 * performance the bound found no position for starts last on its preferred day's first stage
 * (or the first stage); the search moves it from there.
 */

/** Sets `s` to the positions' timetable, each day re-sequenced greedily where that costs less. */
export function firstTimetable(s: SerialSchedule, positions: Positions) {
  const { problem } = s
  const { perfs, lanes } = problem
  const rows = s.movable
  const orderKey = new Float64Array(perfs.length)
  rows.forEach((index, row) => {
    const place = positions.places[row]
    if (!place) {
      // No position: start it on its preferred day's first stage (or the first stage), last.
      const perf = perfs[index]!
      const day = perf.preferredDay >= 0 ? perf.preferredDay : problem.days.findIndex((candidate) => candidate.lanes.length > 0)
      s.laneOf[index] = problem.days[day]!.lanes[0]!
      orderKey[index] = Infinity
      return
    }
    s.laneOf[index] = place.lane
    orderKey[index] = place.from
  })
  for (const index of rows) s.orders[s.dayOf(s.laneOf[index]!)]!.push(index)
  for (const order of s.orders) order.sort((a, b) => orderKey[a]! - orderKey[b]! || a - b)
  for (const index of s.active) {
    if (!s.pinned[index]) continue
    s.laneOf[index] = lanes[perfs[index]!.pin!.lane]!.index
  }
  s.recompute()
  for (const day of problem.days) constructDay(s, day.index, orderKey)
}

/**
 * A warm start: sets `s` to a given timetable — each performance it places on that day and
 * stage, in the order of their starts (the decoder then places each at its earliest start in
 * that order); those it does not place stay where construction put them, after the others.
 */
export function startFrom(s: SerialSchedule, plan: Placed[]) {
  const movable = new Set(s.movable)
  const given = plan.filter((item) => movable.has(item.perf)).sort((a, b) => a.start - b.start || a.perf - b.perf)
  const placed = new Set(given.map((item) => item.perf))
  const orders: number[][] = s.problem.days.map(() => [])
  for (const item of given) {
    orders[s.dayOf(item.lane)]!.push(item.perf)
    s.laneOf[item.perf] = item.lane
  }
  for (const order of s.orders) for (const index of order) if (!placed.has(index)) orders[s.dayOf(s.laneOf[index]!)]!.push(index)
  s.orders = orders
  s.valid.fill(0)
  s.recompute()
}

/**
 * Re-sequences one day greedily, keeping its performances: time moves forward over the
 * stages, and the stage that can start something first takes the performance that can
 * start there first (ties: the earlier position in the assignment, then the one sharing
 * musicians with more others). The assignment ignores musicians' gaps; this fills the
 * gaps' holes with other bands, so the search starts close to the bound. Kept only when it
 * costs less.
 */
export function constructDay(s: SerialSchedule, day: number, orderKey: Float64Array) {
  const { problem } = s
  const { perfs, lanes, partners, changeover } = problem
  const laneIds = problem.days[day]!.lanes
  const left = [...s.orders[day]!]
  if (!laneIds.length || !left.length) return
  const before = { order: [...left], lanes: left.map((index) => s.laneOf[index]!) }
  s.placePins(day)
  for (const lane of laneIds) s.ready[lane] = lanes[lane]!.first
  const built: number[] = []
  while (left.length) {
    let best: Choice | null = null
    for (const lane of laneIds) {
      for (const index of left) {
        const start = s.candidate(index, day, lane)
        const degree = partners[index]!.length
        if (
          !best ||
          start < best.start ||
          (start === best.start && (orderKey[index]! < best.key || (orderKey[index] === best.key && degree > best.degree)))
        ) {
          best = { lane, index, start, key: orderKey[index]!, degree }
        }
      }
    }
    const { lane, index, start } = best!
    built.push(index)
    left.splice(left.indexOf(index), 1)
    s.laneOf[index] = lane
    s.start[index] = start
    s.end[index] = start + perfs[index]!.minutes
    s.stamp[index] = s.epoch
    s.ready[lane] = start + perfs[index]!.minutes + changeover
  }
  s.orders[day] = built
  s.valid[day] = 0
  const cost = s.decodeDay(day)
  if (cost < s.dayCosts[day]! - EPSILON) {
    s.total += cost - s.dayCosts[day]!
    s.dayCosts[day] = cost
  } else {
    s.orders[day] = before.order
    before.order.forEach((index, at) => (s.laneOf[index] = before.lanes[at]!))
    s.valid[day] = 0
  }
}

/** A candidate of the greedy construction: `lane` takes `index` at `start`. */
interface Choice {
  lane: number
  index: number
  start: number
  key: number
  degree: number
}
