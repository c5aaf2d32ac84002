import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { jobs } from '../db/schema'
import type { Executor } from '../db/transaction'
import { outsideActivity } from '../activity/activity'

export type JobRow = typeof jobs.$inferSelect

export interface JobOptions {
  /** Runs in all, the first included; then the job is failed for good. */
  maxAttempts?: number
  /** How long a claim holds the job; past it another process may take it over. */
  leaseMs?: number
}

export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>

export const JOB_DEFAULTS = {
  maxAttempts: 5,
  leaseMs: 5 * 60_000,
  pollMs: 5_000,
  /** Jobs claimed (and run side by side) at a time by one runner. */
  batchSize: 5,
  backoffBaseMs: 30_000,
  backoffCapMs: 60 * 60_000,
  /** Finished jobs are deleted after these (what they did is kept where it belongs: the outbox). */
  keepDoneMs: 30 * 24 * 60 * 60_000,
  keepFailedMs: 90 * 24 * 60 * 60_000,
  purgeEveryMs: 60 * 60_000,
} as const

/** Wait before the next try after a failed one: 30 s × 2^(attempts-1), at most an hour. */
export const backoffMs = (attempts: number) => Math.min(JOB_DEFAULTS.backoffBaseMs * 2 ** Math.max(0, attempts - 1), JOB_DEFAULTS.backoffCapMs)

/**
 * Adds a job. Pass the caller's transaction as `executor` and the job exists exactly when the
 * caller's own writes commit. `now` is the caller's clock: `runAt` defaults to it.
 */
export async function enqueue(
  executor: Executor,
  job: { kind: string; payload: unknown; runAt?: Date; maxAttempts?: number },
  now: Date,
): Promise<JobRow> {
  const [row] = await enqueueAll(executor, [job], now)
  return row!
}

/** Adds several jobs in one statement (a publish that mails a hundred people). */
export async function enqueueAll(executor: Executor, list: Array<{ kind: string; payload: unknown; runAt?: Date; maxAttempts?: number }>, now: Date): Promise<JobRow[]> {
  if (list.length === 0) return []
  return executor
    .insert(jobs)
    .values(list.map((job) => ({ kind: job.kind, payload: job.payload, runAt: job.runAt ?? now, maxAttempts: job.maxAttempts ?? JOB_DEFAULTS.maxAttempts, createdAt: now })))
    .returning()
}

/**
 * Claims up to `limit` due jobs of the given kinds in one statement: no transaction stays open
 * while they run (PGlite has one connection for the whole app). `SKIP LOCKED` lets several
 * processes claim side by side without waiting or taking the same row; a row another claim
 * has just taken is re-checked against its new lease and skipped.
 */
export async function claimDueJobs(db: Db, { kinds, now, limit, leaseMs }: { kinds: string[]; now: Date; limit: number; leaseMs: number }) {
  if (kinds.length === 0 || limit <= 0) return []
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
        lte(jobs.runAt, now),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
        inArray(jobs.kind, kinds),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(jobs.id, due))
    .returning()
}

/**
 * Deletes jobs done more than 30 days ago and jobs failed for good more than 90 days ago, so
 * the table holds what is due and what an administrator may still look into. Resolves with
 * the number deleted. The table stays small, so the scan is cheap; it runs at most hourly.
 */
export async function purgeFinishedJobs(db: Db, now: Date) {
  const deleted = await db
    .delete(jobs)
    .where(
      or(
        lte(jobs.doneAt, new Date(now.getTime() - JOB_DEFAULTS.keepDoneMs)),
        lte(jobs.failedAt, new Date(now.getTime() - JOB_DEFAULTS.keepFailedMs)),
      ),
    )
    .returning({ id: jobs.id })
  return deleted.length
}

/**
 * Runs due jobs by kind, in this process: polls every `pollMs` (an unref'd timer), and
 * `kick()` makes it look soon (after an enqueue whose transaction has committed). Delivery is
 * at least once: a process that dies after a handler's effect but before recording it leaves
 * the lease to expire, and the job runs again elsewhere.
 */
