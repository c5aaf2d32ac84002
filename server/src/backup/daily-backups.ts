import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import { addDays, todayIn, zonedInstant } from '../../../src/contract/calendar'
import { formatDateTime } from '../../../src/contract/date-format'
import { backupAttemptSchema, backupTriggers, type BackupAttempt, type BackupStatus, type BackupTrigger } from '../../../src/contract/backups'
import type { ClubSettings } from '../../../src/contract/settings'
import type { Database } from '../db/client'
import { noticeRuns, settings as settingsTable } from '../db/schema'
import { withTransaction, type Executor } from '../db/transaction'
import { AppError } from '../http/errors'
import { m } from '../../../src/i18n/paraglide/messages.js'
import type { JobRunner } from '../jobs/job-runner'
import { BackupError, writeBackup } from './backup.service'
import { connectionOf } from './connection'

export const DAILY_BACKUP_JOB = 'backups.daily'
/** The day's row in `notice_runs` (kind, day): whichever process writes it makes that day's backup. */
const RUN_KIND = 'daily-backup'
/** The settings row (key, jsonb) holding the backup in progress and the last attempts. */
const STATE_KEY = 'backups'
/** A backup in progress holds the lock this long past its last sign of life (renewed every minute while it runs). */
const LEASE_MS = 5 * 60_000
const HEARTBEAT_MS = 60_000

/**
 * Archives made by the daily job or "Back up now": `bandroom-<time>-daily.tar.gz`,
 * `bandroom-<time>-now.tar.gz` (`-now-2` when two finish in one second). Only these are ever
 * deleted to keep `keep`; `npm run backup`'s `bandroom-<time>.tar.gz` and anything else in the
 * folder are left alone.
 */
const SERVER_ARCHIVE = /^bandroom-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)-(daily|now)(?:-(\d+))?\.tar\.gz$/

const stateSchema = z.object({
  running: z.object({ token: z.string(), trigger: z.enum(backupTriggers), startedAt: z.string(), until: z.string() }).nullable().catch(null),
  lastAttempt: backupAttemptSchema.nullable().catch(null),
  lastSuccess: backupAttemptSchema.nullable().catch(null),
})
type State = z.infer<typeof stateSchema>
const parseState = (value: unknown): State => stateSchema.catch({ running: null, lastAttempt: null, lastSuccess: null }).parse(value ?? {})

/** The archives the server made, newest first. */
async function serverArchives(dir: string) {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [] as string[]
    throw error
  })
  return names
    .flatMap((name) => {
      const match = SERVER_ARCHIVE.exec(name)
      return match ? [{ name, time: match[1]!, n: Number(match[3] ?? 1) }] : []
    })
    .sort((a, b) => (a.time === b.time ? b.n - a.n : a.time < b.time ? 1 : -1))
}

/** The sentence an admin reads when no archive was made: in the language of the request ("Back up now") or the club's (the daily job). */
function failureSentence(error: unknown, dir: string) {
  if (error instanceof BackupError) return error.message
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return m.backups_error_not_writable({ dir })
  }
  if (code === 'ENOTDIR' || code === 'EEXIST') return m.backups_error_not_folder({ dir })
  if (code === 'ENOSPC' || code === 'EDQUOT') return m.backups_error_disk_full({ dir })
  const detail = error instanceof Error ? error.message : String(error)
  return m.backups_error_other({ detail: detail.slice(0, 300) })
}

/**
 * The daily backup and "Back up now" (issue 34, decision 041). Both write decision 038's archive
 * inside the server, on its own open database (so PGlite clubs get backups while serving), into
 * the backups folder, and keep the newest `keep` of the archives they made. One backup runs at
 * a time across every process (a lock in the `settings` row `backups`, with a lease renewed while
 * it runs); each attempt's outcome is kept in that row for the admin card.
 *
 * The daily job follows the booking reminders' pattern: one durable job per day, due at the
 * settings' time in club time; the process whose transaction writes the day's `notice_runs` row
 * makes the backup and schedules the next day, so however many processes run the job, one
 * backup is made per day.
 */
