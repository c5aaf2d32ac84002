import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { jobs, mailOutbox, notices } from '../../../server/src/db/schema'
import { withTransaction } from '../../../server/src/db/transaction'
import { MAIL_DIGEST_MS } from '../../../server/src/mail/mailer'
import { createUser } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'
import { startSmtpServer } from '../support/smtp-server'

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

describe('notify', () => {
  it('writes one notice and one mail per active person, only when the change commits', async () => {
    const ren = await createUser(t.db, { displayName: 'Ren' })
    const aoi = await createUser(t.db, { displayName: 'Aoi' })
    const gone = await createUser(t.db, { status: 'suspended' })
    const message = { kind: 'allocation-result' as const, userIds: [ren.id, aoi.id, ren.id, gone.id], title: 'Midnight Train got Studio A on Tue 3rd', body: 'One of your three wishes was met.', link: '/room-allocation-list' }

    await expect(
      withTransaction(t.db, async (tx) => {
        await t.services.notifier.notify(tx, message)
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await t.db.select().from(notices).where(inArray(notices.userId, [ren.id, aoi.id, gone.id]))).toEqual([])

    const told = await withTransaction(t.db, (tx) => t.services.notifier.notify(tx, message))
    expect(told).toBe(2)
    const rows = await t.db.select().from(notices).where(inArray(notices.userId, [ren.id, aoi.id, gone.id]))
    expect(rows.map((row) => row.userId).sort()).toEqual([ren.id, aoi.id].sort())
    expect(rows[0]).toMatchObject({ kind: 'allocation-result', title: message.title, body: message.body, link: '/room-allocation-list', readAt: null })

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'allocation-result'))
    expect(mails.map((mail) => mail.to).sort()).toEqual([ren.email, aoi.email].sort())
    const toRen = mails.find((mail) => mail.to === ren.email)!
    expect(toRen.subject).toBe(message.title)
    expect(toRen.text).toContain('Hello Ren,')
    expect(toRen.text).toContain('https://club.example/room-allocation-list')

    // The mails are sent by the job runner, over SMTP, after a few minutes (other notices may join them).
    t.services.mailer.flush()
    t.clock.advance(MAIL_DIGEST_MS)
    await t.services.jobs.runDue()
    const sent = smtp.received.filter((mail) => mail.data.includes('Midnight Train got Studio A'))
    expect(sent.flatMap((mail) => mail.to).map((to) => to.replace(/[<>]/g, '')).sort()).toEqual([ren.email, aoi.email].sort())
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'))).not.toHaveLength(0)
  })

  it('tells nobody when there is nobody to tell', async () => {
    expect(await withTransaction(t.db, (tx) => t.services.notifier.notify(tx, { kind: 'timetable', userIds: [], title: 'x' }))).toBe(0)
  })
})
