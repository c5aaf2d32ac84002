import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { openDatabase, type Db } from '../../server/src/db/client'
import { jobs, mailOutbox } from '../../server/src/db/schema'
import { claimDueJobs, createJobRunner, enqueue, purgeFinishedJobs, type JobRunner } from '../../server/src/jobs/job-runner'
import { withTransaction } from '../../server/src/db/transaction'
import { buildApp } from '../../server/src/app'
import { createTestApp, TEST_SECRET, type TestApp } from './support/test-app'
import { startSmtpServer } from './support/smtp-server'

const SECOND = 1000

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
const runners: JobRunner[] = []

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ smtpUrl: smtp.url })
})
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()))
  await t.close()
  await smtp.close()
})

/** A runner of this test's own, on the test app's database and clock (or another pool's). */
function runner(db: Db = t.db) {
  const created = createJobRunner({ db, clock: t.clock.now, log: t.app.log, pollMs: 60_000 })
  runners.push(created)
  return created
}

const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!

describe('jobs', () => {
  it('runs a due job once, and a later one only when its time comes', async () => {
    const a = runner()
    const seen: unknown[] = []
    a.register('test.once', async (payload) => {
      seen.push(payload)
    })
    const now = await a.enqueue(t.db, { kind: 'test.once', payload: { n: 1 } })
    const later = await a.enqueue(t.db, { kind: 'test.once', payload: { n: 2 }, runAt: new Date(t.clock.now().getTime() + 60 * SECOND) })

    expect(await a.runDue()).toBe(1)
    expect(await a.runDue()).toBe(0)
    expect(seen).toEqual([{ n: 1 }])
    expect(await jobRow(now.id)).toMatchObject({ attempts: 1, doneAt: t.clock.now(), lockedUntil: null, failedAt: null })

    t.clock.advance(60 * SECOND)
    expect(await a.runDue()).toBe(1)
    expect(seen).toEqual([{ n: 1 }, { n: 2 }])
    expect((await jobRow(later.id)).doneAt).not.toBeNull()
  })

  it('deletes jobs done over 30 days ago and failed over 90 days ago, and nothing still to run', async () => {
    const day = 24 * 60 * 60 * SECOND
    const now = t.clock.now()
    const ago = (days: number) => new Date(now.getTime() - days * day)
    const make = async (values: Partial<typeof jobs.$inferInsert>) => {
      const job = await enqueue(t.db, { kind: 'test.purge', payload: {}, runAt: ago(200) }, ago(200))
      if (Object.keys(values).length > 0) await t.db.update(jobs).set(values).where(eq(jobs.id, job.id))
      return job.id
    }
    const oldDone = await make({ doneAt: ago(31) })
    const recentDone = await make({ doneAt: ago(29) })
    const oldFailed = await make({ failedAt: ago(91) })
    const recentFailed = await make({ failedAt: ago(60) })
    const stillDue = await make({})

    expect(await purgeFinishedJobs(t.db, now)).toBe(2)
    const left = (await t.db.select({ id: jobs.id }).from(jobs)).map((job) => job.id)
    expect(left).not.toContain(oldDone)
    expect(left).not.toContain(oldFailed)
    expect(left).toEqual(expect.arrayContaining([recentDone, recentFailed, stillDue]))
    await t.db.delete(jobs).where(eq(jobs.kind, 'test.purge'))
  })

  it('exists only when the transaction that wrote it commits', async () => {
    const a = runner()
    a.register('test.tx', async () => {})
    await expect(
      withTransaction(t.db, async (tx) => {
        await a.enqueue(tx, { kind: 'test.tx', payload: {} })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'test.tx'))).toEqual([])
  })

  it('retries a failing job with backoff and fails it after its attempts', async () => {
    const a = runner()
    let calls = 0
    a.register(
      'test.fails',
      async () => {
        calls += 1
        throw new Error(`SMTP down (${calls})`)
      },
      { maxAttempts: 3 },
    )
    const job = await a.enqueue(t.db, { kind: 'test.fails', payload: {} })
    const start = t.clock.now().getTime()

    expect(await a.runDue()).toBe(1)
    expect(await jobRow(job.id)).toMatchObject({ attempts: 1, lastError: 'SMTP down (1)', runAt: new Date(start + 30 * SECOND), failedAt: null, lockedUntil: null })

    t.clock.advance(29 * SECOND)
    expect(await a.runDue()).toBe(0)
    t.clock.advance(1 * SECOND)
    expect(await a.runDue()).toBe(1)
    // Twice the wait after the second failure.
    expect(await jobRow(job.id)).toMatchObject({ attempts: 2, lastError: 'SMTP down (2)', runAt: new Date(start + 90 * SECOND) })

    t.clock.advance(59 * SECOND)
    expect(await a.runDue()).toBe(0)
    t.clock.advance(1 * SECOND)
    expect(await a.runDue()).toBe(1)
    expect(await jobRow(job.id)).toMatchObject({ attempts: 3, lastError: 'SMTP down (3)', failedAt: new Date(start + 90 * SECOND), doneAt: null })

    t.clock.advance(24 * 60 * 60 * SECOND)
    expect(await a.runDue()).toBe(0)
    expect(calls).toBe(3)
  })

  it('runs each of 50 due jobs exactly once when two runners (two pools on PostgreSQL) race for them', async () => {
    // On PostgreSQL the second runner has its own pool, as a second process would.
    const other = t.database.url ? await openDatabase({ url: t.database.url, dataDir: 'unused' }) : null
    try {
      const runs = new Map<number, number>()
      const byRunner = [0, 0]
      const handler = (index: number) => async (payload: unknown) => {
        const { n } = payload as { n: number }
        runs.set(n, (runs.get(n) ?? 0) + 1)
        byRunner[index]! += 1
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
      }
      const a = runner()
      const b = runner(other?.db ?? t.db)
      a.register('test.race', handler(0))
      b.register('test.race', handler(1))
      for (let n = 0; n < 50; n += 1) await enqueue(t.db, { kind: 'test.race', payload: { n } }, t.clock.now())

      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()])
      expect(ranA + ranB).toBe(50)
      expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, n) => n))
      expect([...runs.values()].every((count) => count === 1)).toBe(true)
      const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'test.race'))
      expect(rows.every((row) => row.doneAt !== null && row.attempts === 1)).toBe(true)
      expect(byRunner).toEqual([ranA, ranB])
    } finally {
      await other?.close()
    }
  })

  it('takes over a job whose lease ran out, and ignores the first runner if it finishes late', async () => {
    const a = runner()
    let runs = 0
    a.register('test.lease', async () => {
      runs += 1
    })
    const job = await a.enqueue(t.db, { kind: 'test.lease', payload: {} })
    // A process claims it and dies.
    const [claimed] = await claimDueJobs(t.db, { kinds: ['test.lease'], now: t.clock.now(), limit: 1, leaseMs: 60 * SECOND })
    expect(claimed).toMatchObject({ id: job.id, attempts: 1 })

    expect(await a.runDue()).toBe(0)
    t.clock.advance(60 * SECOND)
    expect(await a.runDue()).toBe(1)
    expect(runs).toBe(1)
    expect(await jobRow(job.id)).toMatchObject({ attempts: 2, doneAt: t.clock.now() })
  })

  it('sends a mail through a job and records it in the outbox', async () => {
    const before = smtp.received.length
    await t.services.mailer.send({ to: 'ada@example.com', subject: 'Hello from the job', text: 'It works.', kind: 'test' })
    // The mailer kicked the app's runner; this waits for that pass (or runs one).
    await t.services.jobs.runDue()
    await smtp.waitFor(before + 1)
    const mail = smtp.received.at(-1)!
    expect(mail.to).toEqual(['<ada@example.com>'])
    expect(mail.data).toContain('Subject: Hello from the job')
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Hello from the job'))
    expect(row).toMatchObject({ sentAt: t.clock.now(), error: null })
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'))
    expect(job).toMatchObject({ payload: { mailId: row!.id }, attempts: 1 })
    expect(job!.doneAt).not.toBeNull()
  })

  it('keeps a mail the SMTP server refused, shows the error in the outbox, and sends it on a later try', async () => {
    smtp.state.refuse = true
    const before = smtp.received.length
    await t.services.mailer.send({ to: 'bo@example.com', subject: 'Try again', text: 'Later.', kind: 'test' })
    await t.services.jobs.runDue()
    const outbox = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Try again')))[0]!
    expect(await outbox()).toMatchObject({ sentAt: null, error: expect.stringContaining('451') })
    expect(smtp.received.length).toBe(before)

    smtp.state.refuse = false
    t.clock.advance(30 * SECOND)
    await t.services.jobs.runDue()
    expect(smtp.received.length).toBe(before + 1)
    expect(await outbox()).toMatchObject({ sentAt: t.clock.now(), error: null })
  })

  it('sends, after a restart, a mail written by a process that stopped before sending it', async () => {
    // The first process stops its runner (as at shutdown) just before a mail is written.
    await t.services.jobs.stop()
    const before = smtp.received.length
    await t.services.mailer.send({ to: 'cy@example.com', subject: 'Across a restart', text: 'Still here.', kind: 'test' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(smtp.received.length).toBe(before)

    // The next process on the same database sends it as soon as it is ready.
    const next = await buildApp({ database: t.database, jwtSecret: TEST_SECRET, clock: t.clock.now, smtpUrl: smtp.url })
    try {
      await next.app.ready()
      await smtp.waitFor(before + 1)
      expect(smtp.received.at(-1)!.data).toContain('Subject: Across a restart')
      await next.services.jobs.runDue()
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Across a restart'))
      expect(row).toMatchObject({ sentAt: t.clock.now(), error: null })
    } finally {
      await next.app.close()
    }
  })
})
