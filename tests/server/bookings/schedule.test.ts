import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import zlib from 'node:zlib'
import { blackouts, bookings } from '../../../server/src/db/schema'
import { defaultClubSettings } from '../../../src/contract/settings'
import { createTestApp, START, type TestApp } from '../support/test-app'
import { createBand, createBooking, createRoom, createUser } from '../support/factories'
import { api, expectError, resetClub, seedClub, slot, type Caller } from './support'

let t: TestApp
let club: Awaited<ReturnType<typeof seedClub>>
let hidden: { id: string; name: string }
let admin: Caller
let executive: Caller
let aoi: Caller
let secret: Caller
let tanakas: { id: string; name: string }
let call: ReturnType<typeof api>

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  club = await seedClub(t)
  hidden = await createRoom(t.db, { name: 'Back Room', sortOrder: 4, shownPublicly: false })
  admin = await t.as('admin', { displayName: 'Club Admin' })
  executive = await t.as('executive', { displayName: 'Exec Person' })
  aoi = await t.as('member', { displayName: 'Aoi Tanaka' })
  secret = await t.as('member', { displayName: 'Secret Practiser' })
  tanakas = await createBand(t.db, [{ userId: aoi.user.id }], { name: 'The Tanakas' })
})
afterAll(() => t.close())
beforeEach(async () => {
  await resetClub(t)
  t.services.scheduleVersion.bump()
})

const TUE = '2026-06-02'

async function booked(who: Caller, payload: object) {
  const response = await call.book(who, payload)
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { id: string }
}

/** A week with a band booking, personal practice, a closure and blackouts, made through the API. */
async function seedWeek() {
  const band = await booked(aoi, { ...slot(club.roomA, club.p3, TUE), kind: 'band', bandId: tanakas.id })
  const practice = await booked(secret, { ...slot(club.roomB, club.p3, TUE), kind: 'personal' })
  const block = await booked(executive, { ...slot(club.roomA, club.p4, '2026-06-03'), kind: 'block', reason: 'Amp repairs (internal)' })
  const inHidden = await booked(aoi, { ...slot(hidden, club.p2, TUE), kind: 'personal' })
  await t.db.insert(blackouts).values([
    { startsOn: '2026-05-31', endsOn: '2026-06-01', roomIds: null, reason: 'Open campus' },
    { startsOn: '2026-06-05', endsOn: '2026-06-05', roomIds: [club.roomA.id, hidden.id], reason: 'Wiring' },
  ])
  t.services.scheduleVersion.bump()
  return { band, practice, block, inHidden }
}

