import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { request } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, count, eq, isNull, lte } from 'drizzle-orm'
import { insertClubLive } from '../../bench/live-seed'
import { openDatabase } from '../../server/src/db/client'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoClub } from '../../server/src/demo/demo-club'
import { jobs, notices } from '../../server/src/db/schema'
import { BOOKING_REMINDER_JOB } from '../../server/src/notices/booking-reminders'
import { runServerScript, startServer, type ServerProcess } from '../support/server-process'
import { createScratchPostgres } from './support/test-database'
import { startSmtpServer } from './support/smtp-server'
import { samples, sha256, tusClient } from './files/support'

// Real server processes, as `npm start` runs them, on one database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'bandroom-processes-'))
const servers: ServerProcess[] = []
const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL')
  await Promise.all(servers.map((server) => server.exited))
  for (const cleanup of cleanups) await cleanup()
  rmSync(dataDir, { recursive: true, force: true })
})

type Json = Record<string, unknown>
const call = async (baseURL: string, url: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const response = await fetch(`${baseURL}${url}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json }
}
const signIn = async (baseURL: string, email: string, password = DEMO_PASSWORD) =>
  (await call(baseURL, '/api/login', { method: 'POST', body: { email, password } })).body.access_token as string

if (process.env.TEST_DATABASE_KIND === 'postgres') {
  describe('two server processes on one PostgreSQL', () => {
    let a: string
    let b: string
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>
    let databaseUrl: string
    beforeAll(async () => {
      smtp = await startSmtpServer()
      cleanups.push(() => smtp.close())
      const scratch = await createScratchPostgres('bandroom_processes')
      cleanups.push(scratch.drop)
      databaseUrl = scratch.url
      const database = await openDatabase({ url: scratch.url, dataDir: 'unused' })
      await database.migrate()
      await loadDemoClub(database.db)
      await database.close()
      const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url, JWT_SECRET: 'processes-test-secret-that-is-long-enough-0123', LOGIN_RATE_LIMIT_PER_MINUTE: '1000', SMTP_URL: smtp.url }
      const [one, two] = await Promise.all([startServer(env), startServer(env)])
      servers.push(one, two)
      a = one.baseURL
      b = two.baseURL
    }, 120_000)

    it('shows a booking made on one on the other\'s grids at the next request', async () => {
      // An executive closing a slot: no quota stands in the way.
      const token = await signIn(a, DEMO_ACCOUNTS.president)
      const week = (await call(b, '/api/room-schedule?week=' + nextWeek(), { token })).body as unknown as WeekGrid

      let booked: { roomId: string; date: string; periodId: string } | undefined
      for (const slot of freeSlots(week)) {
        const response = await call(a, '/api/bookings', { method: 'POST', token, body: { ...slot, kind: 'block', reason: 'Amplifier repair' } })
        if (response.status === 201) {
          booked = slot
          break
        }
      }
      expect(booked).toBeDefined()
      const isBooked = (grid: WeekGrid) => grid.entries.some((entry) => entry.roomId === booked!.roomId && entry.date === booked!.date && entry.periodId === booked!.periodId)
      expect(isBooked((await call(b, '/api/room-schedule?week=' + nextWeek(), { token })).body as unknown as WeekGrid)).toBe(true)
      expect(isBooked((await call(b, '/api/public/room-schedule?week=' + nextWeek())).body as unknown as WeekGrid)).toBe(true)
    })

    it('applies a settings change made on one to the other at the next request', async () => {
      const admin = await signIn(a, DEMO_ACCOUNTS.admin)
      const settings = (await call(b, '/api/settings', { token: admin })).body
      expect((await call(b, '/api/public/room-schedule')).body.clubName).toBe(settings.clubName)
      const renamed = { ...settings, clubName: 'Renamed Light Music Club' }
      expect((await call(a, '/api/settings', { method: 'PUT', token: admin, body: renamed })).status).toBe(200)
      expect((await call(b, '/api/settings', { token: admin })).body.clubName).toBe('Renamed Light Music Club')
      expect((await call(b, '/api/public/room-schedule')).body.clubName).toBe('Renamed Light Music Club')
    })

    it('shows on the other\'s dashboard, kept in its memory, notices read on one at the next request', async () => {
      const token = await signIn(a, DEMO_ACCOUNTS.member)
      const me = ((await call(a, '/api/me', { token })).body as { user: { id: string } }).user
      const database = await openDatabase({ url: databaseUrl, dataDir: 'unused' })
      // In the club's evening the demo club's booking reminders go out when the processes start
      // (decision 023), the member's among them: once they have, the count is this test's own.
      const dueReminders = async () =>
        (await database.db.select({ n: count() }).from(jobs).where(and(eq(jobs.kind, BOOKING_REMINDER_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, new Date()))))[0]!.n
      await expect.poll(dueReminders, { timeout: 20_000 }).toBe(0)
      const [{ n: before }] = await database.db.select({ n: count() }).from(notices).where(and(eq(notices.userId, me.id), isNull(notices.readAt)))
      await database.db.insert(notices).values({ userId: me.id, kind: 'timetable', title: 'The timetable is out' })
      await database.close()
      const unread = async (baseURL: string) => ((await call(baseURL, '/api/dashboard', { token })).body.notices as { unread: number }).unread
      expect(await unread(b)).toBe(before + 1)
      expect(await unread(b)).toBe(before + 1) // the kept answer
      expect((await call(a, '/api/notices/read-all', { method: 'POST', token })).status).toBe(200)
      expect(await unread(b)).toBe(0)
    })

    it('refuses on one a session signed out on the other', async () => {
      const token = await signIn(a, DEMO_ACCOUNTS.president)
      expect((await call(b, '/api/me', { token })).status).toBe(200)
      expect((await call(b, '/api/logout', { method: 'POST', token })).status).toBeLessThan(300)
      expect((await call(a, '/api/me', { token })).status).toBe(401)
    })

    it('sends each mail once though both processes run the jobs', async () => {
      const people = ['member01', 'member03', 'member05', 'member07'].map((name) => `${name}@demo.bandroom.local`)
      for (const [index, email] of people.entries()) {
        const response = await call(index % 2 ? a : b, '/api/password-reset/request', { method: 'POST', body: { email } })
        expect(response.status).toBe(202)
      }
      // Only the reset mails: in the evening the demo club's booking reminders go out too (decision 023).
      const resets = () => smtp.received.filter((mail) => mail.data.includes('Subject: Reset your Bandroom password'))
      await expect.poll(() => resets().length, { timeout: 20_000 }).toBe(people.length)
      // Both processes look for due jobs every 5 s: past that, still one mail each.
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(resets().flatMap((mail) => mail.to.map((to) => to.replace(/[<>]/g, ''))).sort()).toEqual(people.sort())
    }, 120_000)

    it('lets one request at a time write an upload, whichever process it reached, and nothing write into a stored file', async () => {
      const token = await signIn(a, DEMO_ACCOUNTS.president)
      const auth = { authorization: `Bearer ${token}` }
      const tusHeaders = { ...auth, 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' }
      const minutes = samples.text("Minutes of the executives' meeting\n".repeat(8))
      // A page that runs a script, padded to the file's length.
      const page = Buffer.alloc(minutes.length, ' ')
      samples.html().copy(page)
      const created = await tusClient(a, auth).create(minutes.length, { filename: 'minutes-two-processes.txt' })
      expect(created.status).toBe(201)

      // On A, a PATCH at offset 0 whose headers go at once and whose body is held back…
      const attack = request(`${a}${created.location}`, { method: 'PATCH', headers: { ...tusHeaders, 'upload-offset': '0' } })
      const attackAnswered = new Promise<number>((resolve) => {
        attack.on('response', (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        })
        attack.on('error', () => resolve(0))
      })
      attack.flushHeaders()
      await new Promise((resolve) => setTimeout(resolve, 500))
      // …while the uploader sends the whole file on B, which checks and stores it.
      const sent = await tusClient(b, auth).patch(created.location!, 0, minutes)
      expect(sent, sent.body).toMatchObject({ status: 204, offset: minutes.length })
      // Then A's body comes: it must not land in the stored file.
      attack.end(page)
      await attackAnswered
      await new Promise((resolve) => setTimeout(resolve, 300))
      const listed = (await call(b, '/api/files?q=minutes-two-processes.txt', { token })).body as { items: Array<{ id: string; type: string; sha256: string }> }
      expect(listed.items).toEqual([expect.objectContaining({ type: 'text/plain', sha256: sha256(minutes) })])
      const storedBytes = async () => {
        const link = (await call(a, `/api/files/${listed.items[0]!.id}/link`, { token })).body as { url: string }
        return Buffer.from(await (await fetch(`${b}${link.url}`)).arrayBuffer()).toString()
      }
      expect(await storedBytes()).toBe(minutes.toString())

      // Nor may any later PATCH, on either process, at any offset.
      for (const [server, offset, body] of [[a, 0, page], [b, minutes.length, Buffer.alloc(0)], [a, minutes.length, Buffer.alloc(0)]] as const) {
        const later = await fetch(`${server}${created.location}`, { method: 'PATCH', headers: { ...tusHeaders, 'upload-offset': String(offset) }, body: new Uint8Array(body) })
        expect(later.status).toBe(409)
        expect(((await later.json()) as { error: { code: string } }).error.code).toBe('CONFLICT')
      }
      expect(await storedBytes()).toBe(minutes.toString())
    })

    it('counts failed sign-ins made to both against one account', async () => {
      const email = 'member01@demo.bandroom.local'
      const tries = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call(i % 2 ? a : b, '/api/login', { method: 'POST', body: { email, password: `wrong ${i}` } })),
      )
      expect(tries.filter((response) => response.status === 401)).toHaveLength(5)
      expect((await call(a, '/api/login', { method: 'POST', body: { email, password: DEMO_PASSWORD } })).status).toBe(429)
      expect((await call(b, '/api/login', { method: 'POST', body: { email, password: DEMO_PASSWORD } })).status).toBe(429)
    })

    it('stops on one a "Keep improving" run going on the other, and both tell its state (decision 045)', async () => {
      const database = await openDatabase({ url: databaseUrl, dataDir: 'unused' })
      const live = await insertClubLive(database.db, { bands: 30, days: 2, stages: 2 }, 21)
      await database.close()
      const token = await signIn(a, DEMO_ACCOUNTS.president)
      const url = `/api/events/${live.id}/timetable/improvement`
      // The spread preset's bound is loose: the run goes on until stopped.
      expect((await call(a, url, { method: 'POST', token, body: { preset: 'spread', seconds: 90 } })).status).toBe(202)
      expect((await call(b, url, { method: 'POST', token, body: { preset: 'spread', seconds: 90 } })).body).toMatchObject({ error: { code: 'IMPROVEMENT_RUNNING' } })
      const state = async (baseURL: string) => (await call(baseURL, url, { token })).body.improvement as { status: string; searches: number; secondsDone: number; cost: number | null }
      await expect.poll(async () => (await state(b)).searches, { timeout: 30_000 }).toBeGreaterThan(0)
      expect((await call(b, `${url}/stop`, { method: 'POST', token })).status).toBe(200)
      await expect.poll(async () => (await state(a)).status, { timeout: 30_000 }).toBe('stopped')
      const stopped = await state(b)
      expect(stopped.status).toBe('stopped')
      expect(stopped.secondsDone).toBeLessThan(90)
      const view = (await call(b, `/api/events/${live.id}/timetable`, { token })).body as { draft: { placements: unknown[] } | null }
      expect(view.draft?.placements.length).toBeGreaterThan(0)
    }, 90_000)
  })

  it('counts sign-in calls from one address made to both against the per-address limit', async () => {
    const scratch = await createScratchPostgres('bandroom_processes_limit')
    cleanups.push(scratch.drop)
    const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url, JWT_SECRET: 'processes-test-secret-that-is-long-enough-0123', LOGIN_RATE_LIMIT_PER_MINUTE: '6' }
    const one = await startServer(env)
    const two = await startServer(env)
    servers.push(one, two)
    const statuses: number[] = []
    for (let i = 0; i < 8; i += 1) {
      const server = i % 2 ? one.baseURL : two.baseURL
      statuses.push((await call(server, '/api/login', { method: 'POST', body: { email: `nobody${i}@example.ac.jp`, password: 'not the password' } })).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429])
  }, 120_000)

  it('runs WORKERS=2 server processes on one port', async () => {
    const scratch = await createScratchPostgres('bandroom_processes_workers')
    cleanups.push(scratch.drop)
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: scratch.url, WORKERS: '2', LOG_LEVEL: 'info' })
    servers.push(server)
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('with 2 processes')
    const workers = execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)], { encoding: 'utf8' }).trim().split(/\s+/)
    expect(workers).toHaveLength(2)
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(server.baseURL, '/api/health')))
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
  }, 120_000)
} else {
  it('runs one process on PGlite even when WORKERS asks for more, and says so', async () => {
    const server = runServerScript('main', { DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: '3', PORT: '0' })
    servers.push(server)
    await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('WORKERS=3 is ignored: the embedded database (PGlite) runs in one process.')
  }, 120_000)
}

type WeekGrid = {
  days: string[]
  today: string
  lastBookableDate: string
  rooms: Array<{ id: string }>
  periods: Array<{ id: string }>
  blackouts: Array<{ date: string; roomId: string | null }>
  entries: Array<{ roomId: string; date: string; periodId: string }>
  clubName?: string
}

function nextWeek() {
  return new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** Slots of the week nobody has taken, after today and within the booking horizon. */
function* freeSlots(week: WeekGrid) {
  for (const date of week.days) {
    if (date <= week.today || date > week.lastBookableDate) continue
    for (const room of week.rooms) {
      for (const period of week.periods) {
        if (!week.entries.some((entry) => entry.roomId === room.id && entry.date === date && entry.periodId === period.id)) {
          yield { roomId: room.id, date, periodId: period.id }
        }
      }
    }
  }
}
