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
 * The weighted cost of one day's placements. `items` is sorted by start when `sorted`; the
 * goals with weight 0 are skipped, so the compact preset costs O(n) per day.
 */
export function dayCost(problem: Problem, items: Placed[], byGoal: Record<TimetableGoal, number> | null, perPerf: PerPerf): number {
  const { weights, perfs, lanes } = problem
  let total = 0
  const charge = (perf: number, goal: TimetableGoal, units: number) => {
    if (units <= 0) return
    const cost = units * weights[goal]
    total += cost
    if (byGoal) byGoal[goal] += cost
    if (perPerf) perPerf[perf]![goal] = (perPerf[perf]![goal] ?? 0) + cost
  }
  let minStart = Infinity
  let maxStart = -Infinity
  for (const item of items) {
    const perf = perfs[item.perf]!
    const lane = lanes[item.lane]!
    if (weights.earliness) charge(item.perf, 'earliness', Math.max(0, item.start - lane.first) / GRID)
    if (weights.preferredDay && perf.preferredDay >= 0 && perf.preferredDay !== lane.day) charge(item.perf, 'preferredDay', 1)
    if (item.start < minStart) minStart = item.start
    if (item.start > maxStart) maxStart = item.start
  }
  if (weights.firstLast) {
    for (const item of items) {
      const wish = perfs[item.perf]!.wish
      if ((wish === 'first' && item.start > minStart) || (wish === 'last' && item.start < maxStart)) charge(item.perf, 'firstLast', 1)
    }
  }
  if (weights.gradeOrder) {
    for (const a of items) {
      const gradeA = perfs[a.perf]!.grade
      if (gradeA === null) continue
      let inversions = 0
      for (const b of items) {
        const gradeB = perfs[b.perf]!.grade
        if (gradeB !== null && gradeA < gradeB && a.start > b.start) inversions++
      }
      charge(a.perf, 'gradeOrder', inversions)
    }
  }
  if (weights.musicianSpread && items.length > 1) {
    const at = new Map(items.map((item) => [item.perf, item]))
    const wanted = problem.gap + MUSICIAN_SPREAD_MINUTES
    for (const a of items) {
      for (const partner of problem.partners[a.perf]!) {
        const b = at.get(partner)
        // Each pair once, charged to the later performance.
        if (!b || b.start < a.start || (b.start === a.start && b.perf < a.perf)) continue
        charge(b.perf, 'musicianSpread', Math.max(0, wanted - (b.start - a.end)) / GRID)
      }
    }
  }
  if (weights.idleHoles && items.length > 1) {
    const byLane = new Map<number, Placed[]>()
    for (const item of items) {
      const list = byLane.get(item.lane)
      if (list) list.push(item)
      else byLane.set(item.lane, [item])
    }
    for (const list of byLane.values()) {
      list.sort((a, b) => a.start - b.start)
      for (let i = 1; i < list.length; i++) charge(list[i]!.perf, 'idleHoles', Math.max(0, list[i]!.start - list[i - 1]!.end - problem.changeover) / GRID)
    }
  }
  return total
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
