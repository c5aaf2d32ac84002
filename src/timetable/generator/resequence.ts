import { EPSILON as SHARED_EPSILON, HARD as SHARED_HARD, STEP as SHARED_STEP, type SerialSchedule } from './serial-schedule'

/**
 * Exact re-sequencing of a day (decision 028; step 3 of the pipeline in `../generator.ts`,
 * after the search): for the compact goals up to 40 performances, each day's placing order and
 * stages are searched exactly by branch and bound, keeping which bands play that day. The
 * moves between days (`day-moves.ts`) call it again on the two days a move touches.
 */

// Module-local copies for the hot loop (see serial-schedule.ts).
const EPSILON: number = SHARED_EPSILON
const HARD: number = SHARED_HARD
const STEP: number = SHARED_STEP

/**
 * The exact re-sequencing of each day after the search (decision 028), for the compact goals
 * on lives of at most `performances` movable performances, at most `nodes` branches a day.
 */
export const RESEQUENCE = { performances: 40, nodes: 50_000 }

/**
 * The cheapest placing order of one day's performances (the same performances, any order
 * and stages), by depth-first branch and bound over serial schedules built in start order:
 * each branch places one more performance on one stage at the decoder's earliest start, no
 * earlier than the last start placed (decoding an optimal day in its start order rebuilds it,
 * so nothing optimal is lost). The bound below a branch: each performance left starts no
 * earlier than the freest stage, plus the changeovers and sets stacked before it on its stage
 * when the shortest go first, dealt out over the stages (optimal for equal stages without
 * gaps, so a relaxation). At most `nodeLimit` branches (a count: the result stays a function
 * of the input and seed); the day is changed only when a cheaper order was found. Compact
 * goals only (the decoder's own sum). Returns the branches spent.
 */
export function resequence(s: SerialSchedule, day: number, nodeLimit: number, ceiling = Infinity): number {
  const { problem, ready, stamp } = s
  const { perfs, lanes, weights, changeover } = problem
  const laneIds = problem.days[day]!.lanes
  const order = s.orders[day]!
  const n = order.length
  const current = s.decodeDay(day)
  // A day running late is searched only for a caller's bar: a band just moved onto a full day
  // (decision 032) is judged by the best order that fits.
  if (n < 2 || (current >= HARD && ceiling === Infinity)) return 0
  const perMinute = weights.earliness / STEP
  let fixed = 0
  for (const index of order) fixed += s.offDay(index, day)
  for (const index of s.dayPins[day]!) {
    const lane = lanes[perfs[index]!.pin!.lane]!
    fixed += perMinute * (s.start[index]! - lane.first)
    fixed += s.offDay(index, day)
  }
  const byLength = [...order].sort((a, b) => perfs[a]!.minutes - perfs[b]!.minutes || a - b)
  const rank = new Map(order.map((index, at) => [index, at]))
  const placed = new Uint8Array(perfs.length)
  const path: Array<{ index: number; lane: number }> = []
  // `ceiling`: only an order cheaper than it counts (a caller's bar; the day as it is otherwise).
  let best = Math.min(current, ceiling) - EPSILON
  let bestPath: Array<{ index: number; lane: number }> | null = null
  let nodes = 0
  const visited = new Map<string, number>()
  const gap = problem.gap
  // The decoder's state: this epoch's pins are placed; nothing else is.
  s.placePins(day)
  for (const lane of laneIds) ready[lane] = lanes[lane]!.first
  const widths: number[] = []
  const minutes = perfs.map((perf) => perf.minutes)
  const firsts = laneIds.map((lane) => lanes[lane]!.first)
  const stageReady = new Float64Array(laneIds.length)
  const bound = (last: number) => {
    for (let at = 0; at < laneIds.length; at++) stageReady[at] = ready[laneIds[at]!]!
    return startsBound(perMinute, byLength, minutes, placed, stageReady, firsts, last, changeover, widths)
  }
  const search = (depth: number, last: number, cost: number): boolean => {
    if (depth === n) {
      if (cost < best) {
        best = cost - EPSILON
        bestPath = [...path]
      }
      return false
    }
    if (++nodes > nodeLimit) return true
    if (cost + bound(last) >= best) return false
    // The same state reached more cheaply before (other orders of the same performances
    // leaving the stages and every musician's gap the same from `last` on): nothing new.
    let key = `${last}`
    for (const lane of laneIds) key += `/${ready[lane]!}`
    for (const index of order) if (placed[index]) key += s.end[index]! + gap > last ? `,${index}:${s.start[index]}` : `,${index}`
    const seen = visited.get(key)
    if (seen !== undefined && seen <= cost + EPSILON) return false
    visited.set(key, cost)
    const children: Array<{ index: number; lane: number; start: number }> = []
    laneIds.forEach((lane, at) => {
      // A stage like an earlier one (same hours, no pins, ready at the same time) adds nothing.
      for (let other = 0; other < at; other++) {
        const twin = laneIds[other]!
        if (ready[twin] === ready[lane] && lanes[twin]!.first === lanes[lane]!.first && lanes[twin]!.close === lanes[lane]!.close && !s.lanePins[twin]!.length && !s.lanePins[lane]!.length) return
      }
      for (const index of order) {
        if (placed[index]) continue
        const start = s.candidate(index, day, lane)
        if (start < last || start + perfs[index]!.minutes > lanes[lane]!.close) continue
        children.push({ index, lane, start })
      }
    })
    children.sort((a, b) => a.start - b.start || rank.get(a.index)! - rank.get(b.index)! || a.lane - b.lane)
    for (const { index, lane, start } of children) {
      const gain = cost + perMinute * (start - lanes[lane]!.first)
      if (gain >= best) continue
      const before = ready[lane]!
      placed[index] = 1
      s.start[index] = start
      s.end[index] = start + perfs[index]!.minutes
      stamp[index] = s.epoch
      ready[lane] = start + perfs[index]!.minutes + changeover
      path.push({ index, lane })
      const stop = search(depth + 1, start, gain)
      path.pop()
      ready[lane] = before
      stamp[index] = -1
      placed[index] = 0
      if (stop) return true
    }
    return false
  }
  search(0, -Infinity, fixed)
  s.evaluations += Math.min(nodes, nodeLimit)
  takeDayOrder(s, day, bestPath, current)
  return Math.min(nodes, nodeLimit)
}

