import {
  TIMETABLE_GRID_MINUTES as GRID,
  timetableGoals,
  type TimetableInput,
  type TimetablePlacement,
  type TimetableResult,
  type TimetableUnplaced,
} from '../contract/timetable'
import { assign } from './assignment'
import { costOfPlaced, dayCost } from './cost'
import { explainAlone, explainLeftOut, explainPinAlone, explainPinPair } from './explain'
import { compile, earliestAlone, toTime, type Perf, type Problem } from './model'
import { checkPlaced, type Placed } from './rules'
import { timeIndexedModel, type LinearSolver, type TimeIndexedModel } from './time-indexed'
import { mulberry32 } from '../contract/random'

/**
 * The timetable generator (issue #7): a pure function from the event, the accepted
 * performances, pins, weights and a seed to a timetable that keeps every hard rule, its cost
 * per goal, and a reason for each performance it could not place. See decision 009.
 *
 * 1. Pins are checked (alone and against each other) and performances that fit nowhere even
 *    alone are set aside with the reason.
 * 2. A lower bound: a min-cost assignment of performances to (stage-day, position k), where
 *    the k-th start on a stage is at least k × (shortest performance + changeover) after the
 *    opening and a band's windows push it later. It ignores the musician's gap, so it is a
 *    relaxation; its assignment is also the starting timetable. A second assignment counts
 *    what each performance holds up after it on its stage, between pins (decision 031); the
 *    bound is the higher of the two, and up to 40 bands the LP's when that is higher still.
 * 3. Simulated annealing over a serial schedule: per day, the order in which performances are
 *    placed, and each one's stage. The decoder places them in that order, each at its
 *    earliest grid start on its stage (after the previous one and the changeover, outside its
 *    windows, clear of pins, clear of its musicians' gaps before and after what is already
 *    placed). Moves: swap two performances, change one's stage, move one to another place.
 *    Broken hard rules cost a huge penalty, so the search first minimises them, then the
 *    soft goals. The search starts from the bound's assignment re-sequenced greedily, and
 *    stops when the cost meets the bound (proven optimal) or after a number of evaluations
 *    fixed by `effort` — never after a time, so the same input and seed give the same result.
 *    At 21–40 performances (compact goals), when the first timetable runs late, every restart
 *    but the first begins with a stage's overrun priced low and rising, so the days are chosen
 *    for the goals rather than by what ends the overrun first (decision 032).
 *    On small lives (≤ 20 performances) the last part of the budget goes to ruin and recreate
 *    from the annealing's best: a few related performances taken out and each put back at its
 *    best day, position and stage (decision 026). Then, for the compact goals up to 40
 *    performances, each day's order is searched exactly (branch and bound), then bands of the
 *    same length are swapped between days with both days searched again (decision 028), then
 *    one band moved or two swapped between days (decision 029; onto a full day too, 032).
 * 4. Whatever still breaks a rule is left out with its reason, and the result is checked with
 *    the same `checkPlaced` the editor uses.
 */

// Module-local copies: the hot loops below must not go through imported bindings (tsx turns
// them into getters, measured at ~10% of the search).
const STEP: number = GRID
const ceilGrid = (minutes: number) => Math.ceil(minutes / STEP) * STEP
const HARD = 1e7
/** Share of random moves that start from a waiting performance (tuned on the bench's shapes). */
const TARGETED = 0.9
/** Annealing temperatures, in cost units (5 minutes of earliness = 1), tuned on bench-like lives. */
const HOT = 5
/** Moves per performance in one cooling cycle; each new cycle reheats from the best so far. */
const CYCLE = 2500
const COLD = 0.3
/**
 * Independent annealing runs sharing the budget, each from the start kicked at random; the best
 * wins. Measured on the families (decision 018): 8 runs fix the small lives where one run stays
 * in its first valley (10–20 bands); at 30–40 bands 4 did best; at 60–80 bands one long run
 * beats any split of the same budget.
 */
const RESTARTS = { small: { performances: 20, runs: 8 }, medium: { performances: 40, runs: 4 } }
/**
 * Ruin and recreate after the annealing (decision 026), on lives of at most `performances`
 * movable performances: the last `share` of the budget takes out `fewest`–`most` related
 * performances at a time and puts each back at its best place, annealing-accepted from `hot`
 * to `cold` (cost units). Measured on the pool and all-at-once families at 10–20 bands, seeds
 * 1–10: runs at the optimum went from 49 to 67 of 70 (shares 0.3–0.6 and 6–10 taken out gave
 * 56–67); at 30–40 bands (4 restarts, each then shorter) it did no better than the annealing
 * alone, so it stays off there.
 */
const RECREATE = { performances: 20, share: 0.45, hot: 0.3, cold: 0.05, fewest: 2, most: 8 }
/**
 * The exact re-sequencing of each day after the search (decision 028), for the compact goals
 * on lives of at most `performances` movable performances, at most `nodes` branches a day.
 */
const RESEQUENCE = { performances: 40, nodes: 50_000 }
/** …then the swaps of same-length performances between days, at most `nodes` branches a day re-sequenced. */
const EXCHANGE = { nodes: 2000 }
/** …then one performance at a time moved to another day, both days re-sequenced (decision 029). */
const RELOCATE = { nodes: 2000, passes: 3 }
/** Random moves per performance that kick a restart away from the start. */
const KICK = 1
/** `randomMove`'s three kinds of move. */
const SWAP = 0
const RESTAGE = 1
const REINSERT = 2
const HARD_MINUTE = 1e4
/**
 * The restarts' soft start (decision 032), compact goals, 21–40 movable performances, when the
 * search's first timetable has a stage running late, every restart but the first: for the first
 * `share` of its cooling, a stage running late costs only `from`…`to` per minute over (rising
 * geometrically in `steps`), so which bands play which day is settled by earliness and the
 * preferred day rather than by whatever first removes the overrun; then the usual penalties.
 */
const SOFT_START = { share: 0.7, from: 0.5, to: 200, steps: 20 }
const EPSILON = 1e-6
/**
 * Moves evaluated per performance at effort 1 (see decision 009): the compact preset usually
 * stops far earlier, at its bound; the other presets have no tight bound and a costlier
 * evaluation, so they get fewer (under 2 s for 80 bands on the loaded bench machine).
 */
const EVALUATIONS_PER_PERFORMANCE = { compact: 5000, weighted: 1000 }
/** …and at most this many in all at effort 1 (about 1 s on the bench machine). */
const MAX_EVALUATIONS = 250_000
/**
 * …and at least this many: small lives are where musicians' gaps make the search hardest (the
 * restarts need room), and their evaluations are cheap (0.1–0.3 s at 10–20 bands).
 */
const MIN_EVALUATIONS = { compact: 200_000, weighted: 50_000 }

const rng = (seed: number) => mulberry32(seed >>> 0 || 0x9e3779b9)

/**
 * The largest number of performances for which the LP relaxation is solved, and the simplex
 * iterations it may take (both counts, so the result stays reproducible). Measured on the
 * issue's families at 40 bands: 700–7 900 iterations, 0.15–3.5 s of CPU on the loaded bench
 * machine; at 80 bands it took up to 25 s, so larger lives keep the assignment's bound.
 */
