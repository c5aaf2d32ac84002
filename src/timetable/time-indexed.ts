import { earliestAlone, type Problem } from './model'

/**
 * The time-indexed model of the timetable problem (decision 009): x[p, g, t] = 1 when
 * performance p starts at grid time t on one of the identical stages of group g (the stages of
 * one day with the same opening hours). Each performance starts once; in a group, at every
 * grid time at most |g| performances are busy (from their start to their end plus the
 * changeover); for every musician and day, at most one of their performances is busy (to its
 * end plus the gap) — on small lives, for every maximal clique of performances sharing
 * musicians pairwise (`CLIQUES_UP_TO`). The objective is the earliness and preferred-day part of the cost; the
 * other goals are ≥ 0, so the model's optimum — and its LP relaxation's — bounds any
 * timetable's cost from below.
 *
 * Grouping identical stages is exact for the compact goals (intervals never more than c deep
 * fit on c stages: interval graphs are perfect) and removes the symmetry between them. A pin
 * keeps its time and its stage's group (a relaxation of keeping its stage).
 *
 * Pure data: the caller solves it (HiGHS in the worker, `server/src/workers/highs-solver.ts`),
 * and `dualBound` turns the solver's duals into a bound no rounding can lift above the optimum.
 * Decision 027 has the measurements and the formulations tried and left (the cumulative one,
 * row generation, a time cap).
 */

export interface TimeIndexedColumn {
  perf: number
  group: number
  start: number
  cost: number
}

export interface TimeIndexedModel {
  groups: Array<{ day: number; lanes: number[]; first: number; close: number }>
  columns: TimeIndexedColumn[]
  /** Each row: its columns (coefficient 1) and its bounds. */
  rows: Array<{ columns: number[]; lower: number; upper: number }>
  /** A performance in play has no column at all (it fits nowhere): the model is infeasible. */
  empty: boolean
}

/** What a solver says of the model's LP relaxation. */
export interface LinearSolution {
  status: 'optimal' | 'infeasible' | 'stopped'
  /**
   * When `optimal`: a lower bound on every timetable's compact cost, the LP's optimum up to
   * the solver's tolerances — proven from its duals by `dualBound`, so a solver's rounding
   * can never lift it above the true optimum.
   */
  objective: number
  /** Each column's value when `optimal`. */
  values: ArrayLike<number> | null
}

/**
 * Solves a time-indexed model, stopping after `iterationLimit` simplex iterations — a count,
 * never a time, so the same model gives the same answer (the worker's HiGHS, see
 * `server/src/workers/highs-solver.ts`).
 */
export type LinearSolver = (model: TimeIndexedModel, options: { iterationLimit: number }) => LinearSolution

/**
 * Up to this many performances in play, a musician's rows are replaced by rows for every
 * maximal clique of performances pairwise sharing a musician (a musician's performances are one
 * such clique, so nothing is lost): if A and B share Kenta, B and C Aiko, and A and C Yuto, at
 * most one of the three is busy at any time, which no musician's row says, and the LP's bound
 * rises — on the bench's 10-band lives from 228.4 to 230 (the optimum) on all-at-once seed 1
 * and 273 to 287 on seed 2. At 20–40 performances the rows doubled the nonzeros and the LP's
 * time for 0.1–6% more bound and no more optima proven, so larger lives keep the musicians'
 * rows (decision 027).
 */
export const CLIQUES_UP_TO = 16

