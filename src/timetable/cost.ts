import {
  MUSICIAN_SPREAD_MINUTES,
  TIMETABLE_GRID_MINUTES as GRID,
  timetableGoals,
  type TimetableCost,
  type TimetableGoal,
  type TimetableInput,
  type TimetablePlacement,
} from '../contract/timetable'
import { compile, toMinutes, type Problem } from './model'
import type { Placed } from './rules'

/**
 * The soft goals' cost of a timetable, per goal and per performance (weighted). The generator
 * evaluates one day at a time with `dayCost`; screens call `timetableCost` to show each
 * performance's share. Definitions: see `timetableGoals` in the contract.
 */

type PerPerf = Array<Partial<Record<TimetableGoal, number>>> | null

const emptyByGoal = (): Record<TimetableGoal, number> => ({ earliness: 0, preferredDay: 0, firstLast: 0, gradeOrder: 0, musicianSpread: 0, idleHoles: 0 })

/**
 * The weighted cost of one day's placements. The goals with weight 0 are skipped, so the
 * compact preset costs O(n) per day. The generator's search calls this for every move under
 * the weighted presets (`byGoal` and `perPerf` null), so it allocates little and creates no
 * closure; the sums are added in the same order either way.
 */
export function dayCost(problem: Problem, items: Placed[], byGoal: Record<TimetableGoal, number> | null, perPerf: PerPerf): number {
  const { weights, perfs, lanes } = problem
  let total = 0
  let minStart = Infinity
  let maxStart = -Infinity
  for (const item of items) {
    const perf = perfs[item.perf]!
    const lane = lanes[item.lane]!
    if (weights.earliness) {
      const units = Math.max(0, item.start - lane.first) / GRID
      if (units > 0) total += charge(byGoal, perPerf, item.perf, 'earliness', units * weights.earliness)
    }
    if (weights.preferredDay && perf.preferredDay >= 0 && perf.preferredDay !== lane.day) total += charge(byGoal, perPerf, item.perf, 'preferredDay', weights.preferredDay)
    if (item.start < minStart) minStart = item.start
    if (item.start > maxStart) maxStart = item.start
  }
  if (weights.firstLast) {
    for (const item of items) {
      const wish = perfs[item.perf]!.wish
      if ((wish === 'first' && item.start > minStart) || (wish === 'last' && item.start < maxStart)) total += charge(byGoal, perPerf, item.perf, 'firstLast', weights.firstLast)
    }
  }
  if (weights.gradeOrder && items.length > 1) {
    // Per performance, the performances of a higher grade that start before it: a sweep in
    // start order with a count per grade (grades are few), not a comparison of every pair.
    const scratch = scratchOf(problem)
    const n = items.length
    const order = sortedKeys(scratch, items, false)
    if (scratch.before.length < n) scratch.before = new Int32Array(n)
    const { rank, grades, before, counts } = scratch
    counts.fill(0)
    for (let g = 0; g < n; ) {
      const start = Math.floor(order[g]! / KEY)
      let h = g
      while (h < n && Math.floor(order[h]! / KEY) === start) h++
      for (let m = g; m < h; m++) {
        const k = order[m]! % KEY
        const r = rank[items[k]!.perf]!
        let higher = 0
        if (r >= 0) for (let above = r + 1; above < grades; above++) higher += counts[above]!
        before[k] = higher
      }
      for (let m = g; m < h; m++) {
        const r = rank[items[order[m]! % KEY]!.perf]!
        if (r >= 0) counts[r]++
      }
      g = h
    }
    for (let k = 0; k < n; k++) {
      const inversions = before[k]!
      if (inversions > 0) total += charge(byGoal, perPerf, items[k]!.perf, 'gradeOrder', inversions * weights.gradeOrder)
    }
  }
  if (weights.musicianSpread && items.length > 1) {
    // Each performance's item in this day (the last one if listed twice), in a scratch array
    // cleared again below.
    const at = scratchOf(problem).positions
    for (let k = 0; k < items.length; k++) at[items[k]!.perf] = k
    const wanted = problem.gap + MUSICIAN_SPREAD_MINUTES
    for (const a of items) {
      for (const partner of problem.partners[a.perf]!) {
        const k = at[partner]!
        if (k < 0) continue
        const b = items[k]!
        // Each pair once, charged to the later performance.
        if (b.start < a.start || (b.start === a.start && b.perf < a.perf)) continue
        const units = Math.max(0, wanted - (b.start - a.end)) / GRID
        if (units > 0) total += charge(byGoal, perPerf, b.perf, 'musicianSpread', units * weights.musicianSpread)
      }
    }
    for (const item of items) at[item.perf] = -1
  }
  if (weights.idleHoles && items.length > 1) {
    // Each stage's items in start order (a sort of keys, no list per stage); the hole before an
    // item is charged to it.
    const n = items.length
    const order = sortedKeys(scratchOf(problem), items, true)
    for (let m = 1; m < n; m++) {
      const previous = items[order[m - 1]! % KEY]!
      const item = items[order[m]! % KEY]!
      if (item.lane !== previous.lane) continue
      const units = Math.max(0, item.start - previous.end - problem.changeover) / GRID
      if (units > 0) total += charge(byGoal, perPerf, item.perf, 'idleHoles', units * weights.idleHoles)
    }
  }
  return total
}

