/**
 * The server's "Keep improving" run on several threads (timetable-improvement.service.ts: one
 * stream per pool thread, each taking the run's next search when its own search ends, the results
 * taken in the order the searches end), simulated in one process so that it is the same on every
 * run: a search lasts its evaluations, whatever the machine's load (decision 047, "(c) as the
 * server now runs it"). Each stream has its own remembered LP, as each thread has its own.
 */
import { createImprovementRun, searchOnce, type AnytimeEvent, type SearchOutcome, type SearchTask } from '../src/timetable/anytime'
import type { TimetableInput } from '../src/contract/timetable'
import type { LinearSolver } from '../src/timetable/time-indexed'
import { rememberedSolver } from '../server/src/workers/remembered-solver'

export interface StreamsOptions {
  /** The LP's solver (HiGHS); none: no LP, as `improveTimetable` without one. */
  solver?: LinearSolver
  /** Evaluations summed over every stream. */
  evaluations: number
  streams: number
  /** Evaluations a stream makes in one second of its clock: the events' `seconds` are the streams' time. */
  perSecond: number
}

export function* improveWithStreams(input: TimetableInput, { solver, evaluations, streams, perSecond }: StreamsOptions): Generator<AnytimeEvent, AnytimeEvent> {
  let now = 0
  const seconds = () => now / perSecond
  const run = createImprovementRun(input, { evaluations, clock: { wall: seconds, cpu: seconds }, lp: solver !== undefined })
  const solvers = Array.from({ length: streams }, () => (solver ? rememberedSolver(solver) : undefined))
  const flying: Array<{ stream: number; task: SearchTask; result: SearchOutcome; end: number }> = []
  const launch = (stream: number, at: number) => {
    const task = run.next()
    if (!task) return
    const result = searchOnce(task, solvers[stream])
    flying.push({ stream, task, result, end: at + result.evaluations })
  }
  for (let stream = 0; stream < streams; stream++) launch(stream, 0)
  while (flying.length > 0) {
    flying.sort((a, b) => a.end - b.end || a.stream - b.stream)
    const landed = flying.shift()!
    now = landed.end
    yield* run.take(landed.task, landed.result)
    launch(landed.stream, landed.end)
  }
  const done = run.done()
  yield done
  return done
}
