import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { applications, bandMembers, events } from '../../../server/src/db/schema'
import {
  api,
  applicationInput,
  createApplication,
  createBand,
  createEvent,
  createTestApp,
  expectError,
  livesRows,
  minutes,
  signInAgain,
  START,
  type Caller,
  type TestApp,
} from './support'

let t: TestApp
let call: ReturnType<typeof api>
let executive: Caller
let admin: Caller
/** Aoi leads Night Owls with Ren. */
let aoi: Caller
let ren: Caller
/** Mei plays in Suzuki Trio. */
let mei: Caller
let outsider: Caller
let nightOwls: { id: string; name: string }
let suzukis: { id: string; name: string }
/** Aoi's band that is on a break. */
let sleepy: { id: string; name: string }
let live: typeof events.$inferSelect

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  executive = await t.as('executive', { displayName: 'Exec Person' })
  admin = await t.as('admin', { displayName: 'Club Admin' })
  aoi = await t.as('member', { displayName: 'Aoi Tanaka' })
  ren = await t.as('member', { displayName: 'Ren Suzuki' })
  mei = await t.as('member', { displayName: 'Mei Ito' })
  outsider = await t.as('member', { displayName: 'Out Sider' })
  nightOwls = await createBand(t.db, [{ userId: aoi.user.id, part: 'Vocals' }, { userId: ren.user.id, part: 'Drums' }], { name: 'Night Owls' })
  suzukis = await createBand(t.db, [{ userId: mei.user.id, part: 'Bass' }], { name: 'Suzuki Trio' })
  sleepy = await createBand(t.db, [{ userId: aoi.user.id }], { name: 'Sleepy Heads', status: 'inactive' })
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.current = new Date(START)
  await t.db.delete(applications)
  await t.db.delete(events)
  live = await createEvent(t.db, { title: 'Summer Live 2026' })
})

const NIL = '00000000-0000-4000-8000-000000000000'
const CLOSED_MESSAGE = 'Applications for Summer Live 2026 closed at 23:59 on Mon 15 Jun.'
const applyUrl = (eventId = live.id) => `/api/events/${eventId}/applications`
const apply = (who: Caller, payload: object, eventId = live.id) => call.post(who, applyUrl(eventId), payload)

