import { eq, sql } from 'drizzle-orm'
import type { ClubSettings } from '../../../src/contract/settings'
import { mailOutbox, users } from '../../../server/src/db/schema'
import type { TestApp } from '../support/test-app'

/** A password zxcvbn scores well: random words and digits. */
export const STRONG_PASSWORD = 'violet harbour tram 9142'
export const OTHER_STRONG_PASSWORD = 'copper lantern meadow 5083'

let ipSequence = 0
/**
 * A fresh client address per call: the per-IP rate limits stay out of the way of tests that
 * do not test them (they have their own test).
 */
export function nextIp() {
  ipSequence += 1
  return `10.${Math.floor(ipSequence / 65_000) % 250}.${Math.floor(ipSequence / 250) % 250}.${(ipSequence % 250) + 1}`
}

export async function setRegistration(t: TestApp, registration: Partial<ClubSettings['registration']>) {
  const current = await t.services.settings.get()
  await t.services.settings.replace({ ...current, registration: { ...current.registration, ...registration } }, null)
}

export async function mailTo(t: TestApp, address: string) {
  return t.db.select().from(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, address.toLowerCase())).orderBy(mailOutbox.createdAt)
}

export async function userByEmail(t: TestApp, email: string) {
  const [row] = await t.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  return row
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
