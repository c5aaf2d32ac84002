import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { buildApp, type BuiltApp } from '../../../server/src/app'
import { loadConfig, storagePlaces } from '../../../server/src/config'
import type { writeBackup } from '../../../server/src/backup/backup.service'
import { DAILY_BACKUP_JOB } from '../../../server/src/backup/daily-backups'
import { restoreBackup, type RestoreTarget } from '../../../server/src/backup/restore.service'
import { openDatabase } from '../../../server/src/db/client'
import { noticeRuns, rooms, users } from '../../../server/src/db/schema'
import type { BackupAttempt, BackupLink, BackupStatus } from '../../../src/contract/backups'
import { todayIn } from '../../../src/contract/calendar'
import { createRoom } from '../support/factories'
import { createTestApp, TEST_SECRET, type TestApp } from '../support/test-app'
import { createScratchPostgres } from '../support/test-database'

/**
 * The daily backup and "Back up now" (issue 34, decision 041). The test clock starts on Mon
 * 1 June 2026 at 10:00 in Tokyo (01:00 UTC); the daily backup is due at 04:00 club time by
 * default, so the first one at 2026-06-01T19:00Z.
 */
let work: string
let backupsDir: string
let t: TestApp
let admin: Awaited<ReturnType<TestApp['as']>>
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'bandroom-daily-backups-'))
  backupsDir = path.join(work, 'backups')
  t = await createTestApp({ backupsDir })
  admin = await t.as('admin')
})
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  await t.close()
  await rm(work, { recursive: true, force: true })
})

const status = async (app: { inject: TestApp['inject'] } = t) => {
  const response = await app.inject({ method: 'GET', url: '/api/backups', headers: admin.headers })
  expect(response.statusCode).toBe(200)
  return response.json() as BackupStatus
}

/** Holds the next archive open until `release()`; `restore()` puts the real writer back. */
function holdArchive() {
  const real = t.services.backups.archive
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  t.services.backups.archive = (async (...args: Parameters<typeof writeBackup>) => {
    await gate
    return real(...args)
  }) as typeof writeBackup
  return { release, restore: () => (t.services.backups.archive = real) }
}

/** The running backup as `app` reports it, once one runs (null after 2 s without one). */
async function untilRunning(app: { inject: TestApp['inject'] } = t) {
  let running: BackupStatus['running'] = null
  for (let i = 0; i < 100 && !running; i++) {
    running = (await status(app)).running
    if (!running) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return running
}
const backUpNow = (app: { inject: TestApp['inject'] } = t) => app.inject({ method: 'POST', url: '/api/backups', headers: admin.headers })
const archives = () => (existsSync(backupsDir) ? readdirSync(backupsDir).filter((name) => name.endsWith('.tar.gz')).sort() : [])

/** Signs the admin in again: after the clock moved past their session. */
async function signInAgain(app: TestApp = t, who = admin) {
  const { access_token } = await app.signIn(who.user.email, who.user.password)
  who.headers = { authorization: `Bearer ${access_token}` }
}

/** Moves the clock to an instant (never back) and runs what is due. */
async function runAt(iso: string) {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime())
  await t.services.jobs.runDue()
  await signInAgain()
}

async function setBackups(backups: { enabled?: boolean; dailyAt?: string; keep?: number }) {
  const club = await t.services.settings.get()
  await t.services.settings.replace({ ...club, backups: { ...club.backups, ...backups } }, null)
  await t.services.backups.schedule()
}

/** A fresh, empty place to restore into: PostgreSQL when the tests have one, else a PGlite directory. */
async function emptyTarget(name: string): Promise<RestoreTarget> {
  const dataDir = path.join(work, name)
  const place = { filesDir: path.join(dataDir, 'files'), secretFile: path.join(dataDir, 'jwt-secret') }
  if (!process.env.TEST_DATABASE_URL) return { engine: 'pglite', pgliteDir: path.join(dataDir, 'pglite'), ...place }
  const scratch = await createScratchPostgres('bandroom_daily')
  cleanups.push(scratch.drop)
  return { engine: 'postgres', url: scratch.url, ...place }
}

