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
  const inPlay = new Set(active)
  const byMember = new Map<number, number[]>()
  for (const index of active) for (const member of perfs[index]!.members) byMember.set(member, [...(byMember.get(member) ?? []), index])
  const memberSets = new Set<string>()
  for (const list of byMember.values()) if (list.length > 1 && list.every((index) => inPlay.has(index))) memberSets.add(list.join(','))
  const setsOf = new Map<number, string[]>()
  for (const key of memberSets) for (const index of key.split(',').map(Number)) setsOf.set(index, [...(setsOf.get(index) ?? []), key])

  const busy = new Map<string, { columns: number[]; capacity: number }>()
  const mark = (key: string, capacity: number, column: number) => {
    const row = busy.get(key)
    if (row) row.columns.push(column)
    else busy.set(key, { columns: [column], capacity })
  }
  columns.forEach((column, at) => {
    const group = groups[column.group]!
    const minutes = perfs[column.perf]!.minutes
    for (let tau = column.start; tau < column.start + minutes + problem.changeover && tau < group.close; tau += step) mark(`s${column.group}@${tau}`, group.lanes.length, at)
    for (const key of setsOf.get(column.perf) ?? []) {
      for (let tau = column.start; tau < column.start + minutes + problem.gap && tau < days[group.day]!.close; tau += step) mark(`m${key}/${group.day}@${tau}`, 1, at)
    }
  })
  // A row whose columns are all in the next row of the same resource says nothing more.
  const kept: Array<{ columns: number[]; capacity: number }> = []
  for (const row of busy.values()) if (row.columns.length > row.capacity) kept.push(row)
  for (const row of dropDominated(kept)) rows.push({ columns: row.columns, lower: -Infinity, upper: row.capacity })
  return { groups, columns, rows, empty }
}

/** Rows whose column set is contained in another row with the same capacity are dropped. */
function dropDominated(rows: Array<{ columns: number[]; capacity: number }>) {
  const sorted = rows.map((row) => ({ ...row, columns: [...row.columns].sort((a, b) => a - b), key: '' }))
  for (const row of sorted) row.key = row.columns.join(',')
  const unique = new Map<string, (typeof sorted)[number]>()
  for (const row of sorted) {
    const key = `${row.capacity}|${row.key}`
    if (!unique.has(key)) unique.set(key, row)
  }
  return [...unique.values()]
}