const LP_MAX_PERFORMANCES = 40
const LP_ITERATIONS_PER_PERFORMANCE = 250

/**
 * Pins that clash with each other leave some of them out. Which ones is a choice: up to this
 * many ways of keeping the most pins are each searched in full and the cheapest kept, so the
 * bound (the least over the ways) speaks for the whole live. With more ways (an executive would
 * have to pin a dozen bands over each other) the pins listed first are kept and no bound is
 * claimed.
 */
const MAX_PIN_CHOICES = 4

type Reason = { rule: TimetableUnplaced['rule']; message: string }

export function generateTimetable(input: TimetableInput, solver?: LinearSolver): TimetableResult {
  const problem = compile(input)
  const { perfs } = problem
  // 1. Pins that cannot be kept on their own, performances that fit nowhere, then the pins
  // that clash with each other.
  const fixed: Array<{ perf: Perf; reason: Reason }> = []
  const pins: Perf[] = []
  for (const perf of perfs) {
    if (!perf.pin && !perf.pinProblem) continue
    const alone = explainPinAlone(problem, perf)
    if (alone) fixed.push({ perf, reason: alone })
    else pins.push(perf)
  }
  for (const perf of perfs) {
    if (perf.pin || perf.pinProblem) continue
    const reason = explainAlone(problem, perf)
    if (reason) fixed.push({ perf, reason })
  }
  const choices = pinChoices(problem, pins)
  if (choices.length === 1) return searchTimetable(input, problem, [...fixed, ...choices[0]!], solver)
  // Several ways to keep the most pins: each searched, the cheapest kept, the least bound shown.
  const results = choices.map((leftOut) => searchTimetable(input, problem, [...fixed, ...leftOut], solver))
  const best = results.reduce((a, b) => (b.unplaced.length < a.unplaced.length || (b.unplaced.length === a.unplaced.length && b.cost.total < a.cost.total - EPSILON) ? b : a))
  const bounds = results.map((result) => result.lowerBound)
  const lowerBound = bounds.every((value) => value !== null) && results.every((result) => result.unplaced.length === best.unplaced.length) ? Math.min(...(bounds as number[])) : null
  return {
    ...best,
    ...claims(best.cost.total, lowerBound),
    evaluations: results.reduce((sum, result) => sum + result.evaluations, 0),
  }
}

/** The bound's words: the gap in %, and whether no timetable is cheaper. */
function claims(cost: number, lowerBound: number | null) {
  return {
    lowerBound,
    gapPercent: lowerBound === null ? null : cost === lowerBound ? 0 : lowerBound > 0 ? ((cost - lowerBound) / lowerBound) * 100 : null,
    provenOptimal: lowerBound !== null && cost <= lowerBound + EPSILON,
  }
}

/**
 * The ways to leave out clashing pins: every largest set of pins that do not clash with each
 * other, as the pins each leaves out (with the clash that does). One way, with nothing left
 * out, when no pins clash; the first-listed-kept way alone when there are more than
 * `MAX_PIN_CHOICES` (then marked so no bound is claimed).
 */
function pinChoices(problem: Problem, pins: Perf[]): Array<Array<{ perf: Perf; reason: Reason; unproven?: true }>> {
  const clashes = pins.map((a) => pins.map((b) => (a === b ? null : explainPinPair(problem, a, b))))
  const clashing = pins.map((_, i) => clashes[i]!.some((reason) => reason !== null))
  const leftOutBy = (kept: boolean[]) =>
    pins.flatMap((perf, i) => {
      if (kept[i]) return []
      const j = pins.findIndex((_, k) => kept[k] && clashes[k]![i] !== null)
      return [{ perf, reason: explainPinPair(problem, pins[j]!, perf)! }]
    })
  if (!clashing.some(Boolean)) return [[]]
  // Largest independent sets of the clash graph, by backtracking over the clashing pins.
  const order = pins.map((_, i) => i).filter((i) => clashing[i])
  let most = -1
  let sets: boolean[][] = []
  let tooMany = false
  const kept = pins.map((_, i) => !clashing[i])
  const visit = (at: number, count: number) => {
    if (tooMany) return
    if (count + (order.length - at) < most) return
    if (at === order.length) {
      if (count > most) {
        most = count
        sets = []
      }
      sets.push([...kept])
      if (sets.length > MAX_PIN_CHOICES * 4) tooMany = true
      return
    }
    const i = order[at]!
    if (order.slice(0, at).every((k) => !kept[k] || clashes[k]![i] === null)) {
      kept[i] = true
      visit(at + 1, count + 1)
      kept[i] = false
    }
    visit(at + 1, count)
  }
  visit(0, 0)
  // Only maximal sets of the largest size remain (a smaller one found first was dropped).
  if (!tooMany && sets.length <= MAX_PIN_CHOICES) return sets.map(leftOutBy)
  // Too many ways: keep pins in the order listed, and claim no bound.
  const greedy = pins.map(() => false)
  pins.forEach((_, i) => {
    greedy[i] = pins.every((__, k) => !greedy[k] || clashes[k]![i] === null)
  })
  return [leftOutBy(greedy).map((entry) => ({ ...entry, unproven: true as const }))]
}