export function timeIndexedModel(problem: Problem, active: number[]): TimeIndexedModel {
  const { perfs, lanes, weights, days } = problem
  const step = 5
  const groups: TimeIndexedModel['groups'] = []
  for (const lane of lanes) {
    const group = groups.find((candidate) => candidate.day === lane.day && candidate.first === lane.first && candidate.close === lane.close)
    if (group) group.lanes.push(lane.index)
    else groups.push({ day: lane.day, lanes: [lane.index], first: lane.first, close: lane.close })
  }
  const columns: TimeIndexedColumn[] = []
  const rows: TimeIndexedModel['rows'] = []
  let empty = false
  for (const index of active) {
    const perf = perfs[index]!
    const own: number[] = []
    groups.forEach((group, g) => {
      if (perf.pin && !group.lanes.includes(perf.pin.lane)) return
      const lane = lanes[group.lanes[0]!]!
      for (let start = group.first; start + perf.minutes <= group.close; start += step) {
        if (perf.pin && perf.pin.start !== start) continue
        if (earliestAlone(perf, lane, start) !== start) continue
        const cost = (weights.earliness * (start - group.first)) / step + (perf.preferredDay >= 0 && perf.preferredDay !== group.day ? weights.preferredDay : 0)
        own.push(columns.length)
        columns.push({ perf: index, group: g, start, cost })
      }
    })
    if (!own.length) empty = true
    rows.push({ columns: own, lower: 1, upper: 1 })
  }
  // Musicians, deduplicated by the set of performances they play in (in play only); on small
  // lives, the maximal cliques of "shares a musician" instead (see CLIQUES_UP_TO).
  const memberSets = new Map<string, number>()
  const addSet = (list: number[]) => {
    if (list.length > 1 && !memberSets.has(list.join(','))) memberSets.set(list.join(','), memberSets.size)
  }
  if (active.length <= CLIQUES_UP_TO) {
    const inPlay = new Set(active)
    for (const clique of maximalCliques(active, (index) => problem.partners[index]!.filter((other) => inPlay.has(other)))) addSet(clique.sort((a, b) => a - b))
  } else {
    const byMember = new Map<number, number[]>()
    for (const index of active) for (const member of perfs[index]!.members) byMember.set(member, [...(byMember.get(member) ?? []), index])
    for (const list of byMember.values()) addSet(list)
  }
  const setsOf = new Map<number, number[]>()
  for (const [key, set] of memberSets) for (const index of key.split(',').map(Number)) setsOf.set(index, [...(setsOf.get(index) ?? []), set])

  // Busy rows, one per resource and grid time, numbered in the order first touched (the order
  // of the rows, hence the solver's path, does not depend on how they are stored): a group's
  // rows from its first start, a musician's on a day from midnight.
  const slots = (minutes: number) => Math.ceil(minutes / step)
  const groupBase: number[] = []
  let resources = 0
  for (const group of groups) {
    groupBase.push(resources)
    resources += Math.max(0, slots(group.close - group.first))
  }
  const daySlots = Math.max(1, ...days.map((day) => slots(day.close)))
  const memberBase = resources
  resources += memberSets.size * days.length * daySlots
  const rowOf = new Int32Array(resources).fill(-1)
  const busy: Array<{ columns: number[]; capacity: number }> = []
  const mark = (resource: number, capacity: number, column: number) => {
    let row = rowOf[resource]!
    if (row < 0) {
      row = rowOf[resource] = busy.length
      busy.push({ columns: [], capacity })
    }
    busy[row]!.columns.push(column)
  }
  columns.forEach((column, at) => {
    const group = groups[column.group]!
    const minutes = perfs[column.perf]!.minutes
    const capacity = group.lanes.length
    const base = groupBase[column.group]! - group.first / step
    for (let tau = column.start; tau < column.start + minutes + problem.changeover && tau < group.close; tau += step) mark(base + tau / step, capacity, at)
    const dayClose = days[group.day]!.close
    for (const set of setsOf.get(column.perf) ?? []) {
      const base = memberBase + (set * days.length + group.day) * daySlots
      for (let tau = column.start; tau < column.start + minutes + problem.gap && tau < dayClose; tau += step) mark(base + tau / step, 1, at)
    }
  })
  // A row whose columns are all in another row of the same capacity says nothing more.
  const kept = busy.filter((row) => row.columns.length > row.capacity)
  for (const row of dropDuplicates(kept)) rows.push({ columns: row.columns, lower: -Infinity, upper: row.capacity })
  return { groups, columns, rows, empty }
}

