import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { jobs, mailOutbox, notices } from '../../../server/src/db/schema'
import { MAIL_DIGEST_MS } from '../../../server/src/mail/mailer'
import { BOOKING_REMINDER_JOB } from '../../../server/src/notices/booking-reminders'
import { defaultClubSettings } from '../../../src/contract/settings'
import { createBand, createBooking, createPeriod, createRoom, createUser } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'
import { startSmtpServer } from '../support/smtp-server'

/**
 * The evening reminder of tomorrow's bookings (issue 17 item 3): a daily job due at the time in
 * the settings (20:00 club time by default) the evening before. The test clock starts on Mon
 * 1 June 2026 at 10:00 in Tokyo (01:00 UTC), so the first reminders, for Tue 2 June, are due at
 * 20:00 JST = 11:00 UTC.
 */
let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let room: Awaited<ReturnType<typeof createRoom>>
let period: Awaited<ReturnType<typeof createPeriod>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ smtpUrl: smtp.url })
  room = await createRoom(t.db, { name: 'Studio A' })
  period = await createPeriod(t.db, '3rd', '13:00', '14:30')
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const waitingJobs = () =>
  t.db
    .select({ day: sql<string>`${jobs.payload}->>'day'`, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, BOOKING_REMINDER_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)))
    .orderBy(jobs.runAt)

const noticesOf = (userIds: string[]) => t.db.select().from(notices).where(and(inArray(notices.userId, userIds), eq(notices.kind, 'booking-tomorrow')))

/** Moves the clock to an instant (never back) and runs what is due. */
async function runAt(iso: string) {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime())
  await t.services.jobs.runDue()
}