/**
 * Sets `day` to the order and stages `found` (null: as it is), decodes it and brings its cost
 * into the total; keeps the day as it was if the order costs more than `current` (never expected:
 * decoding an order built in start order rebuilds its starts). Returns the day's cost.
 */
export function takeDayOrder(s: SerialSchedule, day: number, found: ReadonlyArray<{ index: number; lane: number }> | null, current: number): number {
  const order = s.orders[day]!
  const kept = { order: [...order], lanes: order.map((index) => s.laneOf[index]!) }
  if (found) {
    s.orders[day] = found.map((item) => item.index)
    for (const item of found) s.laneOf[item.index] = item.lane
  }
  s.valid[day] = 0
  let cost = s.decodeDay(day)
  if (cost > current + EPSILON) {
    s.orders[day] = kept.order
    kept.order.forEach((index, at) => (s.laneOf[index] = kept.lanes[at]!))
    s.valid[day] = 0
    cost = s.decodeDay(day)
  }
  s.total += cost - s.dayCosts[day]!
  s.dayCosts[day] = cost
  return cost
}

/**
 * A lower bound on the earliness of what a partial day has still to place (the branch and
 * bound's here, the beam's in `beam.ts`): each set left starts no earlier than the freest stage,
 * plus the changeovers and sets stacked before it on its stage when the shortest go first. With
 * two stages, every split of the sets left between them, each stage's in shortest-first order
 * (the longest waits behind the fewest), the best split; with more, dealt out in turn. Optimal
 * for stages without gaps, so a relaxation. `byLength`: the sets (keys into `lengths` and
 * `placed`) shortest first; `ready` and `firsts`: per stage of the day; `widths`: scratch.
 */
export function startsBound(perMinute: number, byLength: number[], lengths: ArrayLike<number>, placed: Uint8Array, ready: ArrayLike<number>, firsts: ArrayLike<number>, last: number, changeover: number, widths: number[]): number {
  widths.length = 0
  for (const key of byLength) if (!placed[key]) widths.push(lengths[key]! + changeover)
  const r = widths.length
  if (ready.length === 2) {
    const a0 = Math.max(last, ready[0]!) - firsts[0]!
    const a1 = Math.max(last, ready[1]!) - firsts[1]!
    let least = Infinity
    for (let n0 = 0; n0 <= r; n0++) {
      const n1 = r - n0
      // Multipliers (sets after it on its stage) descending, matched with widths ascending.
      let i0 = n0 - 1
      let i1 = n1 - 1
      let sum = n0 * a0 + n1 * a1
      for (let k = 0; k < r; k++) {
        if (i0 >= i1) sum += i0-- * widths[k]!
        else sum += i1-- * widths[k]!
      }
      if (sum < least) least = sum
    }
    return perMinute * least
  }
  let floor = Infinity
  for (let at = 0; at < ready.length; at++) floor = Math.min(floor, Math.max(last, ready[at]!) - firsts[at]!)
  // Dealt out in turn: the k-th shortest to stage k mod the stages, after those dealt there before.
  let sum = 0
  for (let at = 0; at < ready.length; at++) {
    let stacked = 0
    for (let k = at; k < r; k += ready.length) {
      sum += floor + stacked
      stacked += widths[k]!
    }
  }
  return perMinute * sum
}
