import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { buildApp, type BuiltApp } from '../../../server/src/app'
import { openDatabase, type Database } from '../../../server/src/db/client'
import { mailOutbox, notices } from '../../../server/src/db/schema'
import type { OutboxMail } from '../../../src/contract/mail'
import { createBand, createBooking, createPeriod, createRoom, createUser } from '../support/factories'
import { withTransaction } from '../../../server/src/db/transaction'
import { createTestApp, TEST_SECRET, type TestApp } from '../support/test-app'
import { startSmtpServer } from '../support/smtp-server'
import { MAIL_DIGEST_MS } from '../../../server/src/mail/mailer'

/**
 * Delivery is durable and exactly once in effect (issue 17 item 3): two server processes on one
 * database (on PostgreSQL each with its own pool, as two processes have) race for the evening
 * reminders and their mails while the SMTP server refuses the first attempt; every person gets
 * one notice and one mail. A process that stops before the evening loses nothing: the next
 * one to start sends the reminders and their mails.
 */
let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let second: BuiltApp
let secondDatabase: Database | null = null

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ smtpUrl: smtp.url })
  secondDatabase = t.database.url ? await openDatabase({ url: t.database.url, dataDir: 'unused' }) : null
  second = await buildApp({ database: secondDatabase ?? t.database, jwtSecret: TEST_SECRET, clock: t.clock.now, smtpUrl: smtp.url })
  await second.app.ready()
})
afterAll(async () => {
  await second.app.close()
  await t.app.close()
  await secondDatabase?.close()
  await t.close()
  await smtp.close()
})

async function moveTo(iso: string) {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime())
}
const both = () => Promise.all([t.services.jobs.runDue(), second.services.jobs.runDue()])
const received = (emails: string[]) => smtp.received.flatMap((mail) => mail.to).filter((to) => emails.includes(to.replace(/[<>]/g, '')))