describe('GET /api/room-schedule', () => {
  it('shows a booking made or cancelled since the last look at once, marked as mine only for its band', async () => {
    const entries = async (who: Caller) => (await call.get(who, `/api/room-schedule?week=${TUE}`)).json().entries as Array<{ id: string; mine: boolean }>
    expect(await entries(aoi)).toEqual([])
    const made = await booked(aoi, { ...slot(club.roomA, club.p3, TUE), kind: 'band', bandId: tanakas.id })
    expect(await entries(aoi)).toEqual([expect.objectContaining({ id: made.id, mine: true })])
    expect(await entries(secret)).toEqual([expect.objectContaining({ id: made.id, mine: false })])
    expect((await call.cancel(aoi, made.id)).statusCode).toBe(200)
    expect(await entries(aoi)).toEqual([])
  })

  it('answers this week’s grid: every room, the periods, blackouts per day and every active booking', async () => {
    const s = await seedWeek()
    await createBooking(t.db, { room: club.roomB, period: club.p4, date: TUE, userId: secret.user.id, kind: 'personal', status: 'cancelled' })
    await createBooking(t.db, { room: club.roomB, period: club.p3, date: '2026-06-08', userId: secret.user.id, kind: 'personal' })
    const response = await call.get(aoi, '/api/room-schedule')
    expect(response.statusCode, response.body).toBe(200)
    const week = response.json()
    expect(week).toMatchObject({
      weekStart: '2026-06-01',
      days: ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07'],
      today: '2026-06-01',
      now: START.toISOString(),
      lastBookableDate: '2026-06-15',
    })
    expect(week.rooms).toEqual([
      { id: club.roomA.id, name: 'Room A', active: true },
      { id: club.roomB.id, name: 'Room B', active: true },
      { id: club.roomC.id, name: 'Room C', active: false },
      { id: hidden.id, name: 'Back Room', active: true },
    ])
    expect(week.periods.map((period: { label: string }) => period.label)).toEqual(['1st', '2nd', '3rd', '4th'])
    expect(week.blackouts).toEqual([
      { date: '2026-06-01', roomId: null, reason: 'Open campus' },
      { date: '2026-06-05', roomId: club.roomA.id, reason: 'Wiring' },
      { date: '2026-06-05', roomId: hidden.id, reason: 'Wiring' },
    ])
    expect(week.entries).toEqual([
      { id: s.inHidden.id, roomId: hidden.id, date: TUE, periodId: club.p2.id, kind: 'personal', label: 'Aoi Tanaka', bandId: null, mine: true },
      { id: s.band.id, roomId: club.roomA.id, date: TUE, periodId: club.p3.id, kind: 'band', label: 'The Tanakas', bandId: tanakas.id, mine: true },
      { id: s.practice.id, roomId: club.roomB.id, date: TUE, periodId: club.p3.id, kind: 'personal', label: 'Secret Practiser', bandId: null, mine: false },
      { id: s.block.id, roomId: club.roomA.id, date: '2026-06-03', periodId: club.p4.id, kind: 'block', label: 'Amp repairs (internal)', bandId: null, mine: false },
    ])
  })

  it('marks band bookings made by a band-mate as mine, and shows a deleted person as “Deleted user”', async () => {
    const mate = await t.as('member', { displayName: 'Band Mate' })
    const band = await createBand(t.db, [{ userId: mate.user.id }, { userId: aoi.user.id }])
    const booking = await booked(mate, { ...slot(club.roomA, club.p3, TUE), kind: 'band', bandId: band.id })
    const gone = await createUser(t.db, { displayName: 'Gone Member', status: 'deleted' })
    await createBooking(t.db, { room: club.roomB, period: club.p3, date: TUE, userId: gone.id, kind: 'personal' })
    const entries = (await call.get(aoi, '/api/room-schedule?week=2026-06-04')).json().entries
    expect(entries).toEqual([
      expect.objectContaining({ id: booking.id, mine: true }),
      expect.objectContaining({ roomId: club.roomB.id, label: 'Deleted user', mine: false }),
    ])
    expect(JSON.stringify(entries)).not.toContain('Gone Member')
  })

  it('stops marking the band\'s bookings as mine at the next look once I leave it, though the week is kept in memory', async () => {
    const leader = await t.as('member', { displayName: 'Band Leader' })
    const leaving = await t.as('member', { displayName: 'Leaving Drummer' })
    const band = await createBand(t.db, [{ userId: leader.user.id, isLeader: true }, { userId: leaving.user.id }], { name: 'Parting Ways' })
    const booking = await booked(leader, { ...slot(club.roomA, club.p3, TUE), kind: 'band', bandId: band.id })
    const mine = async () => (await call.get(leaving, `/api/room-schedule?week=${TUE}`)).json().entries.find((entry: { id: string }) => entry.id === booking.id).mine
    expect(await mine()).toBe(true)
    expect(await mine()).toBe(true)
    const left = await t.inject({ method: 'POST', url: `/api/bands/${band.id}/leave`, headers: leaving.headers, payload: {} })
    expect(left.statusCode, left.body).toBeLessThan(300)
    expect(await mine()).toBe(false)
  })

  it('sends the signed-in week compressed when the client accepts it, the same grid as plain', async () => {
    await seedWeek()
    const plain = await call.get(aoi, `/api/room-schedule?week=${TUE}`)
    const compressed = await call.get(aoi, `/api/room-schedule?week=${TUE}`, { 'accept-encoding': 'br' })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json())
    expect(plain.headers['cache-control']).toBe('no-store')
  })

  it('answers another week for any of its days, leaving out bookings whose period was removed', async () => {
    const kept = await createBooking(t.db, { room: club.roomA, period: club.p3, date: '2026-05-26', userId: aoi.user.id, kind: 'personal' })
    const orphan = await createBooking(t.db, { room: club.roomA, period: club.p4, date: '2026-05-26', userId: aoi.user.id, kind: 'personal' })
    await t.db.update(bookings).set({ periodId: null }).where(eq(bookings.id, orphan.id))
    const week = (await call.get(aoi, '/api/room-schedule?week=2026-05-31')).json()
    expect(week).toMatchObject({ weekStart: '2026-05-25', today: '2026-06-01' })
    expect(week.entries.map((entry: { id: string }) => entry.id)).toEqual([kept.id])
  })

  it('refuses a bad week with 400 and visitors with 401', async () => {
    expect(expectError(await call.get(aoi, '/api/room-schedule?week=next'), 400, 'VALIDATION_FAILED').fields).toHaveProperty(['week'])
    expectError(await call.get(null, '/api/room-schedule'), 401, 'UNAUTHENTICATED')
  })
})