/** `cost` of `goal` for performance `perf`, recorded per goal and per performance when asked. */
function charge(byGoal: Record<TimetableGoal, number> | null, perPerf: PerPerf, perf: number, goal: TimetableGoal, cost: number): number {
  if (byGoal) byGoal[goal] += cost
  if (perPerf) perPerf[perf]![goal] = (perPerf[perf]![goal] ?? 0) + cost
  return cost
}

/**
 * `dayCost`'s sort keys: start × KEY + the item's index, or (lane × LANE_KEY + start) × KEY + the
 * item's index (starts are minutes of a day, under LANE_KEY; exact in a double for any live).
 */
const KEY = 2 ** 20
const LANE_KEY = 2 ** 11

/**
 * The items' keys, sorted, in the first `items.length` places of the scratch: by start, or by
 * stage then start (`byLane`); ties in the items' order. `key % KEY` is the item's index. An
 * insertion sort: the generator lists a day's items in placing order, nearly their start order
 * and in start order on each stage, so it moves few keys (and the keys are distinct, so any
 * sort gives this order).
 */
function sortedKeys(scratch: Scratch, items: Placed[], byLane: boolean): Float64Array {
  const n = items.length
  // An editor's placements may list a band twice: more items than performances.
  if (scratch.keys.length < n) scratch.keys = new Float64Array(n)
  const keys = scratch.keys
  for (let k = 0; k < n; k++) {
    const key = ((byLane ? items[k]!.lane * LANE_KEY : 0) + items[k]!.start) * KEY + k
    let at = k
    while (at > 0 && keys[at - 1]! > key) {
      keys[at] = keys[at - 1]!
      at--
    }
    keys[at] = key
  }
  return keys
}

interface Scratch {
  /** Per performance, its item's index in the day being costed; −1 between calls. */
  positions: Int32Array
  /** Per performance, its grade's rank among the grades (−1: no grade); `grades` ranks. */
  rank: Int32Array
  grades: number
  keys: Float64Array
  before: Int32Array
  counts: Int32Array
}
const scratches = new WeakMap<Problem, Scratch>()
function scratchOf(problem: Problem): Scratch {
  let scratch = scratches.get(problem)
  if (!scratch) {
    const n = problem.perfs.length
    const distinct = [...new Set(problem.perfs.map((perf) => perf.grade).filter((grade) => grade !== null))].sort((a, b) => a - b)
    const rank = Int32Array.from(problem.perfs, (perf) => (perf.grade === null ? -1 : distinct.indexOf(perf.grade)))
    scratch = { positions: new Int32Array(n).fill(-1), rank, grades: distinct.length, keys: new Float64Array(Math.max(n, 1)), before: new Int32Array(Math.max(n, 1)), counts: new Int32Array(distinct.length + 1) }
    scratches.set(problem, scratch)
  }
  return scratch
}

export function costOfPlaced(problem: Problem, placed: Placed[]): TimetableCost {
  const byGoal = emptyByGoal()
  const perPerf: Array<Partial<Record<TimetableGoal, number>>> = problem.perfs.map(() => ({}))
  const byDay: Placed[][] = problem.days.map(() => [])
  for (const item of placed) byDay[problem.lanes[item.lane]!.day]!.push(item)
  let total = 0
  for (const items of byDay) total += dayCost(problem, items, byGoal, perPerf)
  const byPerformance: TimetableCost['byPerformance'] = {}
  perPerf.forEach((costs, index) => {
    if (timetableGoals.some((goal) => costs[goal])) byPerformance[problem.perfs[index]!.id] = costs
  })
  return { total, byGoal, byPerformance }
}

/** The cost of any timetable (placements that name unknown days, stages or bands are skipped). */
export function timetableCost(input: TimetableInput, placements: TimetablePlacement[]): TimetableCost {
  const problem = compile(input)
  return costOfPlaced(problem, resolvePlacements(problem, placements))
}

export function resolvePlacements(problem: Problem, placements: TimetablePlacement[]): Placed[] {
  const placed: Placed[] = []
  for (const placement of placements) {
    const perf = problem.perfById.get(placement.performanceId)
    const day = problem.days.find((candidate) => candidate.date === placement.date)
    const lane = day?.lanes.find((candidate) => problem.lanes[candidate]!.stage === placement.stage)
    if (perf === undefined || lane === undefined) continue
    placed.push({ perf, lane, start: toMinutes(placement.start), end: toMinutes(placement.end) })
  }
  return placed
}
