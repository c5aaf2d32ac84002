import type { AllocationResult, AllocationSnapshot } from '../../../src/contract/allocation'
import type { TimetableInput, TimetableResult } from '../../../src/contract/timetable'
import { allocate } from '../../../src/allocation/allocate'
import { generateTimetable } from '../../../src/timetable/generator'
import { searchOnce, type SearchOutcome, type SearchTask } from '../../../src/timetable/anytime'
import { loadHighsSolver } from './highs-solver'
import { rememberedSolver } from './remembered-solver'

/**
 * What the worker pool can run: pure, CPU-heavy functions whose input and output are plain
 * data (structured-cloned between threads). Loaded in each worker by worker-entry.mjs, which
 * awaits this module: HiGHS (the generator's LP solver, decision 009) is loaded here once per
 * thread, before the first task, and remembers its last answers (a new seed on the same live
 * solves the same LP: `remembered-solver.ts`).
 */
const solver = rememberedSolver(await loadHighsSolver())

export const workerTasks = {
  generateTimetable: (input: TimetableInput): TimetableResult => generateTimetable(input, solver),
  /**
   * One search of "Keep improving" (decision 045): `searchOnce` of anytime.ts, the same search
   * `npm run timetable` runs in its own process, plus where its bound comes from.
   */
  searchTimetable: (task: SearchTask): SearchOutcome => searchOnce(task, solver),
  /** A room allocation round (issue 15, decision 020); the round's job will call it. */
  allocate: (snapshot: AllocationSnapshot): AllocationResult => allocate(snapshot),
}

export type WorkerTasks = typeof workerTasks
