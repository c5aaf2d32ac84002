import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bands, blackouts, bookings } from '../../../server/src/db/schema'
import { createTestApp, minutes, type TestApp } from '../support/test-app'
import { createBand, createBooking, createUser } from '../support/factories'
import { allBookings, api, expectError, resetClub, seedClub, setBooking, signInAgain, slot, type Caller } from './support'

let t: TestApp
let club: Awaited<ReturnType<typeof seedClub>>
let executive: Caller
let admin: Caller
let aoi: Caller
let ren: Caller
let mei: Caller
let outsider: Caller
/** Aoi (leader) and Ren. */
let tanakas: { id: string; name: string }
/** Ren (leader) and Mei: Ren plays in both bands. */
let suzukis: { id: string; name: string }
let call: ReturnType<typeof api>

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  club = await seedClub(t)
  executive = await t.as('executive', { displayName: 'Exec Person' })
  admin = await t.as('admin', { displayName: 'Club Admin' })
  aoi = await t.as('member', { displayName: 'Aoi Tanaka' })
  ren = await t.as('member', { displayName: 'Ren Suzuki' })
  mei = await t.as('member', { displayName: 'Mei Ito' })
  outsider = await t.as('member', { displayName: 'Out Sider' })
  tanakas = await createBand(t.db, [{ userId: aoi.user.id }, { userId: ren.user.id }], { name: 'The Tanakas' })
  suzukis = await createBand(t.db, [{ userId: ren.user.id }, { userId: mei.user.id }], { name: 'Suzuki Trio' })
})
afterAll(() => t.close())
beforeEach(() => resetClub(t))

const TUE = '2026-06-02'
const bandBooking = (band: { id: string }, room = club.roomA, period = club.p3, date = TUE) => ({ ...slot(room, period, date), kind: 'band', bandId: band.id })
const personal = (room = club.roomA, period = club.p3, date = TUE) => ({ ...slot(room, period, date), kind: 'personal' })

/** Books and expects a 201. */
async function booked(who: Caller, payload: object) {
  const response = await call.book(who, payload)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** Expects the refusal and that no booking was written. */
async function refused(who: Caller, payload: object, status: number, code: string) {
  const before = await allBookings(t)
  const error = expectError(await call.book(who, payload), status, code)
  expect(await allBookings(t)).toEqual(before)
  return error
}

describe('POST /api/bookings: what can be booked', () => {
  it('books a band slot, copying the period and placing it in the club time zone', async () => {
    const booking = await booked(aoi, bandBooking(tanakas))
    expect(booking).toEqual({
      id: expect.any(String),
      roomId: club.roomA.id,
      roomName: 'Room A',
      date: TUE,
      periodId: club.p3.id,
      periodLabel: '3rd',
      startsAt: '13:00',
      endsAt: '14:30',
      kind: 'band',
      band: { id: tanakas.id, name: 'The Tanakas' },
      bookedBy: { id: aoi.user.id, displayName: 'Aoi Tanaka' },
      reason: null,
      status: 'active',
      source: 'booking',
      createdAt: expect.any(String),
      cancelledAt: null,
      canCancel: true,
    })
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row!.slotStart.toISOString()).toBe('2026-06-02T04:00:00.000Z')
    expect(row!.slotEnd.toISOString()).toBe('2026-06-02T05:30:00.000Z')
  })

  it('books personal practice for the caller; any other band id sent is ignored', async () => {
    const booking = await booked(mei, { ...personal(), bandId: tanakas.id })
    expect(booking).toMatchObject({ kind: 'personal', band: null, bookedBy: { id: mei.user.id, displayName: 'Mei Ito' } })
  })

  it('lets executives and admins close a slot with a reason; members get 403 FORBIDDEN', async () => {
    const block = await booked(executive, { ...slot(club.roomA, club.p3, TUE), kind: 'block', reason: ' Piano tuning ' })
    expect(block).toMatchObject({ kind: 'block', reason: 'Piano tuning', band: null })
    await booked(admin, { ...slot(club.roomB, club.p3, TUE), kind: 'block', reason: 'Cleaning' })
    await refused(aoi, { ...slot(club.roomA, club.p4, TUE), kind: 'block', reason: 'Mine now' }, 403, 'FORBIDDEN')
  })

  it('refuses a band the caller does not play in with 403 NOT_BAND_MEMBER, executives included', async () => {
    await refused(outsider, bandBooking(tanakas), 403, 'NOT_BAND_MEMBER')
    await refused(executive, bandBooking(tanakas), 403, 'NOT_BAND_MEMBER')
  })

  it.each(['inactive', 'disbanded'] as const)('refuses a band that is %s with 409 BAND_NOT_ACTIVE', async (status) => {
    const band = await createBand(t.db, [{ userId: aoi.user.id }], { status })
    const error = await refused(aoi, bandBooking(band), 409, 'BAND_NOT_ACTIVE')
    expect(error.message).toContain(status)
  })

  it('refuses personal practice while the settings turn it off with 409 PERSONAL_PRACTICE_DISABLED', async () => {
    await setBooking(t, { personalPracticeAllowed: false })
    await refused(aoi, personal(), 409, 'PERSONAL_PRACTICE_DISABLED')
    await refused(executive, personal(), 409, 'PERSONAL_PRACTICE_DISABLED')
    await booked(aoi, bandBooking(tanakas))
  })
})