/**
 * Rows with the same columns and capacity, but the first, are dropped (columns are listed in
 * increasing order, as they were marked in column order): a hash of the list, then a compare.
 */
function dropDuplicates(rows: Array<{ columns: number[]; capacity: number }>) {
  const seen = new Map<number, Array<{ columns: number[]; capacity: number }>>()
  const unique: Array<{ columns: number[]; capacity: number }> = []
  for (const row of rows) {
    let hash = Math.imul(row.capacity, 0x9e3779b1) ^ row.columns.length
    for (const column of row.columns) hash = Math.imul(hash ^ column, 0x01000193)
    const bucket = seen.get(hash)
    const same = (other: { columns: number[]; capacity: number }) => other.capacity === row.capacity && other.columns.length === row.columns.length && other.columns.every((column, at) => column === row.columns[at])
    if (bucket?.some(same)) continue
    if (bucket) bucket.push(row)
    else seen.set(hash, [row])
    unique.push(row)
  }
  return unique
}

/**
 * The Lagrangian bound of the model for multipliers λ_r ≥ 0 on its busy rows (taken from an LP
 * solver's row duals: λ = max(0, −dual), the sign HiGHS gives a binding ≤ row of a minimum):
 *
 *   L(λ) = Σ_p min over p's columns j of (c_j + Σ_{busy rows r ∋ j} λ_r) − Σ_r λ_r · capacity_r
 *
 * Relaxing the busy rows leaves "each performance starts once", whose optimum is each
 * performance at its cheapest column, so L(λ) is at most the LP's optimum — hence at most any
 * timetable's cost — for *any* λ ≥ 0, whatever the solver's tolerances or wherever it stopped;
 * with the optimal duals it equals the LP's optimum. O(nonzeros). −∞ when a performance has no
 * column.
 */
export function dualBound(model: TimeIndexedModel, rowDuals: ArrayLike<number>): number {
  const reduced = Float64Array.from(model.columns, (column) => column.cost)
  let total = 0
  model.rows.forEach((row, at) => {
    if (row.lower !== -Infinity) return
    const lambda = Math.max(0, -rowDuals[at]!)
    if (!(lambda > 0)) return
    total -= lambda * row.upper
    for (const column of row.columns) reduced[column] += lambda
  })
  for (const row of model.rows) {
    if (row.lower === -Infinity) continue
    let cheapest = Infinity
    for (const column of row.columns) cheapest = Math.min(cheapest, reduced[column]!)
    total += cheapest
  }
  return total
}

/** The maximal cliques of a small graph (Bron–Kerbosch with a pivot), in a deterministic order. */
export function maximalCliques(nodes: number[], neighbours: (node: number) => number[]): number[][] {
  const adjacency = new Map(nodes.map((node) => [node, new Set(neighbours(node))]))
  const cliques: number[][] = []
  const extend = (clique: number[], candidates: number[], excluded: number[]) => {
    if (!candidates.length && !excluded.length) {
      cliques.push(clique)
      return
    }
    // The pivot: the node with the most neighbours among the candidates.
    let pivot = -1
    let most = -1
    for (const node of [...candidates, ...excluded]) {
      const near = adjacency.get(node)!
      const count = candidates.filter((other) => near.has(other)).length
      if (count > most) [pivot, most] = [node, count]
    }
    const pivotNear = adjacency.get(pivot)!
    for (const node of candidates.filter((other) => !pivotNear.has(other))) {
      const near = adjacency.get(node)!
      extend(
        [...clique, node],
        candidates.filter((other) => near.has(other)),
        excluded.filter((other) => near.has(other)),
      )
      candidates = candidates.filter((other) => other !== node)
      excluded = [...excluded, node]
    }
  }
  extend([], [...nodes], [])
  return cliques
}
