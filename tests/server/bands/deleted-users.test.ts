import { afterAll, beforeAll, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { bandEvents, bandMembers, bands } from '../../../server/src/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'
import { createBand, createUser } from '../support/factories'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['as']>>
let viewer: Awaited<ReturnType<TestApp['as']>>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.as('admin', { displayName: 'Club Admin' })
  viewer = await t.as('member')
})
afterAll(() => t.close())

const getBand = async (bandId: string) => {
  const response = await t.inject({ method: 'GET', url: `/api/bands/${bandId}`, headers: viewer.headers })
  expect(response.statusCode).toBe(200)
  return response.json() as { status: string; members: Array<{ userId: string | null; displayName: string; part: string; isLeader: boolean }> }
}
const history = async (bandId: string) =>
  (await t.inject({ method: 'GET', url: `/api/bands/${bandId}/history`, headers: admin.headers })).json().items as Array<{
    action: string
    summary: string
    actor: { id: string } | null
  }>
const deleteUsers = (userIds: string[]) => t.inject({ method: 'POST', url: '/api/users/delete', headers: admin.headers, payload: { userIds } })

it('ends memberships of deleted accounts: leadership passes on, empty bands disband, disbanded bands keep "Deleted user"', async () => {
  const leaver = await createUser(t.db, { displayName: 'Leaving Leader' })
  const senior = await createUser(t.db, { displayName: 'Senior Member' })
  const junior = await createUser(t.db, { displayName: 'Junior Member' })
  // createBand: members join one second apart in list order, so `senior` has been in longest after the leader.
  const active = await createBand(t.db, [
    { userId: leaver.id, part: 'Vocal', isLeader: true },
    { userId: senior.id, part: 'Guitar' },
    { userId: junior.id, part: 'Drums' },
  ])
  const solo = await createBand(t.db, [{ userId: leaver.id, part: 'Bass' }], { status: 'inactive' })
  const old = await createBand(t.db, [{ userId: leaver.id, part: 'Keyboard', isLeader: true }, { userId: senior.id, part: 'Bass' }], { status: 'disbanded' })
  await t.db.insert(bandEvents).values({ bandId: old.id, actorId: leaver.id, action: 'created', summary: 'Registered' })
  t.clock.advance(1000)

  const response = await deleteUsers([leaver.id])
  expect(response.statusCode, response.body).toBe(200)

  const afterActive = await getBand(active.id)
  expect(afterActive.status).toBe('active')
  expect(afterActive.members).toEqual([
    { userId: senior.id, displayName: 'Senior Member', part: 'Guitar', isLeader: true },
    { userId: junior.id, displayName: 'Junior Member', part: 'Drums', isLeader: false },
  ])
  const activeHistory = await history(active.id)
  expect(activeHistory.map((item) => item.action)).toEqual(['leader-changed', 'member-removed'])
  expect(activeHistory[0]!.summary).toBe('Leader: Senior Member')
  expect(activeHistory.every((item) => item.actor?.id === admin.user.id)).toBe(true)
  // The history does not keep the deleted person's name.
  expect(JSON.stringify(activeHistory)).not.toContain('Leaving Leader')

  const afterSolo = await getBand(solo.id)
  expect(afterSolo).toMatchObject({ status: 'disbanded', members: [] })
  expect((await history(solo.id))[0]).toMatchObject({ action: 'disbanded' })

  const afterOld = await getBand(old.id)
  expect(afterOld.status).toBe('disbanded')
  expect(afterOld.members).toEqual([
    { userId: null, displayName: 'Deleted user', part: 'Keyboard', isLeader: true },
    { userId: senior.id, displayName: 'Senior Member', part: 'Bass', isLeader: false },
  ])
  // A deleted actor shows as nobody.
  expect((await history(old.id))[0]!.actor).toBeNull()
  // The list shows them the same way, without emails.
  const list = await t.inject({ method: 'GET', url: `/api/bands?memberId=${senior.id}&status=disbanded`, headers: viewer.headers })
  expect(list.json().items[0].members[0]).toEqual({ userId: null, displayName: 'Deleted user', part: 'Keyboard', isLeader: true })
  expect(list.body).not.toContain('@')
})

it('changes no band when the deletion is refused', async () => {
  const someone = await createUser(t.db)
  const band = await createBand(t.db, [{ userId: someone.id, part: 'Vocal', isLeader: true }, { userId: viewer.user.id, part: 'Bass' }])
  const before = [await t.db.select().from(bands).where(eq(bands.id, band.id)), await t.db.select().from(bandMembers).where(eq(bandMembers.bandId, band.id)).orderBy(asc(bandMembers.userId))]
  const response = await deleteUsers([someone.id, '00000000-0000-4000-8000-000000000000'])
  expect(response.statusCode).toBe(404)
  const after = [await t.db.select().from(bands).where(eq(bands.id, band.id)), await t.db.select().from(bandMembers).where(eq(bandMembers.bandId, band.id)).orderBy(asc(bandMembers.userId))]
  expect(after).toEqual(before)
  expect(await history(band.id)).toEqual([])
})
