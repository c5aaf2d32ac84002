/**
 * The exact comparison for the timetable generator (issues #7 and #14): a time-indexed MILP of
 * the earliness + preferred-day objective (the `compact` preset, or any weights whose other
 * goals are 0) under every hard rule, solved by HiGHS (the `highs` dev dependency, WebAssembly).
 * Used by the bench (`bench/timetable.ts`, through the cache `bench/timetable-exact-results.json`)
 * and by the property tests on tiny instances.
 *
 * x[p, g, t] = 1 when performance p starts at grid time t on one of the stages of group g. A
 * group is a set of identical stages of one day (same first start and closing) without pins:
 * intervals that never overlap more than c deep fit on c stages (interval graphs are perfect;
 * the stages are recovered by greedy colouring), which removes the symmetry between identical
 * stages. A stage that holds a pin is a group of its own, so the pinned performance keeps its
 * stage. Only starts inside the opening hours and outside p's windows exist; a pin leaves its
 * one start. Rows: each p starts once; per group and grid time τ at most c performances are
 * busy (t ≤ τ < t + minutes + changeover); per musician (deduplicated by their set of bands),
 * day and grid time at most one of their performances is busy for its length + the gap.
 * Cost: earliness × (t − the stage's first start) / 5 + preferredDay per performance off its
 * preferred day — exactly `timetableCost`, which the bench checks on every solution.
 */
import highsLoader from 'highs'
import type { TimetableInput, TimetablePlacement } from '../src/contract/timetable'
import { compile, earliestAlone, toTime } from '../src/timetable/model'

export interface ExactResult {
  /** optimal: proven; feasible: a timetable but no proof within the limit; none: no timetable (see `infeasible`). */
  status: 'optimal' | 'feasible' | 'none'
  /** HiGHS proved there is no timetable with every performance placed. */
  infeasible: boolean
  /** The best timetable's cost, or null. */
  objective: number | null
  /** A proven lower bound on the cost (the objective when optimal); null when infeasible. */
  bound: number | null
  seconds: number
  placements: TimetablePlacement[]
  variables: number
  rows: number
  nonzeros?: number
  /** HiGHS's presolve option used ('choose' or 'off'). */
  presolve?: string
  /** HiGHS's model status name (optimal, timeLimit, infeasible, …). */
  modelStatus: string
}

/** Above this many nonzeros HiGHS runs without presolve (see below). */
export const PRESOLVE_MAX_NONZEROS = 150_000

type Highs = Awaited<ReturnType<typeof highsLoader>>
let loading: Promise<Highs> | null = null
/** BENCH_HIGHS_LOG=1 prints HiGHS's own log (to stderr), to see where a slow instance spends its time. */
const logging = process.env.BENCH_HIGHS_LOG === '1'
const loadHighs = () => (loading ??= highsLoader(logging ? { print: (message) => process.stderr.write(`${message}\n`) } : undefined))

