import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings } from '../../../server/src/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'
import { createBand, createBooking, createUser } from '../support/factories'
import { allBookings, api, expectError, resetClub, seedClub, setBooking, slot, type Caller } from './support'

let t: TestApp
let club: Awaited<ReturnType<typeof seedClub>>
let executive: Caller
let aoi: Caller
let ren: Caller
let mei: Caller
let outsider: Caller
let tanakas: { id: string; name: string }
let call: ReturnType<typeof api>

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  club = await seedClub(t)
  executive = await t.as('executive', { displayName: 'Exec Person' })
  aoi = await t.as('member', { displayName: 'Aoi Tanaka' })
  ren = await t.as('member', { displayName: 'Ren Suzuki' })
  mei = await t.as('member', { displayName: 'Mei Ito' })
  outsider = await t.as('member', { displayName: 'Out Sider' })
  tanakas = await createBand(t.db, [{ userId: aoi.user.id }, { userId: ren.user.id }], { name: 'The Tanakas' })
  await createBand(t.db, [{ userId: mei.user.id }], { name: '100% Mei' })
})
afterAll(() => t.close())
beforeEach(() => resetClub(t))

const TUE = '2026-06-02'
const NIL = '00000000-0000-4000-8000-000000000000'

async function booked(who: Caller, payload: object) {
  const response = await call.book(who, payload)
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { id: string; canCancel: boolean }
}
const bandSlot = (room = club.roomA, period = club.p3, date = TUE) => ({ ...slot(room, period, date), kind: 'band', bandId: tanakas.id })

describe('POST /api/bookings/:bookingId/cancel', () => {
  it('lets the booker cancel, keeping the booking as cancelled and freeing the slot', async () => {
    const booking = await booked(aoi, bandSlot())
    const response = await call.cancel(aoi, booking.id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ id: booking.id, status: 'cancelled', cancelledAt: '2026-06-01T01:00:00.000Z', canCancel: false })
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: aoi.user.id })
    await booked(mei, { ...slot(club.roomA, club.p3, TUE), kind: 'personal' })
  })

  it('lets the band’s other members and executives cancel; others get 403 NOT_YOUR_BOOKING', async () => {
    const first = await booked(aoi, bandSlot(club.roomA, club.p3))
    const second = await booked(aoi, bandSlot(club.roomA, club.p4))
    const personal = await booked(mei, { ...slot(club.roomB, club.p3, TUE), kind: 'personal' })
    const before = await allBookings(t)
    expectError(await call.cancel(outsider, first.id), 403, 'NOT_YOUR_BOOKING')
    expectError(await call.cancel(aoi, personal.id), 403, 'NOT_YOUR_BOOKING')
    expect(await allBookings(t)).toEqual(before)
    expect((await call.cancel(ren, first.id)).statusCode).toBe(200)
    expect((await call.cancel(executive, second.id)).statusCode).toBe(200)
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, second.id))
    expect(row!.cancelledBy).toBe(executive.user.id)
  })

  it('refuses a booking already cancelled with 409 BOOKING_CANCELLED', async () => {
    const booking = await booked(aoi, bandSlot())
    expect((await call.cancel(aoi, booking.id)).statusCode).toBe(200)
    expectError(await call.cancel(ren, booking.id), 409, 'BOOKING_CANCELLED')
  })

  it('refuses a slot that has started with 409 BOOKING_STARTED, executives included', async () => {
    const started = await createBooking(t.db, { room: club.roomA, period: club.p1, date: '2026-06-01', userId: aoi.user.id, bandId: tanakas.id })
    const before = await allBookings(t)
    expectError(await call.cancel(aoi, started.id), 409, 'BOOKING_STARTED')
    expectError(await call.cancel(executive, started.id), 409, 'BOOKING_STARTED')
    expect(await allBookings(t)).toEqual(before)
  })

  it('lets only one of two racing cancels succeed', async () => {
    const booking = await booked(aoi, bandSlot())
    const answers = await Promise.all([call.cancel(aoi, booking.id), call.cancel(ren, booking.id), call.cancel(executive, booking.id)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409])
  })

  it('answers 404 for an unknown booking and 400 for a bad id', async () => {
    expectError(await call.cancel(aoi, NIL), 404, 'NOT_FOUND')
    expectError(await call.cancel(aoi, 'booking-1'), 400, 'VALIDATION_FAILED')
  })
})

