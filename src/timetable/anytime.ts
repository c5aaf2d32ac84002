import type { BoundSource } from '../contract/live-schedule'
import type { TimetableInput, TimetablePlacement, TimetableResult } from '../contract/timetable'
import { beamServes, evaluateTimetable, generateTimetable } from './generator'
import type { LinearSolver } from './time-indexed'

/**
 * The generator as an anytime search (issue 35, decision 045): a first timetable at once,
 * without the LP; then the LP's bound and its timetable; then more searches (after each new
 * best timetable, its days ordered by beam search; a warm start from the timetable the last one
 * came from sends one of its bands to another day first: decision 047), each improvement
 * reported as it comes, until the best timetable is proven (its cost meets the bound), the
 * budget is spent, or the caller stops asking.
 *
 * One run, three drivers: `createImprovementRun` decides which search comes next and what each
 * result means (pure, no I/O, no clock of its own); `improveTimetable` drives it in this
 * process (`npm run timetable`, the tests, the bench); the server's "Keep improving"
 * (`timetable-improvement.service.ts`) drives it with each search a task in the worker pool,
 * one stream per free thread. Every search is `searchOnce`, in the worker too.
 *
 * Budget: `evaluations` (moves tried, summed over the searches; checked between searches) makes
 * the whole sequence the same on every run for the same input, with one stream; `seconds` stops
 * on the clock, and then the first answer has a time limit too (`firstAnswerSeconds`). With
 * neither, it stops after 30 s.
 */
export interface AnytimeOptions {
  solver?: LinearSolver
  seconds?: number
  evaluations?: number
  /** Seconds since some fixed moment (wall clock) and CPU seconds of this process. */
  clock?: AnytimeClock
  /** A timetable to start from (`ImprovementRunOptions.start`). */
  start?: TimetablePlacement[]
}

export interface AnytimeClock {
  wall: () => number
  cpu: () => number
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
  /**
   * Moves tried so far, over every search: the run's clock that no load moves (the bench's
   * curves and a budget in evaluations are measured on it).
   */
  evaluations: number
  result: TimetableResult
}

/** One search of the run: the generator on `input` (the live with the search's seed), with the LP when `lp`. */
export interface SearchTask {
  input: TimetableInput
  lp: boolean
  /** The quick first answer (generator.ts's `quick`): clashing pins' ways share one budget, and the polish after the search is limited. */
  quick?: boolean
  /** A warm start: the search starts from this timetable (the run's best so far, or the draft it started from). */
  start?: TimetablePlacement[]
  /** A time limit on the search (`GenerateOptions.seconds`): the first answer of a run limited by time. */
  seconds?: number
  /** With `start`: its days ordered by beam search instead of annealed (generator.ts's `beam`). */
  beam?: boolean
  /** With `start`: one band sent to another day before the search (generator.ts's `displace`). */
  displace?: boolean
}

/** A search's result, and where its bound comes from (`calculation`: the LP was solved). */
export type SearchOutcome = TimetableResult & { boundSource: BoundSource | null }

const DEFAULT_SECONDS = 30
/**
 * The first answer's time limit in a run limited by time (the server's, `npm run timetable`
 * without `--evaluations`), seconds of wall clock in the search's thread: issue 35's 1 s of CPU up
 * to 40 bands (2 s above), less what comes before and after the search (compiling the live, the
 * bounds, construction: up to 0.1 s at 80 bands on a slow machine). Its search stops there and
 * keeps the best it has, so the first answer is in time on a machine of any speed (decision 047).
 * A run limited by evaluations has none: it must be the same on every machine.
 */
export const firstAnswerSeconds = (input: TimetableInput) => (input.performances.length <= 40 ? 0.75 : 1.5)
const EPSILON = 1e-6
const MAX_SEED = 2_147_483_647

