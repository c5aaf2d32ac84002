import { assign } from '../assignment'
import { earliestAlone, type Problem } from '../model'
import type { Placed } from '../rules'
import { timeIndexedModel, type LinearSolver, type TimeIndexedModel } from '../time-indexed'
import { ceilGrid, EPSILON, STEP, type SerialSchedule } from './serial-schedule'

/**
 * The generator's lower bound (step 2 of the pipeline in `../generator.ts`), and the claims it
 * supports. Three relaxations, the highest wins:
 * - the positions' bound: a min-cost assignment of performances to (stage-day, position k),
 *   where the k-th start on a stage is at least k × (shortest performance + changeover) after
 *   the opening and a band's windows push it later. It ignores the musicians' gap; its
 *   assignment is also what construction starts from (`construct.ts`);
 * - the stacked bound: what each performance holds up after it on its stage, between pins
 *   (decision 031);
 * - up to 40 bands, compact goals, the LP relaxation of the time-indexed model
 *   (`../time-indexed.ts`), solved by the caller's solver; its solution is also a starting
 *   timetable, and the search's restarts sample from it (`search.ts`).
 * The bound only ever sits below every timetable that keeps the rules: the search stops when
 * it meets it, and the screen says "best possible" only when the cost does.
 */

/**
 * The largest number of performances for which the LP relaxation is solved, and the simplex
 * iterations it may take (both counts, so the result stays reproducible). Measured on the
 * issue's families at 40 bands: 700–7 900 iterations, 0.15–3.5 s of CPU on the loaded bench
 * machine; at 80 bands it took up to 25 s, so larger lives keep the assignment's bound.
 */
export const LP_MAX_PERFORMANCES = 40
const LP_ITERATIONS_PER_PERFORMANCE = 250

/** The positions' assignment: its total, and per movable performance its place, or null (none). */
export interface Positions {
  total: number
  complete: boolean
  places: Array<{ lane: number; from: number } | null>
}

/**
 * The positions' bound for the movable performances of `s` (see the file comment), without
 * the pinned performances' own cost (`lowerBound` adds it). `complete` is false when some
 * performance got no position (then the bound says nothing).
 */
export function positionsBound(s: SerialSchedule): Positions {
  const { problem } = s
  const { perfs, lanes, weights } = problem
  const rows = s.movable
  const inPlay = s.active.map((index) => perfs[index]!)
  const shortest = inPlay.length ? Math.min(...inPlay.map((perf) => perf.minutes)) : STEP
  const step = shortest + problem.changeover
  const columns: Array<{ lane: number; k: number; from: number }> = []
  for (const lane of lanes) {
    const positions = lane.close - lane.first >= shortest ? Math.floor((lane.close - lane.first - shortest) / step) + 1 : 0
    for (let k = 0; k < Math.min(positions, rows.length); k++) columns.push({ lane: lane.index, k, from: ceilGrid(lane.first + k * step) })
  }
  const BIG = 1e9
  const dummy = Math.max(0, rows.length - columns.length)
  const width = columns.length + dummy
  const cost = new Float64Array(rows.length * width).fill(BIG)
  rows.forEach((index, row) => {
    const perf = perfs[index]!
    columns.forEach((column, at) => {
      const lane = lanes[column.lane]!
      const start = earliestAlone(perf, lane, column.from)
      if (start < 0) return
      cost[row * width + at] = (weights.earliness * (start - lane.first)) / STEP + s.offDay(index, lane.day)
    })
  })
  const { columnOf, total } = rows.length ? assign(rows.length, width, cost) : { columnOf: new Int32Array(0), total: 0 }
  let complete = true
  const places = rows.map((_, row) => {
    const at = columnOf[row]!
    const column = columns[at]
    if (!column || cost[row * width + at]! >= BIG) {
      complete = false
      return null
    }
    return { lane: column.lane, from: column.from }
  })
  return { total, complete, places }
}

/**
 * The bound of a timetable of `s`: the positions' bound or the stacked one, whichever is
 * higher, plus what the pinned performances cost where they are.
 */
export function lowerBound(s: SerialSchedule, positions: Positions): { value: number; complete: boolean } {
  const { perfs, lanes, weights } = s.problem
  const { total, complete } = positions
  let pinnedCost = 0
  for (const index of s.active) {
    if (!s.pinned[index]) continue
    const perf = perfs[index]!
    const lane = lanes[perf.pin!.lane]!
    pinnedCost += (weights.earliness * (perf.pin!.start - lane.first)) / STEP + s.offDay(index, lane.day)
  }
  const stacked = stackedBound(s)
  if (!stacked.complete) return { value: complete ? total + pinnedCost : 0, complete }
  return { value: Math.max(stacked.value + pinnedCost, complete ? total + pinnedCost : -Infinity), complete: true }
}

/**
 * The bound from the other end of each stage (decision 031): a performance delays every one
 * after it on its stage by its length and the changeover, so a stage's earliness is at least
 * the sum over its performances of (minutes + changeover) × the number after it. Pinned
 * performances cut a stage into stretches, and a performance in a stretch starts no earlier
 * than the stretch does. A min-cost assignment of the movable performances to (stretch,
 * number after it in the stretch), with the preferred day, gives the least such sum — the
 * optimum when no window, musician's gap or closing time is in the way (the shortest first,
 * dealt out over the stages), so a relaxation. Where set lengths differ, or pins hold a
 * stage's morning, it is far above the positions' bound, which counts every set before a
 * performance as the shortest and ignores pins (mixed 60/1: 1 823 against 1 365, best known
 * 1 835; pins 60/1: 1 500 against 1 270, the optimum 1 500). Pinned performances' own cost is
 * added by the caller. Not `complete` when a performance fits on no stage by itself.
 */