describe('the daily backup', () => {
  it('makes an archive at the set club time that restore accepts, then one a day, keeping the newest `keep` of its own', async () => {
    const before = await status()
    expect(before).toMatchObject({ enabled: true, dailyAt: '04:00', keep: 14, running: null, lastAttempt: null, lastSuccess: null, kept: 0, next: '2026-06-01T19:00:00.000Z', folder: backupsDir })

    await setBackups({ dailyAt: '05:30', keep: 2 })
    expect((await status()).next).toBe('2026-06-01T20:30:00.000Z')
    await createRoom(t.db, { name: 'Studio Backed Up' })
    // Files the job did not make stay, whatever `keep` says: a backup by `npm run backup`, a note.
    const mine = path.join(backupsDir, 'bandroom-2026-05-01T00-00-00Z.tar.gz')
    mkdirSync(backupsDir, { recursive: true })
    writeFileSync(mine, 'made by hand')
    writeFileSync(path.join(backupsDir, 'notes.txt'), 'where the USB stick is')

    await runAt('2026-06-01T20:29:00Z')
    expect(archives()).toEqual(['bandroom-2026-05-01T00-00-00Z.tar.gz'])

    await runAt('2026-06-01T20:30:00Z')
    const first = 'bandroom-2026-06-01T20-30-00Z-daily.tar.gz'
    expect(archives()).toEqual(['bandroom-2026-05-01T00-00-00Z.tar.gz', first])
    const after = await status()
    expect(after.lastAttempt).toMatchObject({ trigger: 'daily', ok: true, fileName: first, error: null, startedAt: '2026-06-01T20:30:00.000Z' })
    expect(after.lastAttempt!.bytes).toBe(readFileSync(path.join(backupsDir, first)).length)
    expect(after.lastSuccess).toEqual(after.lastAttempt)
    expect(after).toMatchObject({ kept: 1, running: null, next: '2026-06-02T20:30:00.000Z' })

    // The restore service takes it: into an empty database, with the room made before it.
    const target = await emptyTarget('restored')
    await restoreBackup(path.join(backupsDir, first), target)
    const restored = target.engine === 'postgres' ? await openDatabase({ url: target.url, dataDir: 'unused' }) : await openDatabase({ dataDir: target.pgliteDir })
    cleanups.push(() => restored.close())
    expect((await restored.db.select({ name: rooms.name }).from(rooms)).map((room) => room.name)).toContain('Studio Backed Up')
    expect(readFileSync(target.secretFile!, 'utf8').trim()).toBe(new TextDecoder().decode(TEST_SECRET))

    // Running the due jobs again the same day makes no second archive.
    await runAt('2026-06-01T23:00:00Z')
    expect(archives()).toHaveLength(2)

    await runAt('2026-06-02T20:30:00Z')
    await runAt('2026-06-03T20:30:00Z')
    expect(archives()).toEqual([
      'bandroom-2026-05-01T00-00-00Z.tar.gz',
      'bandroom-2026-06-02T20-30-00Z-daily.tar.gz',
      'bandroom-2026-06-03T20-30-00Z-daily.tar.gz',
    ])
    expect(readdirSync(backupsDir)).toContain('notes.txt')
    expect(readFileSync(mine, 'utf8')).toBe('made by hand')
    expect((await status()).kept).toBe(2)
  }, 120_000)

  it('makes none while switched off, and says nothing is due', async () => {
    await setBackups({ enabled: false })
    const count = archives().length
    expect((await status()).next).toBeNull()
    await runAt('2026-06-04T20:30:00Z')
    await runAt('2026-06-05T20:30:00Z')
    expect(archives()).toHaveLength(count)
    await setBackups({ enabled: true })
    expect((await status()).next).toBe('2026-06-06T20:30:00.000Z')
  })
})

