import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq, inArray, like, not } from 'drizzle-orm'
import { activityLog, allocationRounds, bookings, files, jobs } from '../../../server/src/db/schema'
import { actionWords, isKnownObjectType } from '../../../server/src/activity/activity-words'
import { createApplication, createBand, createEvent, createPeriod, createRoom, createUser } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'
import { samples, tusClient, tusMetadata } from '../files/support'
import { enableRounds, NEXT_TUE, wish } from '../allocation/rounds-support'

/**
 * The activity log's promise (issue 34 §5, decision 042): every executive or admin write route
 * leaves exactly one entry, naming the caller and the route's area. The walk goes over
 * `t.app.routeDefinitions`, so a route added later without a fixture here fails it.
 */
type Who = 'executive' | 'admin'
type Caller = Awaited<ReturnType<TestApp['as']>>
interface Fixture {
  as: Who
  /** Makes what the call needs; answers the call itself (run after the log is counted). */
  prepare: (caller: Caller) => Promise<() => Promise<{ statusCode: number; body: string }>>
}

/**
 * Routes that leave no entry, on purpose (decision 042). Each says why; nothing is skipped silently.
 */
const leavesNoEntry: Record<string, string> = {
  // Asks whether a hand change keeps the rules; changes nothing.
  'POST /api/allocation/rounds/:roundId/draft/check': 'a question: nothing changes',
  // Runs the generator and answers a proposal; nothing is saved.
  'POST /api/events/:eventId/timetable/generate': 'a proposal: nothing is saved',
  // Creating an upload stores nothing yet: the request that completes it logs `file.upload` (PATCH below).
  'POST /api/files/uploads': 'one entry per upload, from the request that completes it',
}

/** The log's area for each route tag (the screen's filter), written out here rather than taken from the code. */
const areaOfTag: Record<string, string> = {
  club: 'club',
  users: 'users',
  bands: 'bands',
  allocation: 'allocation',
  lives: 'lives',
  feedback: 'feedback',
  files: 'files',
}

let t: TestApp
let baseURL: string
let admin: Caller
let executive: Caller

beforeAll(async () => {
  t = await createTestApp()
  await t.services.jobs.stop()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  baseURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  admin = await t.as('admin', { displayName: 'Ada Admin' })
  executive = await t.as('executive', { displayName: 'Eli Exec' })
})
afterAll(() => t.close())

const call = (caller: Caller, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => () =>
  t.inject({ method, url, headers: caller.headers, ...(payload === undefined ? {} : { payload }) })
const made = async (response: { statusCode: number; body: string; json(): unknown }) => {
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json() as { id: string } & Record<string, unknown>
}
const roomNamed = (name: string) => createRoom(t.db, { name })
let sequence = 0
const unique = (name: string) => `${name} ${++sequence}`

/** A file stored by a whole tus upload (two requests; the second one completes it). */
async function storedFile(caller: Caller, name = unique('Minutes') + '.txt') {
  const sent = await tusClient(baseURL, caller.headers).upload(samples.text(), { filename: name, description: '' })
  expect(sent.status, sent.body).toBe(204)
  const [row] = await t.db.select({ id: files.id }).from(files).where(eq(files.storageKey, sent.location!.split('/').pop()!))
  return row!.id
}

/** An event with three accepted bands and a good draft (the shape of live-schedule.test.ts). */
async function liveWithDraft(caller: Caller) {
  const event = await createEvent(t.db, { title: unique('Summer Live') })
  const ids = []
  for (const name of ['Owls', 'Blue']) {
    const member = await createUser(t.db)
    const band = await createBand(t.db, [{ userId: member.id }], { name: unique(name) })
    ids.push((await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: null, status: 'accepted', requestedMinutes: 20 })).id)
  }
  const placements = [
    { performanceId: ids[0], date: '2026-07-18', stage: 'Main', start: '12:00', pinned: false },
    { performanceId: ids[1], date: '2026-07-19', stage: 'Main', start: '14:00', pinned: false },
  ]
  return { event, placements, save: async () => made(await call(caller, 'PUT', `/api/events/${event.id}/timetable/draft`, { placements })()) }
}