describe('GET /api/bookings', () => {
  const list = async (who: Caller, query = '') => {
    const response = await call.get(who, `/api/bookings${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { items: Array<Record<string, unknown> & { id: string }>; total: number }
  }
  const ids = async (who: Caller, query = '') => (await list(who, query)).items.map((item) => item.id)

  /** Aoi's band (booked by Ren), Aoi's own practice, Mei's practice, a past one and a cancelled one. */
  async function seed() {
    const bandByRen = await booked(ren, bandSlot(club.roomA, club.p3, '2026-06-03'))
    const aoiPersonal = await booked(aoi, { ...slot(club.roomB, club.p2, TUE), kind: 'personal' })
    const meiPersonal = await booked(mei, { ...slot(club.roomB, club.p4, TUE), kind: 'personal' })
    const past = await createBooking(t.db, { room: club.roomA, period: club.p3, date: '2026-05-25', userId: aoi.user.id, kind: 'personal' })
    const older = await createBooking(t.db, { room: club.roomA, period: club.p3, date: '2026-05-20', userId: ren.user.id, bandId: tanakas.id })
    const cancelled = await createBooking(t.db, { room: club.roomB, period: club.p3, date: '2026-06-04', userId: aoi.user.id, kind: 'personal', status: 'cancelled' })
    return { bandByRen, aoiPersonal, meiPersonal, past, older, cancelled }
  }

  it('shows the caller’s upcoming bookings soonest first (cancelled ones too), and theirs only', async () => {
    const s = await seed()
    expect(await ids(aoi)).toEqual([s.aoiPersonal.id, s.bandByRen.id, s.cancelled.id])
    expect(await ids(mei)).toEqual([s.meiPersonal.id])
    expect(await ids(outsider)).toEqual([])
    const items = (await list(aoi)).items
    expect(items[1]).toMatchObject({ kind: 'band', band: { id: tanakas.id, name: 'The Tanakas' }, bookedBy: { id: ren.user.id, displayName: 'Ren Suzuki' }, canCancel: true })
    expect(items[2]).toMatchObject({ status: 'cancelled', canCancel: false })
  })

  it('shows past bookings most recent first, and any with date filters', async () => {
    const s = await seed()
    expect(await ids(aoi, '?when=past')).toEqual([s.past.id, s.older.id])
    expect((await list(aoi, '?when=past')).items.every((item) => item.canCancel === false)).toBe(true)
    expect(await ids(aoi, '?when=any&from=2026-05-25&to=2026-06-02')).toEqual([s.past.id, s.aoiPersonal.id])
    expect(await ids(aoi, '?when=any&status=active&kind=personal')).toEqual([s.past.id, s.aoiPersonal.id])
  })

  it('refuses scope=all to members with 403 FORBIDDEN and lists everyone’s to executives, filtered', async () => {
    const s = await seed()
    expectError(await call.get(aoi, '/api/bookings?scope=all'), 403, 'FORBIDDEN')
    const all = await list(executive, '?scope=all&when=any')
    expect(all.total).toBe(6)
    expect(all.items.every((item) => item.canCancel === (item.status === 'active' && [s.bandByRen.id, s.aoiPersonal.id, s.meiPersonal.id].includes(item.id)))).toBe(true)
    expect(await ids(executive, `?scope=all&roomId=${club.roomB.id}`)).toEqual([s.aoiPersonal.id, s.meiPersonal.id, s.cancelled.id])
    expect(await ids(executive, `?scope=all&when=any&bandId=${tanakas.id}`)).toEqual([s.older.id, s.bandByRen.id])
    expect(await ids(executive, '?scope=all&status=cancelled')).toEqual([s.cancelled.id])
    expect(await ids(executive, '?scope=all&q=tanakas')).toEqual([s.bandByRen.id])
    expect(await ids(executive, '?scope=all&q=MEI')).toEqual([s.meiPersonal.id])
    expect(await ids(executive, '?scope=all&q=%25')).toEqual([])
  })

  it('pages with a total', async () => {
    const s = await seed()
    const page = await list(aoi, '?pageSize=1&page=2')
    expect(page).toMatchObject({ total: 3, items: [{ id: s.bandByRen.id }] })
  })

  it('shows a deleted booker as “Deleted user” without an id, and never finds them by name', async () => {
    const gone = await createUser(t.db, { displayName: 'Gone Member', status: 'deleted' })
    const booking = await createBooking(t.db, { room: club.roomA, period: club.p4, date: TUE, userId: gone.id, kind: 'personal' })
    const items = (await list(executive, '?scope=all')).items
    expect(items.find((item) => item.id === booking.id)).toMatchObject({ bookedBy: { id: null, displayName: 'Deleted user' } })
    expect(await ids(executive, '?scope=all&q=Gone')).toEqual([])
  })

  it.each([
    ['an unknown scope', '?scope=everyone', 'scope'],
    ['an unknown when', '?when=soon', 'when'],
    ['a bad date', '?from=2026-13-01', 'from'],
    ['a bad room id', '?roomId=a', 'roomId'],
    ['an unknown status', '?status=gone', 'status'],
    ['page 0', '?page=0', 'page'],
    ['a range ending before it starts', '?from=2026-06-10&to=2026-06-01', 'to'],
  ])('refuses %s with 400', async (_what, query, field) => {
    expect(expectError(await call.get(aoi, `/api/bookings${query}`), 400, 'VALIDATION_FAILED').fields).toHaveProperty([field])
  })
})

describe('GET /api/bookings/export.csv', () => {
  it('exports the filtered bookings for Excel: BOM, header, one row per booking', async () => {
    await booked(ren, bandSlot(club.roomA, club.p3, TUE))
    const response = await call.get(aoi, '/api/bookings/export.csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toContain('bookings.csv')
    expect(response.body.startsWith('\uFEFF')).toBe(true)
    const lines = response.body.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe('Date,Day,Period,Start,End,Room,Kind,Band,Booked by,Reason,Status,Source,Booked at,Cancelled at')
    expect(lines[1]).toBe('2026-06-02,Tue,3rd,13:00,14:30,Room A,Band,The Tanakas,Ren Suzuki,,Active,Booking,2026-06-01T01:00:00.000Z,')
    expect(lines).toHaveLength(2)
  })

  it('keeps the list’s rules: scope=all is for executives; a formula-looking reason is neutralised', async () => {
    await booked(executive, { ...slot(club.roomB, club.p3, TUE), kind: 'block', reason: '=HYPERLINK("x")' })
    expectError(await call.get(aoi, '/api/bookings/export.csv?scope=all'), 403, 'FORBIDDEN')
    const response = await call.get(executive, '/api/bookings/export.csv?scope=all&kind=block')
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`)
    expectError(await call.get(executive, '/api/bookings/export.csv?kind=gig'), 400, 'VALIDATION_FAILED')
  })
})

