import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { bookings } from '../../../server/src/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'
import { createBand, createBooking, createRoom } from '../support/factories'
import { api, resetClub, seedClub, setBooking, slot, type Caller } from './support'

/**
 * Parallel requests against the rules that must hold under concurrency (SPEC §6): one slot is
 * booked once, nobody is in two rooms at once, and a quota cannot be passed by racing. No
 * timing is asserted: only who won and what the database holds.
 */
let t: TestApp
let club: Awaited<ReturnType<typeof seedClub>>
let executive: Caller
let shared: Caller
let others: Caller[]
let call: ReturnType<typeof api>

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  club = await seedClub(t)
  executive = await t.as('executive')
  shared = await t.as('member', { displayName: 'Shared Member' })
  others = []
  for (let index = 0; index < 4; index += 1) others.push(await t.as('member'))
})
afterAll(() => t.close())
beforeEach(() => resetClub(t))

const TUE = '2026-06-02'
const outcome = (responses: LightMyRequestResponse[]) => {
  const tally: Record<string, number> = {}
  for (const response of responses) {
    const key = response.statusCode === 201 ? '201' : `${response.statusCode} ${response.json().error.code}`
    tally[key] = (tally[key] ?? 0) + 1
  }
  return tally
}
const activeBookings = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.status, 'active'))
  )[0]!.n

describe('racing bookings', () => {
  it('books one slot once out of 50 parallel requests: one 201, 49 × 409 SLOT_TAKEN', async () => {
    const requests = [
      ...[shared, ...others].map((who) => call.book(who, { ...slot(club.roomA, club.p3, TUE), kind: 'personal' })),
      ...Array.from({ length: 45 }, (_, index) => call.book(executive, { ...slot(club.roomA, club.p3, TUE), kind: 'block', reason: `Closure ${index}` })),
    ]
    expect(outcome(await Promise.all(requests))).toEqual({ '201': 1, '409 SLOT_TAKEN': 49 })
    expect(await activeBookings()).toBe(1)
  })

  it('lets one of 50 parallel bookings in different rooms sharing one member win: the rest are 409 PERSON_DOUBLE_BOOKED', async () => {
    const rooms = []
    for (let index = 0; index < 50; index += 1) rooms.push(await createRoom(t.db))
    const attempts: Array<{ who: Caller; payload: object }> = [{ who: shared, payload: { ...slot(rooms[0]!, club.p3, TUE), kind: 'personal' } }]
    for (const [index, room] of rooms.entries()) {
      if (index === 0) continue
      const booker = others[index % others.length]!
      const band = await createBand(t.db, [{ userId: booker.user.id }, { userId: shared.user.id }])
      attempts.push({ who: booker, payload: { ...slot(room, club.p3, TUE), kind: 'band', bandId: band.id } })
    }
    const requests = attempts.map(({ who, payload }) => call.book(who, payload))
    expect(outcome(await Promise.all(requests))).toEqual({ '201': 1, '409 PERSON_DOUBLE_BOOKED': 49 })
    expect(await activeBookings()).toBe(1)
  })

  it('lets one of 20 parallel bookings of a band with a weekly quota of 1 win: the rest are 409 BAND_QUOTA_EXCEEDED', async () => {
    await setBooking(t, { bandPeriodsPerWeek: 1 })
    const band = await createBand(t.db, [{ userId: shared.user.id }, { userId: others[0]!.user.id }])
    const slots = ['2026-06-01', TUE, '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07']
      .flatMap((date) => [club.p2, club.p3, club.p4].map((period) => ({ date, period })))
      .slice(0, 20)
    const requests = slots.map(({ date, period }, index) =>
      call.book(index % 2 ? shared : others[0]!, { ...slot(index % 3 ? club.roomA : club.roomB, period, date), kind: 'band', bandId: band.id }),
    )
    expect(outcome(await Promise.all(requests))).toEqual({ '201': 1, '409 BAND_QUOTA_EXCEEDED': 19 })
    const [held] = await t.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.bandId, band.id), eq(bookings.status, 'active')))
    expect(held!.n).toBe(1)
  })

  it('lets one of 10 parallel personal bookings with a weekly quota of 1 win: the rest are 409 PERSONAL_QUOTA_EXCEEDED', async () => {
    await setBooking(t, { personalPeriodsPerWeek: 1 })
    const dates = [TUE, '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06']
    const requests = dates.flatMap((date) => [club.p3, club.p4].map((period) => call.book(others[1]!, { ...slot(club.roomB, period, date), kind: 'personal' })))
    expect(outcome(await Promise.all(requests))).toEqual({ '201': 1, '409 PERSONAL_QUOTA_EXCEEDED': 9 })
    expect(await activeBookings()).toBe(1)
  })

  it('leaves the slot to the database constraint even when the checks are bypassed', async () => {
    await createBooking(t.db, { room: club.roomA, period: club.p3, date: TUE, userId: shared.user.id, kind: 'personal' })
    await expect(createBooking(t.db, { room: club.roomA, period: club.p3, date: TUE, userId: others[0]!.user.id, kind: 'personal' })).rejects.toThrow()
    // A cancelled booking does not hold the slot.
    await createBooking(t.db, { room: club.roomA, period: club.p3, date: TUE, userId: others[0]!.user.id, kind: 'personal', status: 'cancelled' })
    expect(await activeBookings()).toBe(1)
  })
})