/** A fresh current allocation round with one band's wish for Studio A, Tuesday 6th, run into a draft when `run`. */
let roundClub: { studioA: { id: string }; roomB: { id: string }; p6: { id: string } } | undefined
async function roundWithWish(caller: Caller, run: boolean) {
  if (!roundClub) {
    roundClub = { studioA: await createRoom(t.db, { name: 'Round Studio A' }), roomB: await createRoom(t.db, { name: 'Round Room B' }), p6: await createPeriod(t.db, 'Round 6th', '18:00', '19:30') }
    await enableRounds(t, { roomIds: [roundClub.studioA.id, roundClub.roomB.id], periodIds: [roundClub.p6.id] })
  }
  const { studioA, roomB, p6 } = roundClub
  // One round a week: the fixtures before this one leave theirs, and the bookings publishing made.
  await t.db.delete(allocationRounds)
  await t.db.delete(jobs).where(like(jobs.kind, 'allocation.%'))
  await t.db.delete(bookings).where(eq(bookings.source, 'allocation'))
  const member = await t.as('member')
  const band = await createBand(t.db, [{ userId: member.user.id }], { name: unique('Night Owls') })
  const rounds = await t.inject({ method: 'GET', url: '/api/allocation/rounds', headers: member.headers })
  const round = (rounds.json() as { current: { id: string } }).current
  const saved = await t.inject({ method: 'PUT', url: `/api/allocation/rounds/${round.id}/bands/${band.id}/wishes`, headers: member.headers, payload: { wishes: [wish(studioA, NEXT_TUE, p6)], wants: 1 } })
  expect(saved.statusCode, saved.body).toBe(200)
  if (run) await made(await call(caller, 'POST', `/api/allocation/rounds/${round.id}/run`, {})())
  return { round, studioA, roomB, p6 }
}