/** Steps 2–4 with the performances in `leftOut` left out from the start. */
function searchTimetable(input: TimetableInput, problem: Problem, leftOutAtStart: Array<{ perf: Perf; reason: Reason; unproven?: true }>, solver: LinearSolver | undefined): TimetableResult {
  const { perfs } = problem
  const unplaced: TimetableUnplaced[] = []
  const out = new Set<number>()
  const leaveOut = (perf: Perf, reason: Reason) => {
    out.add(perf.index)
    unplaced.push({ performanceId: perf.id, ...reason })
  }
  for (const { perf, reason } of leftOutAtStart) leaveOut(perf, reason)
  const unproven = leftOutAtStart.some((entry) => entry.unproven)
  const active = perfs.filter((perf) => !out.has(perf.index)).map((perf) => perf.index)

  const search = new Search(problem, active, input.seed)
  const bound = search.lowerBound()
  // The LP only when the assignment's bound does not already prove the starting timetable, and
  // only for the compact goals: with the others weighing, the LP (which bounds only the compact
  // part) stayed 25–110% under the cost at 40 bands and took up to 2 s more.
  if (solver && search.simple && active.length && active.length <= LP_MAX_PERFORMANCES && !(bound.complete && search.total <= bound.value + EPSILON)) {
    const linear = linearBound(problem, active, solver)
    if (linear) {
      if (!bound.complete || linear.value > bound.value) bound.value = linear.value
      bound.complete = true
      search.tryPlan(linear.plan)
      search.linear = linear
    }
  }
  const perPerformance = search.simple ? EVALUATIONS_PER_PERFORMANCE.compact : EVALUATIONS_PER_PERFORMANCE.weighted
  const floor = search.simple ? MIN_EVALUATIONS.compact : MIN_EVALUATIONS.weighted
  const budget = Math.round(Math.max(floor, Math.min(perPerformance * Math.max(1, active.length), MAX_EVALUATIONS)) * Math.max(0.05, input.effort ?? 1))
  const target = bound.complete ? bound.value : -Infinity
  const start = search.snapshot()
  // Small lives: the annealing's restarts, then ruin and recreate from their best (decision 026).
  const recreating = search.movable.length >= 2 && search.movable.length <= RECREATE.performances
  search.run(recreating ? Math.round(budget * (1 - RECREATE.share)) : budget, target)
  if (recreating) search.recreate(budget, target)
  // A stage still runs late. Before leaving a band out, search again from the start (twice at
  // most), this time annealing on the minutes over while any remain (see `run`); keep the best.
  for (let retry = 0; retry < 2 && search.total >= HARD; retry++) {
    const late = search.snapshot()
    search.restore(start)
    search.run(search.evaluations + budget, target, true)
    if (search.total >= late.total) search.restore(late)
  }

  // Compact goals, up to 40 performances, above the bound: each day re-sequenced exactly
  // (or as far as its branch limit goes), then bands of the same length swapped between days,
  // both days re-sequenced — decision 028; then one band moved to the other day, or two of any
  // lengths swapped when that lowers the preferred-day part — decision 029. After the searches
  // again from the start when a stage ran late, so they get this too (decision 029).
  if (search.simple && search.movable.length >= 2 && search.movable.length <= RESEQUENCE.performances && search.total < HARD) {
    for (let day = 0; day < problem.days.length && search.total > target + EPSILON; day++) search.resequence(day, RESEQUENCE.nodes)
    if (search.total > target + EPSILON) search.exchangeDays(EXCHANGE.nodes, target)
    if (search.total > target + EPSILON) search.relocateDays(RELOCATE.nodes, target, RELOCATE.passes)
  }
  // 4. Leave out what still breaks a rule, polish the rest, and check the result.
  let droppedInSearch = false
  for (let round = 0; round < 5; round++) {
    const broken = search.brokenPerformances()
    if (!broken.length) break
    droppedInSearch = true
    for (const perf of broken) {
      leaveOut(perfs[perf]!, explainLeftOut(problem, perfs[perf]!, active))
      search.remove(perf)
    }
    search.run(Math.max(budget / 4, search.evaluations + 2000), -Infinity)
  }
  let placed = search.placed()
  for (;;) {
    const violations = checkPlaced(problem, placed)
    if (!violations.length) break
    // Never expected (the decoder keeps every rule); a safety net so a broken timetable is
    // never offered as valid.
    const first = violations[0]!
    const perf = problem.perfById.get(first.performanceId)!
    leaveOut(perfs[perf]!, { rule: first.rule, message: first.message })
    droppedInSearch = true
    placed = placed.filter((item) => item.perf !== perf)
  }

  const cost = costOfPlaced(problem, placed)
  const lowerBound = bound.complete && !droppedInSearch && !unproven ? bound.value : null
  const placements: TimetablePlacement[] = placed
    .map((item) => ({ item, lane: problem.lanes[item.lane]! }))
    .sort((a, b) => a.lane.day - b.lane.day || a.lane.index - b.lane.index || a.item.start - b.item.start)
    .map(({ item, lane }) => ({ performanceId: perfs[item.perf]!.id, date: lane.date, stage: lane.stage, start: toTime(item.start), end: toTime(item.end) }))
  unplaced.sort((a, b) => problem.perfById.get(a.performanceId)! - problem.perfById.get(b.performanceId)!)
  return {
    placements,
    cost,
    unplaced,
    ...claims(cost.total, lowerBound),
    evaluations: search.evaluations,
  }
}

/**
 * The LP relaxation of the time-indexed model (`time-indexed.ts`) as a lower bound — far
 * tighter than the assignment's, as it keeps the musicians' gaps and every start time — and its
 * solution as a starting timetable: each performance at its strongest start, stages of a group
 * dealt out in start order (when the LP's optimum is whole, this is an optimal timetable).
 * Null when the solver stops at its iteration limit or finds no way to place them all.
 */
