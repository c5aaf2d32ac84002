import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../../server/src/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'
import { createBand, createBooking, createPeriod, createRoom } from '../support/factories'

/**
 * A deleted account is named in the reader's language wherever it is shown (issue 36,
 * decision 046), while the database keeps the English name it was anonymised with.
 */
let t: TestApp
let admin: Awaited<ReturnType<TestApp['as']>>
let leaving: Awaited<ReturnType<TestApp['as']>>
let band: { id: string }

const say = async (language: 'ja' | 'en') => {
  const chosen = await t.inject({ method: 'PUT', url: '/api/profile/language', headers: admin.headers, payload: { language } })
  expect(chosen.statusCode, chosen.body).toBe(200)
}
const get = (url: string) => t.inject({ method: 'GET', url, headers: admin.headers })

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.as('admin', { displayName: 'Aoi Admin' })
  leaving = await t.as('member', { displayName: 'Leaving Member' })
  const stays = await t.as('member', { displayName: 'Staying Member' })
  await createBand(t.db, [{ userId: stays.user.id }, { userId: leaving.user.id, part: 'Bass' }], { name: 'Night Owls' })
  // A band already disbanded keeps its members, a deleted one as a deleted account.
  band = await createBand(t.db, [{ userId: leaving.user.id, part: 'Bass', isLeader: true }], { name: 'Old Act', status: 'disbanded' })
  const room = await createRoom(t.db, { name: 'Room A' })
  const period = await createPeriod(t.db, '1st', '09:00', '10:30')
  await createBooking(t.db, { room, period, date: '2026-05-29', userId: leaving.user.id, kind: 'personal' })
  const deleted = await t.inject({ method: 'POST', url: '/api/users/delete', headers: admin.headers, payload: { userIds: [leaving.user.id] } })
  expect(deleted.json()).toEqual({ deleted: 1 })
})
afterAll(() => t.close())

describe('a deleted account in the reader’s language', () => {
  it('is 削除されたユーザー to a Japanese reader and Deleted user to an English one, on accounts, bookings and bands', async () => {
    await say('ja')
    const account = (await get(`/api/users?status=deleted&q=${leaving.user.id}`)).json().items[0]
    expect(account.displayName).toBe('削除されたユーザー')
    const booking = (await get('/api/bookings?scope=all&when=past')).json().items[0]
    expect(booking.bookedBy).toEqual({ id: null, displayName: '削除されたユーザー' })
    const members = (await get(`/api/bands/${band.id}`)).json().members
    expect(members).toEqual([{ userId: null, displayName: '削除されたユーザー', part: 'Bass', isLeader: true }])

    await say('en')
    expect((await get(`/api/users?status=deleted&q=${leaving.user.id}`)).json().items[0].displayName).toBe('Deleted user')
    expect((await get('/api/bookings?scope=all&when=past')).json().items[0].bookedBy.displayName).toBe('Deleted user')
  })

  it('keeps the stored name unchanged', async () => {
    const [row] = await t.db.select({ displayName: users.displayName }).from(users).where(eq(users.id, leaving.user.id))
    expect(row!.displayName).toBe('Deleted user')
  })
})
