import os from 'node:os'
import Piscina from 'piscina'
import type { WorkerTasks } from './worker-tasks'

/**
 * Threads of the pool: one per core but one (the event loop keeps a core), at most 2 — the
 * club runs a generation now and then, not a stream of them. The one place to change it.
 */
export const WORKER_THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1))

/**
 * CPU-heavy work off the request thread (decision 014): `run('generateTimetable', input)`
 * resolves with what the task returns, computed in a worker thread, while the event loop keeps
 * answering requests. Threads start on first use or `warm()` (a test app that never generates
 * starts none); `close()` lets running tasks finish and ends the threads.
 */
export function createWorkerPool({ threads = WORKER_THREADS }: { threads?: number } = {}) {
  let pool: Piscina | undefined
  // Tasks handed to the pool and not yet answered: a background search ("Keep improving",
  // decision 045) starts a second stream only while a thread is free.
  let inFlight = 0
  const started = () =>
    (pool ??= new Piscina({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      // The entry registers tsx itself; the parent's flags (tsx's or vitest's loaders) stay out.
      execArgv: [],
      // Lower priority (Linux: the thread's nice value): on a busy machine the request thread
      // gets the core first, and the generation takes what is left.
      niceIncrement: 10,
    }))
  return {
    run<K extends keyof WorkerTasks>(task: K, input: Parameters<WorkerTasks[K]>[0]): Promise<ReturnType<WorkerTasks[K]>> {
      inFlight += 1
      return (started().run({ task, input }) as Promise<ReturnType<WorkerTasks[K]>>).finally(() => {
        inFlight -= 1
      })
    },
    threads,
    /** Threads with nothing to do now (none queued behind them). */
    idle: () => Math.max(0, threads - inFlight),
    /**
     * Starts the threads now: a thread loads the generator (through tsx) in a second or two,
     * which the first "Generate" after a start would otherwise wait for. main.ts calls it.
     */
    warm() {
      started()
    },
    async close() {
      await pool?.close()
      pool = undefined
    },
  }
}

export type WorkerPool = ReturnType<typeof createWorkerPool>
