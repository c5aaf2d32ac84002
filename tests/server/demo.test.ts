import { afterAll, beforeAll, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { intros, positionHolders, users } from '../../server/src/db/schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoClub } from '../../server/src/demo/demo-club'
import { createTestApp, type TestApp } from './support/test-app'
import { createUser } from './support/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const countOf = async (where?: ReturnType<typeof eq>) => (await t.db.select({ n: count() }).from(users).where(where))[0]!.n

it('loads a realistic club, and loading again resets to the same club', async () => {
  await createUser(t.db, { email: 'leftover@example.ac.jp' })
  const first = await loadDemoClub(t.db, { now: t.clock.now() })
  expect(await countOf(eq(users.email, 'leftover@example.ac.jp'))).toBe(0)
  expect(await countOf(eq(users.status, 'active'))).toBeGreaterThanOrEqual(60)
  expect(await countOf(eq(users.status, 'pending'))).toBeGreaterThanOrEqual(2)
  expect((await t.db.select({ n: count() }).from(intros))[0]!.n).toBeGreaterThanOrEqual(40)
  expect((await t.db.select({ n: count() }).from(positionHolders).where(eq(positionHolders.termYear, first.term)))[0]!.n).toBe(5)

  const again = await loadDemoClub(t.db, { now: t.clock.now() })
  expect(again.users).toBe(first.users)
  expect(await countOf()).toBe(first.users)
})

it('lets the demo accounts sign in with their roles', async () => {
  await loadDemoClub(t.db, { now: t.clock.now() })
  const admin = await t.signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD)
  expect(admin.user).toMatchObject({ role: 'admin' })
  const president = await t.signIn(DEMO_ACCOUNTS.president, DEMO_PASSWORD)
  expect(president.user).toMatchObject({ role: 'member', isExecutive: true })
  const member = await t.signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD)
  expect(member.user).toMatchObject({ isExecutive: false })
  const pending = await t.inject({ method: 'POST', url: '/api/login', payload: { email: DEMO_ACCOUNTS.pending, password: DEMO_PASSWORD } })
  expect(pending.json().error.code).toBe('ACCOUNT_PENDING')
})
