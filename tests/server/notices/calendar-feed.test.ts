import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import type { LightMyRequestResponse } from 'fastify'
import { calendarFeeds } from '../../../server/src/db/schema'
import type { CalendarFeed } from '../../../src/contract/notices'
import { createApplication, createBand, createBooking, createEvent, createPeriod, createRoom, createUser } from '../support/factories'
import { createTestApp, minutes, type TestApp } from '../support/test-app'

/**
 * Calendar feeds (issue 17 item 4): a member's secret feed with their bookings and their
 * bands' published performances, and a published live's public timetable feed. Every feed is
 * parsed with ical.js, a real RFC 5545 parser.
 */
type Caller = Awaited<ReturnType<TestApp['as']>>

let t: TestApp
let executive: Caller

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://club.example' })
  executive = await t.as('executive')
})
afterAll(() => t.close())

const call = (who: Caller | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(payload ? { payload } : {}) })

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json().error.code).toBe(code)
  return response.json().error as { code: string; message: string }
}

async function makeFeed(who: Caller) {
  const response = await call(who, 'POST', '/api/me/calendar-feed')
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as CalendarFeed).feed!
}

/** The feed's path on this server, from its public address. */
const pathOf = (url: string) => new URL(url).pathname

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body))
  const events = calendar.getAllSubcomponents('vevent').map((component) => ({
    uid: component.getFirstPropertyValue('uid') as string,
    summary: component.getFirstPropertyValue('summary') as string,
    status: component.getFirstPropertyValue('status') as string | null,
    stamp: component.getFirstPropertyValue('dtstamp') as ICAL.Time | null,
    start: (component.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (component.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    startZone: (component.getFirstPropertyValue('dtstart') as ICAL.Time).zone?.tzid,
    location: component.getFirstPropertyValue('location') as string | null,
    description: component.getFirstPropertyValue('description') as string | null,
  }))
  return { calendar, events }
}

describe('the member’s feed address', () => {
  it('is none at first, made on request (webcal and https), the same when asked again, and only a hash is stored', async () => {
    for (const who of [await t.as('member'), executive, await t.as('admin')]) {
      expect((await call(who, 'GET', '/api/me/calendar-feed')).json()).toEqual({ feed: null })
      const feed = await makeFeed(who)
      expect(feed.url).toMatch(/^https:\/\/club\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
      expect(feed.webcalUrl).toBe(feed.url.replace('https://', 'webcal://'))
      expect((await call(who, 'GET', '/api/me/calendar-feed')).json()).toEqual({ feed })
      const token = pathOf(feed.url).slice('/api/calendar/'.length, -'.ics'.length)
      const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, who.user.id))
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(row)).not.toContain(token)
    }
    for (const method of ['GET', 'POST', 'DELETE'] as const) expectError(await call(null, method, '/api/me/calendar-feed'), 401, 'UNAUTHENTICATED')
  })

  it('stops working when revoked or regenerated; a wrong token is a 404 that tells nothing', async () => {
    const member = await t.as('member')
    const first = await makeFeed(member)
    expect((await call(null, 'GET', pathOf(first.url))).statusCode).toBe(200)

    const second = await makeFeed(member)
    expect(second.url).not.toBe(first.url)
    const old = expectError(await call(null, 'GET', pathOf(first.url)), 404, 'NOT_FOUND')
    expect(old.message).toBe('Not found.')
    expect((await call(null, 'GET', pathOf(second.url))).statusCode).toBe(200)

    const revoked = await call(member, 'DELETE', '/api/me/calendar-feed')
    expect(revoked.statusCode).toBe(204)
    expect((await call(member, 'GET', '/api/me/calendar-feed')).json()).toEqual({ feed: null })
    for (const path of [pathOf(second.url), '/api/calendar/nonsense.ics', `/api/calendar/${'A'.repeat(43)}.ics`, `/api/calendar/${'x'.repeat(300)}.ics`]) {
      const response = await call(null, 'GET', path)
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, path).toBeLessThan(500)
      expect(response.body).not.toMatch(/revoked|expired|token/i)
    }
    expect(expectError(await call(null, 'GET', pathOf(second.url)), 404, 'NOT_FOUND').message).toBe('Not found.')
  })
})