/** The wall clock, and this process's CPU time where there is a process (the wall clock in a browser). */
export const systemClock = (): AnytimeClock => {
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
export const isBetter = (a: TimetableResult, b: TimetableResult) => a.unplaced.length < b.unplaced.length || (a.unplaced.length === b.unplaced.length && a.cost.total < b.cost.total - EPSILON)

export const gapOf = (cost: number, bound: number | null) => (bound === null ? null : cost === bound ? 0 : bound > 0 ? ((cost - bound) / bound) * 100 : null)

/** One search, here or in a worker thread; the LP only when the task asks for it. */
export function searchOnce(task: SearchTask, solver?: LinearSolver): SearchOutcome {
  let solved = false
  const counting: LinearSolver | undefined = solver && task.lp ? (model, options) => ((solved = true), solver(model, options)) : undefined
  const result = generateTimetable(task.input, counting, { quick: task.quick, start: task.start, seconds: task.seconds, beam: task.beam, displace: task.displace })
  return { ...result, boundSource: result.lowerBound === null ? null : solved ? 'calculation' : 'estimate' }
}

export interface ImprovementRunOptions {
  seconds?: number
  evaluations?: number
  clock?: AnytimeClock
  /** Whether searches may solve the LP (false: no solver here). */
  lp?: boolean
  /**
   * A timetable to start from (the saved draft, or the last run's best): the run's best before
   * any search when it keeps every rule, so the run never ends worse than it; its first search
   * starts from it.
   */
  start?: TimetablePlacement[]
}

/**
 * The run's state and its order of searches: `next()` gives the next search to start (null once
 * over), `take()` records a finished search and returns the events it makes. Searches may be in
 * flight at once (the server's streams); results are taken one at a time.
 */
export function createImprovementRun(input: TimetableInput, options: ImprovementRunOptions = {}) {
  const clock = options.clock ?? systemClock()
  const seconds = options.seconds ?? (options.evaluations === undefined ? DEFAULT_SECONDS : Infinity)
  const evaluations = options.evaluations ?? Infinity
  // Limited by time only: then the first answer has a time limit of its own.
  const timed = options.evaluations === undefined
  const lp = options.lp ?? true
  let spent = 0
  let searches = 0
  let improvements = 0
  let started = 0
  let nextSeed = input.seed >>> 0
  const given = options.start ? evaluateTimetable(input, options.start) : null
  let best: SearchOutcome | null = given && { ...given, boundSource: null }
  // The best timetable last given to the beam search (`next`), and whether the live is one it serves.
  let ordered: SearchOutcome | null = null
  const beams = beamServes(input)
  // The best timetable the last warm start came from (`next`).
  let warmedFrom: SearchOutcome | null = null
  let bound: number | null = null
  let boundSource: BoundSource | null = null
  // A bound holds for timetables that leave out what the search that proved it left out.
  let unplacedAtBound = -1

  const claimed = () => (best && bound !== null && best.unplaced.length === unplacedAtBound ? bound : null)
  const proven = () => best !== null && claimed() !== null && best.cost.total <= claimed()! + EPSILON
  const over = () => proven() || spent >= evaluations || clock.wall() >= seconds
  const seed = () => {
    const value = nextSeed
    nextSeed = nextSeed >= MAX_SEED ? 0 : nextSeed + 1
    return value
  }

  const event = (name: AnytimeEventName): AnytimeEvent => {
    const result = best!
    const value = claimed()
    return {
      event: name,
      seconds: clock.wall(),
      cpuSeconds: clock.cpu(),
      cost: result.cost.total,
      bound: value,
      violations: 0,
      unplaced: result.unplaced.length,
      searches,
      evaluations: spent,
      result: { ...result, lowerBound: value, gapPercent: gapOf(result.cost.total, value), provenOptimal: proven() },
    }
  }

  return {
    /** The next search, or null when the run is over (proven, budget spent). */
    next(): SearchTask | null {
      if (over()) return null
      // Each new best timetable, once the LP's search is done: its days ordered by beam search
      // (decision 047), on the lives the beam serves.
      if (beams && started >= 2 && best && best !== ordered) {
        ordered = best
        return { input, lp: false, start: best.placements, beam: true }
      }
      const index = started++
      // The quick first answer (from the given timetable when there is one), then the same seed
      // with the LP (without the LP, the next seed); then, by turns, a search from the best
      // timetable so far (a warm start, without the LP) and a fresh one (with it).
      if (index === 0) {
        if (!lp) seed()
        return { input, lp: false, quick: true, ...(options.start ? { start: options.start } : {}), ...(timed ? { seconds: firstAnswerSeconds(input) } : {}) }
      }
      if (index >= 2 && index % 2 === 0 && best) {
        // Again from the same timetable: with one band sent to another day (decision 047).
        const displace = beams && best === warmedFrom
        warmedFrom = best
        return { input: { ...input, seed: seed() }, lp: false, start: best.placements, ...(displace ? { displace } : {}) }
      }
      return { input: { ...input, seed: seed() }, lp }
    },

    /** Records a search's result; the events it makes (`first` for the first, then `bound`, `better`). */
    take(task: SearchTask, result: SearchOutcome): AnytimeEvent[] {
      searches += 1
      spent += result.evaluations
      const improved = best === null || isBetter(result, best)
      const bounded = result.lowerBound !== null && (bound === null || result.lowerBound > bound + EPSILON)
      if (improved) {
        best = result
        improvements += 1
      }
      if (task.beam) ordered = best
      if (bounded) {
        bound = result.lowerBound
        boundSource = result.boundSource
        unplacedAtBound = result.unplaced.length
      }
      if (searches === 1) return [event('first')]
      return [...(bounded ? [event('bound')] : []), ...(improved ? [event('better')] : [])]
    },

    over,
    done: () => event('done'),
    get best() {
      return best
    },
    /** How good the best timetable is, as the screen and the saved draft say it. */
    quality() {
      const value = claimed()
      return {
        cost: best?.cost.total ?? null,
        bound: value,
        gapPercent: best ? gapOf(best.cost.total, value) : null,
        provenOptimal: proven(),
        boundSource: value === null ? null : boundSource,
        unplaced: best?.unplaced.length ?? null,
      }
    },
    counts: () => ({ searches, improvements, evaluations: spent }),
  }
}

export type ImprovementRun = ReturnType<typeof createImprovementRun>

/** The run in this process, one search after another: `npm run timetable`, the tests, the bench. */
export function* improveTimetable(input: TimetableInput, options: AnytimeOptions = {}): Generator<AnytimeEvent, AnytimeEvent> {
  const run = createImprovementRun(input, { seconds: options.seconds, evaluations: options.evaluations, clock: options.clock, lp: options.solver !== undefined, start: options.start })
  for (let task = run.next(); task; task = run.next()) yield* run.take(task, searchOnce(task, options.solver))
  const done = run.done()
  yield done
  return done
}