/** Applies and expects a 201. */
async function applied(who: Caller, payload: object = applicationInput(nightOwls.id)) {
  const response = await apply(who, payload)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** Expects the refusal and that no event or application changed. */
async function refused(request: () => Promise<LightMyRequestResponse>, status: number, code: string) {
  const before = await livesRows(t)
  const error = expectError(await request(), status, code)
  expect(await livesRows(t)).toEqual(before)
  return error
}

/** Moves the clock past the close time and signs the caller in again (the old session went idle). */
async function afterClose(who: Caller) {
  t.clock.current = new Date('2026-06-15T23:59:00+09:00')
  return signInAgain(t, who)
}

const rowOf = async (id: string) => (await t.db.select().from(applications).where(eq(applications.id, id)))[0]!

describe('POST /api/events/:eventId/applications', () => {
  it('applies for the caller’s band: 201 with the band, its members and what it asked for', async () => {
    t.clock.advance(minutes(3))
    const application = await applied(aoi)
    expect(application).toEqual({
      id: expect.any(String),
      eventId: live.id,
      band: { id: nightOwls.id, name: 'Night Owls' },
      members: [
        { id: aoi.user.id, displayName: 'Aoi Tanaka', part: 'Vocals', isLeader: true },
        { id: ren.user.id, displayName: 'Ren Suzuki', part: 'Drums', isLeader: false },
      ],
      submittedBy: { id: aoi.user.id, displayName: 'Aoi Tanaka' },
      songs: [
        { title: 'Midnight Run', artist: 'Night Owls', length: '4:30' },
        { title: 'Dawn', artist: '', length: '4:00' },
      ],
      requestedMinutes: 15,
      preferredDay: '2026-07-18',
      unavailable: [{ date: '2026-07-19', from: '12:00', to: '14:00', reason: 'Exam' }],
      needs: 'Two guitar amps',
      message: 'First live!',
      status: 'submitted',
      reviewNote: null,
      reviewedBy: null,
      reviewedAt: null,
      submittedAt: '2026-06-01T01:03:00.000Z',
      updatedAt: '2026-06-01T01:03:00.000Z',
      canEdit: true,
    })
    expect(await rowOf(application.id)).toMatchObject({ bandId: nightOwls.id, submittedBy: aoi.user.id, status: 'submitted', withdrawnAt: null })
  })

  it('fills the defaults: no preferred day, no unavailable windows, empty needs and message, trimmed text', async () => {
    const application = await applied(ren, {
      bandId: nightOwls.id,
      songs: [{ title: '  Solo  ', length: '59:59' }],
      requestedMinutes: 60,
    })
    expect(application).toMatchObject({
      songs: [{ title: 'Solo', artist: '', length: '59:59' }],
      requestedMinutes: 60,
      preferredDay: null,
      unavailable: [],
      needs: '',
      message: '',
      submittedBy: { id: ren.user.id, displayName: 'Ren Suzuki' },
    })
  })

  it('answers 404 for an unknown live', async () => {
    const error = await refused(() => apply(aoi, applicationInput(nightOwls.id), NIL), 404, 'NOT_FOUND')
    expect(error.message).toBe('No such live.')
  })

  it('refuses before the opening (409 APPLICATIONS_NOT_OPEN); a draft does not exist for members (404)', async () => {
    const draft = await createEvent(t.db, { title: 'Draft Live', status: 'draft' })
    const early = await createEvent(t.db, { title: 'Early Live', applicationOpensAt: new Date('2026-06-08T09:00:00+09:00') })
    await refused(() => apply(aoi, applicationInput(nightOwls.id), draft.id), 404, 'NOT_FOUND')
    expect((await refused(() => apply(aoi, applicationInput(nightOwls.id), early.id), 409, 'APPLICATIONS_NOT_OPEN')).message).toBe(
      'Applications for Early Live open at 09:00 on Mon 8 Jun.',
    )
  })

  it('refuses after the close time and for a closed live (409 APPLICATIONS_CLOSED)', async () => {
    const closed = await createEvent(t.db, { title: 'Closed Live', status: 'closed' })
    expect((await refused(() => apply(aoi, applicationInput(nightOwls.id), closed.id), 409, 'APPLICATIONS_CLOSED')).message).toBe(
      'Applications for Closed Live closed at 23:59 on Mon 15 Jun.',
    )
    t.clock.current = new Date('2026-06-15T23:58:59+09:00')
    expect((await apply(await signInAgain(t, mei), applicationInput(suzukis.id))).statusCode).toBe(201)
    const late = await afterClose(aoi)
    expect((await refused(() => apply(late, applicationInput(nightOwls.id)), 409, 'APPLICATIONS_CLOSED')).message).toBe(CLOSED_MESSAGE)
  })

  it('refuses a band that does not exist with 400 on bandId', async () => {
    const error = await refused(() => apply(aoi, applicationInput(NIL)), 400, 'VALIDATION_FAILED')
    expect(error.fields).toEqual({ bandId: 'No such band' })
  })

  it('is for the band’s current members (403 NOT_BAND_MEMBER), executives included', async () => {
    expect((await refused(() => apply(mei, applicationInput(nightOwls.id)), 403, 'NOT_BAND_MEMBER')).message).toBe('You can only apply for a band you play in.')
    await refused(() => apply(outsider, applicationInput(nightOwls.id)), 403, 'NOT_BAND_MEMBER')
    await refused(() => apply(executive, applicationInput(nightOwls.id)), 403, 'NOT_BAND_MEMBER')
    await refused(() => apply(admin, applicationInput(nightOwls.id)), 403, 'NOT_BAND_MEMBER')
    // Someone who left the band is no longer one of its members.
    const former = await t.as('member')
    const band = await createBand(t.db, [{ userId: aoi.user.id }, { userId: former.user.id }])
    await t.db.delete(bandMembers).where(and(eq(bandMembers.bandId, band.id), eq(bandMembers.userId, former.user.id)))
    await refused(() => apply(former, applicationInput(band.id)), 403, 'NOT_BAND_MEMBER')
  })

  it('refuses a band that is not active (409 BAND_NOT_ACTIVE)', async () => {
    expect((await refused(() => apply(aoi, applicationInput(sleepy.id)), 409, 'BAND_NOT_ACTIVE')).message).toBe('“Sleepy Heads” is inactive: only active bands can apply.')
    const gone = await createBand(t.db, [{ userId: aoi.user.id }], { name: 'Gone Band', status: 'disbanded' })
    expect((await refused(() => apply(aoi, applicationInput(gone.id)), 409, 'BAND_NOT_ACTIVE')).message).toBe('“Gone Band” is disbanded: only active bands can apply.')
  })

  it('needs the preferred day and every unavailable date to be days of the live (400 naming each)', async () => {
    const error = await refused(
      () =>
        apply(
          aoi,
          applicationInput(nightOwls.id, {
            preferredDay: '2026-07-20',
            unavailable: [
              { date: '2026-07-19', from: '12:00', to: '13:00' },
              { date: '2026-07-17', from: '12:00', to: '13:00' },
            ],
          }),
        ),
      400,
      'VALIDATION_FAILED',
    )
    expect(error.fields).toEqual({ preferredDay: 'Choose one of the live’s days', 'unavailable.1.date': 'Choose one of the live’s days' })
    const only = await refused(
      () => apply(aoi, applicationInput(nightOwls.id, { unavailable: [{ date: '2026-08-01', from: '12:00', to: '13:00' }] })),
      400,
      'VALIDATION_FAILED',
    )
    expect(only.fields).toEqual({ 'unavailable.0.date': 'Choose one of the live’s days' })
  })

  it('checks in order: live, window, band, membership, activity, days', async () => {
    const closed = await createEvent(t.db, { status: 'closed' })
    const badDays = { preferredDay: '2026-01-01' }
    // A closed window comes before an unknown band or someone else's band.
    await refused(() => apply(mei, applicationInput(NIL), closed.id), 409, 'APPLICATIONS_CLOSED')
    await refused(() => apply(mei, applicationInput(nightOwls.id), closed.id), 409, 'APPLICATIONS_CLOSED')
    // Not a member comes before the band being inactive; inactive before the days.
    const outsiderSleepy = await refused(() => apply(mei, applicationInput(sleepy.id, badDays)), 403, 'NOT_BAND_MEMBER')
    expect(outsiderSleepy.fields).toBeUndefined()
    await refused(() => apply(aoi, applicationInput(sleepy.id, badDays)), 409, 'BAND_NOT_ACTIVE')
    // Days come before "already applied".
    await applied(aoi)
    await refused(() => apply(ren, applicationInput(nightOwls.id, badDays)), 400, 'VALIDATION_FAILED')
  })

  it('allows one application per band per event: a second is 409 APPLICATION_EXISTS', async () => {
    await applied(aoi)
    const error = await refused(() => apply(ren, applicationInput(nightOwls.id, { message: 'Again' })), 409, 'APPLICATION_EXISTS')
    expect(error.message).toBe('Night Owls has already applied to Summer Live 2026.')
    // Whatever state the first one is in, short of withdrawn.
    await t.db.update(applications).set({ status: 'rejected' })
    await refused(() => apply(aoi, applicationInput(nightOwls.id)), 409, 'APPLICATION_EXISTS')
    // Another band, and the same band for another live, are fine.
    await applied(mei, applicationInput(suzukis.id))
    const autumn = await createEvent(t.db, { title: 'Autumn Live', season: 'autumn' })
    expect((await apply(aoi, applicationInput(nightOwls.id), autumn.id)).statusCode).toBe(201)
  })

  it('lets a band apply again after withdrawing: a new application, the withdrawn one kept', async () => {
    const first = await applied(aoi)
    expect((await call.post(aoi, `/api/applications/${first.id}/withdraw`)).statusCode).toBe(200)
    const second = await applied(ren, applicationInput(nightOwls.id, { message: 'Back again' }))
    expect(second.id).not.toBe(first.id)
    const rows = await t.db.select().from(applications).where(eq(applications.bandId, nightOwls.id))
    expect(rows.map((row) => row.status).sort()).toEqual(['submitted', 'withdrawn'])
    await refused(() => apply(aoi, applicationInput(nightOwls.id)), 409, 'APPLICATION_EXISTS')
  })

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['no songs', { songs: [] }, 'songs', 'Add at least one song'],
    ['11 songs', { songs: Array.from({ length: 11 }, (_, index) => ({ title: `Song ${index}`, length: '0:30' })) }, 'songs', 'At most 10 songs'],
    ['songs that are not a list', { songs: 'Midnight Run' }, 'songs', expect.any(String) as unknown as string],
    ['a song without a title', { songs: [{ title: ' ', length: '3:00' }] }, 'songs.0.title', 'Enter the song’s title'],
    ['a length without seconds', { songs: [{ title: 'A', length: '4' }] }, 'songs.0.length', 'Use m:ss, e.g. 4:30'],
    ['a length with 60 seconds', { songs: [{ title: 'A', length: '3:60' }] }, 'songs.0.length', 'Use m:ss, e.g. 4:30'],
    ['a length of an hour', { songs: [{ title: 'A', length: '60:00' }] }, 'songs.0.length', 'Use m:ss, e.g. 4:30'],
    ['a length of 0:00', { songs: [{ title: 'A', length: '0:00' }] }, 'songs.0.length', 'A song lasts longer than 0:00'],
    ['a length as a number', { songs: [{ title: 'A', length: 270 }] }, 'songs.0.length', expect.any(String) as unknown as string],
    ['requested minutes below the songs’ total', { requestedMinutes: 8 }, 'requestedMinutes', 'Your songs last 9 min; ask for at least 9'],
    ['requested minutes below 5', { songs: [{ title: 'A', length: '1:00' }], requestedMinutes: 4 }, 'requestedMinutes', 'At least 5 minutes'],
    ['requested minutes above 120', { requestedMinutes: 121 }, 'requestedMinutes', 'At most 120 minutes'],
    ['requested minutes as text', { requestedMinutes: '15' }, 'requestedMinutes', 'Enter minutes'],
    ['fractional requested minutes', { requestedMinutes: 15.5 }, 'requestedMinutes', 'Whole minutes'],
    ['a band id that is not an id', { bandId: 'night-owls' }, 'bandId', 'Choose a band'],
    ['a preferred day that is not a date', { preferredDay: '18 July' }, 'preferredDay', expect.any(String) as unknown as string],
    ['an unavailable window ending before it starts', { unavailable: [{ date: '2026-07-18', from: '14:00', to: '13:00' }] }, 'unavailable.0.to', 'Must be after the start'],
    ['an unavailable window with a bad time', { unavailable: [{ date: '2026-07-18', from: '9:00', to: '13:00' }] }, 'unavailable.0.from', 'Use HH:MM, e.g. 09:00'],
    [
      '11 unavailable windows',
      { unavailable: Array.from({ length: 11 }, () => ({ date: '2026-07-18', from: '12:00', to: '13:00' })) },
      'unavailable',
      'At most 10 windows',
    ],
    ['needs of 1001 characters', { needs: 'x'.repeat(1001) }, 'needs', 'At most 1000 characters'],
    ['a message that is not text', { message: { text: 'hi' } }, 'message', expect.any(String) as unknown as string],
  ]

  it.each(invalid)('refuses %s with 400 and writes nothing', async (_name, overrides, field, message) => {
    const error = await refused(() => apply(aoi, applicationInput(nightOwls.id, overrides)), 400, 'VALIDATION_FAILED')
    expect(error.fields?.[field]).toEqual(message)
  })

  it('refuses a body that is not JSON with 400 INVALID_JSON, and a missing band with 400', async () => {
    await refused(() => call.malformed(aoi, 'POST', applyUrl()), 400, 'INVALID_JSON')
    const { bandId: _bandId, ...withoutBand } = applicationInput(nightOwls.id)
    expect((await refused(() => apply(aoi, withoutBand), 400, 'VALIDATION_FAILED')).fields).toHaveProperty('bandId')
  })

  it('ends 20 racing submissions for one band with one application: one 201, 19 × 409 APPLICATION_EXISTS', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => apply(index % 2 === 0 ? aoi : ren, applicationInput(nightOwls.id, { message: `Try ${index}` }))),
    )
    const tally: Record<string, number> = {}
    for (const response of responses) {
      const key = response.statusCode === 201 ? '201' : `${response.statusCode} ${response.json().error.code}`
      tally[key] = (tally[key] ?? 0) + 1
    }
    expect(tally).toEqual({ '201': 1, '409 APPLICATION_EXISTS': 19 })
    const rows = await t.db.select().from(applications).where(eq(applications.bandId, nightOwls.id))
    expect(rows).toHaveLength(1)
    expect(responses.find((response) => response.statusCode === 201)!.json().id).toBe(rows[0]!.id)
  })
})

