import type { TimetableInput, TimetableResult } from '../../../src/contract/timetable'
import { generateTimetable } from '../../../src/timetable/generator'

/**
 * What the worker pool can run: pure, CPU-heavy functions whose input and output are plain
 * data (structured-cloned between threads). Loaded in each worker by worker-entry.mjs.
 */
export const workerTasks = {
  generateTimetable: (input: TimetableInput): TimetableResult => generateTimetable(input),
}

export type WorkerTasks = typeof workerTasks