describe('back up now', () => {
  it('answers with the archive it made, refuses a second one while the first runs (409), and keeps `keep`', async () => {
    await setBackups({ keep: 3 })
    // The archive is held open until the test lets it finish.
    const { release, restore } = holdArchive()
    try {
      const first = backUpNow()
      const running = await untilRunning()
      expect(running).toEqual({ trigger: 'now', startedAt: t.clock.now().toISOString() })
      const second = await backUpNow()
      expect(second.statusCode).toBe(409)
      expect(second.json().error).toMatchObject({ code: 'BACKUP_RUNNING' })
      expect(second.json().error.message).toMatch(/^A backup is already being made \(started .+\)\. Wait until it has finished\.$/)

      release()
      const answer = await first
      expect(answer.statusCode).toBe(200)
      const { attempt, status: after } = answer.json() as { attempt: BackupAttempt; status: BackupStatus }
      expect(attempt).toMatchObject({ trigger: 'now', ok: true, error: null })
      expect(attempt.fileName).toMatch(/^bandroom-2026-06-0\dT\d\d-\d\d-\d\dZ-now\.tar\.gz$/)
      expect(after).toMatchObject({ running: null, lastAttempt: attempt, lastSuccess: attempt, kept: 3 })
    } finally {
      restore()
    }
    // Two in the same second get names of their own.
    const again = (await backUpNow()).json() as { attempt: BackupAttempt }
    expect(again.attempt.fileName).toMatch(/-now-2\.tar\.gz$/)
    expect(archives().filter((name) => /-(daily|now)/.test(name))).toHaveLength(3)
  })
})

describe('downloading the newest backup', () => {
  it('gives the newest archive’s bytes through a personal link that ends', async () => {
    const newest = (await status()).lastSuccess!
    const linked = await t.inject({ method: 'GET', url: '/api/backups/newest/link', headers: admin.headers })
    expect(linked.statusCode).toBe(200)
    const link = linked.json() as BackupLink
    expect(link).toMatchObject({ fileName: newest.fileName, bytes: newest.bytes })

    // The link works without the Bearer token (the browser saves it straight from the server).
    const download = await t.inject({ method: 'GET', url: link.url })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${newest.fileName}"`)
    expect(download.headers['content-type']).toBe('application/gzip')
    expect(download.rawPayload.equals(readFileSync(path.join(backupsDir, newest.fileName!)))).toBe(true)

    // A link for a file name of its own making, or past its time, opens nothing.
    expect((await t.inject({ method: 'GET', url: `${link.url}x` })).statusCode).toBe(403)
    t.clock.advance(11 * 60_000)
    await signInAgain()
    const late = await t.inject({ method: 'GET', url: link.url })
    expect(late.statusCode).toBe(403)
    expect(late.json().error.code).toBe('LINK_EXPIRED')
  })

  it('refuses the link of an admin who is no longer one', async () => {
    const other = await t.as('admin')
    const link = (await t.inject({ method: 'GET', url: '/api/backups/newest/link', headers: other.headers })).json() as BackupLink
    await t.db.update(users).set({ role: 'member' }).where(eq(users.id, other.user.id))
    expect((await t.inject({ method: 'GET', url: link.url })).statusCode).toBe(403)
  })
})