describe('POST /api/bookings: the slot', () => {
  it('refuses a slot that has started or is past with 409 SLOT_IN_PAST (executives too)', async () => {
    // 10:00 in Tokyo: the 1st period began at 09:00.
    const error = await refused(aoi, personal(club.roomA, club.p1, '2026-06-01'), 409, 'SLOT_IN_PAST')
    expect(error.message).toBe('1st period on Mon 1 Jun has already started: choose a later slot.')
    await refused(aoi, personal(club.roomA, club.p4, '2026-05-31'), 409, 'SLOT_IN_PAST')
    await refused(executive, { ...slot(club.roomA, club.p1, '2026-06-01'), kind: 'block', reason: 'Late' }, 409, 'SLOT_IN_PAST')
    await booked(aoi, personal(club.roomA, club.p2, '2026-06-01'))
  })

  it('counts a slot starting exactly now as started', async () => {
    t.clock.advance(minutes(30)) // 10:30 in Tokyo
    const member = await signInAgain(t, mei)
    await refused(member, personal(club.roomA, club.p2, '2026-06-01'), 409, 'SLOT_IN_PAST')
    t.clock.advance(-1)
    await booked(member, personal(club.roomA, club.p2, '2026-06-01'))
  })

  it('books up to today + the horizon and refuses the day after with 409 SLOT_BEYOND_HORIZON', async () => {
    await booked(aoi, personal(club.roomA, club.p3, '2026-06-15'))
    const error = await refused(mei, personal(club.roomA, club.p3, '2026-06-16'), 409, 'SLOT_BEYOND_HORIZON')
    expect(error.message).toBe('Rooms can be booked at most 14 days ahead, so up to Mon 15 Jun.')
    await refused(executive, { ...slot(club.roomB, club.p3, '2026-06-16'), kind: 'block', reason: 'Far' }, 409, 'SLOT_BEYOND_HORIZON')
    await setBooking(t, { horizonDays: 1 })
    await booked(mei, personal(club.roomB, club.p3, TUE))
    await refused(ren, personal(club.roomB, club.p3, '2026-06-03'), 409, 'SLOT_BEYOND_HORIZON')
  })

  it('counts the horizon from today in the club time zone, not UTC', async () => {
    // 2026-06-01T15:30Z is already 00:30 on Tuesday 2 June in Tokyo.
    t.clock.current = new Date('2026-06-01T15:30:00Z')
    const member = await signInAgain(t, mei)
    await booked(member, personal(club.roomA, club.p3, '2026-06-16'))
    await refused(member, personal(club.roomA, club.p4, '2026-06-17'), 409, 'SLOT_BEYOND_HORIZON')
  })

  it('refuses an inactive room with 409 ROOM_INACTIVE', async () => {
    await refused(aoi, personal(club.roomC), 409, 'ROOM_INACTIVE')
  })

  it('refuses a room blacked out that day with 409 ROOM_BLACKED_OUT naming the reason; other rooms stay bookable', async () => {
    await t.db.insert(blackouts).values({ startsOn: '2026-06-02', endsOn: '2026-06-03', roomIds: [club.roomA.id], reason: 'Floor repairs' })
    const error = await refused(aoi, personal(club.roomA, club.p3, '2026-06-03'), 409, 'ROOM_BLACKED_OUT')
    expect(error.message).toBe('Room A is closed on Wed 3 Jun: Floor repairs.')
    await refused(executive, { ...slot(club.roomA, club.p3, TUE), kind: 'block', reason: 'x' }, 409, 'ROOM_BLACKED_OUT')
    await booked(aoi, personal(club.roomB, club.p3, TUE))
    await booked(mei, personal(club.roomA, club.p3, '2026-06-04'))
  })

  it('refuses every room on a day blacked out for all rooms', async () => {
    await t.db.insert(blackouts).values({ startsOn: '2026-06-05', endsOn: '2026-06-05', roomIds: null, reason: 'Campus festival' })
    expect((await refused(aoi, personal(club.roomA, club.p3, '2026-06-05'), 409, 'ROOM_BLACKED_OUT')).message).toContain('Campus festival')
    await refused(aoi, personal(club.roomB, club.p3, '2026-06-05'), 409, 'ROOM_BLACKED_OUT')
    await booked(aoi, personal(club.roomB, club.p3, '2026-06-06'))
  })

  it('refuses a taken slot with 409 SLOT_TAKEN; a cancelled booking frees it', async () => {
    await booked(aoi, bandBooking(tanakas))
    const error = await refused(mei, personal(), 409, 'SLOT_TAKEN')
    expect(error.message).toBe('Room A is already booked in 3rd period on Tue 2 Jun.')
    await refused(executive, { ...slot(club.roomA, club.p3, TUE), kind: 'block', reason: 'Mine' }, 409, 'SLOT_TAKEN')
    await t.db.update(bookings).set({ status: 'cancelled' })
    await booked(mei, personal())
  })
})

