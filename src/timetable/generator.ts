import type { TimetableInput, TimetablePlacement, TimetableResult, TimetableUnplaced } from '../contract/timetable'
import { costOfPlaced, resolvePlacements } from './cost'
import { explainAlone, explainLeftOut, explainPinAlone, explainPinPair } from './explain'
import { compile, toTime, type Perf, type Problem } from './model'
import { checkPlaced } from './rules'
import type { LinearSolver } from './time-indexed'
import { claims, linearBound, LP_MAX_PERFORMANCES, lowerBound, positionsBound } from './generator/bound'
import { beamDay } from './generator/beam'
import { firstTimetable, startFrom } from './generator/construct'
import { displaceOne, EXCHANGE, exchangeDays, RELOCATE, relocateDays } from './generator/day-moves'
import { RESEQUENCE, resequence } from './generator/resequence'
import { anneal, evaluationBudget, search } from './generator/search'
import { compactGoalsOnly, EPSILON, HARD, SerialSchedule } from './generator/serial-schedule'

/**
 * The timetable generator (issue #7): a pure function from the event, the accepted
 * performances, pins, weights and a seed to a timetable that keeps every hard rule, its cost
 * per goal, and a reason for each performance it could not place. See decision 009.
 *
 * This file is the pipeline; each stage lives in `generator/` and works on one state, the
 * serial schedule (`generator/serial-schedule.ts`): per day, the order in which performances
 * are placed and each one's stage, and the decoder that places them in that order, each at
 * its earliest grid start on its stage (after the previous one and the changeover, outside
 * its windows, clear of pins, clear of its musicians' gaps before and after what is already
 * placed). Broken hard rules cost a huge penalty, so every stage first minimises them, then
 * the soft goals.
 *
 * 1. Pins are checked (alone and against each other) and performances that fit nowhere even
 *    alone are set aside with the reason (here).
 * 2. The lower bound (`generator/bound.ts`): the positions' assignment, the stacked bound
 *    (decision 031) and, up to 40 bands, the LP's — the highest of them; and the first
 *    timetable (`generator/construct.ts`): the positions' assignment re-sequenced greedily,
 *    or the LP's rounding when that costs less.
 * 3. The search (`generator/search.ts`): simulated annealing with restarts, a soft start on
 *    late stages (decision 032) and, on small lives, ruin and recreate (decision 026); it
 *    stops when the cost meets the bound (proven optimal) or after a number of evaluations
 *    fixed by `effort` — never after a time, so the same input and seed give the same result.
 *    Then, for the compact goals up to 40 performances, each day's order is searched exactly
 *    (`generator/resequence.ts`, decision 028), then bands are moved and swapped between days,
 *    both days searched again (`generator/day-moves.ts`, decisions 028, 029, 032). A warm start
 *    may ask for its days to be ordered by beam search (`generator/beam.ts`) instead of the
 *    annealing (`GenerateOptions.beam`, decision 047).
 * 4. Whatever still breaks a rule is left out with its reason, and the result is checked with
 *    the same `checkPlaced` the editor uses (here).
 */

/**
 * Pins that clash with each other leave some of them out. Which ones is a choice: up to this
 * many ways of keeping the most pins are each searched in full and the cheapest kept, so the
 * bound (the least over the ways) speaks for the whole live. With more ways (an executive would
 * have to pin a dozen bands over each other) the pins listed first are kept and no bound is
 * claimed.
 */
const MAX_PIN_CHOICES = 4

/**
 * The quick first answer's ceiling, in search budgets, on the search and the polish after it
 * (`GenerateOptions.quick`). A search and its polish usually spend 1.5–1.8 budgets; one that ran
 * again from the start to end a late stage spends two before its polish, which took up to 1.8
 * more (up to 3.8 budgets, 1.0–1.3 s of CPU at 35 bands on a slower machine; decision 047).
 */
const QUICK_CEILING = 2.5

/** How one call searches (anytime.ts sets these; a "Generate" press uses none). */
export interface GenerateOptions {
  /**
   * The quick first answer (decision 047). When pins clash, the ways of keeping them share one
   * search's budget instead of each having a whole one, so the first answer costs about what it
   * costs without a clash; every way is still searched and the bound is still the least over
   * them, so what is claimed stays true (proposal 1). And the exact re-sequencing and the moves
   * between days stop once search and polish have spent `QUICK_CEILING` budgets: only a search
   * that ran again from the start to end a late stage gets there (2026-11-29). The run's next
   * searches have neither limit.
   */
  quick?: boolean
  /**
   * A warm start (decision 045, "Keep improving"): the search starts from this timetable (the
   * best the run knows, or the saved draft) rather than from construction's. Only the way of
   * keeping clashing pins that it keeps is searched, so with several ways no bound is claimed;
   * a timetable that keeps no such way is ignored.
   */
  start?: TimetablePlacement[]
  /**
   * A time limit on this call, seconds of wall clock from its start (decision 047): the search
   * and the polish after it stop there and keep the best they have — never while a stage runs
   * late, so no band is left out for time. The run's first answer has one when the run is
   * limited by time, so it comes within issue 35's second on a slow machine too. Without it (every
   * other call) the work is fixed by evaluations, the same on every machine.
   */
  seconds?: number
  /**
   * With `start`: instead of annealing, each day of the start is ordered by beam search
   * (`generator/beam.ts`), then the polish as after a search (decision 047, "Days ordered by
   * beam search"). The run asks for it each time its best timetable changes.
   */
  beam?: boolean
  /**
   * With `start`: one band of it, drawn with the seed, sent to another day before the search
   * (`displaceOne` in `generator/day-moves.ts`). The run asks for it on a warm start from a
   * timetable the last warm start came from too (decision 047, "a band sent to the other day").
   */
  displace?: boolean
}