export function createBackups({
  database,
  clock,
  settings,
  jobs,
  filesDir,
  backupsDir,
  secret,
  log,
}: {
  database: Database
  clock: () => Date
  settings: { get(): Promise<ClubSettings> }
  jobs: JobRunner
  filesDir: string
  backupsDir: string
  /** The server's signing secret, as text (it goes into the archive). */
  secret: string
  log: FastifyBaseLogger
}) {
  const db = database.db
  const dueAt = (day: string, club: ClubSettings) => zonedInstant(day, club.backups.dailyAt, club.timeZone)

  async function readState(executor: Executor = db) {
    const [row] = await executor.select({ value: settingsTable.value }).from(settingsTable).where(eq(settingsTable.key, STATE_KEY))
    return parseState(row?.value)
  }

  /** Changes the state row under a row lock: `change` sees the current state and returns the next one (or null for no change). */
  function updateState<T>(change: (state: State, now: Date) => { next: State | null; result: T }) {
    return withTransaction(db, async (tx) => {
      const now = clock()
      await tx.insert(settingsTable).values({ key: STATE_KEY, value: parseState({}), updatedAt: now }).onConflictDoNothing()
      const [row] = await tx.select({ value: settingsTable.value }).from(settingsTable).where(eq(settingsTable.key, STATE_KEY)).for('update')
      const { next, result } = change(parseState(row?.value), now)
      if (next) await tx.update(settingsTable).set({ value: next, updatedAt: now }).where(eq(settingsTable.key, STATE_KEY))
      return result
    })
  }

  const running = (state: State, now: Date) => (state.running && new Date(state.running.until) > now ? state.running : null)

  /** A file name for an archive started at `startedAt` that is not taken yet. */
  function freeName(startedAt: Date, trigger: BackupTrigger) {
    const stamp = startedAt.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')
    for (let n = 1; ; n += 1) {
      const name = `bandroom-${stamp}-${trigger}${n === 1 ? '' : `-${n}`}.tar.gz`
      if (!existsSync(path.join(backupsDir, name))) return name
    }
  }

  /** Deletes the server's own archives past the newest `keep`; never any other file. */
  async function prune(keep: number) {
    for (const old of (await serverArchives(backupsDir)).slice(keep)) {
      await rm(path.join(backupsDir, old.name), { force: true })
      log.info({ file: old.name }, 'old backup deleted')
    }
  }

  const service = {
    /** Writes one archive; replaced in tests to hold a backup open. */
    archive: writeBackup,

    /**
     * Makes one backup now and records the outcome. Refused (409) while another runs anywhere.
     * A failure is an answer, not an exception: the attempt with its sentence.
     */
    async backUp(trigger: BackupTrigger): Promise<BackupAttempt> {
      const token = randomUUID()
      const club = await settings.get()
      const refused = await updateState((state, now) => {
        const busy = running(state, now)
        if (busy) return { next: null, result: busy }
        return { next: { ...state, running: { token, trigger, startedAt: now.toISOString(), until: new Date(now.getTime() + LEASE_MS).toISOString() } }, result: null }
      })
      if (refused) {
        throw new AppError(
          409,
          'BACKUP_RUNNING',
          m.backups_error_running({
            time: formatDateTime(refused.startedAt, { timeZone: club.timeZone }),
          }),
        )
      }
      const startedAt = clock()
      const began = performance.now()
      // The lease outlives a process that stops midway by at most LEASE_MS; while this one lives, it is renewed.
      const heartbeat = setInterval(() => {
        updateState((state, now) => ({
          next: state.running?.token === token ? { ...state, running: { ...state.running, until: new Date(now.getTime() + LEASE_MS).toISOString() } } : null,
          result: null,
        })).catch((error: unknown) => log.warn({ err: error }, 'could not renew the backup lock'))
      }, HEARTBEAT_MS)
      heartbeat.unref()
      let attempt: BackupAttempt
      try {
        const name = freeName(startedAt, trigger)
        const connection = await connectionOf(database)
        let bytes: number
        try {
          bytes = (await service.archive({ connection, filesDir, secret }, path.join(backupsDir, name), { now: startedAt })).bytes
        } finally {
          await connection.close()
        }
        attempt = { trigger, startedAt: startedAt.toISOString(), finishedAt: clock().toISOString(), durationMs: Math.round(performance.now() - began), ok: true, fileName: name, bytes, error: null }
        // Only after a success: failing backups never cost the club its good ones.
        await prune(club.backups.keep).catch((error: unknown) => log.error({ err: error }, 'could not delete old backups'))
        log.info({ file: name, bytes, ms: attempt.durationMs, trigger }, 'backup made')
      } catch (error) {
        attempt = {
          trigger,
          startedAt: startedAt.toISOString(),
          finishedAt: clock().toISOString(),
          durationMs: Math.round(performance.now() - began),
          ok: false,
          fileName: null,
          bytes: null,
          error: failureSentence(error, backupsDir),
        }
        log.error({ err: error, trigger }, 'backup failed')
      } finally {
        clearInterval(heartbeat)
      }
      await updateState((state) => ({
        next: { running: state.running?.token === token ? null : state.running, lastAttempt: attempt, lastSuccess: attempt.ok ? attempt : state.lastSuccess },
        result: null,
      }))
      return attempt
    },

    /** What the admin card shows. */
    async status(): Promise<BackupStatus> {
      const club = await settings.get()
      const state = await readState()
      const now = clock()
      const busy = running(state, now)
      return {
        enabled: club.backups.enabled,
        dailyAt: club.backups.dailyAt,
        keep: club.backups.keep,
        running: busy ? { trigger: busy.trigger, startedAt: busy.startedAt } : null,
        lastAttempt: state.lastAttempt,
        lastSuccess: state.lastSuccess,
        kept: (await serverArchives(backupsDir)).length,
        next: club.backups.enabled ? dueAt(await nextDay(club), club).toISOString() : null,
        folder: backupsDir,
      }
    },

    /** The newest archive the server made that is still in the folder, or null. */
    async newest() {
      for (const archive of await serverArchives(backupsDir)) {
        const file = path.join(backupsDir, archive.name)
        const info = await stat(file).catch(() => null)
        if (info?.isFile()) return { name: archive.name, file, bytes: info.size }
      }
      return null
    },

    /** The archive of that name, if the server made it and it is still there. */
    async archiveNamed(name: string) {
      if (!SERVER_ARCHIVE.test(name)) return null
      const file = path.join(backupsDir, name)
      const info = await stat(file).catch(() => null)
      return info?.isFile() ? { name, file, bytes: info.size } : null
    },

    /** Makes sure the next day's job waits: at start-up and when the settings change. */
    async schedule() {
      const club = await settings.get()
      if (!club.backups.enabled) return
      await enqueueDay(db, await nextDay(club), club)
      jobs.kick()
    },

    dueAt,
  }

  /** The first day whose backup time is still ahead and whose backup was not made yet. */
  async function nextDay(club: ClubSettings) {
    const now = clock()
    const today = todayIn(now, club.timeZone)
    const [done] = await db
      .select({ day: noticeRuns.day })
      .from(noticeRuns)
      .where(and(eq(noticeRuns.kind, RUN_KIND), eq(noticeRuns.day, today)))
    return !done && dueAt(today, club) > now ? today : addDays(today, 1)
  }

  /** Adds the job for `day` unless one as early is already waiting (other than the job `running`, which is about to end). */
  async function enqueueDay(executor: Executor, day: string, club: ClubSettings, running?: string) {
    const now = clock()
    const due = dueAt(day, club)
    const runAt = due > now ? due : now
    await jobs.enqueueDay(executor, { kind: DAILY_BACKUP_JOB, day, runAt, running })
  }

  async function runDay(day: string, job: string) {
    const club = await settings.get()
    // Switched off since: nothing, and no next day (switching on schedules again).
    if (!club.backups.enabled) return
    const now = clock()
    // The time was moved later since this job was written: wait for it.
    if (now < dueAt(day, club)) {
      await enqueueDay(db, day, club, job)
      return
    }
    // The claim commits before the backup starts: the backup reads in a transaction of its own
    // (on PGlite, the one connection), and a day is claimed once whatever becomes of its backup.
    const claimed = await withTransaction(db, async (tx) => {
      const [row] = await tx.insert(noticeRuns).values({ kind: RUN_KIND, day, createdAt: now }).onConflictDoNothing().returning()
      if (!row) return false
      const today = todayIn(now, club.timeZone)
      const firstAhead = dueAt(today, club) > now ? today : addDays(today, 1)
      await enqueueDay(tx, addDays(day, 1) > firstAhead ? addDays(day, 1) : firstAhead, club)
      return true
    })
    if (!claimed) return
    try {
      await service.backUp('daily')
    } catch (error) {
      // Another backup (an admin's) is being made right now: that one is today's.
      if (error instanceof AppError && error.code === 'BACKUP_RUNNING') log.info({ day }, 'daily backup skipped: another backup is being made')
      else throw error
    }
  }

  // The backup's own failures are recorded in its attempt; a throw here (the database) is retried.
  jobs.register(DAILY_BACKUP_JOB, async (payload, job) => runDay((payload as { day: string }).day, job.id), { maxAttempts: 5 })

  return service
}

export type Backups = ReturnType<typeof createBackups>