export function createJobRunner({
  db,
  clock,
  log,
  pollMs = JOB_DEFAULTS.pollMs,
  batchSize = JOB_DEFAULTS.batchSize,
  changed,
}: {
  db: Db
  clock: () => Date
  log: FastifyBaseLogger
  pollMs?: number
  batchSize?: number
  /** Called after a job's handler succeeded: it may have written what a cache keeps (app.ts: the change feed's `cards`). */
  changed?: () => void
}) {
  const handlers = new Map<string, { handle: JobHandler; options: Required<JobOptions> }>()
  let timer: NodeJS.Timeout | undefined
  let soon: NodeJS.Timeout | undefined
  let stopped = false
  /** The pass in progress, if any; a kick during it asks for one more pass. */
  let pass: Promise<number> | undefined
  let again = false

  async function finish(job: JobRow, error: unknown) {
    const now = clock()
    // `attempts` fences the update: after a takeover, the late first runner changes nothing.
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts))
    if (error === undefined) {
      await db.update(jobs).set({ doneAt: now, lockedUntil: null, lastError: null }).where(mine)
      return
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
    const last = job.attempts >= job.maxAttempts
    log[last ? 'error' : 'warn']({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, last ? 'job failed for good' : 'job failed; it will be retried')
    await db
      .update(jobs)
      .set(last ? { failedAt: now, lockedUntil: null, lastError: message } : { runAt: new Date(now.getTime() + backoffMs(job.attempts)), lockedUntil: null, lastError: message })
      .where(mine)
  }

  async function runOne(job: JobRow) {
    const handler = handlers.get(job.kind)
    let error: unknown
    if (!handler) error = new Error(`no handler for ${job.kind}`)
    else if (job.attempts > job.maxAttempts) error = new Error('the process running the last attempt stopped before it finished')
    else {
      try {
        await handler.handle(job.payload, job)
      } catch (failure) {
        error = failure ?? new Error('failed')
      }
    }
    if (error === undefined) changed?.()
    try {
      await finish(job, error)
    } catch (failure) {
      // The lease runs out and the job is tried again: at least once.
      log.error({ err: failure, jobId: job.id }, 'could not record the outcome of a job')
    }
  }

  /** Claims and runs batches until none is due. Resolves with the number of jobs run. */
  async function drain() {
    let ran = 0
    for (;;) {
      again = false
      // One lease for the batch: the longest of its kinds', so no handler outlives its claim.
      const leaseMs = Math.max(...[...handlers.values()].map((handler) => handler.options.leaseMs))
      const claimed = await claimDueJobs(db, { kinds: [...handlers.keys()], now: clock(), limit: batchSize, leaseMs })
      await Promise.all(claimed.map(runOne))
      ran += claimed.length
      if (stopped || (claimed.length < batchSize && !again)) return ran
    }
  }

  function runDue(): Promise<number> {
    if (pass) {
      again = true
      return pass
    }
    pass = outsideActivity(drain).finally(() => {
      pass = undefined
    })
    return pass
  }

  /** What else the hourly purge deletes (the activity log's old entries), by name for its log line. */
  const purges = new Map<string, (now: Date) => Promise<number>>([['finished jobs', (now) => purgeFinishedJobs(db, now)]])
  /** Runs every purge once; resolves with the rows each deleted. A failed one is logged, not thrown. */
  async function purgeNow() {
    const now = clock()
    const deleted: Record<string, number> = {}
    for (const [name, purge] of purges) {
      try {
        deleted[name] = await purge(now)
      } catch (error) {
        log.error({ err: error }, `could not delete old ${name}`)
      }
    }
    return deleted
  }

  let purgedAt = 0
  function tick() {
    if (stopped) return
    runDue().catch((error: unknown) => log.error({ err: error }, 'job runner pass failed'))
    const now = clock()
    if (now.getTime() - purgedAt >= JOB_DEFAULTS.purgeEveryMs) {
      purgedAt = now.getTime()
      void purgeNow()
    }
  }

  return {
    register(kind: string, handle: JobHandler, options: JobOptions = {}) {
      handlers.set(kind, { handle, options: { maxAttempts: options.maxAttempts ?? JOB_DEFAULTS.maxAttempts, leaseMs: options.leaseMs ?? JOB_DEFAULTS.leaseMs } })
    },
    /** Adds a job of a registered kind with that kind's attempts (see `enqueue`). */
    enqueue(executor: Executor, job: { kind: string; payload: unknown; runAt?: Date }) {
      return enqueue(executor, { ...job, maxAttempts: handlers.get(job.kind)?.options.maxAttempts }, clock())
    },
    /**
     * A daily job's next run (booking reminders, daily backups): adds the job of `kind` for `day`
     * at `runAt` unless one as early is already waiting for that day. `running` is the job
     * calling it: not done yet, but not waiting either (a time moved later must not find it).
     */
    async enqueueDay(executor: Executor, { kind, day, runAt, running }: { kind: string; day: string; runAt: Date; running?: string }) {
      const [waiting] = await executor
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, kind),
            isNull(jobs.doneAt),
            isNull(jobs.failedAt),
            sql`${jobs.payload}->>'day' = ${day}`,
            lte(jobs.runAt, runAt),
            running ? ne(jobs.id, running) : undefined,
          ),
        )
        .limit(1)
      if (!waiting) await this.enqueue(executor, { kind, payload: { day }, runAt })
    },
    /** `enqueue` for several jobs, in one statement. */
    enqueueAll(executor: Executor, list: Array<{ kind: string; payload: unknown; runAt?: Date }>) {
      return enqueueAll(
        executor,
        list.map((job) => ({ ...job, maxAttempts: handlers.get(job.kind)?.options.maxAttempts })),
        clock(),
      )
    },
    /** Claims and runs what is due now; tests call it after moving their clock. */
    runDue,
    /** Adds a purge the hourly pass runs beside the finished jobs' (it resolves with the rows deleted). */
    addPurge(name: string, purge: (now: Date) => Promise<number>) {
      purges.set(name, purge)
    },
    /** Runs every purge now (tests; the hourly pass calls it too). */
    purgeNow,
    /** Look for due jobs soon: after an enqueue has committed. */
    kick() {
      if (stopped || soon) return
      // Called from requests: the pass must not run in that request's activity log context.
      soon = outsideActivity(() =>
        setTimeout(() => {
          soon = undefined
          tick()
        }, 0),
      )
      soon.unref()
    },
    start() {
      if (timer || stopped) return
      timer = setInterval(tick, pollMs)
      timer.unref()
      tick()
    },
    /** Stops polling and waits for the jobs in flight, so the database can close after it. */
    async stop() {
      stopped = true
      clearInterval(timer)
      clearTimeout(soon)
      await pass?.catch(() => undefined)
    },
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>