const fixtures: Record<string, Fixture> = {
  // ---- settings and club ----
  'PUT /api/settings': {
    as: 'admin',
    prepare: async (caller) => {
      const current = (await t.inject({ method: 'GET', url: '/api/settings', headers: caller.headers })).json() as { clubName: string }
      return call(caller, 'PUT', '/api/settings', { ...current, clubName: unique('Bandroom Club') })
    },
  },
  'POST /api/rooms': { as: 'admin', prepare: async (caller) => call(caller, 'POST', '/api/rooms', { name: unique('Studio'), capacity: 6 }) },
  'PATCH /api/rooms/:roomId': { as: 'admin', prepare: async (caller) => call(caller, 'PATCH', `/api/rooms/${(await roomNamed(unique('Studio'))).id}`, { capacity: 8 }) },
  'DELETE /api/rooms/:roomId': { as: 'admin', prepare: async (caller) => call(caller, 'DELETE', `/api/rooms/${(await roomNamed(unique('Studio'))).id}`) },
  'POST /api/periods': { as: 'admin', prepare: async (caller) => call(caller, 'POST', '/api/periods', { label: unique('Late'), startsAt: '21:00', endsAt: '22:00' }) },
  'PATCH /api/periods/:periodId': {
    as: 'admin',
    prepare: async (caller) => call(caller, 'PATCH', `/api/periods/${(await createPeriod(t.db, unique('P'), '07:00', '08:00')).id}`, { label: unique('Early') }),
  },
  'DELETE /api/periods/:periodId': { as: 'admin', prepare: async (caller) => call(caller, 'DELETE', `/api/periods/${(await createPeriod(t.db, unique('P'), '07:00', '08:00')).id}`) },
  'POST /api/blackouts': {
    as: 'admin',
    prepare: async (caller) => call(caller, 'POST', '/api/blackouts', { startsOn: '2026-08-10', endsOn: '2026-08-12', roomIds: null, reason: 'Summer closure' }),
  },
  'DELETE /api/blackouts/:blackoutId': {
    as: 'admin',
    prepare: async (caller) => {
      const blackout = await made(await call(caller, 'POST', '/api/blackouts', { startsOn: '2026-09-10', endsOn: '2026-09-10', roomIds: null, reason: 'Inspection' })())
      return call(caller, 'DELETE', `/api/blackouts/${blackout.id}`)
    },
  },
  'POST /api/positions': { as: 'admin', prepare: async (caller) => call(caller, 'POST', '/api/positions', { name: unique('Treasurer') }) },
  'PUT /api/positions/order': {
    as: 'admin',
    prepare: async (caller) => {
      const list = (await t.inject({ method: 'GET', url: '/api/positions', headers: caller.headers })).json() as { items: Array<{ id: string }> }
      return call(caller, 'PUT', '/api/positions/order', { positionIds: list.items.map((item) => item.id).reverse() })
    },
  },
  'PATCH /api/positions/:positionId': {
    as: 'admin',
    prepare: async (caller) => {
      const position = await made(await call(caller, 'POST', '/api/positions', { name: unique('Secretary') })())
      return call(caller, 'PATCH', `/api/positions/${position.id}`, { description: 'Keeps the minutes' })
    },
  },
  'DELETE /api/positions/:positionId': {
    as: 'admin',
    prepare: async (caller) => call(caller, 'DELETE', `/api/positions/${(await made(await call(caller, 'POST', '/api/positions', { name: unique('Spare') })())).id}`),
  },
  'POST /api/positions/:positionId/holders': {
    as: 'admin',
    prepare: async (caller) => {
      const position = await made(await call(caller, 'POST', '/api/positions', { name: unique('PR') })())
      const user = await createUser(t.db, { status: 'active' })
      return call(caller, 'POST', `/api/positions/${position.id}/holders`, { userId: user.id, termYear: 2026 })
    },
  },
  'DELETE /api/position-holders/:holderId': {
    as: 'admin',
    prepare: async (caller) => {
      const position = await made(await call(caller, 'POST', '/api/positions', { name: unique('Equipment') })())
      const user = await createUser(t.db, { status: 'active' })
      const holder = await made(await call(caller, 'POST', `/api/positions/${position.id}/holders`, { userId: user.id, termYear: 2026 })())
      return call(caller, 'DELETE', `/api/position-holders/${holder.id}`)
    },
  },
  // ---- accounts ----
  'POST /api/users/delete': { as: 'admin', prepare: async (caller) => call(caller, 'POST', '/api/users/delete', { userIds: [(await createUser(t.db, { status: 'active' })).id] }) },
  'PATCH /api/users/:userId': { as: 'admin', prepare: async (caller) => call(caller, 'PATCH', `/api/users/${(await createUser(t.db, { status: 'active' })).id}`, { status: 'suspended' }) },
  'POST /api/users/:userId/approve': { as: 'admin', prepare: async (caller) => call(caller, 'POST', `/api/users/${(await createUser(t.db, { status: 'pending' })).id}/approve`, {}) },
  'POST /api/users/:userId/sessions/revoke': { as: 'admin', prepare: async (caller) => call(caller, 'POST', `/api/users/${(await createUser(t.db, { status: 'active' })).id}/sessions/revoke`, {}) },
  'POST /api/users/:userId/password-reset': { as: 'admin', prepare: async (caller) => call(caller, 'POST', `/api/users/${(await createUser(t.db, { status: 'active' })).id}/password-reset`, {}) },
  // ---- bands ----
  'PUT /api/bands/:bandId/admin': {
    as: 'executive',
    prepare: async (caller) => {
      const member = await createUser(t.db, { status: 'active' })
      const band = await createBand(t.db, [{ userId: member.id }], { name: unique('Paper Moon') })
      return call(caller, 'PUT', `/api/bands/${band.id}/admin`, {
        name: unique('Paper Moon'),
        description: '',
        genre: 'Rock',
        status: 'inactive',
        members: [{ userId: member.id, part: 'Vocal', isLeader: true }],
      })
    },
  },
  // ---- allocation rounds ----
  'POST /api/allocation/rounds/:roundId/run': {
    as: 'executive',
    prepare: async (caller) => {
      const { round } = await roundWithWish(caller, false)
      return call(caller, 'POST', `/api/allocation/rounds/${round.id}/run`, {})
    },
  },
  'POST /api/allocation/rounds/:roundId/draft/changes': {
    as: 'executive',
    prepare: async (caller) => {
      const { round, studioA, roomB, p6 } = await roundWithWish(caller, true)
      return call(caller, 'POST', `/api/allocation/rounds/${round.id}/draft/changes`, { action: 'move', from: wish(studioA, NEXT_TUE, p6), to: wish(roomB, NEXT_TUE, p6) })
    },
  },
  'POST /api/allocation/rounds/:roundId/publish': {
    as: 'executive',
    prepare: async (caller) => {
      const { round } = await roundWithWish(caller, true)
      return call(caller, 'POST', `/api/allocation/rounds/${round.id}/publish`, {})
    },
  },
  // ---- lives ----
  'POST /api/events': {
    as: 'executive',
    prepare: async (caller) =>
      call(caller, 'POST', '/api/events', {
        kind: 'seasonal',
        season: 'winter',
        title: unique('Winter Live'),
        academicYear: 2026,
        venue: 'Student hall',
        days: [{ date: '2026-12-19', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] }],
        defaultPerformanceMinutes: 20,
        changeoverMinutes: 5,
        musicianGapMinutes: 30,
        applicationOpensAt: '2026-11-01T00:00:00+09:00',
        applicationClosesAt: '2026-11-30T23:59:00+09:00',
        bandLimit: null,
        status: 'draft',
      }),
  },
  'PUT /api/events/:eventId': {
    as: 'executive',
    prepare: async (caller) => {
      const body = {
        kind: 'seasonal',
        season: 'autumn',
        title: unique('Autumn Live'),
        academicYear: 2026,
        venue: 'Student hall',
        days: [{ date: '2026-10-17', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] }],
        defaultPerformanceMinutes: 20,
        changeoverMinutes: 5,
        musicianGapMinutes: 30,
        applicationOpensAt: '2026-09-01T00:00:00+09:00',
        applicationClosesAt: '2026-09-30T23:59:00+09:00',
        bandLimit: null,
        status: 'draft',
      }
      const event = await made(await call(caller, 'POST', '/api/events', body)())
      return call(caller, 'PUT', `/api/events/${event.id}`, { ...body, venue: 'Main hall' })
    },
  },
  'POST /api/events/:eventId/applications/review': {
    as: 'executive',
    prepare: async (caller) => {
      const event = await createEvent(t.db, { title: unique('Spring Live') })
      const member = await createUser(t.db)
      const band = await createBand(t.db, [{ userId: member.id }], { name: unique('Tide') })
      const application = await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: member.id })
      return call(caller, 'POST', `/api/events/${event.id}/applications/review`, { applicationIds: [application.id], status: 'waitlisted', note: '' })
    },
  },
  'POST /api/applications/:applicationId/review': {
    as: 'executive',
    prepare: async (caller) => {
      const event = await createEvent(t.db, { title: unique('Spring Live') })
      const member = await createUser(t.db)
      const band = await createBand(t.db, [{ userId: member.id }], { name: unique('Ember') })
      const application = await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: member.id })
      return call(caller, 'POST', `/api/applications/${application.id}/review`, { status: 'accepted', note: '' })
    },
  },
  'PUT /api/events/:eventId/timetable/draft': {
    as: 'executive',
    prepare: async (caller) => {
      const live = await liveWithDraft(caller)
      return call(caller, 'PUT', `/api/events/${live.event.id}/timetable/draft`, { placements: live.placements })
    },
  },
  'POST /api/events/:eventId/timetable/publish': {
    as: 'executive',
    prepare: async (caller) => {
      const live = await liveWithDraft(caller)
      await live.save()
      return call(caller, 'POST', `/api/events/${live.event.id}/timetable/publish`, { confirmBreaks: true })
    },
  },
  'POST /api/events/:eventId/timetable/improvement': {
    as: 'executive',
    prepare: async (caller) => {
      const live = await liveWithDraft(caller)
      return call(caller, 'POST', `/api/events/${live.event.id}/timetable/improvement`, { seed: 1, seconds: 10, evaluations: 1000 })
    },
  },
  'POST /api/events/:eventId/timetable/improvement/stop': {
    as: 'executive',
    prepare: async (caller) => {
      const live = await liveWithDraft(caller)
      await made(await call(caller, 'POST', `/api/events/${live.event.id}/timetable/improvement`, { seed: 1, seconds: 10, evaluations: 1000 })())
      return call(caller, 'POST', `/api/events/${live.event.id}/timetable/improvement/stop`, {})
    },
  },
  // ---- feedback ----
  ...Object.fromEntries(
    (
      [
        ['status', { status: 'acknowledged' }],
        ['reply', { reply: 'Thanks, we ordered a new cable.' }],
        ['hidden', { hidden: true }],
      ] as const
    ).map(([what, body]) => [
      `PUT /api/feedback/:feedbackId/${what}`,
      {
        as: 'executive' as const,
        prepare: async (caller: Caller) => {
          const author = await t.as('member')
          const sent = await t.inject({ method: 'POST', url: '/api/feedback', headers: author.headers, payload: { target: 'club', category: 'rooms', body: 'Studio B’s amp hums.', anonymous: false } })
          const feedback = await made(sent)
          return call(caller, 'PUT', `/api/feedback/${feedback.id}/${what}`, body)
        },
      },
    ]),
  ),
  // ---- files ----
  'POST /api/files/folders': { as: 'executive', prepare: async (caller) => call(caller, 'POST', '/api/files/folders', { name: unique('Scores') }) },
  'PATCH /api/files/folders/:folderId': {
    as: 'executive',
    prepare: async (caller) => {
      const folder = await made(await call(caller, 'POST', '/api/files/folders', { name: unique('Setlists') })())
      return call(caller, 'PATCH', `/api/files/folders/${folder.id}`, { name: unique('Set lists') })
    },
  },
  'DELETE /api/files/folders/:folderId': {
    as: 'executive',
    prepare: async (caller) => call(caller, 'DELETE', `/api/files/folders/${(await made(await call(caller, 'POST', '/api/files/folders', { name: unique('Empty') })())).id}`),
  },
  'PATCH /api/files/:fileId': { as: 'executive', prepare: async (caller) => call(caller, 'PATCH', `/api/files/${await storedFile(caller)}`, { description: 'From the last meeting' }) },
  'DELETE /api/files/:fileId': { as: 'executive', prepare: async (caller) => call(caller, 'DELETE', `/api/files/${await storedFile(caller)}`) },
  'POST /api/files/:fileId/restore': {
    as: 'executive',
    prepare: async (caller) => {
      const fileId = await storedFile(caller)
      expect((await call(caller, 'DELETE', `/api/files/${fileId}`)()).statusCode).toBe(204)
      return call(caller, 'POST', `/api/files/${fileId}/restore`, {})
    },
  },
  'PATCH /api/files/uploads/:uploadId': {
    as: 'executive',
    prepare: async (caller) => {
      // Two chunks: the first leaves no entry (checked in the log tests), the one that completes the upload leaves one.
      const bytes = samples.text('Minutes of the spring meeting\n')
      const tus = tusClient(baseURL, caller.headers)
      const created = await tus.create(bytes.length, { filename: `${unique('Minutes')}.txt`, description: '' })
      expect(created.status, created.body).toBe(201)
      const first = await tus.patch(created.location!, 0, bytes.subarray(0, 10))
      expect(first.status, first.body).toBe(204)
      return async () => {
        const last = await tus.patch(created.location!, 10, bytes.subarray(10))
        return { statusCode: last.status, body: last.body }
      }
    },
  },
  'DELETE /api/files/uploads/:uploadId': {
    as: 'executive',
    prepare: async (caller) => {
      const created = await tusClient(baseURL, caller.headers).create(100, { filename: `${unique('Draft')}.txt`, description: '' })
      expect(created.status, created.body).toBe(201)
      return async () => {
        const response = await fetch(`${baseURL}${created.location}`, { method: 'DELETE', headers: { ...caller.headers, 'tus-resumable': '1.0.0' } })
        return { statusCode: response.status, body: await response.text() }
      }
    },
  },
  // ---- backups (decision 041) ----
  'POST /api/backups': { as: 'admin', prepare: async (caller) => call(caller, 'POST', '/api/backups', {}) },
}