describe('POST /api/bookings: nobody in two places at once', () => {
  it('refuses a band booking while a member practises alone elsewhere, naming them, the period, day and room', async () => {
    await booked(ren, personal(club.roomB))
    const error = await refused(aoi, bandBooking(tanakas), 409, 'PERSON_DOUBLE_BOOKED')
    expect(error.message).toBe('Ren Suzuki already has a booking in 3rd period on Tue 2 Jun (Room B).')
    await booked(aoi, bandBooking(tanakas, club.roomA, club.p4))
  })

  it('refuses two bands sharing a member in one period, and the member’s personal practice too', async () => {
    await booked(mei, bandBooking(suzukis, club.roomB))
    expect((await refused(aoi, bandBooking(tanakas), 409, 'PERSON_DOUBLE_BOOKED')).message).toContain('Ren Suzuki')
    await refused(ren, personal(), 409, 'PERSON_DOUBLE_BOOKED')
    await booked(aoi, personal(club.roomA))
  })

  it('does not count members whose accounts are deleted', async () => {
    const gone = await createUser(t.db, { displayName: 'Gone', status: 'deleted' })
    const band = await createBand(t.db, [{ userId: aoi.user.id }, { userId: gone.id }])
    await createBooking(t.db, { room: club.roomB, period: club.p3, date: TUE, userId: gone.id, kind: 'personal' })
    await booked(aoi, bandBooking(band))
  })

  it('lets no executive be in two places either', async () => {
    await booked(executive, personal(club.roomB))
    await refused(executive, personal(club.roomA), 409, 'PERSON_DOUBLE_BOOKED')
  })
})

