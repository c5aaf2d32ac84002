import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import { mailOutbox } from '../../../server/src/db/schema'
import { withTransaction } from '../../../server/src/db/transaction'
import { MAIL_DIGEST_MS } from '../../../server/src/mail/mailer'
import { createUser } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'
import { startSmtpServer } from '../support/smtp-server'

/**
 * One action must not fill a person's inbox (issue 33 item 15): notice mails to one person
 * written within a few minutes go as one mail that lists them all.
 */
let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'https://club.example' })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const to = (email: string) => smtp.received.filter((mail) => mail.to.includes(`<${email}>`))
const reply = (userId: string, n: number) =>
  withTransaction(t.db, (tx) =>
    t.services.notifier.notify(tx, { kind: 'feedback', userIds: [userId], title: 'The executives replied to your feedback', body: `Reply number ${n}.`, link: '/feedback-list' }),
  )

describe('notice mails to one person', () => {
  it('sends twenty replies within a few minutes as one mail listing all twenty', async () => {
    const author = await createUser(t.db, { displayName: 'Quiet Author' })
    const other = await createUser(t.db, { displayName: 'Other Member' })
    for (let n = 1; n <= 20; n += 1) {
      await reply(author.id, n)
      t.clock.advance(5_000)
    }
    await reply(other.id, 1)
    t.services.mailer.flush()
    await t.services.jobs.runDue()
    // Nothing goes while more may follow…
    expect(to(author.email)).toEqual([])

    // …then one mail with every reply, and the other person's own mail.
    t.clock.advance(MAIL_DIGEST_MS)
    await t.services.jobs.runDue()
    await t.services.jobs.runDue()
    expect(to(author.email)).toHaveLength(1)
    const mail = to(author.email)[0]!.data.replace(/=\r\n/g, '')
    for (let n = 1; n <= 20; n += 1) expect(mail).toContain(`Reply number ${n}.`)
    expect(mail.match(/Hello Quiet Author,/g)).toHaveLength(1)
    expect(to(other.email)).toHaveLength(1)
    const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, [author.email, other.email]))
    expect(rows).toHaveLength(21)
    expect(rows.every((row) => row.sentAt !== null)).toBe(true)

    // A reply after that mail went comes in a mail of its own, a few minutes later.
    await reply(author.id, 21)
    t.clock.advance(MAIL_DIGEST_MS)
    await t.services.jobs.runDue()
    expect(to(author.email)).toHaveLength(2)
    expect(to(author.email)[1]!.data).toContain('Reply number 21.')
    expect(to(author.email)[1]!.data).not.toContain('Reply number 20.')
  })

  it('sends a password-reset mail at once, on its own', async () => {
    const person = await createUser(t.db, { displayName: 'Forgetful' })
    await reply(person.id, 1)
    await t.services.passwordReset.issue(person)
    await t.services.jobs.runDue()
    expect(to(person.email).map((mail) => /Subject: (.*)/.exec(mail.data)?.[1])).toEqual(['Reset your Bandroom password'])
  })
})