describe('GET /api/applications/:applicationId', () => {
  it('shows it to the band’s members, with canEdit', async () => {
    const { id } = await applied(aoi)
    for (const who of [aoi, ren]) {
      const response = await call.get(who, `/api/applications/${id}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ id, band: { id: nightOwls.id, name: 'Night Owls' }, status: 'submitted', canEdit: true })
    }
  })

  it('shows it to executives and admins, who cannot edit it', async () => {
    const { id } = await applied(aoi)
    for (const who of [executive, admin]) {
      const response = await call.get(who, `/api/applications/${id}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ id, canEdit: false })
    }
  })

  it('refuses other members with 403 FORBIDDEN, after 404 for an unknown one', async () => {
    const { id } = await applied(aoi)
    const error = expectError(await call.get(mei, `/api/applications/${id}`), 403, 'FORBIDDEN')
    expect(error.message).toBe('Only the band’s members and the club’s executives can see this application.')
    expect(expectError(await call.get(mei, `/api/applications/${NIL}`), 404, 'NOT_FOUND').message).toBe('No such application.')
    expectError(await call.get(mei, '/api/applications/nope'), 400, 'VALIDATION_FAILED')
    // Leaving the band ends seeing it.
    const former = await t.as('member')
    const band = await createBand(t.db, [{ userId: aoi.user.id }, { userId: former.user.id }])
    const other = await applied(former, applicationInput(band.id))
    expect((await call.get(former, `/api/applications/${other.id}`)).statusCode).toBe(200)
    await t.db.delete(bandMembers).where(and(eq(bandMembers.bandId, band.id), eq(bandMembers.userId, former.user.id)))
    expectError(await call.get(former, `/api/applications/${other.id}`), 403, 'FORBIDDEN')
  })

  it('says canEdit false after the close time, and for a rejected or withdrawn one', async () => {
    const { id } = await applied(aoi)
    const rejected = await createApplication(t.db, { eventId: live.id, bandId: suzukis.id, submittedBy: mei.user.id, status: 'rejected', reviewNote: 'Too long' })
    expect((await call.get(mei, `/api/applications/${rejected.id}`)).json()).toMatchObject({ status: 'rejected', reviewNote: 'Too long', canEdit: false })
    const late = await afterClose(aoi)
    expect((await call.get(late, `/api/applications/${id}`)).json()).toMatchObject({ status: 'submitted', canEdit: false })
  })
})