export async function solveExact(input: TimetableInput, options: { seconds: number; start?: TimetablePlacement[] | undefined }): Promise<ExactResult> {
  const problem = compile(input)
  const { perfs, lanes, weights } = problem
  const others = (Object.keys(weights) as Array<keyof typeof weights>).filter((goal) => goal !== 'earliness' && goal !== 'preferredDay' && weights[goal] !== 0)
  if (others.length) throw new Error(`solveExact models earliness and preferred day only; these goals weigh: ${others.join(', ')}`)
  const pinnedLanes = new Set(perfs.flatMap((perf) => (perf.pin ? [perf.pin.lane] : [])))
  const groups: Array<{ day: number; lanes: number[]; first: number; close: number }> = []
  for (const lane of lanes) {
    const group = pinnedLanes.has(lane.index)
      ? undefined
      : groups.find((candidate) => candidate.day === lane.day && candidate.first === lane.first && candidate.close === lane.close && !pinnedLanes.has(candidate.lanes[0]!))
    if (group) group.lanes.push(lane.index)
    else groups.push({ day: lane.day, lanes: [lane.index], first: lane.first, close: lane.close })
  }
  const began = performance.now()
  const none = (infeasible: boolean, modelStatus: string): ExactResult => ({
    status: 'none',
    infeasible,
    objective: null,
    bound: null,
    seconds: (performance.now() - began) / 1000,
    placements: [],
    variables: 0,
    rows: 0,
    modelStatus,
  })
  // A pin that cannot hold (unknown day or stage, off the grid): no timetable places everyone.
  if (perfs.some((perf) => perf.pinProblem)) return none(true, 'infeasible')

  const vars: Array<{ perf: number; group: number; start: number; cost: number }> = []
  for (const perf of perfs) {
    groups.forEach((group, g) => {
      if (perf.pin && !group.lanes.includes(perf.pin.lane)) return
      const lane = lanes[group.lanes[0]!]!
      for (let start = group.first; start + perf.minutes <= group.close; start += 5) {
        if (perf.pin && perf.pin.start !== start) continue
        if (earliestAlone(perf, lane, start) !== start) continue
        const cost = (weights.earliness * (start - group.first)) / 5 + (perf.preferredDay >= 0 && perf.preferredDay !== group.day ? weights.preferredDay : 0)
        vars.push({ perf: perf.index, group: g, start, cost })
      }
    })
  }
  const rows: number[][] = perfs.map(() => [])
  vars.forEach((v, column) => rows[v.perf]!.push(column))
  if (rows.some((row) => !row.length)) return none(true, 'infeasible')
  const rowLower: number[] = rows.map(() => 1)
  const rowUpper: number[] = rows.map(() => 1)
  const busyRows = new Map<string, { columns: number[]; capacity: number }>()
  const busy = (key: string, capacity: number, column: number) => {
    const row = busyRows.get(key)
    if (row) row.columns.push(column)
    else busyRows.set(key, { columns: [column], capacity })
  }
  const byMember = new Map<number, number[]>()
  for (const perf of perfs) for (const member of perf.members) byMember.set(member, [...(byMember.get(member) ?? []), perf.index])
  const memberGroups = new Set<string>()
  for (const list of byMember.values()) if (list.length > 1) memberGroups.add(list.join(','))
  const groupsOf = perfs.map(() => [] as string[])
  for (const key of memberGroups) for (const perf of key.split(',').map(Number)) groupsOf[perf]!.push(key)
  vars.forEach((v, column) => {
    const group = groups[v.group]!
    const minutes = perfs[v.perf]!.minutes
    for (let tau = v.start; tau < v.start + minutes + problem.changeover && tau < group.close; tau += 5) busy(`s${v.group}@${tau}`, group.lanes.length, column)
    for (const members of groupsOf[v.perf]!) {
      for (let tau = v.start; tau < v.start + minutes + problem.gap && tau < problem.days[group.day]!.close; tau += 5) busy(`m${members}/${group.day}@${tau}`, 1, column)
    }
  })
  for (const row of busyRows.values()) {
    if (row.columns.length <= row.capacity) continue
    rows.push(row.columns)
    rowLower.push(-Infinity)
    rowUpper.push(row.capacity)
  }
  const starts = [0]
  const indices: number[] = []
  for (const row of rows) {
    indices.push(...row)
    starts.push(indices.length)
  }
  const integral = vars.every((v) => Number.isInteger(v.cost))
  // HiGHS's presolve merges the overlapping "busy" cliques and on large models spends the
  // whole limit there (mixed 80/1: 820k nonzeros, 137 s of presolve, no bound at all; mixed
  // 20/2: 207k, 47 s, nothing) while the LP relaxation alone is tight (mixed 20/2 proven
  // optimal at the root in 18 s without it). Below the threshold presolve helps.
  const presolve = process.env.BENCH_HIGHS_PRESOLVE ?? (indices.length > PRESOLVE_MAX_NONZEROS ? 'off' : 'choose')
  const highs = await loadHighs()
  const model = highs.createModel({
    numCols: vars.length,
    numRows: rows.length,
    colCost: vars.map((v) => v.cost),
    colLower: vars.map(() => 0),
    colUpper: vars.map(() => 1),
    rowLower: rowLower.map((value) => (value === -Infinity ? -highs.infinity : value)),
    rowUpper,
    matrix: { format: 'csr', numRows: rows.length, numCols: vars.length, starts, indices, values: indices.map(() => 1) },
    integrality: vars.map(() => highs.constants.variableType.integer),
  })
  try {
    // Costs in whole units: an incumbent less than 1 above the bound is optimal.
    model.options.set({ time_limit: options.seconds, output_flag: logging, log_to_console: logging, mip_rel_gap: 0, mip_abs_gap: integral ? 0.999 : 1e-6, presolve })
    if (options.start?.length) {
      const index = new Map(vars.map((v, column) => [`${v.perf}/${v.group}/${v.start}`, column]))
      const values = new Array<number>(vars.length).fill(0)
      for (const placement of options.start) {
        const perf = problem.perfById.get(placement.performanceId)
        const lane = lanes.find((candidate) => candidate.date === placement.date && candidate.stage === placement.stage)
        const group = lane ? groups.findIndex((candidate) => candidate.lanes.includes(lane.index)) : -1
        const column = perf === undefined ? undefined : index.get(`${perf}/${group}/${Number(placement.start.slice(0, 2)) * 60 + Number(placement.start.slice(3))}`)
        if (column !== undefined) values[column] = 1
      }
      model.setSolution({ colValue: values })
    }
    model.run()
    const seconds = (performance.now() - began) / 1000
    const code = model.getModelStatus()
    const modelStatus = Object.entries(highs.constants.modelStatus).find(([, value]) => value === code)?.[0] ?? String(code)
    if (modelStatus === 'infeasible') return { ...none(true, modelStatus), variables: vars.length, rows: rows.length }
    let objective: number | null = null
    const placements: TimetablePlacement[] = []
    if (Number(model.info.get('primal_solution_status')) === 2) {
      objective = Math.round(model.getObjectiveValue() * 1000) / 1000
      const values = model.getSolution().colValue
      const chosen = vars.filter((_, column) => values[column]! > 0.5).sort((a, b) => a.start - b.start || a.perf - b.perf)
      const freeAt = new Map<number, number>()
      for (const v of chosen) {
        const minutes = perfs[v.perf]!.minutes
        const laneIndex = groups[v.group]!.lanes.find((lane) => (freeAt.get(lane) ?? -Infinity) <= v.start) ?? groups[v.group]!.lanes[0]!
        freeAt.set(laneIndex, v.start + minutes + problem.changeover)
        const lane = lanes[laneIndex]!
        placements.push({ performanceId: perfs[v.perf]!.id, date: lane.date, stage: lane.stage, start: toTime(v.start), end: toTime(v.start + minutes) })
      }
    }
    // The dual bound carries floating-point noise (1800.0000000004); with whole costs it rounds up.
    const dual = Number(model.info.get('mip_dual_bound'))
    const dualBound = Number.isFinite(dual) ? (integral ? Math.ceil(dual - 1e-6) : Math.round(dual * 1e6) / 1e6) : 0
    const optimal = objective !== null && (modelStatus === 'optimal' || dualBound >= objective - 1e-9)
    const bound = optimal ? objective : dualBound
    return {
      status: optimal ? 'optimal' : objective !== null ? 'feasible' : 'none',
      infeasible: false,
      objective,
      bound,
      seconds,
      placements,
      variables: vars.length,
      rows: rows.length,
      nonzeros: indices.length,
      presolve,
      modelStatus,
    }
  } finally {
    model.dispose()
  }
}
