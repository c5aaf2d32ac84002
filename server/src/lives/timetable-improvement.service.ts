import { randomUUID } from 'node:crypto'
import { performance as clockwork } from 'node:perf_hooks'
import { and, eq, lt, ne, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { SessionUser } from '../../../src/contract/auth'
import type { Improvement, improveInputSchema, SchedulePlacement } from '../../../src/contract/live-schedule'
import type { TimetableInput, TimetablePin, TimetablePlacement } from '../../../src/contract/timetable'
import { createImprovementRun, type SearchOutcome, type SearchTask } from '../../../src/timetable/anytime'
import { endAfter } from '../../../src/timetable/input'
import { timetableImprovements, timetables, users } from '../db/schema'
import { withTransaction } from '../db/transaction'
import { AppError } from '../http/errors'
import type { WorkerPool } from '../workers/worker-pool'
import { findEvent } from './lives-data'
import type { LivesDeps } from './lives.routes'
import { acceptedPerformances, draftOf, generatorInputOf } from './live-schedule.service'
import { outsideActivity } from '../activity/activity'
import { m } from '../../../src/i18n/paraglide/messages.js'

type ImproveInputValue = z.output<typeof improveInputSchema>
type Row = typeof timetableImprovements.$inferSelect

/** A running row whose process has not written for this long is taken for gone (its server stopped). */
export const IMPROVEMENT_STALE_MS = 120_000
/** How often the running process writes its progress and reads whether a stop was asked for. */
const TICK_MS = 1_000
/** How often a second stream looks for a free thread. */
const IDLE_POLL_MS = 250

/** A draft's placements as one comparable string: the run notices when someone else saved the draft. */
const placementsKey = (placements: ReadonlyArray<SchedulePlacement>) =>
  placements
    .map((placement) => `${placement.performanceId}|${placement.date}|${placement.stage}|${placement.start}|${placement.pinned ? 1 : 0}`)
    .sort()
    .join(';')

/**
 * Why a run ended, as it is stored (`timetable_improvements.message`): a code, worded when read,
 * so everyone reads it in their own language (decision 046). A row written before the codes
 * holds an English sentence, shown as it is.
 */
const endings = {
  replaced: () => m.live_schedule_end_replaced(),
  'stop-asked': () => m.live_schedule_end_stop_asked(),
  'draft-changed': () => m.live_schedule_end_draft_changed(),
  restarting: () => m.live_schedule_end_restarting(),
  failed: () => m.live_schedule_end_failed(),
} satisfies Record<string, () => string>
type EndingCode = keyof typeof endings
const isEndingCode = (stored: string): stored is EndingCode => Object.hasOwn(endings, stored)
/** A stored end message in the reader's language. */
const endingInWords = (stored: string | null) => (stored === null ? null : isEndingCode(stored) ? endings[stored]() : stored)

type Ending = { status: 'stopped' | 'failed'; message: EndingCode } | null

/**
 * "Keep improving" (issue 35, decision 045): after "Generate", the generator searches again
 * from new seeds for up to a time limit, and each better timetable becomes the live's draft
 * with how good it is (cost, proven bound, gap, the bound's source).
 *
 * The run is anytime.ts's `createImprovementRun`, the one `npm run timetable` drives in its own
 * process (which search next, what is better, which bound holds); here each search is one short
 * task in the worker pool: the request thread only asks the run for the next search and writes
 * a row when a search ends, so it stays free for requests; a
 * "Generate" press on another live waits for one search at most, not the whole run; and the
 * database (PGlite lives in this thread) is written from where it lives. With threads free,
 * a second stream runs beside the first, both taking their searches from the one run. A run with a move
 * budget (`evaluations`) uses one stream, in seed order, so it is the same every time.
 *
 * The run's state is its row in `timetable_improvements`, so a status or a stop reaching
 * another server process works: the running process writes its progress each second and
 * reads `stop_requested` then, and a stop takes effect when the searches under way end.
 */
export function createTimetableImprovements({ db, clock, workers, log }: Pick<LivesDeps, 'db' | 'clock'> & { workers: WorkerPool; log: FastifyBaseLogger }) {
  /** Runs of this process, by run id: closing the app stops them and waits for their last write. */
  const local = new Map<string, { stop: (ending: NonNullable<Ending>) => void; done: Promise<void> }>()
  let closing = false

  async function read(eventId: string): Promise<Improvement | null> {
    const [found] = await db
      .select({ row: timetableImprovements, starter: { id: users.id, displayName: users.displayName } })
      .from(timetableImprovements)
      .leftJoin(users, eq(users.id, timetableImprovements.startedBy))
      .where(eq(timetableImprovements.eventId, eventId))
    if (!found) return null
    const { row, starter } = found
    const gone = row.status === 'running' && clock().getTime() - row.heartbeatAt.getTime() > IMPROVEMENT_STALE_MS
    return {
      status: gone ? 'stopped' : row.status,
      stopRequested: row.stopRequested,
      seed: row.seed,
      seconds: row.seconds,
      secondsDone: Math.min(row.secondsDone, row.seconds),
      evaluations: row.evaluations,
      searches: row.searches,
      improvements: row.improvements,
      cost: row.cost,
      bound: row.bound,
      gapPercent: row.gapPercent,
      provenOptimal: row.provenOptimal,
      boundSource: row.boundSource,
      unplaced: row.unplaced,
      startedBy: starter?.id ? { id: starter.id, displayName: starter.displayName } : null,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      savedAt: row.savedAt?.toISOString() ?? null,
      message: gone ? m.live_schedule_improvement_gone() : endingInWords(row.message),
    }
  }

  /** The search itself, in this process, until the limit, the move budget, a proof, or a stop. */
  async function improve(runId: string, eventId: string, startedBy: string, input: TimetableInput, pins: ReadonlyMap<string, TimetablePin>, limits: { seconds: number; evaluations?: number }, from: TimetablePlacement[] | undefined, control: { ending: Ending; wake: () => void }) {
    const started = clockwork.now()
    const elapsed = () => (clockwork.now() - started) / 1000
    // The same run as `npm run timetable` (anytime.ts): which seed next, what counts as better,
    // which bound holds; from the saved draft when there is one (a warm start: the run continues
    // where the last one stopped and never ends worse than the draft).
    const run = createImprovementRun(input, { seconds: limits.seconds, evaluations: limits.evaluations, clock: { wall: elapsed, cpu: elapsed }, start: from })
    let written: string | null = null
    let finished = false

    const over = () => finished || control.ending !== null || run.over()
    const quality = () => run.quality()
    const progress = () => ({ searches: run.counts().searches, improvements: run.counts().improvements, secondsDone: Math.min(elapsed(), limits.seconds), heartbeatAt: clock() })
    const mine = and(eq(timetableImprovements.eventId, eventId), eq(timetableImprovements.runId, runId))

    // Each second: the heartbeat and the seconds done; a stop asked on any process is read here.
    let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null
    const nap = (ms: number) =>
      new Promise<void>((resolve) => {
        sleeping = { timer: setTimeout(resolve, ms), resolve }
      })
    control.wake = () => {
      if (!sleeping) return
      clearTimeout(sleeping.timer)
      sleeping.resolve()
    }
    const ticker = (async () => {
      while (!finished) {
        await nap(TICK_MS)
        if (finished) break
        const [row] = await db.update(timetableImprovements).set({ secondsDone: Math.min(elapsed(), limits.seconds), heartbeatAt: clock() }).where(mine).returning({ stopRequested: timetableImprovements.stopRequested })
        if (!row) control.ending ??= { status: 'stopped', message: 'replaced' }
        else if (row.stopRequested) control.ending ??= { status: 'stopped', message: 'stop-asked' }
      }
    })()

    // A better timetable becomes the draft (unless someone saved the draft by hand meanwhile).
    async function save(result: SearchOutcome) {
      await withTransaction(db, async (tx) => {
        await findEvent(tx, eventId, { forUpdate: true })
        const [row] = await tx.select({ runId: timetableImprovements.runId }).from(timetableImprovements).where(eq(timetableImprovements.eventId, eventId)).for('update')
        if (row?.runId !== runId) {
          control.ending ??= { status: 'stopped', message: 'replaced' }
          return
        }
        const draft = await draftOf(tx, eventId)
        if (written !== null && draft && placementsKey(draft.placements) !== written) {
          control.ending ??= { status: 'stopped', message: 'draft-changed' }
          return
        }
        const accepted = new Set((await acceptedPerformances(tx, eventId)).map((performance) => performance.id))
        const placements: SchedulePlacement[] = result.placements
          .filter((placement) => accepted.has(placement.performanceId))
          .map(({ performanceId, date, stage, start }) => ({ performanceId, date, stage, start, pinned: pins.has(performanceId) }))
        const now = clock()
        await tx
          .insert(timetables)
          .values({ eventId, status: 'draft', version: 0, placements, updatedBy: startedBy, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({ target: timetables.eventId, targetWhere: sql`${timetables.status} = 'draft'`, set: { placements, updatedBy: startedBy, updatedAt: now } })
        written = placementsKey(placements)
        await tx
          .update(timetableImprovements)
          .set({ ...quality(), ...progress(), savedAt: now })
          .where(mine)
      })
    }

    // Results are recorded one at a time, in the order the searches end.
    let recording = Promise.resolve()
    const record = (task: SearchTask, result: SearchOutcome) =>
      (recording = recording.then(async () => {
        // After a failure (the run is written off as failed), a search still under way is dropped.
        if (finished) return
        const events = run.take(task, result)
        if (events.some((event) => event.event === 'first' || event.event === 'better')) await save(run.best!)
        else
          await db
            .update(timetableImprovements)
            .set({ ...quality(), ...progress() })
            .where(mine)
      }))

    // One stream per thread: the first always; the others only while a thread is free, so a
    // run never queues work in front of another live's "Generate".
    const streams = limits.evaluations !== undefined ? 1 : Math.max(1, workers.threads)
    const stream = async (index: number) => {
      while (!over()) {
        if (index > 0 && workers.idle() === 0) {
          await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS))
          continue
        }
        const task = run.next()
        if (!task) break
        const result = await workers.run('searchTimetable', task)
        await record(task, result)
      }
    }
    try {
      await Promise.all(Array.from({ length: streams }, (_, index) => stream(index)))
      await recording
    } finally {
      finished = true
      control.wake()
      await ticker
    }
    const ending = control.ending as Ending
    await db
      .update(timetableImprovements)
      .set({
        ...quality(),
        ...progress(),
        status: ending?.status ?? 'finished',
        message: ending?.message ?? null,
        finishedAt: clock(),
      })
      .where(mine)
  }

  function launch(runId: string, eventId: string, startedBy: string, input: TimetableInput, pins: ReadonlyMap<string, TimetablePin>, limits: { seconds: number; evaluations?: number }, from: TimetablePlacement[] | undefined) {
    const control: { ending: Ending; wake: () => void } = { ending: null, wake: () => {} }
    // The run outlives the request that started it: its drafts must not write that request's activity entry.
    const done = outsideActivity(() => improve(runId, eventId, startedBy, input, pins, limits, from, control))
      .catch(async (error: unknown) => {
        log.error({ err: error, eventId }, 'timetable improvement failed')
        await db
          .update(timetableImprovements)
          .set({ status: 'failed', message: 'failed' satisfies EndingCode, finishedAt: clock(), heartbeatAt: clock() })
          .where(and(eq(timetableImprovements.eventId, eventId), eq(timetableImprovements.runId, runId)))
          .catch((writeError: unknown) => log.error({ err: writeError, eventId }, 'could not record the failed improvement'))
      })
      .finally(() => local.delete(runId))
    local.set(runId, {
      stop: (ending) => {
        control.ending ??= ending
        control.wake()
      },
      done,
    })
  }

  return {
    /** The latest run for a live, or null. */
    async status(eventId: string): Promise<Improvement | null> {
      await findEvent(db, eventId)
      return read(eventId)
    },

    /**
     * Starts a run (409 while one runs for this live). Takes the live's accepted bands and the
     * draft's pins now, as "Generate" does.
     */
    async start(caller: SessionUser, eventId: string, input: ImproveInputValue): Promise<Improvement> {
      if (closing) throw new AppError(503, 'UNAVAILABLE', m.live_schedule_server_restarting())
      const { event, performances, pins, timetableInput } = await generatorInputOf(db, eventId, input)
      // The saved draft (bands still accepted), where the run starts from.
      const draft = await draftOf(db, event.id)
      const minutes = new Map(performances.map((performance) => [performance.id, performance.minutes]))
      const from = draft?.placements.flatMap(({ performanceId, date, stage, start }) => {
        const length = minutes.get(performanceId)
        return length === undefined ? [] : [{ performanceId, date, stage, start, end: endAfter(start, length) }]
      })

      const now = clock()
      const runId = randomUUID()
      const fresh = {
        runId,
        status: 'running' as const,
        seed: input.seed,
        seconds: input.seconds,
        evaluations: input.evaluations ?? null,
        stopRequested: false,
        startedBy: caller.id,
        startedAt: now,
        heartbeatAt: now,
        finishedAt: null,
        secondsDone: 0,
        searches: 0,
        improvements: 0,
        cost: null,
        bound: null,
        gapPercent: null,
        provenOptimal: false,
        boundSource: null,
        unplaced: null,
        savedAt: null,
        message: null,
      } satisfies Omit<Row, 'eventId'>
      // One run per live: the row is taken only when no live run holds it (atomic, any process).
      const taken = await db
        .insert(timetableImprovements)
        .values({ eventId: event.id, ...fresh })
        .onConflictDoUpdate({
          target: timetableImprovements.eventId,
          set: fresh,
          setWhere: or(ne(timetableImprovements.status, 'running'), lt(timetableImprovements.heartbeatAt, new Date(now.getTime() - IMPROVEMENT_STALE_MS))),
        })
        .returning({ runId: timetableImprovements.runId })
      if (taken.length === 0) {
        const running = await read(event.id)
        const who = running?.startedBy ? m.live_schedule_improvement_started_by({ person: running.startedBy.displayName }) : ''
        throw new AppError(409, 'IMPROVEMENT_RUNNING', m.live_schedule_improvement_running({ live: event.title, who }))
      }
      launch(runId, event.id, caller.id, timetableInput, pins, { seconds: input.seconds, evaluations: input.evaluations }, from?.length ? from : undefined)
      return (await read(event.id))!
    },

    /** Asks the run to stop (on whichever process runs it); a run already over is answered as it is. */
    async stop(eventId: string): Promise<Improvement> {
      const event = await findEvent(db, eventId)
      const [row] = await db
        .update(timetableImprovements)
        .set({ stopRequested: true })
        .where(and(eq(timetableImprovements.eventId, event.id), eq(timetableImprovements.status, 'running')))
        .returning({ runId: timetableImprovements.runId })
      if (row) local.get(row.runId)?.stop({ status: 'stopped', message: 'stop-asked' })
      const improvement = await read(event.id)
      if (!improvement) throw new AppError(404, 'NOT_FOUND', m.live_schedule_improvement_none({ live: event.title }))
      return improvement
    },

    /** Closing the app: runs of this process stop after their current searches and write their last state. */
    async close() {
      closing = true
      const runs = [...local.values()]
      for (const run of runs) run.stop({ status: 'stopped', message: 'restarting' })
      await Promise.all(runs.map((run) => run.done))
    },
  }
}