function linearBound(problem: Problem, active: number[], solver: LinearSolver): { value: number; plan: Placed[]; model: TimeIndexedModel; values: ArrayLike<number> } | null {
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
function planOf(problem: Problem, model: TimeIndexedModel, columns: number[]): Placed[] {
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

/**
 * The search state. Each day has a list of its (unpinned) performances, and each performance a
 * stage: the list is the order in which the decoder places them (a serial schedule), each at
 * its earliest grid start on its stage after the stage's previous one and its changeover,
 * outside its windows, clear of pinned performances on that stage, and clear of its
 * musicians' gaps on either side of the performances already placed that day. Placing in the
 * order of an optimal timetable's starts rebuilds it (or better), so the search loses nothing
 * by working on orders.
 */
class Search {
  readonly problem: Problem
  readonly random: () => number
  /** Performances in play, in input order. */
  active: number[]
  /** The performances the search may move (not pinned). */
  movable: number[]
  /** Per day, its unpinned performances in placing order. */
  orders: number[][]
  laneOf: Int32Array
  pinned: Uint8Array
  /** Pinned performances in play per day, and per lane their [start, end) sorted. */
  dayPins: number[][]
  lanePins: Array<Array<[number, number]>>
  start: Int32Array
  end: Int32Array
  stamp: Int32Array
  epoch = 0
  broken: Uint8Array
  recording = false
  dayCosts: Float64Array
  total = 0
  evaluations = 0
  /** The LP's model and solution, when the generator solved it (restarts sample from it). */
  linear: { model: TimeIndexedModel; values: ArrayLike<number> } | null = null
  /** Only earliness and preferred day weigh: the decoder sums them itself. */
  simple: boolean
  ready: Float64Array
  /** Minutes each performance waited after its stage was ready (musicians' gaps, windows). */
  wait: Float64Array
  /** Per day, how many of its first performances have times from the current configuration. */
  valid: Int32Array
  /** Scratch for `candidate`: the partners placed in the current decoding. */
  near: Int32Array
  /** Scratch for `decodeDay` under the weighted goals: the day's placements, from `pool`. */
  items: Placed[] = []
  pool: Placed[] = []
  /** What a performance ending after its stage closes costs, and per minute over (lower in `softStart`). */
  overrun = HARD
  overrunMinute = HARD_MINUTE

  constructor(problem: Problem, active: number[], seed: number) {
    this.problem = problem
    this.random = rng(seed)
    this.active = [...active]
    const n = problem.perfs.length
    this.pinned = new Uint8Array(n)
    this.dayPins = problem.days.map(() => [])
    this.lanePins = problem.lanes.map(() => [])
    for (const index of active) {
      const perf = problem.perfs[index]!
      if (!perf.pin) continue
      this.pinned[index] = 1
      this.dayPins[problem.lanes[perf.pin.lane]!.day]!.push(index)
      this.lanePins[perf.pin.lane]!.push([perf.pin.start, perf.pin.start + perf.minutes])
    }
    for (const list of this.lanePins) list.sort((a, b) => a[0] - b[0])
    this.movable = active.filter((index) => !this.pinned[index])
    this.orders = problem.days.map(() => [])
    this.laneOf = new Int32Array(n).fill(-1)
    this.start = new Int32Array(n)
    this.end = new Int32Array(n)
    this.stamp = new Int32Array(n)
    this.broken = new Uint8Array(n)
    this.dayCosts = new Float64Array(problem.days.length)
    const weights = problem.weights
    this.simple = timetableGoals.every((goal) => goal === 'earliness' || goal === 'preferredDay' || !weights[goal])
    this.ready = new Float64Array(problem.lanes.length)
    this.wait = new Float64Array(n)
    this.valid = new Int32Array(problem.days.length)
    this.near = new Int32Array(n)
  }

  dayOf(lane: number) {
    return this.problem.lanes[lane]!.day
  }

  // ── Lower bound and starting timetable ───────────────────────────────────────────────

  /**
   * The assignment bound (see the file comment); its assignment, re-sequenced greedily, is
   * the starting timetable. `complete` is false when some performance got no position (then
   * the bound says nothing).
   */
  lowerBound(): { value: number; complete: boolean } {
    const { problem } = this
    const { perfs, lanes, weights } = problem
    const rows = this.movable
    const inPlay = this.active.map((index) => perfs[index]!)
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
        cost[row * width + at] = (weights.earliness * (start - lane.first)) / STEP + this.offDay(index, lane.day)
      })
    })
    const { columnOf, total } = rows.length ? assign(rows.length, width, cost) : { columnOf: new Int32Array(0), total: 0 }

    const orderKey = new Float64Array(perfs.length)
    let complete = true
    rows.forEach((index, row) => {
      const at = columnOf[row]!
      const column = columns[at]
      if (!column || cost[row * width + at]! >= BIG) {
        complete = false
        // No position: start it on its preferred day's first stage (or the first stage), last.
        const perf = perfs[index]!
        const day = perf.preferredDay >= 0 ? perf.preferredDay : problem.days.findIndex((candidate) => candidate.lanes.length > 0)
        this.laneOf[index] = problem.days[day]!.lanes[0]!
        orderKey[index] = Infinity
        return
      }
      this.laneOf[index] = column.lane
      orderKey[index] = column.from
    })
    for (const index of rows) this.orders[this.dayOf(this.laneOf[index]!)]!.push(index)
    for (const order of this.orders) order.sort((a, b) => orderKey[a]! - orderKey[b]! || a - b)
    let pinnedCost = 0
    for (const index of this.active) {
      if (!this.pinned[index]) continue
      const perf = perfs[index]!
      const lane = lanes[perf.pin!.lane]!
      this.laneOf[index] = lane.index
      pinnedCost += (weights.earliness * (perf.pin!.start - lane.first)) / STEP + this.offDay(index, lane.day)
    }
    this.recompute()
    for (const day of problem.days) this.construct(day.index, orderKey)
    const stacked = this.stackedBound()
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
  stackedBound(): { value: number; complete: boolean } {
    const { problem } = this
    const { perfs, lanes, weights, changeover } = problem
    const rows = this.movable
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
      for (const [pinStart, pinEnd] of this.lanePins[lane.index]!) {
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
        cost[row * width + at] = (weights.earliness * (column.from - lane.first + (perf.minutes + changeover) * column.after)) / STEP + this.offDay(index, lane.day)
      })
    })
    const { columnOf, total } = assign(rows.length, width, cost)
    for (let row = 0; row < rows.length; row++) if (cost[row * width + columnOf[row]!]! >= BIG) return { value: 0, complete: false }
    return { value: total, complete: true }
  }

  /**
   * Re-sequences one day greedily, keeping its performances: time moves forward over the
   * stages, and the stage that can start something first takes the performance that can
   * start there first (ties: the earlier position in the assignment, then the one sharing
   * musicians with more others). The assignment ignores musicians' gaps; this fills the
   * gaps' holes with other bands, so the search starts close to the bound. Kept only when it
   * costs less.
   */
  construct(day: number, orderKey: Float64Array) {
    const { problem } = this
    const { perfs, lanes, partners, changeover } = problem
    const laneIds = problem.days[day]!.lanes
    const left = [...this.orders[day]!]
    if (!laneIds.length || !left.length) return
    const before = { order: [...left], lanes: left.map((index) => this.laneOf[index]!) }
    this.placePins(day)
    for (const lane of laneIds) this.ready[lane] = lanes[lane]!.first
    const built: number[] = []
    while (left.length) {
      let best: Choice | null = null
      for (const lane of laneIds) {
        for (const index of left) {
          const start = this.candidate(index, day, lane)
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
      this.laneOf[index] = lane
      this.start[index] = start
      this.end[index] = start + perfs[index]!.minutes
      this.stamp[index] = this.epoch
      this.ready[lane] = start + perfs[index]!.minutes + changeover
    }
    this.orders[day] = built
    this.valid[day] = 0
    const cost = this.decodeDay(day)
    if (cost < this.dayCosts[day]! - EPSILON) {
      this.total += cost - this.dayCosts[day]!
      this.dayCosts[day] = cost
    } else {
      this.orders[day] = before.order
      before.order.forEach((index, at) => (this.laneOf[index] = before.lanes[at]!))
      this.valid[day] = 0
    }
  }

  /**
   * Places the unpinned performances of `plan` in its start order on its stages, and keeps
   * that as the current timetable when it costs less than the current one.
   */
  tryPlan(plan: Placed[]) {
    const before = this.snapshot()
    this.setPlan(plan)
    if (this.total >= before.total - EPSILON) this.restore(before)
  }

  /**
   * A restart's start from the LP: each performance at a start drawn with the LP's weights
   * (randomised rounding), so restarts explore around the relaxation's optimum.
   */
  sampleLinear() {
    const { model, values } = this.linear!
    const byPerf = new Map<number, number[]>()
    model.columns.forEach((column, at) => {
      if (values[at]! > 1e-6) byPerf.set(column.perf, [...(byPerf.get(column.perf) ?? []), at])
    })
    const picked: number[] = []
    for (const columns of byPerf.values()) {
      let draw = this.random() * columns.reduce((sum, at) => sum + values[at]!, 0)
      let chosen = columns[columns.length - 1]!
      for (const at of columns) {
        draw -= values[at]!
        if (draw <= 0) {
          chosen = at
          break
        }
      }
      picked.push(chosen)
    }
    this.setPlan(planOf(this.problem, model, picked))
  }

  setPlan(plan: Placed[]) {
    const orders: number[][] = this.problem.days.map(() => [])
    for (const item of [...plan].sort((a, b) => a.start - b.start || a.perf - b.perf)) {
      if (this.pinned[item.perf]) continue
      orders[this.dayOf(item.lane)]!.push(item.perf)
      this.laneOf[item.perf] = item.lane
    }
    this.orders = orders
    this.valid.fill(0)
    this.recompute()
  }

  // ── Decoding ─────────────────────────────────────────────────────────────────────────

  recompute() {
    this.total = 0
    for (let day = 0; day < this.problem.days.length; day++) {
      this.dayCosts[day] = this.decodeDay(day)
      this.total += this.dayCosts[day]!
    }
  }

  /** Starts a decoding of `day`: a new epoch with the day's pinned performances in place. */
  placePins(day: number) {
    const epoch = ++this.epoch
    for (const index of this.dayPins[day]!) {
      const perf = this.problem.perfs[index]!
      this.start[index] = perf.pin!.start
      this.end[index] = perf.pin!.start + perf.minutes
      this.stamp[index] = epoch
    }
  }

  /**
   * The earliest start of `index` on `lane` (a lane of `day`) whose stage is ready at
   * `this.ready[lane]`, given what this epoch has placed.
   */
  candidate(index: number, day: number, lane: number) {
    const { perfs, partners, gap, changeover } = this.problem
    const perf = perfs[index]!
    const windows = perf.windows[day]!
    const pins = this.lanePins[lane]!
    const minutes = perf.minutes
    // The partners this decoding has placed: usually a few of many (the hottest loop).
    const { stamp, epoch, start: starts, end: ends, near } = this
    const others = partners[index]!
    let count = 0
    for (let k = 0; k < others.length; k++) {
      const other = others[k]!
      if (stamp[other] === epoch) near[count++] = other
    }
    let start = ceilGrid(this.ready[lane]!)
    for (;;) {
      const before = start
      for (let k = 0; k < windows.length; k++) {
        const window = windows[k]!
        if (start < window[1] && window[0] < start + minutes) start = ceilGrid(window[1])
      }
      for (let k = 0; k < pins.length; k++) {
        const pin = pins[k]!
        if (start < pin[1] + changeover && pin[0] < start + minutes + changeover) start = ceilGrid(pin[1] + changeover)
      }
      for (let k = 0; k < count; k++) {
        const other = near[k]!
        const free = ends[other]! + gap
        if (start < free && starts[other]! < start + minutes + gap) start = ceilGrid(free)
      }
      if (start === before) return start
    }
  }

  /** The `items.length`-th pooled placement, set to these values. */
  private item(perf: number, lane: number, start: number, end: number): Placed {
    let item = this.pool[this.items.length]
    if (!item) this.pool.push((item = { perf, lane, start, end }))
    item.perf = perf
    item.lane = lane
    item.start = start
    item.end = end
    return item
  }

  /**
   * Decodes one day into times (in `start`/`end`) and returns its cost with penalties. The
   * placing order makes a serial schedule prefix-stable: when a move changes the order only
   * from position `from` on, the times before it are still those of the last decoding of this
   * configuration (`valid[day]` says how many are) and are reused instead of recomputed.
   */
  decodeDay(day: number, from = 0): number {
    const { problem, ready } = this
    const { perfs, lanes, weights, changeover } = problem
    const laneIds = problem.days[day]!.lanes
    const order = this.orders[day]!
    const begin = Math.min(from, this.valid[day]!, order.length)
    this.placePins(day)
    const { epoch, laneOf, start: starts, end: ends, wait, stamp } = this
    for (const lane of laneIds) ready[lane] = lanes[lane]!.first
    let cost = 0
    // The weighted goals cost the day's placements as a list: reused objects, not new ones.
    const items: Placed[] | null = this.simple ? null : this.items
    if (items) items.length = 0
    for (let k = 0; k < order.length; k++) {
      const index = order[k]!
      const laneId = laneOf[index]!
      const lane = lanes[laneId]!
      const perf = perfs[index]!
      let start: number
      if (k < begin) start = starts[index]!
      else {
        start = this.candidate(index, day, laneId)
        starts[index] = start
        ends[index] = start + perf.minutes
        wait[index] = start - ready[laneId]!
      }
      const end = start + perf.minutes
      stamp[index] = epoch
      if (end > lane.close) {
        cost += this.overrun + (end - lane.close) * this.overrunMinute
        if (this.recording) this.broken[index] = 1
      }
      if (items) items.push(this.item(index, laneId, start, end))
      else {
        cost += (weights.earliness * (start - lane.first)) / STEP
        if (perf.preferredDay >= 0 && perf.preferredDay !== day) cost += weights.preferredDay
      }
      ready[laneId] = end + changeover
    }
    this.valid[day] = order.length
    if (items) {
      for (const index of this.dayPins[day]!) items.push(this.item(index, perfs[index]!.pin!.lane, starts[index]!, ends[index]!))
      cost += dayCost(problem, items, null, null)
    } else {
      for (const index of this.dayPins[day]!) {
        const lane = lanes[perfs[index]!.pin!.lane]!
        cost += (weights.earliness * (this.start[index]! - lane.first)) / STEP
        if (perfs[index]!.preferredDay >= 0 && perfs[index]!.preferredDay !== day) cost += weights.preferredDay
      }
    }
    return cost
  }

  // ── Moves ────────────────────────────────────────────────────────────────────────────

  /** Picks a performance to move: most often one that waits (where cost above the bound is). */
  pick() {
    const { movable } = this
    let index = movable[Math.floor(this.random() * movable.length)]!
    for (let tries = 0; tries < 6 && this.wait[index]! <= 0 && this.random() < TARGETED; tries++) index = movable[Math.floor(this.random() * movable.length)]!
    return index
  }

  /**
   * One random move — swap two performances (their places in the order and their stages),
   * give one another stage of its day, or move one to another place and stage — kept or
   * undone (annealing acceptance at `temperature`); true if kept.
   */
  randomMove(temperature: number): boolean {
    const { movable, orders, problem, laneOf } = this
    // Every attempt counts, even one that turns out to be no move, so the search always ends.
    this.evaluations++
    const index = this.pick()
    const a = laneOf[index]!
    const dayA = this.dayOf(a)
    const orderA = orders[dayA]!
    const i = orderA.indexOf(index)
    let dayB = dayA
    // Where each day's order changes first: the decoding starts there.
    let fromA = i
    let fromB = i
    // What the undo needs (no closure: this is the search's hottest path).
    let other = -1
    let b = a
    let j = i
    const kind = this.random()
    const move = kind < 0.4 ? SWAP : kind < 0.55 ? RESTAGE : REINSERT
    if (move === SWAP) {
      other = movable[Math.floor(this.random() * movable.length)]!
      if (other === index) return false
      b = laneOf[other]!
      dayB = this.dayOf(b)
      j = orders[dayB]!.indexOf(other)
      if (dayB === dayA) fromA = fromB = Math.min(i, j)
      else fromB = j
      orderA[i] = other
      orders[dayB]![j] = index
      laneOf[index] = b
      laneOf[other] = a
    } else if (move === RESTAGE) {
      const lanes = problem.days[dayA]!.lanes
      if (lanes.length < 2) return false
      b = lanes[Math.floor(this.random() * lanes.length)]!
      if (b === a) return false
      laneOf[index] = b
    } else {
      b = Math.floor(this.random() * problem.lanes.length)
      dayB = this.dayOf(b)
      orderA.splice(i, 1)
      const orderB = orders[dayB]!
      j = Math.floor(this.random() * (orderB.length + 1))
      if (dayB === dayA && j === i && b === a) {
        orderA.splice(i, 0, index)
        return false
      }
      if (dayB === dayA) fromA = fromB = Math.min(i, j)
      else fromB = j
      orderB.splice(j, 0, index)
      laneOf[index] = b
    }
    const costA = this.decodeDay(dayA, fromA)
    const costB = dayB === dayA ? costA : this.decodeDay(dayB, fromB)
    const total = this.total - this.dayCosts[dayA]! + costA + (dayB === dayA ? 0 : costB - this.dayCosts[dayB]!)
    const delta = total - this.total
    // At an infinite temperature (a restart's kick) any move is kept that breaks no new rule.
    const kept = temperature === Infinity ? delta <= EPSILON || total < HARD : delta <= EPSILON || (temperature > 0 && this.random() < Math.exp(-delta / temperature))
    if (kept) {
      this.dayCosts[dayA] = costA
      this.dayCosts[dayB] = costB
      this.total = total
      return true
    }
    if (move === SWAP) {
      orderA[i] = index
      orders[dayB]![j] = other
      laneOf[other] = b
    } else if (move === REINSERT) {
      orders[dayB]!.splice(j, 1)
      orderA.splice(i, 0, index)
    }
    laneOf[index] = a
    // The times from the first change on belong to the undone move now.
    this.valid[dayA] = Math.min(this.valid[dayA]!, fromA)
    this.valid[dayB] = Math.min(this.valid[dayB]!, fromB)
    return false
  }

  snapshot() {
    return { orders: this.orders.map((order) => [...order]), laneOf: this.laneOf.slice(), dayCosts: this.dayCosts.slice(), total: this.total }
  }

  restore(state: ReturnType<Search['snapshot']>) {
    this.orders = state.orders.map((order) => [...order])
    this.laneOf = state.laneOf.slice()
    this.dayCosts = state.dayCosts.slice()
    this.total = state.total
    this.valid.fill(0)
  }

  /**
   * Simulated annealing over random moves (geometric cooling from HOT to COLD over the
   * budget), keeping the best timetable seen; stops early at the target (the bound).
   */
  run(budget: number, target: number, lateFirst = false) {
    if (!this.movable.length) return
    const first = this.snapshot()
    let best = first
    const restarts = this.movable.length <= RESTARTS.small.performances ? RESTARTS.small.runs : this.movable.length <= RESTARTS.medium.performances ? RESTARTS.medium.runs : 1
    const began = this.evaluations
    // Only where there is an overrun to end, at 21–40 performances: below, the eight restarts
    // and ruin and recreate did better without; with slack (mixed 40), a little worse.
    const soft = this.simple && !lateFirst && this.movable.length > RESTARTS.small.performances && restarts > 1 && first.total >= HARD
    for (let round = 0; round < restarts && best.total > target + EPSILON && this.evaluations < budget; round++) {
      const until = began + Math.round(((budget - began) * (round + 1)) / restarts)
      if (round > 0) {
        if (this.linear && round % 2 === 1) this.sampleLinear()
        else {
          this.restore(first)
          this.kick()
        }
      }
      const cycle = Math.max(1000, Math.min(CYCLE * this.movable.length, until - this.evaluations))
      if (round > 0 && soft) this.softStart(this.evaluations + Math.round(SOFT_START.share * cycle), cycle)
      let own = this.snapshot()
      let from = this.evaluations
      while (this.evaluations < until && own.total > target + EPSILON) {
        if (this.evaluations - from >= cycle) {
          // Reheat from this round's best timetable.
          this.restore(own)
          from = this.evaluations
        }
        const progress = (this.evaluations - from) / cycle
        const temperature = HOT * Math.pow(COLD / HOT, progress)
        // `lateFirst`: while a stage runs late, temperatures are in minutes over, so a move that
        // adds a minute or two is often kept early on and the search can get out of a valley.
        this.randomMove(lateFirst && this.total >= HARD ? temperature * HARD_MINUTE : temperature)
        if (this.total < own.total - EPSILON) own = this.snapshot()
      }
      if (own.total < best.total - EPSILON) best = own
    }
    this.restore(best)
  }

  /**
   * The first part of a restart with a stage's overrun priced low and rising (SOFT_START), at
   * the annealing's temperatures for that part of its cooling; the usual penalties after.
   */
  softStart(until: number, cycle: number) {
    const { steps, from, to } = SOFT_START
    const began = this.evaluations
    try {
      for (let step = 0; step < steps; step++) {
        this.overrun = 0
        this.overrunMinute = from * Math.pow(to / from, step / (steps - 1))
        // Only the costs change (the starts do not): `recompute` decodes every day afresh.
        this.recompute()
        const stepUntil = began + Math.round(((until - began) * (step + 1)) / steps)
        while (this.evaluations < stepUntil) this.randomMove(HOT * Math.pow(COLD / HOT, (this.evaluations - began) / cycle))
      }
    } finally {
      this.overrun = HARD
      this.overrunMinute = HARD_MINUTE
      this.recompute()
    }
  }

  // ── Exact re-sequencing of a day ──────────────────────────────────────────────────────

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
  resequence(day: number, nodeLimit: number, ceiling = Infinity): number {
    const { problem, ready, stamp } = this
    const { perfs, lanes, weights, changeover } = problem
    const laneIds = problem.days[day]!.lanes
    const order = this.orders[day]!
    const n = order.length
    const current = this.decodeDay(day)
    // A day running late is searched only for a caller's bar: a band just moved onto a full day
    // (decision 032) is judged by the best order that fits.
    if (n < 2 || (current >= HARD && ceiling === Infinity)) return 0
    const perMinute = weights.earliness / STEP
    let fixed = 0
    for (const index of order) fixed += this.offDay(index, day)
    for (const index of this.dayPins[day]!) {
      const lane = lanes[perfs[index]!.pin!.lane]!
      fixed += perMinute * (this.start[index]! - lane.first)
      fixed += this.offDay(index, day)
    }
    const byLength = [...order].sort((a, b) => perfs[a]!.minutes - perfs[b]!.minutes || a - b)
    const rank = new Map(order.map((index, at) => [index, at]))
    const placed = new Uint8Array(perfs.length)
    const path: Array<{ index: number; lane: number }> = []
    // `ceiling`: only an order cheaper than it counts (a caller's bar; the day as it is otherwise).
    let best = Math.min(current, ceiling) - EPSILON
    let bestPath: Array<{ index: number; lane: number }> | null = null
    let nodes = 0
    const stacked = new Float64Array(laneIds.length)
    const visited = new Map<string, number>()
    const gap = problem.gap
    // The decoder's state: this epoch's pins are placed; nothing else is.
    this.placePins(day)
    for (const lane of laneIds) ready[lane] = lanes[lane]!.first
    const widths: number[] = []
    const bound = (last: number) => {
      if (laneIds.length === 2) {
        // Two stages: every split of the performances left between them, each stage's sets
        // in shortest-first order (the longest waits behind the fewest), the best split.
        widths.length = 0
        for (const index of byLength) if (!placed[index]) widths.push(perfs[index]!.minutes + changeover)
        const r = widths.length
        const a0 = Math.max(last, ready[laneIds[0]!]!) - lanes[laneIds[0]!]!.first
        const a1 = Math.max(last, ready[laneIds[1]!]!) - lanes[laneIds[1]!]!.first
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
      for (const lane of laneIds) floor = Math.min(floor, Math.max(last, ready[lane]!) - lanes[lane]!.first)
      stacked.fill(0)
      let sum = 0
      let k = 0
      for (const index of byLength) {
        if (placed[index]) continue
        const at = k++ % laneIds.length
        sum += floor + stacked[at]!
        stacked[at] += perfs[index]!.minutes + changeover
      }
      return perMinute * sum
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
      for (const index of order) if (placed[index]) key += this.end[index]! + gap > last ? `,${index}:${this.start[index]}` : `,${index}`
      const seen = visited.get(key)
      if (seen !== undefined && seen <= cost + EPSILON) return false
      visited.set(key, cost)
      const children: Array<{ index: number; lane: number; start: number }> = []
      laneIds.forEach((lane, at) => {
        // A stage like an earlier one (same hours, no pins, ready at the same time) adds nothing.
        for (let other = 0; other < at; other++) {
          const twin = laneIds[other]!
          if (ready[twin] === ready[lane] && lanes[twin]!.first === lanes[lane]!.first && lanes[twin]!.close === lanes[lane]!.close && !this.lanePins[twin]!.length && !this.lanePins[lane]!.length) return
        }
        for (const index of order) {
          if (placed[index]) continue
          const start = this.candidate(index, day, lane)
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
        this.start[index] = start
        this.end[index] = start + perfs[index]!.minutes
        stamp[index] = this.epoch
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
    this.evaluations += Math.min(nodes, nodeLimit)
    const found = bestPath as Array<{ index: number; lane: number }> | null
    const kept = { order: [...order], lanes: order.map((index) => this.laneOf[index]!) }
    if (found) {
      this.orders[day] = found.map((item) => item.index)
      for (const item of found) this.laneOf[item.index] = item.lane
    }
    this.valid[day] = 0
    let cost = this.decodeDay(day)
    if (cost > current + EPSILON) {
      // Never expected (decoding the order found rebuilds its times); keep the day as it was.
      this.orders[day] = kept.order
      kept.order.forEach((index, at) => (this.laneOf[index] = kept.lanes[at]!))
      this.valid[day] = 0
      cost = this.decodeDay(day)
    }
    this.total += cost - this.dayCosts[day]!
    this.dayCosts[day] = cost
    return Math.min(nodes, nodeLimit)
  }

  /**
   * Swaps two performances of the same length between two days (when the preferred-day part
   * does not rise) and re-sequences both days, at most `nodeLimit` branches each; kept when the
   * timetable got cheaper. The stages' bound of both days is unchanged by such a swap; what
   * changes is which musicians' gaps and windows meet on each day — the misses re-sequencing a
   * day cannot fix (decision 028). Stops at the target.
   */
  exchangeDays(nodeLimit: number, target: number) {
    const { perfs } = this.problem
    const off = (index: number, day: number) => this.offDay(index, day)
    for (let a = 0; a < this.orders.length; a++) {
      for (let b = a + 1; b < this.orders.length; b++) {
        for (const p of [...this.orders[a]!]) {
          for (const q of [...this.orders[b]!]) {
            if (this.total <= target + EPSILON) return
            if (perfs[p]!.minutes !== perfs[q]!.minutes) continue
            if (off(p, b) + off(q, a) > off(p, a) + off(q, b)) continue
            const orderA = this.orders[a]!
            const orderB = this.orders[b]!
            const i = orderA.indexOf(p)
            const j = orderB.indexOf(q)
            if (i < 0 || j < 0) continue
            const before = this.snapshot()
            const laneP = this.laneOf[p]!
            orderA[i] = q
            orderB[j] = p
            this.laneOf[p] = this.laneOf[q]!
            this.laneOf[q] = laneP
            this.valid[a] = 0
            this.valid[b] = 0
            this.recost(a)
            this.recost(b)
            this.resequence(a, nodeLimit)
            this.resequence(b, nodeLimit)
            if (this.total >= before.total - EPSILON) this.restore(before)
          }
        }
      }
    }
  }

  /**
   * Which bands play which day (decision 029). Moves one performance to another day (where the
   * preferred-day part does not rise), at its cheapest place there, and re-sequences both days
   * — the day it left at most `nodeLimit` branches, the day it joins at most `nodeLimit` and
   * only for an order that makes the timetable cheaper than before the move; kept when it did.
   * Then the same with two performances of any lengths swapped between two days, when the swap
   * lowers the preferred-day part. Passes over every performance while a pass improved, at most
   * `passes`; stops at the target.
   */
  relocateDays(nodeLimit: number, target: number, passes: number) {
    const { problem } = this
    const off = (index: number, day: number) => this.offDay(index, day)
    for (let pass = 0; pass < passes; pass++) {
      let improved = false
      for (let a = 0; a < this.orders.length; a++) {
        for (const p of [...this.orders[a]!]) {
          for (let b = 0; b < this.orders.length; b++) {
            if (this.total <= target + EPSILON) return
            if (b === a || !problem.days[b]!.lanes.length || off(p, b) > off(p, a)) continue
            const at = this.orders[a]!.indexOf(p)
            if (at < 0) break
            const before = this.snapshot()
            this.orders[a]!.splice(at, 1)
            this.valid[a] = 0
            this.recost(a)
            this.insertInto(p, b)
            if (this.settleMove(before, a, b, nodeLimit)) {
              improved = true
              break
            }
          }
        }
      }
      // Swaps of two performances of any length that lower the preferred-day part.
      for (let a = 0; a < this.orders.length; a++) {
        for (let b = a + 1; b < this.orders.length; b++) {
          for (const p of [...this.orders[a]!]) {
            for (const q of [...this.orders[b]!]) {
              if (this.total <= target + EPSILON) return
              if (off(p, b) + off(q, a) >= off(p, a) + off(q, b)) continue
              const i = this.orders[a]!.indexOf(p)
              const j = this.orders[b]!.indexOf(q)
              if (i < 0 || j < 0) continue
              const before = this.snapshot()
              this.orders[a]!.splice(i, 1)
              this.orders[b]!.splice(j, 1)
              this.valid[a] = 0
              this.valid[b] = 0
              this.recost(a)
              this.recost(b)
              this.insertInto(p, b)
              this.insertInto(q, a)
              if (this.settleMove(before, a, b, nodeLimit)) {
                improved = true
                break
              }
            }
          }
        }
      }
      if (!improved) return
    }
  }

  /**
   * After a move between days `a` and `b` (decision 029): both re-sequenced — `b` only for an
   * order that makes the timetable cheaper than `before` — and the move kept when the timetable
   * got cheaper, else undone. True when kept.
   */
  private settleMove(before: ReturnType<Search['snapshot']>, a: number, b: number, nodeLimit: number) {
    this.resequence(a, nodeLimit)
    this.resequence(b, nodeLimit, before.total - (this.total - this.dayCosts[b]!))
    if (this.total < before.total - EPSILON) return true
    this.restore(before)
    return false
  }

  /** What playing `day` costs `index` in the preferred-day goal. */
  private offDay(index: number, day: number) {
    const { perfs, weights } = this.problem
    return perfs[index]!.preferredDay >= 0 && perfs[index]!.preferredDay !== day ? weights.preferredDay : 0
  }

  /** Decodes `day` again (from its first position not yet valid) and brings its cost into the total. */
  private recost(day: number) {
    const cost = this.decodeDay(day)
    this.total += cost - this.dayCosts[day]!
    this.dayCosts[day] = cost
    return cost
  }

  /** Inserts `index` (in no day's order) into `day` where that day costs least: any position, stage. */
  insertInto(index: number, day: number) {
    const lanes = this.problem.days[day]!.lanes
    const order = this.orders[day]!
    let best = Infinity
    let bestAt = 0
    let bestLane = lanes[0]!
    for (let at = 0; at <= order.length; at++) {
      order.splice(at, 0, index)
      for (const lane of lanes) {
        this.laneOf[index] = lane
        this.evaluations++
        const cost = this.decodeDay(day, at)
        if (cost < best - EPSILON) {
          best = cost
          bestAt = at
          bestLane = lane
        }
        this.valid[day] = Math.min(this.valid[day]!, at)
      }
      order.splice(at, 1)
    }
    order.splice(bestAt, 0, index)
    this.laneOf[index] = bestLane
    this.valid[day] = Math.min(this.valid[day]!, bestAt)
    this.recost(day)
  }

  // ── Ruin and recreate ────────────────────────────────────────────────────────────────

  /**
   * Large-neighbourhood search from the current timetable until `until` evaluations: take out
   * a few related performances (sharing musicians, or neighbours in a day's placing order, or
   * at random) and put each back at its best place (any day, position and stage, the others
   * decoded again around it); kept by annealing acceptance. Keeps the best seen.
   */
  recreate(until: number, target: number) {
    if (this.movable.length < 2) return
    let best = this.snapshot()
    const began = this.evaluations
    const span = Math.max(1, until - began)
    const { hot, cold } = RECREATE
    while (this.evaluations < until && best.total > target + EPSILON) {
      const before = this.snapshot()
      const removed = this.ruinSet()
      const touched = new Set<number>()
      for (const index of removed) {
        const day = this.dayOf(this.laneOf[index]!)
        const order = this.orders[day]!
        const at = order.indexOf(index)
        order.splice(at, 1)
        this.valid[day] = Math.min(this.valid[day]!, at)
        touched.add(day)
      }
      for (const day of touched) this.recost(day)
      for (const index of removed) this.insertBest(index)
      const delta = this.total - before.total
      const temperature = hot * Math.pow(cold / hot, (this.evaluations - began) / span)
      if (delta <= EPSILON || this.random() < Math.exp(-delta / temperature)) {
        if (this.total < best.total - EPSILON) best = this.snapshot()
      } else this.restore(before)
    }
    this.restore(best)
  }

  /** 2–8 performances to take out: a musician's bands, neighbours in a day's order, or random. */
  ruinSet(): number[] {
    const { movable, problem } = this
    const size = Math.min(movable.length, RECREATE.fewest + Math.floor(this.random() * (RECREATE.most - RECREATE.fewest + 1)))
    const seed = this.pick()
    const set = [seed]
    // Only performances in play and not pinned (a partner may have been left out at the start).
    const movableSet = new Set(movable)
    const kind = this.random()
    if (kind < 0.4) {
      // Related by musicians: the seed's partners, then theirs.
      for (let k = 0; k < set.length && set.length < size; k++) {
        const partners = problem.partners[set[k]!]!.filter((other) => movableSet.has(other) && !set.includes(other))
        while (partners.length && set.length < size) set.push(partners.splice(Math.floor(this.random() * partners.length), 1)[0]!)
      }
    } else if (kind < 0.8) {
      // Neighbours in the day's placing order (close in time, any stage).
      const order = this.orders[this.dayOf(this.laneOf[seed]!)]!
      const at = order.indexOf(seed)
      const from = Math.max(0, Math.min(order.length - size, at - Math.floor(this.random() * size)))
      for (let k = from; k < Math.min(order.length, from + size); k++) if (!set.includes(order[k]!)) set.push(order[k]!)
    }
    while (set.length < size) {
      const other = movable[Math.floor(this.random() * movable.length)]!
      if (!set.includes(other)) set.push(other)
    }
    // Put back in a random order.
    for (let k = set.length - 1; k > 0; k--) {
      const j = Math.floor(this.random() * (k + 1))
      ;[set[k], set[j]] = [set[j]!, set[k]!]
    }
    return set
  }

  /** Inserts `index` (in no day's order) where the timetable costs least: any day, position, stage. */
  insertBest(index: number) {
    const { problem } = this
    let best = Infinity
    let bestDay = -1
    let bestAt = 0
    let bestLane = -1
    for (let day = 0; day < problem.days.length; day++) {
      const lanes = problem.days[day]!.lanes
      if (!lanes.length) continue
      const order = this.orders[day]!
      for (let at = 0; at <= order.length; at++) {
        order.splice(at, 0, index)
        for (const lane of lanes) {
          this.laneOf[index] = lane
          this.evaluations++
          const delta = this.decodeDay(day, at) - this.dayCosts[day]!
          if (delta < best - EPSILON) {
            best = delta
            bestDay = day
            bestAt = at
            bestLane = lane
          }
          this.valid[day] = Math.min(this.valid[day]!, at)
        }
        order.splice(at, 1)
      }
    }
    this.orders[bestDay]!.splice(bestAt, 0, index)
    this.laneOf[index] = bestLane
    this.valid[bestDay] = Math.min(this.valid[bestDay]!, bestAt)
    this.recost(bestDay)
  }

  /** A new start for a restart: random moves kept whatever they cost, if they break no rule. */
  kick() {
    const moves = KICK * this.movable.length
    for (let k = 0; k < moves; k++) this.randomMove(Infinity)
  }

  remove(index: number) {
    const day = this.dayOf(this.laneOf[index]!)
    const order = this.orders[day]!
    const at = order.indexOf(index)
    if (at >= 0) order.splice(at, 1)
    this.valid[day] = 0
    this.laneOf[index] = -1
    this.movable = this.movable.filter((other) => other !== index)
    this.active = this.active.filter((other) => other !== index)
    this.recompute()
  }

  /** Performances the current timetable cannot place without breaking a rule. */
  brokenPerformances(): number[] {
    this.broken.fill(0)
    this.recording = true
    this.recompute()
    this.recording = false
    return this.active.filter((index) => this.broken[index])
  }

  placed(): Placed[] {
    const placed: Placed[] = []
    for (let day = 0; day < this.problem.days.length; day++) {
      this.decodeDay(day)
      for (const index of [...this.dayPins[day]!, ...this.orders[day]!]) {
        placed.push({ perf: index, lane: this.laneOf[index]!, start: this.start[index]!, end: this.end[index]! })
      }
    }
    return placed
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