describe('GET /api/calendar/<token>.ics', () => {
  it('is refused (403, the API’s error shape) once its member is suspended or deleted, and works again when reinstated', async () => {
    const admin = await t.as('admin')
    const suspended = await t.as('member')
    const deleted = await t.as('member')
    const room = await createRoom(t.db, { name: 'Studio S' })
    const period = await createPeriod(t.db, '5th', '16:30', '18:00')
    await createBooking(t.db, { room, period, date: '2026-06-05', userId: suspended.user.id, kind: 'personal' })
    const suspendedFeed = await makeFeed(suspended)
    const deletedFeed = await makeFeed(deleted)
    for (const feed of [suspendedFeed, deletedFeed]) expect((await call(null, 'GET', pathOf(feed.url))).statusCode).toBe(200)

    const suspend = await call(admin, 'PATCH', `/api/users/${suspended.user.id}`, {}, { status: 'suspended' })
    expect(suspend.statusCode, suspend.body).toBe(200)
    const remove = await call(admin, 'POST', '/api/users/delete', {}, { userIds: [deleted.user.id] })
    expect(remove.statusCode, remove.body).toBe(200)

    for (const feed of [suspendedFeed, deletedFeed]) {
      const refused = await call(null, 'GET', pathOf(feed.url))
      expect(expectError(refused, 403, 'FORBIDDEN').message).toBe('This calendar feed is turned off.')
      expect(refused.body).not.toContain('BEGIN:VCALENDAR')
      expect(refused.headers.etag).toBeUndefined()
    }
    expect((await call(admin, 'PATCH', `/api/users/${suspended.user.id}`, {}, { status: 'active' })).statusCode).toBe(200)
    const back = await call(null, 'GET', pathOf(suspendedFeed.url))
    expect(back.statusCode).toBe(200)
    expect(parse(back.body).events).toHaveLength(1)
  })

  it('holds my bookings (cancelled ones as STATUS:CANCELLED) and my bands’ published performances, with stable UIDs and an ETag', async () => {
    const me = await t.as('member', { displayName: 'Aoi' })
    const bandmate = await createUser(t.db)
    const stranger = await createUser(t.db)
    const band = await createBand(t.db, [{ userId: me.user.id }, { userId: bandmate.id }], { name: 'Night Owls' })
    const otherBand = await createBand(t.db, [{ userId: stranger.id }], { name: 'Larks' })
    const room = await createRoom(t.db, { name: 'Studio A' })
    const period = await createPeriod(t.db, '3rd', '13:00', '14:30')
    const practice = await createBooking(t.db, { room, period, date: '2026-06-03', userId: bandmate.id, bandId: band.id })
    const solo = await createBooking(t.db, { room: await createRoom(t.db, { name: 'Studio B' }), period, date: '2026-06-04', userId: me.user.id, kind: 'personal' })
    await createBooking(t.db, { room, period, date: '2026-06-04', userId: stranger.id, bandId: otherBand.id })
    const event = await createEvent(t.db, { title: 'Summer Live 2026' })
    const ours = await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: me.user.id, status: 'accepted' })
    const theirs = await createApplication(t.db, { eventId: event.id, bandId: otherBand.id, submittedBy: stranger.id, status: 'accepted' })
    const placements = [
      { performanceId: ours.id, date: '2026-07-18', stage: 'Main', start: '12:00' },
      { performanceId: theirs.id, date: '2026-07-18', stage: 'Main', start: '12:30' },
    ]
    expect((await t.inject({ method: 'PUT', url: `/api/events/${event.id}/timetable/draft`, headers: executive.headers, payload: { placements } })).statusCode).toBe(200)
    // Not published yet: not in the feed.
    const feed = await makeFeed(me)
    expect(parse((await call(null, 'GET', pathOf(feed.url))).body).events.map((entry) => entry.uid).sort()).toEqual(
      [`booking-${practice.id}@bandroom`, `booking-${solo.id}@bandroom`].sort(),
    )
    expect((await t.inject({ method: 'POST', url: `/api/events/${event.id}/timetable/publish`, headers: executive.headers, payload: {} })).statusCode).toBe(200)

    const response = await call(null, 'GET', pathOf(feed.url))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const etag = response.headers.etag as string
    expect(etag).toMatch(/^".+"$/)
    const { calendar, events } = parse(response.body)
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('prodid')).toContain('Bandroom')
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Tokyo')
    expect(events.map((entry) => entry.uid).sort()).toEqual([`booking-${practice.id}@bandroom`, `booking-${solo.id}@bandroom`, `${event.id}-${ours.id}@bandroom`].sort())
    expect(events.every((entry) => entry.stamp !== null)).toBe(true)
    const band3rd = events.find((entry) => entry.uid === `booking-${practice.id}@bandroom`)!
    // 13:00–14:30 in Tokyo is 04:00–05:30 UTC, given in UTC.
    expect(band3rd).toMatchObject({ summary: 'Night Owls practice · Studio A', status: 'CONFIRMED', start: '2026-06-03T04:00:00.000Z', end: '2026-06-03T05:30:00.000Z', startZone: 'UTC', location: 'Studio A' })
    expect(band3rd.description).toMatch(/^3rd period, booked in .+\.$/)
    // RFC 5545: every content line, the last one included, ends with CRLF.
    expect(response.body.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(events.find((entry) => entry.uid === `${event.id}-${ours.id}@bandroom`)).toMatchObject({
      summary: 'Night Owls — Summer Live 2026',
      start: '2026-07-18T03:00:00.000Z',
      end: '2026-07-18T03:20:00.000Z',
      location: 'Student hall · Main',
    })

    // Asked again with its ETag: 304 and no body; the same body otherwise (a later clock changes nothing).
    t.clock.advance(minutes(10))
    const again = await call(null, 'GET', pathOf(feed.url), { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect((await call(null, 'GET', pathOf(feed.url))).headers.etag).toBe(etag)

    // The bandmate cancels the practice: the feed changes and says so, under the same UID.
    const bandmateSession = await t.signIn(bandmate.email, bandmate.password)
    const cancel = await t.inject({ method: 'POST', url: `/api/bookings/${practice.id}/cancel`, headers: { authorization: `Bearer ${bandmateSession.access_token}` } })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const changed = await call(null, 'GET', pathOf(feed.url), { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(parse(changed.body).events.find((entry) => entry.uid === `booking-${practice.id}@bandroom`)).toMatchObject({ status: 'CANCELLED' })
  })
})

describe('GET /api/events/:eventId/timetable.ics (public)', () => {
  it('is open to visitors once published, with an ETag and 304; a draft live is a 404', async () => {
    const member = await createUser(t.db)
    const band = await createBand(t.db, [{ userId: member.id }], { name: 'Public Owls' })
    const event = await createEvent(t.db, { title: 'Open Air 2026' })
    const application = await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: member.id, status: 'accepted' })
    expectError(await call(null, 'GET', `/api/events/${event.id}/timetable.ics`), 404, 'NOT_FOUND')
    await t.inject({ method: 'PUT', url: `/api/events/${event.id}/timetable/draft`, headers: executive.headers, payload: { placements: [{ performanceId: application.id, date: '2026-07-19', stage: 'Main', start: '14:00' }] } })
    await t.inject({ method: 'POST', url: `/api/events/${event.id}/timetable/publish`, headers: executive.headers, payload: {} })

    const response = await call(null, 'GET', `/api/events/${event.id}/timetable.ics`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.body.endsWith('END:VCALENDAR\r\n')).toBe(true)
    const { events } = parse(response.body)
    expect(events).toEqual([
      expect.objectContaining({ uid: `${event.id}-${application.id}@bandroom`, summary: 'Public Owls — Open Air 2026', start: '2026-07-19T05:00:00.000Z' }),
    ])
    // Visitors see bands, not the names of their members.
    expect(response.body).not.toContain(member.displayName)
    t.clock.advance(minutes(5))
    const again = await call(null, 'GET', `/api/events/${event.id}/timetable.ics`, { 'if-none-match': response.headers.etag as string })
    expect(again.statusCode).toBe(304)

    const draft = await createEvent(t.db, { title: 'Secret Live', status: 'draft' })
    expect(expectError(await call(null, 'GET', `/api/events/${draft.id}/timetable.ics`), 404, 'NOT_FOUND').message).toBe('No such live.')
  })
})