describe('PUT /api/applications/:applicationId', () => {
  const change = { songs: [{ title: 'New Song', artist: 'Us', length: '12:00' }], requestedMinutes: 20, preferredDay: '2026-07-19', unavailable: [], needs: '', message: 'Changed' }
  const put = (who: Caller, id: string, payload: object = change) => call.put(who, `/api/applications/${id}`, payload)

  it('lets a band member change it; submittedAt stays, updatedAt moves', async () => {
    const { id } = await applied(aoi)
    t.clock.advance(minutes(10))
    const response = await put(ren, id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      id,
      songs: [{ title: 'New Song', artist: 'Us', length: '12:00' }],
      requestedMinutes: 20,
      preferredDay: '2026-07-19',
      unavailable: [],
      needs: '',
      message: 'Changed',
      status: 'submitted',
      submittedBy: { id: aoi.user.id },
      submittedAt: '2026-06-01T01:00:00.000Z',
      updatedAt: '2026-06-01T01:10:00.000Z',
      canEdit: true,
    })
    expect(await rowOf(id)).toMatchObject({ message: 'Changed', preferredDay: '2026-07-19', updatedAt: new Date('2026-06-01T01:10:00.000Z') })
  })

  it('keeps an accepted or waitlisted application’s status, review and band (a band id in the body is ignored)', async () => {
    for (const status of ['accepted', 'waitlisted'] as const) {
      await t.db.delete(applications)
      const row = await createApplication(t.db, {
        eventId: live.id,
        bandId: nightOwls.id,
        submittedBy: aoi.user.id,
        status,
        reviewNote: 'See you there',
        reviewedBy: executive.user.id,
        reviewedAt: new Date('2026-05-30T00:00:00Z'),
      })
      const response = await put(aoi, row.id, { ...change, bandId: suzukis.id })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ status, band: { id: nightOwls.id }, reviewNote: 'See you there', reviewedBy: { id: executive.user.id }, message: 'Changed' })
      expect(await rowOf(row.id)).toMatchObject({ status, bandId: nightOwls.id })
    }
  })

  it('answers 404 for an unknown application', async () => {
    expect((await refused(() => put(aoi, NIL), 404, 'NOT_FOUND')).message).toBe('No such application.')
  })

  it('is for the band’s members only: others, executives included, get 403 NOT_BAND_MEMBER', async () => {
    const { id } = await applied(aoi)
    for (const who of [mei, outsider, executive, admin]) {
      const error = await refused(() => put(who, id), 403, 'NOT_BAND_MEMBER')
      expect(error.message).toBe('Only the band’s members can change its application.')
    }
  })

  it('refuses after the close time and when the live is closed (409 APPLICATIONS_CLOSED)', async () => {
    const { id } = await applied(aoi)
    await t.db.update(events).set({ status: 'closed' }).where(eq(events.id, live.id))
    await refused(() => put(aoi, id), 409, 'APPLICATIONS_CLOSED')
    await t.db.update(events).set({ status: 'open' }).where(eq(events.id, live.id))
    const late = await afterClose(aoi)
    expect((await refused(() => put(late, id), 409, 'APPLICATIONS_CLOSED')).message).toBe(CLOSED_MESSAGE)
  })

  it('refuses while the live is back in draft (409 APPLICATIONS_NOT_OPEN)', async () => {
    const { id } = await applied(aoi)
    await t.db.update(events).set({ status: 'draft' }).where(eq(events.id, live.id))
    await refused(() => put(aoi, id), 409, 'APPLICATIONS_NOT_OPEN')
  })

  it('refuses a rejected application (409 APPLICATION_LOCKED) and a withdrawn one (409 APPLICATION_WITHDRAWN)', async () => {
    const rejected = await createApplication(t.db, { eventId: live.id, bandId: nightOwls.id, submittedBy: aoi.user.id, status: 'rejected', reviewNote: 'No' })
    expect((await refused(() => put(aoi, rejected.id), 409, 'APPLICATION_LOCKED')).message).toBe('This application was rejected, so it can no longer be changed.')
    const withdrawn = await createApplication(t.db, { eventId: live.id, bandId: suzukis.id, submittedBy: mei.user.id, status: 'withdrawn', withdrawnAt: START })
    expect((await refused(() => put(mei, withdrawn.id), 409, 'APPLICATION_WITHDRAWN')).message).toBe('This application was withdrawn. Apply again to take part.')
  })

  it('needs days of the live (400 naming each) and changes nothing', async () => {
    const { id } = await applied(aoi)
    const error = await refused(() => put(aoi, id, { ...change, preferredDay: '2026-07-20', unavailable: [{ date: '2026-07-21', from: '10:00', to: '11:00' }] }), 400, 'VALIDATION_FAILED')
    expect(error.fields).toEqual({ preferredDay: 'Choose one of the live’s days', 'unavailable.0.date': 'Choose one of the live’s days' })
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const { id } = await applied(aoi)
    expect((await refused(() => put(aoi, id, { ...change, songs: Array.from({ length: 11 }, () => ({ title: 'A', length: '1:00' })) }), 400, 'VALIDATION_FAILED')).fields).toEqual({
      songs: 'At most 10 songs',
    })
    expect((await refused(() => put(aoi, id, { ...change, songs: [{ title: 'A', length: '4.30' }] }), 400, 'VALIDATION_FAILED')).fields).toEqual({
      'songs.0.length': 'Use m:ss, e.g. 4:30',
    })
    expect((await refused(() => put(aoi, id, { ...change, requestedMinutes: 11 }), 400, 'VALIDATION_FAILED')).fields).toEqual({
      requestedMinutes: 'Your songs last 12 min; ask for at least 12',
    })
    expect((await refused(() => put(aoi, id, { ...change, requestedMinutes: null }), 400, 'VALIDATION_FAILED')).fields).toEqual({ requestedMinutes: 'Enter minutes' })
    await refused(() => put(aoi, id, {}), 400, 'VALIDATION_FAILED')
    await refused(() => call.malformed(aoi, 'PUT', `/api/applications/${id}`), 400, 'INVALID_JSON')
  })
})