describe('delivery of notices with two processes', () => {
  it('tells each person once and sends each mail once while both race, retrying after the SMTP server refused', async () => {
    const room = await createRoom(t.db, { name: 'Studio A' })
    const rooms = [room, await createRoom(t.db, { name: 'Studio B' }), await createRoom(t.db, { name: 'Studio C' })]
    const period = await createPeriod(t.db, '3rd', '13:00', '14:30')
    const people = await Promise.all(Array.from({ length: 8 }, (_, n) => createUser(t.db, { displayName: `Player ${n}` })))
    const band = await createBand(t.db, people.slice(0, 6).map((person) => ({ userId: person.id })), { name: 'Big Band' })
    await createBooking(t.db, { room: rooms[0]!, period, date: '2026-06-02', userId: people[0]!.id, bandId: band.id })
    await createBooking(t.db, { room: rooms[1]!, period, date: '2026-06-02', userId: people[6]!.id, kind: 'personal' })
    const dropped = await createBooking(t.db, { room: rooms[2]!, period, date: '2026-06-02', userId: people[7]!.id, kind: 'personal' })
    // Cancelled through the app before the evening: no reminder.
    const seven = await t.signIn(people[7]!.email, people[7]!.password)
    const cancel = await t.inject({ method: 'POST', url: `/api/bookings/${dropped.id}/cancel`, headers: { authorization: `Bearer ${seven.access_token}` } })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const told = people.slice(0, 7)
    const emails = told.map((person) => person.email)

    smtp.state.refuse = true
    await moveTo('2026-06-01T11:00:00Z')
    await both()
    await both()
    // The mails wait a few minutes for other notices to the same people, then are tried.
    t.clock.advance(MAIL_DIGEST_MS)
    await both()
    const written = await t.db.select().from(notices).where(inArray(notices.userId, people.map((person) => person.id)))
    expect(written.map((notice) => notice.userId).sort()).toEqual(told.map((person) => person.id).sort())
    expect(written.every((notice) => notice.kind === 'booking-tomorrow')).toBe(true)
    expect(received(emails)).toEqual([])

    // The outbox shows each mail failing, with the server's answer.
    const admin = await t.as('admin')
    const outbox = (await t.inject({ method: 'GET', url: '/api/outbox?pageSize=50', headers: admin.headers })).json() as { items: OutboxMail[] }
    const mine = outbox.items.filter((mail) => emails.includes(mail.to))
    expect(mine).toHaveLength(7)
    expect(mine.every((mail) => mail.state === 'failing' && mail.error?.includes('451'))).toBe(true)

    // After the backoff both race again: every mail goes, once.
    smtp.state.refuse = false
    t.clock.advance(30_000)
    await both()
    await both()
    expect(received(emails).sort()).toEqual(emails.map((email) => `<${email}>`).sort())
    const rows = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'booking-tomorrow'), inArray(mailOutbox.to, emails)))
    expect(rows).toHaveLength(7)
    expect(rows.every((mail) => mail.sentAt !== null && mail.error === null)).toBe(true)
    const after = (await t.inject({ method: 'GET', url: '/api/outbox?pageSize=50', headers: admin.headers })).json() as { items: OutboxMail[] }
    expect(after.items.filter((mail) => emails.includes(mail.to)).every((mail) => mail.state === 'sent')).toBe(true)
  })

  it('sends each person one mail listing their notices while both processes race for the sends', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, (_, n) => createUser(t.db, { displayName: `Reader ${n}` })))
    const emails = people.map((person) => person.email)
    for (let n = 1; n <= 8; n += 1) {
      await withTransaction(t.db, (tx) =>
        t.services.notifier.notify(tx, { kind: 'feedback', userIds: people.map((person) => person.id), title: 'The executives replied to your feedback', body: `Reply number ${n}.`, link: '/feedback-list' }),
      )
      t.clock.advance(5_000)
    }
    // 48 send jobs fall due at once: each process claims five at a time and runs those five side by side.
    t.clock.advance(MAIL_DIGEST_MS)
    for (let pass = 0; pass < 4; pass += 1) await both()
    expect(received(emails).sort()).toEqual(emails.map((email) => `<${email}>`).sort())
    for (const email of emails) {
      const mail = smtp.received.find((sent) => sent.to.includes(`<${email}>`))!.data.replace(/=\r\n/g, '')
      for (let n = 1; n <= 8; n += 1) expect(mail).toContain(`Reply number ${n}.`)
    }
  })

  it('shows a mail whose every try failed as given up, with the last error', async () => {
    smtp.state.refuse = true
    try {
      await t.services.mailer.send({ to: 'nowhere@example.ac.jp', subject: 'Never arrives', text: 'Sorry.', kind: 'test' })
      // Eight tries with backoff (30 s … 64 min): two hours between passes covers each wait.
      for (let attempt = 0; attempt < 8; attempt += 1) {
        await both()
        t.clock.advance(2 * 60 * 60_000)
      }
    } finally {
      smtp.state.refuse = false
    }
    const admin = await t.as('admin')
    const outbox = (await t.inject({ method: 'GET', url: '/api/outbox?pageSize=50', headers: admin.headers })).json() as { items: OutboxMail[] }
    expect(outbox.items.find((mail) => mail.subject === 'Never arrives')).toMatchObject({ state: 'failed', sentAt: null, error: expect.stringContaining('451') })
    expect(received(['nowhere@example.ac.jp'])).toEqual([])
  })

  it('loses nothing when the processes stop before the evening: the next one sends the reminders', async () => {
    const room = await createRoom(t.db, { name: 'Studio D' })
    const period = await createPeriod(t.db, '4th', '15:00', '16:30')
    const person = await createUser(t.db, { displayName: 'Late Night' })
    await createBooking(t.db, { room, period, date: '2026-06-03', userId: person.id, kind: 'personal' })

    // Both processes stop (as at a deploy); the evening passes while none runs.
    await t.services.jobs.stop()
    await second.app.close()
    await moveTo('2026-06-02T11:30:00Z')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await t.db.select().from(notices).where(eq(notices.userId, person.id))).toEqual([])

    // The next process starts, while it is still the evening before, and sends them.
    second = await buildApp({ database: secondDatabase ?? t.database, jwtSecret: TEST_SECRET, clock: t.clock.now, smtpUrl: smtp.url })
    await second.app.ready()
    await vi.waitFor(async () => expect(await t.db.select().from(notices).where(eq(notices.userId, person.id))).toHaveLength(1))
    t.clock.advance(MAIL_DIGEST_MS)
    await second.services.jobs.runDue()
    expect((await t.db.select().from(notices).where(eq(notices.userId, person.id))).map((notice) => notice.title)).toEqual([
      'Tomorrow: You practise in Studio D, 4th period (15:00–16:30)',
    ])
    expect(received([person.email])).toEqual([`<${person.email}>`])
  })
})
