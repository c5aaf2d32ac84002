import { asc, eq } from 'drizzle-orm'
import { feedback, notices, rateLimitCounters } from '../../../server/src/db/schema'
import { createApplication, createBand, createEvent } from '../support/factories'
import type { TestApp } from '../support/test-app'

export { api, expectError, type Caller } from '../lives/support'
export { createApplication, createBand, createEvent, createUser } from '../support/factories'
export { createTestApp, minutes, START, type TestApp } from '../support/test-app'

/**
 * Shared set-up of the feedback suites (SPEC §5.7). The test clock starts on Monday 2026-06-01
 * at 10:00 in Tokyo; `heldLive` is a spring live held on Sat 30 May, so it has taken place.
 */

const HELD_DAYS = [{ date: '2026-05-30', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] }]

/** A live that has taken place (first day before the test clock's today), closed for applications. */
export function heldLive(t: TestApp, overrides: Parameters<typeof createEvent>[1] = {}) {
  return createEvent(t.db, {
    season: 'spring',
    title: 'Spring Live',
    days: HELD_DAYS,
    applicationOpensAt: new Date('2026-04-01T00:00:00+09:00'),
    applicationClosesAt: new Date('2026-05-01T00:00:00+09:00'),
    status: 'published',
    ...overrides,
  })
}

/** A band of the given people that played (accepted) at the event. */
export async function bandThatPlayed(t: TestApp, eventId: string, userIds: string[], name?: string) {
  const band = await createBand(t.db, userIds.map((userId) => ({ userId })), name ? { name } : {})
  await createApplication(t.db, { eventId, bandId: band.id, submittedBy: userIds[0] ?? null, status: 'accepted' })
  return band
}

/** Every feedback row, notice and feedback rate-limit counter, to prove a refused call changed nothing. */
export async function feedbackRows(t: TestApp) {
  const [rows, noticeRows, counters] = await Promise.all([
    t.db.select().from(feedback).orderBy(asc(feedback.id)),
    t.db.select().from(notices).where(eq(notices.kind, 'feedback')).orderBy(asc(notices.id)),
    t.db.select().from(rateLimitCounters).orderBy(asc(rateLimitCounters.key)),
  ])
  return { feedback: rows, notices: noticeRows, counters: counters.filter((counter) => counter.key.startsWith('feedback')) }
}

export const suggestion = (overrides: Record<string, unknown> = {}) => ({ target: 'club', category: 'rooms', body: 'Studio B’s amp hums.', anonymous: false, ...overrides })
export const performanceFeedback = (eventId: string, bandId: string, overrides: Record<string, unknown> = {}) => ({
  target: 'performance',
  eventId,
  bandId,
  body: 'Great energy in the second song!',
  anonymous: false,
  ...overrides,
})