describe('the activity log walks the access table', () => {
  it('leaves exactly one entry, naming the caller and the area, for every executive or admin write route', async () => {
    const routes = t.app.routeDefinitions.filter((route) => (route.access === 'executive' || route.access === 'admin') && route.method !== 'GET' && route.method !== 'HEAD')
    expect(routes.length).toBeGreaterThan(30)
    const outcomes: string[] = []
    const expected: string[] = []
    const callers: Record<Who, Caller> = { admin, executive }
    for (const route of routes) {
      const key = `${route.method} ${route.url}`
      if (leavesNoEntry[key]) continue
      const fixture = fixtures[key]
      expected.push(`${key}: one entry by ${fixture?.as ?? 'someone'} in ${areaOfTag[route.tag] ?? route.tag}`)
      if (!fixture) {
        outcomes.push(`${key}: NO FIXTURE in tests/server/activity/walk.test.ts`)
        continue
      }
      const caller = callers[fixture.as]
      const act = await fixture.prepare(caller)
      const before = (await t.db.select({ id: activityLog.id }).from(activityLog)).map((row) => row.id)
      const response = await act()
      expect(response.statusCode, `${key}: ${response.body}`).toBeLessThan(300)
      const newEntries = () =>
        t.db
          .select()
          .from(activityLog)
          .where(before.length > 0 ? not(inArray(activityLog.id, before)) : undefined)
          .orderBy(asc(activityLog.at))
      let added = await newEntries()
      // A tus answer (DELETE of an upload) is sent by tus itself, before defineRoute writes the
      // entry of a request that used no transaction: wait for it a moment.
      for (let wait = 0; added.length === 0 && wait < 20; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        added = await newEntries()
      }
      const area = route.url === '/api/settings' ? 'settings' : (areaOfTag[route.tag] ?? route.tag)
      // Stored as a code the catalogue words, naming a kind of thing it has a word for (decision 046).
      const worded = (entry: (typeof added)[number]) => actionWords(entry.action) !== entry.action && (entry.objectType === null || isKnownObjectType(entry.objectType))
      outcomes.push(
        added.length === 1 && added[0]!.actorId === caller.user.id && added[0]!.area === area && worded(added[0]!)
          ? `${key}: one entry by ${fixture.as} in ${areaOfTag[route.tag] ?? route.tag}`
          : `${key}: ${added.length} entries ${JSON.stringify(added.map((entry) => [entry.actorId === caller.user.id ? fixture.as : entry.actorId, entry.area, entry.action, entry.objectType]))}`,
      )
    }
    expect(outcomes).toEqual(expected)
  }, 240_000)

  it('names the routes that leave no entry, and they do leave none', async () => {
    // Each exception is a route that exists: a renamed one would leave a stale excuse here.
    const keys = new Set(t.app.routeDefinitions.map((route) => `${route.method} ${route.url}`))
    expect(Object.keys(leavesNoEntry).filter((key) => !keys.has(key))).toEqual([])
    const { round, studioA, roomB, p6 } = await roundWithWish(executive, true)
    const counted = async () => (await t.db.select({ id: activityLog.id }).from(activityLog)).length
    const start = await counted()
    const check = await call(executive, 'POST', `/api/allocation/rounds/${round.id}/draft/check`, { action: 'move', from: wish(studioA, NEXT_TUE, p6), to: wish(roomB, NEXT_TUE, p6) })()
    expect(check.statusCode, check.body).toBe(200)
    const created = await fetch(`${baseURL}/api/files/uploads`, {
      method: 'POST',
      headers: { ...executive.headers, 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': tusMetadata({ filename: 'x.txt', description: '' }) },
    })
    expect(created.status).toBe(201)
    const live = await liveWithDraft(executive)
    const proposal = await call(executive, 'POST', `/api/events/${live.event.id}/timetable/generate`, {})()
    expect(proposal.statusCode, proposal.body).toBe(200)
    expect(await counted()).toBe(start)
  })
})
