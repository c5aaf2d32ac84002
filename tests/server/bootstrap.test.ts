import { afterEach, beforeEach, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { bootstrapAdmin, DEFAULT_ADMIN_EMAIL } from '../../server/src/users/bootstrap'
import { users } from '../../server/src/db/schema'
import { createTestApp, START, type TestApp } from './support/test-app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

it('creates the first admin with a generated password once, who can then sign in', async () => {
  const result = await bootstrapAdmin(t.db, { now: START })
  expect(result).toEqual({ created: true, email: DEFAULT_ADMIN_EMAIL, generatedPassword: expect.stringMatching(/^.{16}$/) })
  if (!result.created) throw new Error('unreachable')
  const { user } = await t.signIn(DEFAULT_ADMIN_EMAIL, result.generatedPassword!)
  expect(user).toMatchObject({ role: 'admin', status: 'active' })

  expect(await bootstrapAdmin(t.db, { now: START })).toEqual({ created: false })
  const [row] = await t.db.select({ n: count() }).from(users)
  expect(row!.n).toBe(1)
})

it('uses ADMIN_EMAIL and ADMIN_PASSWORD when they are given', async () => {
  const result = await bootstrapAdmin(t.db, { email: 'chair@club.example.ac.jp', password: 'a long admin password', now: START })
  expect(result).toEqual({ created: true, email: 'chair@club.example.ac.jp', generatedPassword: undefined })
  const { user } = await t.signIn('chair@club.example.ac.jp', 'a long admin password')
  expect(user).toMatchObject({ role: 'admin' })
})
