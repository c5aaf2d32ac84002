import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, periods, rooms } from '../../../server/src/db/schema'
import { createTestApp, START, type TestApp } from '../support/test-app'
import { createBooking, createPeriod, createRoom } from '../support/factories'

/** Rooms and periods that bookings use cannot simply disappear (SPEC §5.5). */
let t: TestApp
let admin: Awaited<ReturnType<TestApp['as']>>
let member: Awaited<ReturnType<TestApp['as']>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.as('admin')
  member = await t.as('member', { displayName: 'Booker' })
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.current = new Date(START) // Monday 2026-06-01, 10:00 in Tokyo
  await t.db.delete(bookings)
  await t.db.delete(rooms)
  await t.db.delete(periods)
})

const remove = (what: 'rooms' | 'periods', id: string) => t.inject({ method: 'DELETE', url: `/api/${what}/${id}`, headers: admin.headers })
const exists = async (table: typeof rooms | typeof periods, id: string) => (await t.db.select().from(table).where(eq(table.id, id))).length === 1

describe('DELETE /api/rooms/:roomId with bookings', () => {
  it('refuses a room any booking names, active or cancelled, with 409 ROOM_IN_USE', async () => {
    const period = await createPeriod(t.db, '3rd', '13:00', '14:30')
    const active = await createRoom(t.db, { name: 'Studio A' })
    const cancelled = await createRoom(t.db, { name: 'Studio B' })
    await createBooking(t.db, { room: active, period, date: '2026-05-01', userId: member.user.id, kind: 'personal' })
    await createBooking(t.db, { room: cancelled, period, date: '2026-06-05', userId: member.user.id, kind: 'personal', status: 'cancelled' })
    for (const room of [active, cancelled]) {
      const response = await remove('rooms', room.id)
      expect(response.statusCode).toBe(409)
      expect(response.json().error).toMatchObject({ code: 'ROOM_IN_USE', message: `${room.name} has bookings, so it cannot be deleted: deactivate it instead.` })
      expect(await exists(rooms, room.id)).toBe(true)
    }
    const unused = await createRoom(t.db, { name: 'Studio C' })
    expect((await remove('rooms', unused.id)).statusCode).toBe(204)
  })

  it('either books or deletes when both race, never both', async () => {
    const period = await createPeriod(t.db, '3rd', '13:00', '14:30')
    const room = await createRoom(t.db, { name: 'Racing Room' })
    const [booking, deletion] = await Promise.all([
      t.inject({ method: 'POST', url: '/api/bookings', headers: member.headers, payload: { roomId: room.id, periodId: period.id, date: '2026-06-02', kind: 'personal' } }),
      remove('rooms', room.id),
    ])
    const outcome = `${booking.statusCode}/${deletion.statusCode}`
    expect(['201/409', '400/204']).toContain(outcome)
    expect(await exists(rooms, room.id)).toBe(outcome === '201/409')
  })
})

describe('DELETE /api/periods/:periodId with bookings', () => {
  it('refuses a period an active booking that has not ended uses, with 409 PERIOD_IN_USE', async () => {
    const room = await createRoom(t.db)
    const upcoming = await createPeriod(t.db, '3rd', '13:00', '14:30')
    const running = await createPeriod(t.db, '1st', '09:30', '10:30')
    await createBooking(t.db, { room, period: upcoming, date: '2026-06-02', userId: member.user.id, kind: 'personal' })
    await createBooking(t.db, { room, period: running, date: '2026-06-01', userId: member.user.id, kind: 'personal' })
    for (const period of [upcoming, running]) {
      const response = await remove('periods', period.id)
      expect(response.statusCode).toBe(409)
      expect(response.json().error).toMatchObject({ code: 'PERIOD_IN_USE', message: `“${period.label}” has upcoming bookings, so it cannot be deleted: cancel them first.` })
      expect(await exists(periods, period.id)).toBe(true)
    }
  })

  it('deletes a period only past or cancelled bookings use; they keep their copied label and times', async () => {
    const room = await createRoom(t.db)
    const period = await createPeriod(t.db, '2nd', '10:30', '12:00')
    const past = await createBooking(t.db, { room, period, date: '2026-05-29', userId: member.user.id, kind: 'personal' })
    const cancelled = await createBooking(t.db, { room, period, date: '2026-06-03', userId: member.user.id, kind: 'personal', status: 'cancelled' })
    expect((await remove('periods', period.id)).statusCode).toBe(204)
    for (const id of [past.id, cancelled.id]) {
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id))
      expect(row).toMatchObject({ periodId: null, periodLabel: '2nd', startsAt: '10:30', endsAt: '12:00' })
    }
    const history = await t.inject({ method: 'GET', url: '/api/bookings?when=any', headers: member.headers })
    expect(history.json().items.map((item: { periodId: string | null; periodLabel: string }) => [item.periodId, item.periodLabel])).toEqual([
      [null, '2nd'],
      [null, '2nd'],
    ])
  })
})