describe('POST /api/bookings: weekly quotas (Monday to Sunday)', () => {
  it('refuses a band past its periods per week with 409 BAND_QUOTA_EXCEEDED; the next Monday is a new week', async () => {
    await setBooking(t, { bandPeriodsPerWeek: 2 })
    await booked(aoi, bandBooking(tanakas, club.roomA, club.p3, TUE))
    await booked(ren, bandBooking(tanakas, club.roomA, club.p3, '2026-06-07')) // Sunday
    const error = await refused(aoi, bandBooking(tanakas, club.roomA, club.p3, '2026-06-06'), 409, 'BAND_QUOTA_EXCEEDED')
    expect(error.message).toBe('A band may book 2 periods a week, and “The Tanakas” already has 2 in the week of 1–7 Jun 2026.')
    await booked(aoi, bandBooking(tanakas, club.roomA, club.p3, '2026-06-08')) // Monday
    // Another band of the same member has its own quota.
    await booked(mei, bandBooking(suzukis, club.roomB, club.p4, TUE))
  })

  it('does not count cancelled bookings', async () => {
    await setBooking(t, { bandPeriodsPerWeek: 1 })
    await createBooking(t.db, { room: club.roomB, period: club.p4, date: '2026-06-03', userId: aoi.user.id, bandId: tanakas.id, status: 'cancelled' })
    await booked(aoi, bandBooking(tanakas))
  })

  it('refuses personal practice past the member’s periods per week with 409 PERSONAL_QUOTA_EXCEEDED', async () => {
    await setBooking(t, { personalPeriodsPerWeek: 1 })
    await booked(mei, personal(club.roomA, club.p3, '2026-06-07'))
    const error = await refused(mei, personal(club.roomA, club.p4, TUE), 409, 'PERSONAL_QUOTA_EXCEEDED')
    expect(error.message).toBe('A member may book 1 personal practice period a week, and you already have 1 in the week of 1–7 Jun 2026.')
    await booked(mei, personal(club.roomA, club.p4, '2026-06-08'))
    // Band bookings do not use the personal quota, and the other way round.
    await booked(aoi, personal(club.roomB, club.p4, TUE))
    await booked(aoi, bandBooking(tanakas, club.roomB, club.p3, TUE))
  })

  it('lets executives and admins go past the quotas, but no other rule', async () => {
    await setBooking(t, { bandPeriodsPerWeek: 0, personalPeriodsPerWeek: 0 })
    const band = await createBand(t.db, [{ userId: executive.user.id }, { userId: admin.user.id }], { name: 'Exec Band' })
    await refused(aoi, bandBooking(tanakas), 409, 'BAND_QUOTA_EXCEEDED')
    await refused(aoi, personal(), 409, 'PERSONAL_QUOTA_EXCEEDED')
    await booked(executive, bandBooking(band, club.roomA, club.p3))
    await booked(admin, bandBooking(band, club.roomA, club.p4))
    await booked(executive, personal(club.roomB, club.p2, TUE))
    await refused(admin, personal(club.roomA, club.p4, TUE), 409, 'SLOT_TAKEN')
  })
})

describe('POST /api/bookings: bad input', () => {
  const nil = '00000000-0000-4000-8000-000000000000'
  it.each([
    ['no body fields', () => ({}), 'roomId'],
    ['a room id that is not a uuid', () => ({ ...personal(), roomId: 'room-a' }), 'roomId'],
    ['a period id that is not a uuid', () => ({ ...personal(), periodId: 3 }), 'periodId'],
    ['an impossible date', () => personal(club.roomA, club.p3, '2026-02-30'), 'date'],
    ['a date with a time', () => personal(club.roomA, club.p3, '2026-06-02T13:00'), 'date'],
    ['an unknown kind', () => ({ ...personal(), kind: 'party' }), 'kind'],
    ['a band booking without a band', () => ({ ...personal(), kind: 'band' }), 'bandId'],
    ['a band id that is not a uuid', () => ({ ...personal(), kind: 'band', bandId: 'tanakas' }), 'bandId'],
    ['a closure without a reason', () => ({ ...personal(), kind: 'block', reason: '  ' }), 'reason'],
    ['a 201-character reason', () => ({ ...personal(), kind: 'block', reason: 'x'.repeat(201) }), 'reason'],
    ['an unknown room', () => ({ ...personal(), roomId: nil }), 'roomId'],
    ['an unknown period', () => ({ ...personal(), periodId: nil }), 'periodId'],
    ['an unknown band', () => ({ ...personal(), kind: 'band', bandId: nil }), 'bandId'],
  ])('refuses %s with 400 naming the field and books nothing', async (_what, payload, field) => {
    const error = await refused(executive, payload(), 400, 'VALIDATION_FAILED')
    expect(error.fields).toHaveProperty([field])
  })

  it('names every unknown id at once', async () => {
    const error = await refused(aoi, { roomId: nil, periodId: nil, date: TUE, kind: 'band', bandId: nil }, 400, 'VALIDATION_FAILED')
    expect(Object.keys(error.fields!).sort()).toEqual(['bandId', 'periodId', 'roomId'])
  })

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/bookings', headers: { ...aoi.headers, 'content-type': 'application/json' }, payload: '{"roomId":' })
    expectError(response, 400, 'INVALID_JSON')
    expect(await allBookings(t)).toEqual([])
  })

  it('asks visitors to sign in', async () => {
    expectError(await t.inject({ method: 'POST', url: '/api/bookings', payload: personal() }), 401, 'UNAUTHENTICATED')
  })
})

