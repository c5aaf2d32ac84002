import { expect } from 'vitest'
import { asc } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { blackouts, bookings } from '../../../server/src/db/schema'
import { defaultClubSettings, type ClubSettings } from '../../../src/contract/settings'
import { START, type TestApp } from '../support/test-app'
import { createPeriod, createRoom } from '../support/factories'

export type Caller = Awaited<ReturnType<TestApp['as']>>

/**
 * The test club for the booking suites. The clock starts on Monday 2026-06-01 at 10:00 in
 * Tokyo: the 1st period (09:00) has started, the 2nd (10:30) has not; the week runs to
 * Sunday 7 June; with the default 14-day horizon the last bookable date is Monday 15 June.
 */
export async function seedClub(t: TestApp) {
  const roomA = await createRoom(t.db, { name: 'Room A', sortOrder: 1 })
  const roomB = await createRoom(t.db, { name: 'Room B', sortOrder: 2 })
  const roomC = await createRoom(t.db, { name: 'Room C', sortOrder: 3, active: false })
  const p1 = await createPeriod(t.db, '1st', '09:00', '10:30')
  const p2 = await createPeriod(t.db, '2nd', '10:30', '12:00')
  const p3 = await createPeriod(t.db, '3rd', '13:00', '14:30')
  const p4 = await createPeriod(t.db, '4th', '14:40', '16:10')
  t.services.scheduleVersion.bump()
  return { roomA, roomB, roomC, p1, p2, p3, p4 }
}

/** Back to the start: no bookings or blackouts, default settings, the clock at START. */
export async function resetClub(t: TestApp, settings: Partial<ClubSettings> = {}) {
  t.clock.current = new Date(START)
  await t.db.delete(bookings)
  await t.db.delete(blackouts)
  await t.services.settings.replace({ ...defaultClubSettings, ...settings }, null)
}

export async function setBooking(t: TestApp, booking: Partial<ClubSettings['booking']>) {
  const current = await t.services.settings.get()
  await t.services.settings.replace({ ...current, booking: { ...current.booking, ...booking } }, null)
}

export const slot = (room: { id: string }, period: { id: string }, date: string) => ({ roomId: room.id, periodId: period.id, date })

export function api(t: TestApp) {
  return {
    book: (who: Caller, payload: object) => t.inject({ method: 'POST', url: '/api/bookings', headers: who.headers, payload }),
    cancel: (who: Caller, id: string) => t.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: who.headers, payload: {} }),
    get: (who: Caller | null, url: string, headers: Record<string, string> = {}) =>
      t.inject({ method: 'GET', url, headers: { ...(who ? who.headers : {}), ...headers } }),
  }
}

/** A fresh session for someone already made (tests that move the clock pass the idle limit). */
export async function signInAgain(t: TestApp, who: Caller): Promise<Caller> {
  const { access_token } = await t.signIn(who.user.email, who.user.password)
  return { ...who, token: access_token, headers: { authorization: `Bearer ${access_token}` } }
}

export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json().error.code).toBe(code)
  return response.json().error as { code: string; message: string; fields?: Record<string, string> }
}

/** Every booking row, to prove a refused call changed nothing. */
export const allBookings = (t: TestApp) => t.db.select().from(bookings).orderBy(asc(bookings.id))
