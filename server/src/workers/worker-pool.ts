import os from 'node:os'
import Piscina from 'piscina'
import type { WorkerTasks } from './worker-tasks'
import { getLocale } from '../../../src/i18n/paraglide/runtime.js'

/**
 * Threads of the pool: one per core, at most 2 — the club runs a generation now and then, not a
 * stream of them. The threads run at a lower priority (`niceIncrement`), so on a 2-core machine
 * the request thread still gets a core first: there two threads doubled "Keep improving"'s
 * searches and left `/api/health` as fast (decision 045, measured 2026-11-30). The one place to
 * change it.
 */
export const WORKER_THREADS = Math.max(1, Math.min(2, os.availableParallelism()))

/**
 * How long a thread with nothing to do stays: long enough that an executive trying seeds one
 * after another keeps the thread and what HiGHS remembers in it (remembered-solver.ts), short
 * enough that a server nobody generates on holds no thread (about 36 MB each; decision 043).
 */
export const WORKER_IDLE_MS = 5 * 60_000

/**
 * CPU-heavy work off the request thread (decision 014): `run('generateTimetable', input)`
 * resolves with what the task returns, computed in a worker thread, while the event loop keeps
 * answering requests. Threads start on first use (0.2–0.3 s for the compiled server's thread,
 * added to the first "Generate") and end after WORKER_IDLE_MS without a task; `close()` lets
 * running tasks finish and ends the threads.
 *
 * A task speaks its caller's language (decision 046): the thread does not see the request's
 * language (server/src/http/language.ts keeps it per request, in this thread), so `run` sends
 * the language of the moment it is called with the task and the thread words what the task
 * says in it (a timetable's reasons for what it could not place).
 */
export function createWorkerPool({ threads = WORKER_THREADS, idleTimeout = WORKER_IDLE_MS }: { threads?: number; idleTimeout?: number } = {}) {
  let pool: Piscina | undefined
  // Tasks handed to the pool and not yet answered: a background search ("Keep improving",
  // decision 045) starts a second stream only while a thread is free.
  let inFlight = 0
  const started = () =>
    (pool ??= new Piscina({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout,
      // The entry registers tsx itself; the parent's flags (tsx's or vitest's loaders) stay out.
      execArgv: [],
      // Lower priority (Linux: the thread's nice value): on a busy machine the request thread
      // gets the core first, and the generation takes what is left.
      niceIncrement: 10,
    }))
  return {
    run<K extends keyof WorkerTasks>(task: K, input: Parameters<WorkerTasks[K]>[0]): Promise<ReturnType<WorkerTasks[K]>> {
      inFlight += 1
      return (started().run({ task, input, language: getLocale() }) as Promise<ReturnType<WorkerTasks[K]>>).finally(() => {
        inFlight -= 1
      })
    },
    /** The most threads the pool runs at once. */
    threads,
    /** Threads with nothing to do now (none queued behind them). */
    idle: () => Math.max(0, threads - inFlight),
    /** Threads running now (the tests check that they come and go). */
    get runningThreads() {
      return pool?.threads.length ?? 0
    },
    async close() {
      await pool?.close()
      pool = undefined
    },
  }
}

export type WorkerPool = ReturnType<typeof createWorkerPool>