type Reason = { rule: TimetableUnplaced['rule']; message: string }

/**
 * Whether a warm start's days can be ordered by beam search (`GenerateOptions.beam`): the
 * compact goals (the decoder's own sum) and 2–40 bands the search may move, as for the exact
 * re-sequencing. The run asks for that task only then (anytime.ts).
 */
export function beamServes(input: TimetableInput) {
  const movable = input.performances.filter((performance) => !performance.pin).length
  return compactGoalsOnly(input.weights) && movable >= 2 && movable <= RESEQUENCE.performances
}

export function generateTimetable(input: TimetableInput, solver?: LinearSolver, options: GenerateOptions = {}): TimetableResult {
  const began = performance.now()
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
  // The time limit's moment for a search that may use `share` of it (the ways of keeping clashing pins share it).
  const deadline = (share: number) => (options.seconds === undefined ? Infinity : began + options.seconds * 1000 * share)
  if (options.start) {
    const given = new Set(options.start.map((placement) => placement.performanceId))
    const way = choices.findIndex((leftOut) => pins.every((pin) => given.has(pin.id) || leftOut.some((entry) => entry.perf === pin)))
    if (way >= 0) {
      const result = searchTimetable(input, problem, [...fixed, ...choices[way]!], solver, { start: options.start, quick: options.quick, deadline: deadline(1), beam: options.beam, displace: options.displace })
      return choices.length === 1 ? result : { ...result, ...claims(result.cost.total, null) }
    }
  }
  if (choices.length === 1) return searchTimetable(input, problem, [...fixed, ...choices[0]!], solver, { quick: options.quick, deadline: deadline(1) })
  // Several ways to keep the most pins: each searched, the cheapest kept, the least bound shown.
  const share = options.quick ? { ...input, effort: (input.effort ?? 1) / choices.length } : input
  const results = choices.map((leftOut, way) => searchTimetable(share, problem, [...fixed, ...leftOut], solver, { quick: options.quick, deadline: deadline((way + 1) / choices.length) }))
  const best = results.reduce((a, b) => (b.unplaced.length < a.unplaced.length || (b.unplaced.length === a.unplaced.length && b.cost.total < a.cost.total - EPSILON) ? b : a))
  const bounds = results.map((result) => result.lowerBound)
  const lowerBound = bounds.every((value) => value !== null) && results.every((result) => result.unplaced.length === best.unplaced.length) ? Math.min(...(bounds as number[])) : null
  return {
    ...best,
    ...claims(best.cost.total, lowerBound),
    evaluations: results.reduce((sum, result) => sum + result.evaluations, 0),
  }
}


/**
 * A given timetable as the generator would report it (no bound claimed): its cost with the
 * input's weights and a reason for each performance it leaves out; null when it breaks a rule.
 * "Keep improving" starts from it (the saved draft), so a run never ends worse than it began.
 */
