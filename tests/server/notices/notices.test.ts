import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { mailOutbox, noticePreferences, notices } from '../../../server/src/db/schema'
import { withTransaction } from '../../../server/src/db/transaction'
import type { Notice, NoticePage } from '../../../src/contract/notices'
import { createApplication, createBand, createEvent } from '../support/factories'
import { createTestApp, minutes, type TestApp } from '../support/test-app'

/**
 * The notice centre (issue 17 item 3): my notices paged newest first, the unread count, marking
 * read, my choices per kind and how `notify` honours them; and the kinds wired to their
 * changes: an application decision and a published or changed timetable.
 */
type Caller = Awaited<ReturnType<TestApp['as']>>

let t: TestApp
let executive: Caller
let admin: Caller
let aoi: Caller
let ren: Caller

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://club.example' })
  executive = await t.as('executive')
  admin = await t.as('admin')
  aoi = await t.as('member', { displayName: 'Aoi' })
  ren = await t.as('member', { displayName: 'Ren' })
})
afterAll(() => t.close())

const NIL = '00000000-0000-4000-8000-000000000000'
const call = (who: Caller | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) })

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json().error.code).toBe(code)
  return response.json().error as { code: string; message: string; fields?: Record<string, string> }
}

async function page(who: Caller, query = '') {
  const response = await call(who, 'GET', `/api/notices${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as NoticePage
}
const unread = async (who: Caller) => ((await call(who, 'GET', '/api/notices/unread-count')).json() as { unread: number }).unread

const tell = (userIds: string[], title: string, kind: Notice['kind'] = 'allocation-result') =>
  withTransaction(t.db, (tx) => t.services.notifier.notify(tx, { kind, userIds, title, body: 'More words.', link: '/room-booking-list' }))

const everyKind = (delivery: 'mail' | 'app' | 'off') => ({
  'booking-tomorrow': delivery,
  'allocation-result': delivery,
  'application-decision': delivery,
  timetable: delivery,
  feedback: delivery,
  'file-shared': delivery,
  suggestion: delivery,
})

describe('GET /api/notices and the unread count', () => {
  it('lists only my notices, newest first, paged, with the unread count over all of them', async () => {
    const me = await t.as('member')
    expect(await page(me)).toEqual({ items: [], total: 0, unread: 0 })
    for (const n of [1, 2, 3]) {
      await tell([me.user.id, ren.user.id], `Notice ${n}`)
      t.clock.advance(minutes(1))
    }
    const first = await page(me, '?pageSize=2')
    expect(first.items.map((notice) => notice.title)).toEqual(['Notice 3', 'Notice 2'])
    expect(first).toMatchObject({ total: 3, unread: 3 })
    expect(first.items[0]).toMatchObject({ kind: 'allocation-result', body: 'More words.', link: '/room-booking-list', readAt: null })
    const second = await page(me, '?pageSize=2&page=2')
    expect(second.items.map((notice) => notice.title)).toEqual(['Notice 1'])
    expect(await unread(me)).toBe(3)
  })

  it('refuses a bad page with 400 and visitors with 401', async () => {
    const error = expectError(await call(aoi, 'GET', '/api/notices?page=0&pageSize=500'), 400, 'VALIDATION_FAILED')
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['page', 'pageSize'])
    for (const url of ['/api/notices', '/api/notices/unread-count', '/api/me/notice-preferences']) expectError(await call(null, 'GET', url), 401, 'UNAUTHENTICATED')
  })
})

describe('marking notices read', () => {
  it('marks one, then all; another person’s notice is a 404 and stays unread', async () => {
    const me = await t.as('member')
    const other = await t.as('member')
    await tell([me.user.id, other.user.id], 'First')
    await tell([me.user.id], 'Second')
    const [second, first] = (await page(me)).items
    const theirs = (await page(other)).items[0]!

    t.clock.advance(minutes(1))
    const response = await call(me, 'POST', `/api/notices/${first!.id}/read`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ id: first!.id, readAt: t.clock.now().toISOString() })
    expect(await unread(me)).toBe(1)
    // Again: no change, same answer.
    t.clock.advance(minutes(1))
    expect((await call(me, 'POST', `/api/notices/${first!.id}/read`)).json()).toMatchObject({ readAt: new Date(t.clock.now().getTime() - minutes(1)).toISOString() })

    expectError(await call(me, 'POST', `/api/notices/${theirs.id}/read`), 404, 'NOT_FOUND')
    expectError(await call(me, 'POST', `/api/notices/${NIL}/read`), 404, 'NOT_FOUND')
    expectError(await call(me, 'POST', '/api/notices/not-an-id/read'), 400, 'VALIDATION_FAILED')
    expect(await unread(other)).toBe(1)

    const all = await call(me, 'POST', '/api/notices/read-all')
    expect(all.json()).toEqual({ unread: 0 })
    expect(await unread(me)).toBe(0)
    expect((await page(me)).items.every((notice) => notice.readAt !== null)).toBe(true)
    expect((await page(me)).items.find((notice) => notice.id === second!.id)!.readAt).toBe(t.clock.now().toISOString())
    expect(await unread(other)).toBe(1)
  })
})

describe('preferences per kind', () => {
  it('default to in the app and by mail for every kind, and save all kinds at once for each role', async () => {
    for (const who of [aoi, executive, admin]) {
      const defaults = await call(who, 'GET', '/api/me/notice-preferences')
      expect(defaults.json()).toEqual({ preferences: everyKind('mail') })
      const saved = await call(who, 'PUT', '/api/me/notice-preferences', { preferences: { ...everyKind('mail'), timetable: 'app', feedback: 'off' } })
      expect(saved.statusCode, saved.body).toBe(200)
      expect((await call(who, 'GET', '/api/me/notice-preferences')).json()).toEqual({ preferences: { ...everyKind('mail'), timetable: 'app', feedback: 'off' } })
    }
    // Each person's own: Ren's are still the defaults.
    expect((await call(ren, 'GET', '/api/me/notice-preferences')).json()).toEqual({ preferences: everyKind('mail') })
  })

  it('refuses a missing kind or an unknown delivery with 400 naming it, and changes nothing', async () => {
    const me = await t.as('member')
    const { feedback: _left, ...missing } = everyKind('app')
    const error = expectError(await call(me, 'PUT', '/api/me/notice-preferences', { preferences: missing }), 400, 'VALIDATION_FAILED')
    expect(Object.keys(error.fields ?? {})).toEqual(['preferences.feedback'])
    const wrong = expectError(await call(me, 'PUT', '/api/me/notice-preferences', { preferences: { ...everyKind('app'), timetable: 'sms' } }), 400, 'VALIDATION_FAILED')
    expect(wrong.fields?.['preferences.timetable']).toBe('Choose how to be told')
    expectError(await call(null, 'PUT', '/api/me/notice-preferences', { preferences: everyKind('off') }), 401, 'UNAUTHENTICATED')
    expect(await t.db.select().from(noticePreferences).where(eq(noticePreferences.userId, me.user.id))).toEqual([])
  })

  it('are honoured by notify: off tells nothing, app gives the notice only, mail gives both', async () => {
    const off = await t.as('member')
    const app = await t.as('member')
    const both = await t.as('member')
    await call(off, 'PUT', '/api/me/notice-preferences', { preferences: { ...everyKind('mail'), 'allocation-result': 'off' } })
    await call(app, 'PUT', '/api/me/notice-preferences', { preferences: { ...everyKind('mail'), 'allocation-result': 'app' } })
    // Another kind's choice does not count.
    await call(both, 'PUT', '/api/me/notice-preferences', { preferences: { ...everyKind('mail'), feedback: 'off' } })

    const told = await tell([off.user.id, app.user.id, both.user.id], 'Room results are out')
    expect(told).toBe(2)
    const written = await t.db.select().from(notices).where(inArray(notices.userId, [off.user.id, app.user.id, both.user.id]))
    expect(written.map((row) => row.userId).sort()).toEqual([app.user.id, both.user.id].sort())
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.subject, 'Room results are out'), inArray(mailOutbox.to, [off.user.email, app.user.email, both.user.email])))
    expect(mails.map((mail) => mail.to)).toEqual([both.user.email])
    expect(await unread(off)).toBe(0)
    expect(await unread(app)).toBe(1)

    // Everything off: a notice of that kind reaches nobody.
    expect(await tell([off.user.id], 'Feedback', 'feedback')).toBe(1)
    await call(off, 'PUT', '/api/me/notice-preferences', { preferences: everyKind('off') })
    expect(await tell([off.user.id], 'Feedback again', 'feedback')).toBe(0)
  })
})

describe('the kinds wired to their changes', () => {
  it('an application decision tells the band’s members in the app and by mail, with the link to the list', async () => {
    const member = await t.as('member')
    const quiet = await t.as('member')
    await call(quiet, 'PUT', '/api/me/notice-preferences', { preferences: { ...everyKind('mail'), 'application-decision': 'app' } })
    const band = await createBand(t.db, [{ userId: member.user.id }, { userId: quiet.user.id }], { name: 'Night Owls' })
    const event = await createEvent(t.db, { title: 'Summer Live 2026' })
    const application = await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: member.user.id })

    const response = await call(executive, 'POST', `/api/applications/${application.id}/review`, { status: 'waitlisted', note: 'Close call!' })
    expect(response.statusCode, response.body).toBe(200)
    const [notice] = (await page(member)).items
    expect(notice).toMatchObject({
      kind: 'application-decision',
      title: 'Summer Live 2026: Night Owls is on the waiting list',
      link: `/seasonal-live-application-list/summer?eventId=${event.id}`,
      readAt: null,
    })
    expect(notice!.body).toContain('Close call!')
    expect((await page(quiet)).items[0]).toMatchObject({ kind: 'application-decision' })
    const mails = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'application-decision'), inArray(mailOutbox.to, [member.user.email, quiet.user.email])))
    expect(mails.map((mail) => mail.to)).toEqual([member.user.email])

    // The same decision again changes nothing and tells nobody again.
    await call(executive, 'POST', `/api/applications/${application.id}/review`, { status: 'waitlisted', note: 'Close call!' })
    expect((await page(member)).total).toBe(1)
    // A member may not review: nothing is told.
    expectError(await call(member, 'POST', `/api/applications/${application.id}/review`, { status: 'accepted' }), 403, 'FORBIDDEN')
    expect((await page(member)).total).toBe(1)
  })

  it('a published timetable tells the members of the bands in it, and a new version tells them it changed', async () => {
    const inIt = await t.as('member')
    const alsoIn = await t.as('member')
    const notIn = await t.as('member')
    const event = await createEvent(t.db, { title: 'Autumn Live 2026' })
    const owls = await createBand(t.db, [{ userId: inIt.user.id }], { name: 'Owls' })
    const larks = await createBand(t.db, [{ userId: alsoIn.user.id }], { name: 'Larks' })
    const waiting = await createBand(t.db, [{ userId: notIn.user.id }], { name: 'Waiting' })
    const a = await createApplication(t.db, { eventId: event.id, bandId: owls.id, submittedBy: inIt.user.id, status: 'accepted' })
    const b = await createApplication(t.db, { eventId: event.id, bandId: larks.id, submittedBy: alsoIn.user.id, status: 'accepted' })
    await createApplication(t.db, { eventId: event.id, bandId: waiting.id, submittedBy: notIn.user.id, status: 'waitlisted' })
    const placements = [
      { performanceId: a.id, date: '2026-07-18', stage: 'Main', start: '12:00' },
      { performanceId: b.id, date: '2026-07-18', stage: 'Main', start: '12:30' },
    ]
    const saved = await call(executive, 'PUT', `/api/events/${event.id}/timetable/draft`, { placements })
    expect(saved.statusCode, saved.body).toBe(200)
    const published = await call(executive, 'POST', `/api/events/${event.id}/timetable/publish`, {})
    expect(published.statusCode, published.body).toBe(200)
    for (const who of [inIt, alsoIn]) {
      expect((await page(who)).items[0]).toMatchObject({ kind: 'timetable', title: 'The timetable of Autumn Live 2026 is out', link: `/festival-schedule?eventId=${event.id}` })
    }
    expect((await page(notIn)).total).toBe(0)

    // Only Owls in the next version: only its members hear that it changed.
    t.clock.advance(minutes(1))
    expect((await call(executive, 'PUT', `/api/events/${event.id}/timetable/draft`, { placements: [{ ...placements[0], start: '13:00' }] })).statusCode).toBe(200)
    expect((await call(executive, 'POST', `/api/events/${event.id}/timetable/publish`, {})).statusCode).toBe(200)
    expect((await page(inIt)).items[0]).toMatchObject({ title: 'The timetable of Autumn Live 2026 has changed' })
    expect((await page(alsoIn)).total).toBe(1)
    const mails = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'timetable'), eq(mailOutbox.to, inIt.user.email)))
    expect(mails).toHaveLength(2)
  })
})