describe('POST /api/applications/:applicationId/withdraw', () => {
  const withdraw = (who: Caller, id: string) => call.post(who, `/api/applications/${id}/withdraw`)

  it('lets a band member withdraw it: status withdrawn, withdrawnAt and updatedAt now, canEdit false', async () => {
    const { id } = await applied(aoi)
    t.clock.advance(minutes(7))
    const response = await withdraw(ren, id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ id, status: 'withdrawn', updatedAt: '2026-06-01T01:07:00.000Z', canEdit: false })
    expect(await rowOf(id)).toMatchObject({ status: 'withdrawn', withdrawnAt: new Date('2026-06-01T01:07:00.000Z') })
  })

  it('withdraws an accepted or waitlisted application too', async () => {
    const accepted = await createApplication(t.db, { eventId: live.id, bandId: nightOwls.id, submittedBy: aoi.user.id, status: 'accepted' })
    const waitlisted = await createApplication(t.db, { eventId: live.id, bandId: suzukis.id, submittedBy: mei.user.id, status: 'waitlisted' })
    expect((await withdraw(aoi, accepted.id)).json()).toMatchObject({ status: 'withdrawn' })
    expect((await withdraw(mei, waitlisted.id)).json()).toMatchObject({ status: 'withdrawn' })
  })

  it('refuses a second withdrawal (409 APPLICATION_WITHDRAWN) and a rejected one (409 APPLICATION_LOCKED)', async () => {
    const { id } = await applied(aoi)
    expect((await withdraw(aoi, id)).statusCode).toBe(200)
    expect((await refused(() => withdraw(ren, id), 409, 'APPLICATION_WITHDRAWN')).message).toBe('This application has already been withdrawn.')
    const rejected = await createApplication(t.db, { eventId: live.id, bandId: suzukis.id, submittedBy: mei.user.id, status: 'rejected', reviewNote: 'No' })
    expect((await refused(() => withdraw(mei, rejected.id), 409, 'APPLICATION_LOCKED')).message).toBe('This application was rejected, so it can no longer be withdrawn.')
  })

  it('answers 404 for an unknown one and 403 NOT_BAND_MEMBER for anyone outside the band', async () => {
    const { id } = await applied(aoi)
    await refused(() => withdraw(aoi, NIL), 404, 'NOT_FOUND')
    for (const who of [mei, outsider, executive, admin]) {
      expect((await refused(() => withdraw(who, id), 403, 'NOT_BAND_MEMBER')).message).toBe('Only the band’s members can withdraw its application.')
    }
  })

  it('refuses after the close time (409 APPLICATIONS_CLOSED)', async () => {
    const { id } = await applied(aoi)
    const late = await afterClose(ren)
    expect((await refused(() => withdraw(late, id), 409, 'APPLICATIONS_CLOSED')).message).toBe(CLOSED_MESSAGE)
  })

  it('ends 10 racing withdrawals with one: one 200, 9 × 409 APPLICATION_WITHDRAWN', async () => {
    const { id } = await applied(aoi)
    const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => withdraw(index % 2 === 0 ? aoi : ren, id)))
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1)
    for (const response of responses.filter((response) => response.statusCode !== 200)) expectError(response, 409, 'APPLICATION_WITHDRAWN')
  })

  it('orders a racing edit and withdrawal: an edit after the withdrawal is refused, never lost', async () => {
    const { id } = await applied(aoi)
    const [edit, out] = await Promise.all([
      call.put(ren, `/api/applications/${id}`, { songs: [{ title: 'A', length: '3:00' }], requestedMinutes: 10 }),
      withdraw(aoi, id),
    ])
    expect(out.statusCode, out.body).toBe(200)
    if (edit.statusCode !== 200) expectError(edit, 409, 'APPLICATION_WITHDRAWN')
    expect(await rowOf(id)).toMatchObject({ status: 'withdrawn' })
  })
})