describe('GET /api/bookings/quota', () => {
  const quota = (who: Caller, date: string) => call.get(who, `/api/bookings/quota?date=${date}`)

  it('answers the personal and band quotas of the week holding the date', async () => {
    await booked(aoi, { ...slot(club.roomA, club.p2, TUE), kind: 'personal' })
    await booked(ren, bandSlot(club.roomA, club.p3, '2026-06-07'))
    await createBand(t.db, [{ userId: aoi.user.id }], { name: 'Sleeping', status: 'inactive' })
    const response = await quota(aoi, '2026-06-07')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      weekStart: '2026-06-01',
      weekEnd: '2026-06-07',
      mayExceed: false,
      personal: { limit: 2, used: 1, remaining: 1, allowed: true },
      bands: [{ bandId: tanakas.id, name: 'The Tanakas', limit: 4, used: 1, remaining: 3 }],
    })
    const next = (await quota(aoi, '2026-06-08')).json()
    expect(next).toMatchObject({ weekStart: '2026-06-08', personal: { used: 0 }, bands: [{ used: 0 }] })
  })

  it('never answers a negative remainder, says when personal practice is off, and lets executives exceed', async () => {
    await booked(aoi, { ...slot(club.roomA, club.p2, TUE), kind: 'personal' })
    await booked(aoi, { ...slot(club.roomA, club.p3, TUE), kind: 'personal' })
    await setBooking(t, { personalPeriodsPerWeek: 1, personalPracticeAllowed: false })
    expect((await quota(aoi, TUE)).json().personal).toEqual({ limit: 1, used: 2, remaining: 0, allowed: false })
    expect((await quota(executive, TUE)).json()).toMatchObject({ mayExceed: true, bands: [] })
  })

  it('refuses a missing or bad date with 400', async () => {
    expect(expectError(await call.get(aoi, '/api/bookings/quota'), 400, 'VALIDATION_FAILED').fields).toHaveProperty(['date'])
    expectError(await quota(aoi, '2026-6-1'), 400, 'VALIDATION_FAILED')
  })
})
