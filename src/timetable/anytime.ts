import type { TimetableInput, TimetableResult } from '../contract/timetable'
import { generateTimetable } from './generator'
import type { LinearSolver } from './time-indexed'

/**
 * The generator as an anytime search (issue 35): a first timetable at once, without the LP;
 * then the LP's bound and its timetable; then more searches from new seeds, each improvement
 * reported as it comes, until the best timetable is proven (its cost meets the bound), the
 * budget is spent, or the caller stops asking. `npm run timetable` prints these events.
 *
 * Budget: `evaluations` (moves tried, summed over the searches; checked between searches) makes
 * the whole sequence the same on every run for the same input; `seconds` stops on the clock.
 * With neither, it stops after 30 s.
 */
export interface AnytimeOptions {
  solver?: LinearSolver
  seconds?: number
  evaluations?: number
  /** Seconds since some fixed moment (wall clock) and CPU seconds of this process. */
  clock?: { wall: () => number; cpu: () => number }
}

export type AnytimeEventName = 'first' | 'better' | 'bound' | 'done'

export interface AnytimeEvent {
  event: AnytimeEventName
  seconds: number
  cpuSeconds: number
  /** The best timetable's cost so far. */
  cost: number
  /** The best proven lower bound so far (null: none yet). */
  bound: number | null
  /** Rules the best timetable breaks (always 0: the generator leaves out what would break one). */
  violations: number
  /** Performances the best timetable leaves out. */
  unplaced: number
  /** Searches run so far. */
  searches: number
  result: TimetableResult
}

const DEFAULT_SECONDS = 30
const EPSILON = 1e-6

/** The wall clock, and this process's CPU time where there is a process (the wall clock in a browser). */
const systemClock = () => {
  const wall0 = performance.now()
  const wall = () => (performance.now() - wall0) / 1000
  if (typeof process === 'undefined' || !process.cpuUsage) return { wall, cpu: wall }
  const cpu0 = process.cpuUsage()
  return {
    wall,
    cpu: () => {
      const used = process.cpuUsage(cpu0)
      return (used.user + used.system) / 1e6
    },
  }
}

/** Fewer performances left out, then the lower cost. */
const isBetter = (a: TimetableResult, b: TimetableResult) => a.unplaced.length < b.unplaced.length || (a.unplaced.length === b.unplaced.length && a.cost.total < b.cost.total - EPSILON)

export function* improveTimetable(input: TimetableInput, options: AnytimeOptions = {}): Generator<AnytimeEvent, AnytimeEvent> {
  const clock = options.clock ?? systemClock()
  const seconds = options.seconds ?? (options.evaluations === undefined ? DEFAULT_SECONDS : Infinity)
  const evaluations = options.evaluations ?? Infinity
  let spent = 0
  let searches = 0
  let best: TimetableResult | null = null
  let bound: number | null = null

  const event = (name: AnytimeEventName): AnytimeEvent => {
    const result = best!
    const claimed = bound !== null && result.unplaced.length === unplacedAtBound ? bound : null
    return {
      event: name,
      seconds: clock.wall(),
      cpuSeconds: clock.cpu(),
      cost: result.cost.total,
      bound: claimed,
      violations: 0,
      unplaced: result.unplaced.length,
      searches,
      result: { ...result, lowerBound: claimed, gapPercent: gapOf(result.cost.total, claimed), provenOptimal: claimed !== null && result.cost.total <= claimed + EPSILON },
    }
  }
  // A bound holds for timetables that leave out what the run that proved it left out.
  let unplacedAtBound = -1
  const take = function* (result: TimetableResult) {
    searches += 1
    spent += result.evaluations
    const improved = best === null || isBetter(result, best)
    const bounded = result.lowerBound !== null && (bound === null || result.lowerBound > bound + EPSILON)
    if (improved) best = result
    if (bounded) {
      bound = result.lowerBound
      unplacedAtBound = result.unplaced.length
    }
    if (searches === 1) yield event('first')
    else {
      if (bounded) yield event('bound')
      if (improved) yield event('better')
    }
  }
  const proven = () => best !== null && bound !== null && best.unplaced.length === unplacedAtBound && best.cost.total <= bound + EPSILON
  const spentAll = () => spent >= evaluations || clock.wall() >= seconds

  // 1. At once: the search alone (its own bound is the assignment's).
  yield* take(generateTimetable(input))
  // 2. The LP's bound and its timetable, then new seeds.
  // Without a solver the first seed's search was the one above.
  for (let k = options.solver ? 0 : 1; !proven() && !spentAll(); k++) {
    yield* take(generateTimetable({ ...input, seed: (input.seed + k) >>> 0 }, options.solver))
  }
  const done = event('done')
  yield done
  return done
}

function gapOf(cost: number, bound: number | null) {
  if (bound === null) return null
  if (cost === bound) return 0
  return bound > 0 ? ((cost - bound) / bound) * 100 : null
}
