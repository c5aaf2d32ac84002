import { earliestAlone, type Problem } from './model'

/**
 * The time-indexed model of the timetable problem (decision 009): x[p, g, t] = 1 when
 * performance p starts at grid time t on one of the identical stages of group g (the stages of
 * one day with the same opening hours). Each performance starts once; in a group, at every
 * grid time at most |g| performances are busy (from their start to their end plus the
 * changeover); for every musician and day, at most one of their performances is busy (to its
 * end plus the gap). The objective is the earliness and preferred-day part of the cost; the
 * other goals are ≥ 0, so the model's optimum — and its LP relaxation's — bounds any
 * timetable's cost from below.
 *
 * Grouping identical stages is exact for the compact goals (intervals never more than c deep
 * fit on c stages: interval graphs are perfect) and removes the symmetry between them. A pin
 * keeps its time and its stage's group (a relaxation of keeping its stage).
 *
 * Pure data: the caller solves it (HiGHS in the worker, `server/src/workers/lp.ts`).
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

/** What a solver says of the model (its LP relaxation, unless `integer`). */
export interface LinearSolution {
  status: 'optimal' | 'infeasible' | 'stopped'
  /** The optimum when `optimal`. */
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
  // Musicians, deduplicated by the set of performances they play in (in play only).
  const byMember = new Map<number, number[]>()
  for (const index of active) for (const member of perfs[index]!.members) byMember.get(member)?.push(index) ?? byMember.set(member, [index])
  const memberSets = new Map<string, number>()
  for (const list of byMember.values()) if (list.length > 1 && !memberSets.has(list.join(','))) memberSets.set(list.join(','), memberSets.size)
  const setsOf = new Map<number, number[]>()
  for (const [key, set] of memberSets) for (const index of key.split(',').map(Number)) setsOf.get(index)?.push(set) ?? setsOf.set(index, [set])

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