export function stackedBound(s: SerialSchedule): { value: number; complete: boolean } {
  const { problem } = s
  const { perfs, lanes, weights, changeover } = problem
  const rows = s.movable
  if (!rows.length) return { value: 0, complete: true }
  const shortest = Math.min(...rows.map((index) => perfs[index]!.minutes))
  // Each stage's stretches between its pinned performances (and their changeovers): a
  // performance lies in one of them, after everything before it in that stretch. A stretch
  // holds at most `room` performances (the shortest ones, with changeovers), so the number
  // after one is below that; `until` is where its last performance must end.
  const columns: Array<{ lane: number; from: number; until: number; after: number }> = []
  for (const lane of lanes) {
    let from = lane.first
    const stretches: Array<[number, number]> = []
    for (const [pinStart, pinEnd] of s.lanePins[lane.index]!) {
      stretches.push([from, pinStart - changeover])
      from = Math.max(from, ceilGrid(pinEnd + changeover))
    }
    stretches.push([from, lane.close])
    for (const [stretchFrom, until] of stretches) {
      if (until - stretchFrom < shortest) continue
      const room = Math.floor((until - stretchFrom + changeover) / (shortest + changeover))
      for (let after = 0; after < Math.min(room, rows.length); after++) columns.push({ lane: lane.index, from: stretchFrom, until, after })
    }
  }
  if (columns.length < rows.length) return { value: 0, complete: false }
  const BIG = 1e9
  const width = columns.length
  const cost = new Float64Array(rows.length * width).fill(BIG)
  const fits = lanes.map(() => new Uint8Array(rows.length))
  rows.forEach((index, row) => {
    for (const lane of lanes) fits[lane.index]![row] = earliestAlone(perfs[index]!, lane, lane.first) >= 0 ? 1 : 0
  })
  rows.forEach((index, row) => {
    const perf = perfs[index]!
    columns.forEach((column, at) => {
      if (!fits[column.lane]![row] || column.until - column.from < perf.minutes) return
      const lane = lanes[column.lane]!
      cost[row * width + at] = (weights.earliness * (column.from - lane.first + (perf.minutes + changeover) * column.after)) / STEP + s.offDay(index, lane.day)
    })
  })
  const { columnOf, total } = assign(rows.length, width, cost)
  for (let row = 0; row < rows.length; row++) if (cost[row * width + columnOf[row]!]! >= BIG) return { value: 0, complete: false }
  return { value: total, complete: true }
}

/**
 * The LP relaxation of the time-indexed model (`time-indexed.ts`) as a lower bound — far
 * tighter than the assignment's, as it keeps the musicians' gaps and every start time — and its
 * solution as a starting timetable: each performance at its strongest start, stages of a group
 * dealt out in start order (when the LP's optimum is whole, this is an optimal timetable).
 * Null when the solver stops at its iteration limit or finds no way to place them all.
 */
export function linearBound(problem: Problem, active: number[], solver: LinearSolver): { value: number; plan: Placed[]; model: TimeIndexedModel; values: ArrayLike<number> } | null {
  const model = timeIndexedModel(problem, active)
  if (model.empty) return null
  const solution = solver(model, { iterationLimit: LP_ITERATIONS_PER_PERFORMANCE * active.length })
  if (solution.status !== 'optimal' || !solution.values) return null
  // Costs in whole units (the presets' weights) make every timetable's cost whole, so the
  // bound rounds up; the tolerance covers the solver's floating point.
  const whole = model.columns.every((column) => Number.isInteger(column.cost))
  const value = whole ? Math.ceil(solution.objective - 1e-6) : solution.objective - 1e-6 * Math.max(1, Math.abs(solution.objective))
  const strongest = new Map<number, number>()
  model.columns.forEach((column, at) => {
    const current = strongest.get(column.perf)
    if (current === undefined || solution.values![at]! > solution.values![current]! + 1e-9) strongest.set(column.perf, at)
  })
  return { value, plan: planOf(problem, model, [...strongest.values()]), model, values: solution.values }
}

/** A timetable from one column per performance: the stages of a group dealt out in start order. */
export function planOf(problem: Problem, model: TimeIndexedModel, columns: number[]): Placed[] {
  const chosen = columns.map((at) => model.columns[at]!).sort((a, b) => a.start - b.start || a.perf - b.perf)
  const freeAt = new Map<number, number>()
  const plan: Placed[] = []
  for (const column of chosen) {
    const perf = problem.perfs[column.perf]!
    const lanes = model.groups[column.group]!.lanes
    const lane = perf.pin ? perf.pin.lane : (lanes.find((candidate) => (freeAt.get(candidate) ?? -Infinity) <= column.start) ?? lanes.reduce((a, b) => ((freeAt.get(a) ?? -Infinity) <= (freeAt.get(b) ?? -Infinity) ? a : b)))
    freeAt.set(lane, column.start + perf.minutes + problem.changeover)
    plan.push({ perf: column.perf, lane, start: column.start, end: column.start + perf.minutes })
  }
  return plan
}

/** The bound's words: the gap in %, and whether no timetable is cheaper. */
export function claims(cost: number, lowerBound: number | null) {
  return {
    lowerBound,
    gapPercent: lowerBound === null ? null : cost === lowerBound ? 0 : lowerBound > 0 ? ((cost - lowerBound) / lowerBound) * 100 : null,
    provenOptimal: lowerBound !== null && cost <= lowerBound + EPSILON,
  }
}