describe('GET /api/public/room-schedule', () => {
  const publicWeek = (query = '', headers: Record<string, string> = {}) => call.get(null, `/api/public/room-schedule${query}`, headers)

  it('shows visitors the active public rooms with band names, personal practice and closures unnamed', async () => {
    await seedWeek()
    const response = await publicWeek()
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toContain('application/json')
    const body = response.json()
    expect(body).toMatchObject({ enabled: true, clubName: 'Bandroom Music Club', timeZone: 'Asia/Tokyo', weekStart: '2026-06-01', today: '2026-06-01' })
    expect(body.rooms).toEqual([
      { id: club.roomA.id, name: 'Room A', active: true },
      { id: club.roomB.id, name: 'Room B', active: true },
    ])
    expect(body.entries).toEqual([
      { roomId: club.roomA.id, date: TUE, periodId: club.p3.id, kind: 'band', label: 'The Tanakas' },
      { roomId: club.roomB.id, date: TUE, periodId: club.p3.id, kind: 'personal', label: 'Personal practice' },
      { roomId: club.roomA.id, date: '2026-06-03', periodId: club.p4.id, kind: 'block', label: 'Closed' },
    ])
    // Blackout reasons are the club's announcements; the hidden room's day is left out.
    expect(body.blackouts).toEqual([
      { date: '2026-06-01', roomId: null, reason: 'Open campus' },
      { date: '2026-06-05', roomId: club.roomA.id, reason: 'Wiring' },
    ])
    for (const secretText of ['Secret Practiser', 'Aoi Tanaka', 'Amp repairs', 'Back Room', hidden.id, secret.user.id, aoi.user.id]) {
      expect(response.body).not.toContain(secretText)
    }
  })

  it('says “Booked” instead of band names when the settings say so, and only that it is off when disabled', async () => {
    await seedWeek()
    await t.services.settings.replace({ ...defaultClubSettings, publicSchedule: { enabled: true, showBandNames: false } }, null)
    const body = (await publicWeek()).json()
    expect(body.entries.map((entry: { label: string }) => entry.label)).toEqual(['Booked', 'Personal practice', 'Closed'])
    expect(JSON.stringify(body)).not.toContain('The Tanakas')
    await t.services.settings.replace({ ...defaultClubSettings, clubName: 'Keion', publicSchedule: { enabled: false, showBandNames: true } }, null)
    const off = await publicWeek(`?room=${club.roomA.id}`)
    expect(off.statusCode).toBe(200)
    expect(off.json()).toEqual({ enabled: false, clubName: 'Keion' })
  })

  it('shows one room with ?room=, and answers 404 for a room that is unknown, hidden or inactive', async () => {
    await seedWeek()
    const body = (await publicWeek(`?week=2026-06-07&room=${club.roomB.id}`)).json()
    expect(body.rooms).toEqual([{ id: club.roomB.id, name: 'Room B', active: true }])
    expect(body.entries).toEqual([{ roomId: club.roomB.id, date: TUE, periodId: club.p3.id, kind: 'personal', label: 'Personal practice' }])
    expect(body.blackouts).toEqual([{ date: '2026-06-01', roomId: null, reason: 'Open campus' }])
    for (const room of ['00000000-0000-4000-8000-000000000000', hidden.id, club.roomC.id]) {
      expectError(await publicWeek(`?room=${room}`), 404, 'NOT_FOUND')
    }
    expectError(await publicWeek('?room=room-a'), 400, 'VALIDATION_FAILED')
    expectError(await publicWeek('?week=2026-02-30'), 400, 'VALIDATION_FAILED')
  })

  it('answers with an ETag and short caching, and 304 without a body when the ETag still matches', async () => {
    await seedWeek()
    const first = await publicWeek()
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('public, max-age=30')
    const again = await publicWeek('', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect((await publicWeek('', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304)
    expect((await publicWeek('', { 'if-none-match': '"other"' })).statusCode).toBe(200)
    // Another week or room is another answer.
    expect((await publicWeek('?week=2026-06-08')).headers.etag).not.toBe(etag)
  })

  it('changes the ETag when a booking is made or cancelled, or a setting, room, blackout or band name changes', async () => {
    await seedWeek()
    const etag = async () => (await publicWeek()).headers.etag as string
    // The ETag is a hash of the body: a change moves it (undoing a change may bring an old one back).
    let last = await etag()
    const changed = async (what: string) => {
      const next = await etag()
      expect(next, what).not.toBe(last)
      last = next
    }
    const made = await booked(aoi, { ...slot(club.roomB, club.p4, TUE), kind: 'personal' })
    await changed('booking made')
    expect((await call.cancel(aoi, made.id)).statusCode).toBe(200)
    await changed('booking cancelled')
    const settings = await t.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })
    const put = await t.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...(settings.json() as object), clubName: 'Renamed Club' } })
    expect(put.statusCode).toBe(200)
    await changed('settings replaced')
    expect((await t.inject({ method: 'PATCH', url: `/api/rooms/${club.roomB.id}`, headers: admin.headers, payload: { name: 'Room B2' } })).statusCode).toBe(200)
    await changed('room renamed')
    await t.inject({ method: 'PATCH', url: `/api/rooms/${club.roomB.id}`, headers: admin.headers, payload: { name: 'Room B' } })
    last = await etag()
    const blackout = await t.inject({ method: 'POST', url: '/api/blackouts', headers: admin.headers, payload: { startsOn: TUE, endsOn: TUE, roomIds: null, reason: 'Exam week' } })
    expect(blackout.statusCode).toBe(201)
    await changed('blackout added')
    const band = await t.inject({
      method: 'PATCH',
      url: `/api/bands/${tanakas.id}`,
      headers: aoi.headers,
      payload: { name: 'Tanakas Reborn', description: '', genre: '', members: [{ userId: aoi.user.id, part: 'Vocal', isLeader: true }] },
    })
    expect(band.statusCode, band.body).toBe(200)
    await changed('band renamed')
    expect((await publicWeek()).body).toContain('Tanakas Reborn')
    await t.inject({
      method: 'PATCH',
      url: `/api/bands/${tanakas.id}`,
      headers: aoi.headers,
      payload: { name: 'The Tanakas', description: '', genre: '', members: [{ userId: aoi.user.id, part: 'Vocal', isLeader: true }] },
    })
  })

  it('serves the cached answer until the schedule version moves', async () => {
    const before = (await publicWeek()).headers.etag
    // A write that bypasses the services does not move the version, so the cache still answers.
    await createBooking(t.db, { room: club.roomA, period: club.p2, date: TUE, userId: aoi.user.id, kind: 'personal' })
    expect((await publicWeek()).headers.etag).toBe(before)
    t.services.scheduleVersion.bump()
    expect((await publicWeek()).headers.etag).not.toBe(before)
  })

  it('moves to the new day at midnight in the club time zone without any write', async () => {
    const before = (await publicWeek()).json()
    t.clock.current = new Date('2026-06-01T15:00:00Z') // midnight in Tokyo
    const after = (await publicWeek()).json()
    expect([before.today, after.today]).toEqual(['2026-06-01', '2026-06-02'])
    t.clock.current = new Date('2026-06-07T15:00:00Z') // Monday 8 June
    expect((await publicWeek()).json().weekStart).toBe('2026-06-08')
  })

  it('sends the same security headers as every other route', async () => {
    // HSTS only over HTTPS (decision 010-hardening-input): tests/server/response-headers.test.ts.
    const names = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy']
    const reference = (await t.inject({ method: 'GET', url: '/api/club' })).headers
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const headers = (await publicWeek()).headers
      for (const name of names) {
        expect(reference[name], name).toBeTruthy()
        expect(headers[name], name).toBe(reference[name])
      }
    }
  })

  it('sends the cached body compressed when the client accepts it', async () => {
    await seedWeek()
    for (let day = 3; day <= 7; day += 1) {
      await createBooking(t.db, { room: club.roomB, period: club.p1, date: `2026-06-0${day}`, userId: aoi.user.id, bandId: tanakas.id })
    }
    t.services.scheduleVersion.bump()
    const plain = await publicWeek()
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024)
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await publicWeek('', { 'accept-encoding': `${encoding}, deflate` })
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers.vary).toContain('ccept-encoding')
      expect(response.headers.etag).toBe(plain.headers.etag)
      expect(decode(response.rawPayload).toString()).toBe(plain.body)
    }
    expect((await publicWeek('', { 'accept-encoding': 'br;q=0, identity' })).headers['content-encoding']).toBeUndefined()
  })
})
