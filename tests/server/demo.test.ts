import { afterAll, beforeAll, expect, it } from 'vitest'
import { count, eq, sql } from 'drizzle-orm'
import { bandMembers, bands, intros, positionHolders, users } from '../../server/src/db/schema'
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

it('has about 25 bands with overlapping members, one leader each, some inactive and one disbanded', async () => {
  const loaded = await loadDemoClub(t.db, { now: t.clock.now() })
  const bandRows = await t.db.select().from(bands)
  expect(bandRows.length).toBeGreaterThanOrEqual(25)
  expect(loaded.bands).toBe(bandRows.length)
  expect(bandRows.filter((band) => band.status === 'inactive').length).toBeGreaterThanOrEqual(2)
  expect(bandRows.filter((band) => band.status === 'disbanded')).toHaveLength(1)

  const memberRows = await t.db.select().from(bandMembers)
  for (const band of bandRows) {
    const members = memberRows.filter((row) => row.bandId === band.id)
    expect(members.length, band.name).toBeGreaterThanOrEqual(3)
    expect(members.length, band.name).toBeLessThanOrEqual(6)
    expect(members.filter((row) => row.isLeader), band.name).toHaveLength(1)
  }
  const perPerson = await t.db
    .select({ userId: bandMembers.userId, n: count() })
    .from(bandMembers)
    .innerJoin(bands, eq(bands.id, bandMembers.bandId))
    .where(sql`${bands.status} <> 'disbanded'`)
    .groupBy(bandMembers.userId)
  expect(perPerson.filter((row) => row.n >= 2).length).toBeGreaterThanOrEqual(10)
  expect(Math.max(...perPerson.map((row) => row.n))).toBeLessThanOrEqual(3)

  // The demo member has bands to show and history starts at "created".
  const member = await t.signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD)
  const headers = { authorization: `Bearer ${member.access_token}` }
  const mine = await t.inject({ method: 'GET', url: '/api/bands/mine', headers })
  expect(mine.json().items.length).toBeGreaterThanOrEqual(2)
  const history = await t.inject({ method: 'GET', url: `/api/bands/${mine.json().items[0].id}/history`, headers })
  expect(history.json().items.at(-1)).toMatchObject({ action: 'created' })
  const list = await t.inject({ method: 'GET', url: '/api/bands?pageSize=100', headers })
  expect(list.json().total).toBe(bandRows.length)
})
