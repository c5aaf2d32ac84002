import type { AllocationResult, AllocationSnapshot } from '../../../src/contract/allocation'
import type { TimetableInput, TimetableResult } from '../../../src/contract/timetable'
import { allocate } from '../../../src/allocation/allocate'
import { generateTimetable } from '../../../src/timetable/generator'

/**
 * What the worker pool can run: pure, CPU-heavy functions whose input and output are plain
 * data (structured-cloned between threads). Loaded in each worker by worker-entry.mjs.
 */
export const workerTasks = {
  generateTimetable: (input: TimetableInput): TimetableResult => generateTimetable(input),
  /** A room allocation round (issue 15, decision 020); the round's job will call it. */
  allocate: (snapshot: AllocationSnapshot): AllocationResult => allocate(snapshot),
}

export type WorkerTasks = typeof workerTasks
