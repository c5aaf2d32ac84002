import { expect } from 'vitest'
import { asc } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { applications, events } from '../../../server/src/db/schema'
import type { TestApp } from '../support/test-app'

export { createTestApp, minutes, START, type TestApp } from '../support/test-app'
export { createApplication, createBand, createEvent, createUser, makeExecutive } from '../support/factories'

/**
 * Shared helpers for the lives suites (SPEC §5.6). The test clock starts on Monday
 * 2026-06-01 at 10:00 in Tokyo; `createEvent`'s default summer live (Sat 18 and Sun 19 July)
 * takes applications from 2026-05-25 00:00 to 2026-06-15 23:59 (Tokyo), so it is open then.
 */

export type Caller = Awaited<ReturnType<TestApp['as']>>

/** Calls as someone (or as a visitor with `null`); bodies go as JSON. */
export function api(t: TestApp) {
  const headersOf = (who: Caller | null) => (who ? who.headers : {})
  return {
    get: (who: Caller | null, url: string) => t.inject({ method: 'GET', url, headers: headersOf(who) }),
    post: (who: Caller | null, url: string, payload: object = {}) => t.inject({ method: 'POST', url, headers: headersOf(who), payload }),
    put: (who: Caller | null, url: string, payload: object = {}) => t.inject({ method: 'PUT', url, headers: headersOf(who), payload }),
    /** A body that is not valid JSON. */
    malformed: (who: Caller | null, method: 'POST' | 'PUT', url: string) =>
      t.inject({ method, url, headers: { ...headersOf(who), 'content-type': 'application/json' }, payload: '{"songs": [' }),
  }
}

/** A fresh session for someone already made (tests that move the clock pass the 30-minute idle limit). */
export async function signInAgain(t: TestApp, who: Caller): Promise<Caller> {
  const { access_token } = await t.signIn(who.user.email, who.user.password)
  return { ...who, token: access_token, headers: { authorization: `Bearer ${access_token}` } }
}

/** Expects the status and error code, and returns the error (`message`, `fields`). */
export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json().error.code).toBe(code)
  return response.json().error as { code: string; message: string; fields?: Record<string, string> }
}

/** Every event and application row, to prove a refused call changed nothing. */
export async function livesRows(t: TestApp) {
  const [eventRows, applicationRows] = await Promise.all([
    t.db.select().from(events).orderBy(asc(events.id)),
    t.db.select().from(applications).orderBy(asc(applications.id)),
  ])
  return { events: eventRows, applications: applicationRows }
}

/** A valid event body (a summer live like `createEvent`'s), with overrides. */
export const eventInput = (overrides: Record<string, unknown> = {}) => ({
  kind: 'seasonal',
  season: 'summer',
  title: 'Summer Live 2026',
  academicYear: 2026,
  venue: 'Student hall',
  days: [
    { date: '2026-07-18', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] },
    { date: '2026-07-19', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] },
  ],
  defaultPerformanceMinutes: 20,
  changeoverMinutes: 5,
  musicianGapMinutes: 30,
  applicationOpensAt: '2026-05-25T00:00:00+09:00',
  applicationClosesAt: '2026-06-15T23:59:00+09:00',
  bandLimit: null,
  status: 'open',
  ...overrides,
})

/** A valid application body for a band (two songs, 8:30 in all, 15 minutes asked), with overrides. */
export const applicationInput = (bandId: string, overrides: Record<string, unknown> = {}) => ({
  bandId,
  songs: [
    { title: 'Midnight Run', artist: 'Night Owls', length: '4:30' },
    { title: 'Dawn', artist: '', length: '4:00' },
  ],
  requestedMinutes: 15,
  preferredDay: '2026-07-18',
  unavailable: [{ date: '2026-07-19', from: '12:00', to: '14:00', reason: 'Exam' }],
  needs: 'Two guitar amps',
  message: 'First live!',
  ...overrides,
})