describe('booking reminders', () => {
  it('waits for the evening before, tells the people of each active booking once, and schedules the next day', async () => {
    // Started with the app: the job for tomorrow's bookings, due at 20:00 JST.
    expect(await waitingJobs()).toEqual([{ day: '2026-06-02', runAt: new Date('2026-06-01T11:00:00Z') }])

    const guitarist = await createUser(t.db, { displayName: 'Aoi' })
    const drummer = await createUser(t.db, { displayName: 'Ren' })
    const soloist = await createUser(t.db, { displayName: 'Sora' })
    const cancelled = await createUser(t.db, { displayName: 'Kai' })
    const later = await createUser(t.db, { displayName: 'Mio' })
    const band = await createBand(t.db, [{ userId: guitarist.id }, { userId: drummer.id }], { name: 'Night Owls' })
    await createBooking(t.db, { room, period, date: '2026-06-02', userId: guitarist.id, bandId: band.id })
    const otherRoom = await createRoom(t.db, { name: 'Studio B' })
    await createBooking(t.db, { room: otherRoom, period, date: '2026-06-02', userId: soloist.id, kind: 'personal' })
    // The drummer also practises alone later: one reminder names both.
    await createBooking(t.db, { room: otherRoom, period: await createPeriod(t.db, '4th', '14:40', '16:10'), date: '2026-06-02', userId: drummer.id, kind: 'personal' })
    const third = await createRoom(t.db, { name: 'Studio C' })
    await createBooking(t.db, { room: third, period, date: '2026-06-02', userId: cancelled.id, kind: 'personal', status: 'cancelled' })
    await createBooking(t.db, { room, period, date: '2026-06-03', userId: later.id, kind: 'personal' })
    const everyone = [guitarist.id, drummer.id, soloist.id, cancelled.id, later.id]

    await runAt('2026-06-01T10:59:00Z')
    expect(await noticesOf(everyone)).toEqual([])

    await runAt('2026-06-01T11:00:00Z')
    const told = await noticesOf(everyone)
    expect(told.map((notice) => notice.userId).sort()).toEqual([guitarist.id, drummer.id, soloist.id].sort())
    expect(told.find((notice) => notice.userId === guitarist.id)).toMatchObject({
      title: 'Tomorrow: Night Owls practises in Studio A, 3rd period (13:00–14:30)',
      link: '/room-booking-list',
      readAt: null,
    })
    const drummers = told.find((notice) => notice.userId === drummer.id)!
    expect(drummers.title).toBe('Tomorrow: 2 practices, the first at 13:00 in Studio A')
    expect(drummers.body).toContain('- Night Owls practises in Studio A, 3rd period (13:00–14:30)\n- You practise in Studio B, 4th period (14:40–16:10)')
    expect(told.find((notice) => notice.userId === soloist.id)!.title).toBe('Tomorrow: You practise in Studio B, 3rd period (13:00–14:30)')
    // Mail too, sent by the runner once other notices to the same people have had time to join it.
    t.clock.advance(MAIL_DIGEST_MS)
    await t.services.jobs.runDue()
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'booking-tomorrow'))
    expect(mails.map((mail) => mail.to).sort()).toEqual([guitarist.email, drummer.email, soloist.email].sort())
    expect(mails.every((mail) => mail.sentAt !== null)).toBe(true)
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([guitarist.email, drummer.email, soloist.email].map((email) => `<${email}>`).sort())

    // The next day's job waits for the next evening.
    expect(await waitingJobs()).toEqual([{ day: '2026-06-03', runAt: new Date('2026-06-02T11:00:00Z') }])

    // A second job for the same day (a second process, a retry) tells nobody again.
    await t.services.jobs.enqueue(t.db, { kind: BOOKING_REMINDER_JOB, payload: { day: '2026-06-02' } })
    await t.services.jobs.runDue()
    expect(await noticesOf(everyone)).toHaveLength(3)
    expect(await waitingJobs()).toEqual([{ day: '2026-06-03', runAt: new Date('2026-06-02T11:00:00Z') }])
  })

  it('follows the time in the settings: an earlier time adds a job for it, the old one then does nothing', async () => {
    const mio = await createUser(t.db, { displayName: 'Mio Again' })
    await createBooking(t.db, { room, period: await createPeriod(t.db, '5th', '16:00', '17:30'), date: '2026-06-03', userId: mio.id, kind: 'personal' })
    const admin = await t.as('admin')
    const response = await t.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.headers,
      payload: { ...defaultClubSettings, notices: { bookingReminderAt: '18:00' } },
    })
    expect(response.statusCode, response.body).toBe(200)
    // The settings listener schedules in the background; wait for its job.
    for (let tries = 0; tries < 50 && (await waitingJobs()).length < 2; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await waitingJobs()).toEqual([
      { day: '2026-06-03', runAt: new Date('2026-06-02T09:00:00Z') },
      { day: '2026-06-03', runAt: new Date('2026-06-02T11:00:00Z') },
    ])

    await runAt('2026-06-02T09:00:00Z')
    expect((await noticesOf([mio.id])).map((notice) => notice.title)).toEqual(['Tomorrow: You practise in Studio A, 5th period (16:00–17:30)'])
    await runAt('2026-06-02T11:00:00Z')
    expect(await noticesOf([mio.id])).toHaveLength(1)
    expect(await waitingJobs()).toEqual([{ day: '2026-06-04', runAt: new Date('2026-06-03T09:00:00Z') }])
  })

  it('follows a later time too: the job due at the old time waits for the new one instead of ending the chain', async () => {
    const ren = await createUser(t.db, { displayName: 'Ren' })
    await createBooking(t.db, { room, period: await createPeriod(t.db, '6th', '18:00', '19:30'), date: '2026-06-04', userId: ren.id, kind: 'personal' })
    const admin = await t.as('admin')
    const response = await t.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.headers,
      payload: { ...defaultClubSettings, notices: { bookingReminderAt: '21:00' } },
    })
    expect(response.statusCode, response.body).toBe(200)
    // The job written for 18:00 runs first, finds the time moved and waits for 21:00 (12:00 UTC).
    await runAt('2026-06-03T09:00:00Z')
    expect(await noticesOf([ren.id])).toHaveLength(0)
    expect(await waitingJobs()).toEqual([{ day: '2026-06-04', runAt: new Date('2026-06-03T12:00:00Z') }])
    await runAt('2026-06-03T12:00:00Z')
    expect((await noticesOf([ren.id])).map((notice) => notice.title)).toEqual(['Tomorrow: You practise in Studio A, 6th period (18:00–19:30)'])
    expect(await waitingJobs()).toEqual([{ day: '2026-06-05', runAt: new Date('2026-06-04T12:00:00Z') }])
  })

  it('refuses a reminder time that is not HH:MM with 400 on the field, changing nothing', async () => {
    const admin = await t.as('admin')
    const response = await t.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...defaultClubSettings, notices: { bookingReminderAt: '25:00' } } })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toEqual({ 'notices.bookingReminderAt': 'Use HH:MM, e.g. 20:00' })
    expect((await t.services.settings.get()).notices.bookingReminderAt).toBe('21:00')
  })
})