export function evaluateTimetable(input: TimetableInput, placements: TimetablePlacement[]): TimetableResult | null {
  const problem = compile(input)
  const placed = resolvePlacements(problem, placements)
  if (checkPlaced(problem, placed).length) return null
  const here = new Set(placed.map((item) => item.perf))
  const active = problem.perfs.map((perf) => perf.index)
  const placedPins = problem.perfs.filter((perf) => here.has(perf.index) && perf.pin)
  const unplaced: TimetableUnplaced[] = problem.perfs
    .filter((perf) => !here.has(perf.index))
    .map((perf) => {
      const pinned = perf.pin || perf.pinProblem ? (explainPinAlone(problem, perf) ?? placedPins.map((other) => explainPinPair(problem, other, perf)).find((reason) => reason !== null) ?? null) : null
      return { performanceId: perf.id, ...(pinned ?? explainAlone(problem, perf) ?? explainLeftOut(problem, perf, active)) }
    })
  const shown = placed
    .map((item) => ({ item, lane: problem.lanes[item.lane]! }))
    .sort((a, b) => a.lane.day - b.lane.day || a.lane.index - b.lane.index || a.item.start - b.item.start)
    .map(({ item, lane }) => ({ performanceId: problem.perfs[item.perf]!.id, date: lane.date, stage: lane.stage, start: toTime(item.start), end: toTime(item.end) }))
  const cost = costOfPlaced(problem, placed)
  return { placements: shown, cost, unplaced, ...claims(cost.total, null), evaluations: 0 }
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
function searchTimetable(
  input: TimetableInput,
  problem: Problem,
  leftOutAtStart: Array<{ perf: Perf; reason: Reason; unproven?: true }>,
  solver: LinearSolver | undefined,
  { start, quick, deadline = Infinity, beam = false, displace = false }: { start?: TimetablePlacement[]; quick?: boolean; deadline?: number; beam?: boolean; displace?: boolean } = {},
): TimetableResult {
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

  const schedule = new SerialSchedule(problem, active, input.seed)
  const positions = positionsBound(schedule)
  firstTimetable(schedule, positions)
  const bound = lowerBound(schedule, positions)
  if (start) startFrom(schedule, resolvePlacements(problem, start))
  if (start && displace) displaceOne(schedule)
  // The LP only when the assignment's bound does not already prove the starting timetable, and
  // only for the compact goals: with the others weighing, the LP (which bounds only the compact
  // part) stayed 25–110% under the cost at 40 bands and took up to 2 s more.
  if (solver && schedule.simple && active.length && active.length <= LP_MAX_PERFORMANCES && !(bound.complete && schedule.total <= bound.value + EPSILON)) {
    const linear = linearBound(problem, active, solver)
    if (linear) {
      if (!bound.complete || linear.value > bound.value) bound.value = linear.value
      bound.complete = true
      schedule.tryPlan(linear.plan)
      schedule.linear = linear
    }
  }
  const budget = evaluationBudget(schedule, input.effort)
  schedule.limitTime(deadline)
  const target = bound.complete ? bound.value : -Infinity
  const began = schedule.evaluations
  // The exact re-sequencing, the beam and the moves between days: compact goals, up to 40 performances, every rule kept.
  const polishable = () => schedule.simple && schedule.movable.length >= 2 && schedule.movable.length <= RESEQUENCE.performances && schedule.total < HARD
  if (start && beam && polishable()) {
    // A warm start's days ordered by beam search instead of the annealing (decision 047).
    for (let day = 0; day < problem.days.length && schedule.total > target + EPSILON && !schedule.outOfTime(); day++) beamDay(schedule, day)
  } else search(schedule, budget, target, start !== undefined)

  // Compact goals, up to 40 performances, above the bound: each day re-sequenced exactly
  // (or as far as its branch limit goes), then bands of the same length swapped between days,
  // both days re-sequenced — decision 028; then one band moved to the other day, or two of any
  // lengths swapped when that lowers the preferred-day part — decision 029. After the searches
  // again from the start when a stage ran late, so they get this too (decision 029).
  if (polishable()) {
    const until = quick ? began + QUICK_CEILING * budget : Infinity
    for (let day = 0; day < problem.days.length && schedule.total > target + EPSILON && schedule.evaluations < until && !schedule.outOfTime(); day++) resequence(schedule, day, RESEQUENCE.nodes)
    if (schedule.total > target + EPSILON) exchangeDays(schedule, EXCHANGE.nodes, target, until)
    if (schedule.total > target + EPSILON) relocateDays(schedule, RELOCATE.nodes, target, RELOCATE.passes, until)
  }
  // 4. Leave out what still breaks a rule, polish the rest, and check the result.
  let droppedInSearch = false
  for (let round = 0; round < 5; round++) {
    const broken = schedule.brokenPerformances()
    if (!broken.length) break
    droppedInSearch = true
    for (const perf of broken) {
      leaveOut(perfs[perf]!, explainLeftOut(problem, perfs[perf]!, active))
      schedule.remove(perf)
    }
    anneal(schedule, Math.max(budget / 4, schedule.evaluations + 2000), -Infinity)
  }
  let placed = schedule.placed()
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
  const shownBound = bound.complete && !droppedInSearch && !unproven ? bound.value : null
  const placements: TimetablePlacement[] = placed
    .map((item) => ({ item, lane: problem.lanes[item.lane]! }))
    .sort((a, b) => a.lane.day - b.lane.day || a.lane.index - b.lane.index || a.item.start - b.item.start)
    .map(({ item, lane }) => ({ performanceId: perfs[item.perf]!.id, date: lane.date, stage: lane.stage, start: toTime(item.start), end: toTime(item.end) }))
  unplaced.sort((a, b) => problem.perfById.get(a.performanceId)! - problem.perfById.get(b.performanceId)!)
  return {
    placements,
    cost,
    unplaced,
    ...claims(cost.total, shownBound),
    evaluations: schedule.evaluations,
  }
}