describe('GET /api/bookings/check', () => {
  const check = (who: Caller, query: Record<string, string>) => call.get(who, `/api/bookings/check?${new URLSearchParams(query)}`)
  const codes = async (who: Caller, query: Record<string, string>) => {
    const response = await check(who, query)
    expect(response.statusCode, response.body).toBe(200)
    return (response.json().problems as Array<{ code: string }>).map((problem) => problem.code)
  }

  it('says a free slot is bookable', async () => {
    const response = await check(aoi, { ...slot(club.roomA, club.p3, TUE), kind: 'band', bandId: tanakas.id })
    expect(response.json()).toEqual({ bookable: true, problems: [] })
  })

  it('lists every problem in order, with messages, and writes nothing', async () => {
    await setBooking(t, { bandPeriodsPerWeek: 1 })
    await booked(executive, { ...slot(club.roomA, club.p3, TUE), kind: 'block', reason: 'Tuning' })
    await booked(aoi, bandBooking(tanakas, club.roomB, club.p3, TUE))
    await createBooking(t.db, { room: club.roomB, period: club.p4, date: '2026-06-05', userId: mei.user.id, bandId: suzukis.id })
    const before = await allBookings(t)
    const response = await check(mei, { ...slot(club.roomA, club.p3, TUE), kind: 'band', bandId: suzukis.id })
    expect(response.json()).toEqual({
      bookable: false,
      problems: [
        { code: 'SLOT_TAKEN', message: 'Room A is already booked in 3rd period on Tue 2 Jun.' },
        { code: 'PERSON_DOUBLE_BOOKED', message: 'Ren Suzuki already has a booking in 3rd period on Tue 2 Jun (Room B).' },
        { code: 'BAND_QUOTA_EXCEEDED', message: expect.stringContaining('“Suzuki Trio” already has 1') },
      ],
    })
    expect(await allBookings(t)).toEqual(before)
  })

  it('orders slot problems before room problems', async () => {
    await t.db.insert(blackouts).values({ startsOn: '2026-06-20', endsOn: '2026-06-20', roomIds: null, reason: 'Closed' })
    expect(await codes(aoi, { ...slot(club.roomC, club.p3, '2026-06-20'), kind: 'personal' })).toEqual(['SLOT_BEYOND_HORIZON', 'ROOM_INACTIVE', 'ROOM_BLACKED_OUT'])
    await setBooking(t, { personalPracticeAllowed: false })
    expect(await codes(aoi, { ...slot(club.roomA, club.p1, '2026-06-01'), kind: 'personal' })).toEqual(['PERSONAL_PRACTICE_DISABLED', 'SLOT_IN_PAST'])
  })

  it('answers only the refusal for a band the caller does not play in, or a closure by a member', async () => {
    expect(await codes(outsider, { ...slot(club.roomC, club.p1, '2026-06-01'), kind: 'band', bandId: tanakas.id })).toEqual(['NOT_BAND_MEMBER'])
    expect(await codes(aoi, { ...slot(club.roomA, club.p3, TUE), kind: 'block' })).toEqual(['FORBIDDEN'])
  })

  it('answers 400 naming the fields for bad or unknown ids, a missing band and a bad date', async () => {
    const nil = '00000000-0000-4000-8000-000000000000'
    expect(expectError(await check(aoi, { roomId: nil, periodId: club.p3.id, date: TUE, kind: 'personal' }), 400, 'VALIDATION_FAILED').fields).toEqual({
      roomId: expect.any(String),
    })
    expect(expectError(await check(aoi, { ...slot(club.roomA, club.p3, TUE) }), 400, 'VALIDATION_FAILED').fields).toHaveProperty(['bandId'])
    expect(expectError(await check(aoi, { ...slot(club.roomA, club.p3, 'tuesday'), kind: 'personal' }), 400, 'VALIDATION_FAILED').fields).toHaveProperty(['date'])
    expect(expectError(await check(aoi, { roomId: 'x', periodId: club.p3.id, date: TUE }), 400, 'VALIDATION_FAILED').fields).toHaveProperty(['roomId'])
  })
})

describe('band changes', () => {
  it('keeps the booking when the band is renamed; lists show the new name', async () => {
    const booking = await booked(aoi, bandBooking(tanakas))
    await t.db.update(bands).set({ name: 'The New Tanakas' }).where(eq(bands.id, tanakas.id))
    const list = (await call.get(aoi, '/api/bookings')).json()
    expect(list.items.find((item: { id: string }) => item.id === booking.id).band.name).toBe('The New Tanakas')
    await t.db.update(bands).set({ name: 'The Tanakas' }).where(eq(bands.id, tanakas.id))
  })
})