describe('a backup that fails', () => {
  let broken: TestApp
  let brokenAdmin: Awaited<ReturnType<TestApp['as']>>
  beforeAll(async () => {
    // The backups folder cannot be made: a file stands where it should be.
    writeFileSync(path.join(work, 'in-the-way'), 'a file, not a folder')
    broken = await createTestApp({ backupsDir: path.join(work, 'in-the-way', 'backups') })
    brokenAdmin = await broken.as('admin')
  })
  afterAll(() => broken.close())

  it('records the sentence that says why, and the card’s status shows it; there is nothing to download', async () => {
    const answer = await broken.inject({ method: 'POST', url: '/api/backups', headers: brokenAdmin.headers })
    expect(answer.statusCode).toBe(200)
    const { attempt } = answer.json() as { attempt: BackupAttempt }
    expect(attempt).toMatchObject({ ok: false, fileName: null, bytes: null, trigger: 'now' })
    expect(attempt.error).toBe(
      `No backup was made: the backups folder ${path.join(work, 'in-the-way', 'backups')} is not a folder the server can write in (a file is in its way). Set BACKUPS_DIR to a folder.`,
    )
    const shown = (await broken.inject({ method: 'GET', url: '/api/backups', headers: brokenAdmin.headers })).json() as BackupStatus
    expect(shown).toMatchObject({ lastAttempt: attempt, lastSuccess: null, running: null, kept: 0 })

    const link = await broken.inject({ method: 'GET', url: '/api/backups/newest/link', headers: brokenAdmin.headers })
    expect(link.statusCode).toBe(404)
    expect(link.json().error.message).toBe('There is no backup to download yet: make one with “Back up now”.')
  })

  it('records the daily one’s failure too', async () => {
    broken.clock.advance(Date.parse('2026-06-01T19:00:00Z') - broken.clock.now().getTime())
    await broken.services.jobs.runDue()
    await signInAgain(broken, brokenAdmin)
    const shown = (await broken.inject({ method: 'GET', url: '/api/backups', headers: brokenAdmin.headers })).json() as BackupStatus
    expect(shown.lastAttempt).toMatchObject({ trigger: 'daily', ok: false, startedAt: '2026-06-01T19:00:00.000Z' })
    expect(shown.lastAttempt!.error).toMatch(/is not a folder the server can write in/)
  })
})

describe('several server processes on one database', () => {
  it('make one backup per day, and one at a time', async () => {
    // The second process: its own pool on PostgreSQL (a second process would have one), the same clock and folder.
    const otherDatabase = t.database.url ? await openDatabase({ url: t.database.url, dataDir: 'unused' }) : null
    const other: BuiltApp = await buildApp({ database: otherDatabase ?? t.database, jwtSecret: TEST_SECRET, clock: t.clock.now, backupsDir })
    try {
      await other.app.ready()
      await setBackups({ keep: 30 })
      const next = (await status()).next!
      const day = todayIn(new Date(next), (await t.services.settings.get()).timeZone)
      // Two processes starting at the same moment may each add the day's job: both are due together.
      await other.services.jobs.enqueue(t.db, { kind: DAILY_BACKUP_JOB, payload: { day }, runAt: new Date(next) })
      const before = archives().length
      t.clock.advance(Date.parse(next) - t.clock.now().getTime())
      await Promise.all([t.services.jobs.runDue(), other.services.jobs.runDue()])
      await signInAgain()
      await Promise.all([t.services.jobs.runDue(), other.services.jobs.runDue()])
      expect(archives()).toHaveLength(before + 1)
      // A duplicate that comes later that day (a process that was slow to start) makes none either.
      await other.services.jobs.enqueue(t.db, { kind: DAILY_BACKUP_JOB, payload: { day }, runAt: new Date(next) })
      await other.services.jobs.runDue()
      expect(archives()).toHaveLength(before + 1)
      expect(await t.db.select().from(noticeRuns).where(and(eq(noticeRuns.kind, 'daily-backup'), eq(noticeRuns.day, day)))).toHaveLength(1)

      // "Back up now" in one process while the other is making one: 409.
      const { release, restore } = holdArchive()
      try {
        const first = backUpNow()
        expect(await untilRunning(other.app)).not.toBeNull()
        expect((await backUpNow(other.app)).statusCode).toBe(409)
        release()
        expect((await first).statusCode).toBe(200)
      } finally {
        restore()
      }
    } finally {
      await other.app.close()
      await otherDatabase?.close()
    }
  })
})

describe('the backups folder', () => {
  it('is BACKUPS_DIR, ./backups by default, for the server and npm run backup alike', () => {
    expect(storagePlaces({ DATA_DIR: './data' }).backupsDir).toBe(path.resolve('backups'))
    expect(loadConfig({ DATA_DIR: work, JWT_SECRET: 'x'.repeat(32) }).backupsDir).toBe(path.resolve('backups'))
    expect(loadConfig({ DATA_DIR: work, JWT_SECRET: 'x'.repeat(32), BACKUPS_DIR: '/srv/club-backups' }).backupsDir).toBe('/srv/club-backups')
  })
})
