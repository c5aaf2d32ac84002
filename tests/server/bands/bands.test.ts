import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, count, eq, sql } from 'drizzle-orm'
import { bandEvents, bandMembers, bands, users } from '../../../server/src/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'
import { createBand, createUser } from '../support/factories'

let t: TestApp
type Caller = Awaited<ReturnType<TestApp['as']>>
let admin: Caller
let executive: Caller
let aoi: Caller
let ren: Caller
let mei: Caller
let outsider: Caller

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.as('admin', { displayName: 'Club Admin' })
  executive = await t.as('executive', { displayName: 'Exec Person' })
  aoi = await t.as('member', { displayName: 'Aoi Tanaka' })
  ren = await t.as('member', { displayName: 'Ren Suzuki' })
  mei = await t.as('member', { displayName: 'Mei Ito' })
  outsider = await t.as('member', { displayName: 'Out Sider' })
})
afterAll(() => t.close())

const tag = () => Math.random().toString(36).slice(2, 8)
/** Changes move the clock a millisecond first, so each gets its own time and history sorts by it. */
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: Caller, payload?: unknown) => {
  if (method !== 'GET') t.clock.advance(1)
  return t.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) })
}
const member = (who: Caller, part: string, isLeader = false) => ({ userId: who.user.id, part, isLeader })
const input = (name: string, members: ReturnType<typeof member>[], extra: Record<string, unknown> = {}) => ({
  name,
  description: '',
  genre: '',
  members,
  ...extra,
})

/** Everything about one band, to prove a refused call changed nothing. */
async function snapshot(bandId?: string) {
  const [bandRows, memberRows, events] = await Promise.all([
    bandId ? t.db.select().from(bands).where(eq(bands.id, bandId)) : t.db.select().from(bands).orderBy(asc(bands.id)),
    bandId
      ? t.db.select().from(bandMembers).where(eq(bandMembers.bandId, bandId)).orderBy(asc(bandMembers.userId))
      : t.db.select().from(bandMembers).orderBy(asc(bandMembers.bandId), asc(bandMembers.userId)),
    bandId ? t.db.select({ n: count() }).from(bandEvents).where(eq(bandEvents.bandId, bandId)) : t.db.select({ n: count() }).from(bandEvents),
  ])
  return { bandRows, memberRows, events: events[0]!.n }
}

/** Registers a band through the API as its first member (the leader unless told otherwise). */
async function register(by: Caller, members = [member(by, 'Vocal', true)], name = `Band ${tag()}`) {
  const response = await call('POST', '/api/bands', by, input(name, members, { genre: 'Rock' }))
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { id: string; name: string; members: Array<{ userId: string | null; displayName: string; part: string; isLeader: boolean }> }
}

describe('POST /api/bands', () => {
  it('registers a band with its members and history', async () => {
    const name = `The Tanakas ${tag()}`
    const response = await call(
      'POST',
      '/api/bands',
      aoi,
      input(name, [member(aoi, 'Drums', true), member(ren, 'Bass')], { description: 'Weekend rock', genre: 'ASIAN KUNG-FU GENERATION' }),
    )
    expect(response.statusCode).toBe(201)
    const band = response.json()
    expect(band).toEqual({
      id: expect.any(String),
      name,
      description: 'Weekend rock',
      genre: 'ASIAN KUNG-FU GENERATION',
      status: 'active',
      members: [
        { userId: aoi.user.id, displayName: 'Aoi Tanaka', part: 'Drums', isLeader: true },
        { userId: ren.user.id, displayName: 'Ren Suzuki', part: 'Bass', isLeader: false },
      ],
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
    })
    // No private data in band answers.
    expect(response.body).not.toContain('@')
    const [row] = await t.db.select().from(bands).where(eq(bands.id, band.id))
    expect(row!.createdBy).toBe(aoi.user.id)

    const history = await call('GET', `/api/bands/${band.id}/history`, aoi)
    expect(history.statusCode).toBe(200)
    const items = history.json().items as Array<{ action: string; summary: string; actor: { id: string; displayName: string } | null }>
    expect(items.map((item) => item.action)).toEqual(['leader-changed', 'member-added', 'member-added', 'created'])
    expect(items.map((item) => item.summary)).toEqual(['Leader: Aoi Tanaka', 'Ren Suzuki joined as Bass', 'Aoi Tanaka joined as Drums', `Registered “${name}”`])
    expect(items[0]!.actor).toEqual({ id: aoi.user.id, displayName: 'Aoi Tanaka' })
  })

  it('refuses a band the caller is not in (REGISTRANT_NOT_MEMBER) and changes nothing', async () => {
    const before = await snapshot()
    const response = await call('POST', '/api/bands', aoi, input(`Not mine ${tag()}`, [member(ren, 'Bass', true)]))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ code: 'REGISTRANT_NOT_MEMBER', fields: { members: expect.any(String) } })
    expect(await snapshot()).toEqual(before)
  })

  it('refuses members who are not active accounts, naming their index', async () => {
    const suspended = await createUser(t.db, { status: 'suspended' })
    const pending = await createUser(t.db, { status: 'pending' })
    const before = await snapshot()
    const response = await call(
      'POST',
      '/api/bands',
      aoi,
      input(`Inactive ${tag()}`, [
        member(aoi, 'Vocal', true),
        member(ren, 'Bass'),
        { userId: suspended.id, part: 'Drums', isLeader: false },
        { userId: pending.id, part: 'Guitar', isLeader: false },
        { userId: '00000000-0000-4000-8000-000000000000', part: 'Keyboard', isLeader: false },
      ]),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('MEMBER_NOT_ACTIVE')
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['members.2.userId', 'members.3.userId', 'members.4.userId'])
    expect(await snapshot()).toEqual(before)
  })

  it.each([
    ['no name', { name: '  ' }, 'name'],
    ['a name over 60 characters', { name: 'x'.repeat(61) }, 'name'],
    ['a description over 500 characters', { description: 'x'.repeat(501) }, 'description'],
    ['a genre over 80 characters', { genre: 'x'.repeat(81) }, 'genre'],
    ['no members', { members: [] }, 'members'],
    ['no leader', { members: [{ userId: 'SELF', part: 'Vocal', isLeader: false }] }, 'members'],
    ['two leaders', { members: [{ userId: 'SELF', part: 'Vocal', isLeader: true }, { userId: 'REN', part: 'Bass', isLeader: true }] }, 'members'],
    ['a member twice', { members: [{ userId: 'SELF', part: 'Vocal', isLeader: true }, { userId: 'SELF', part: 'Bass', isLeader: false }] }, 'members.1.userId'],
    ['an unknown part', { members: [{ userId: 'SELF', part: 'Kazoo', isLeader: true }] }, 'members.0.part'],
    ['a bad user id', { members: [{ userId: 'nope', part: 'Vocal', isLeader: true }] }, 'members.0.userId'],
    ['eleven members', { members: Array.from({ length: 11 }, () => ({ userId: 'SELF', part: 'Vocal', isLeader: false })) }, 'members'],
  ])('refuses %s with VALIDATION_FAILED and changes nothing', async (_label, change, field) => {
    const body = JSON.parse(JSON.stringify({ ...input(`Valid ${tag()}`, [member(aoi, 'Vocal', true)]), ...change }).replaceAll('SELF', aoi.user.id).replaceAll('REN', ren.user.id))
    const before = await snapshot()
    const response = await call('POST', '/api/bands', aoi, body)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(response.json().error.fields).toHaveProperty([field])
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a name a live band already uses, whatever its case (BAND_NAME_TAKEN)', async () => {
    const name = `Spitz Copy ${tag()}`
    await register(aoi, [member(aoi, 'Vocal', true)], name)
    const before = await snapshot()
    const response = await call('POST', '/api/bands', ren, input(name.toUpperCase(), [member(ren, 'Bass', true)]))
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatchObject({ code: 'BAND_NAME_TAKEN', fields: { name: expect.any(String) } })
    expect(await snapshot()).toEqual(before)
  })

  it('lets exactly one of ten racing registrations of one name win', async () => {
    const name = `racing ${tag()}`
    const variants = Array.from({ length: 10 }, (_, index) => [...name].map((char, at) => ((index >> at % 4) & 1 ? char.toUpperCase() : char)).join(''))
    const callers = [aoi, ren, mei, outsider, executive]
    const responses = await Promise.all(variants.map((variant, index) => call('POST', '/api/bands', callers[index % 5]!, input(variant, [member(callers[index % 5]!, 'Vocal', true)]))))
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([201, ...Array(9).fill(409)])
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(response.json().error.code).toBe('BAND_NAME_TAKEN')
    const rows = await t.db.select().from(bands).where(sql`lower(${bands.name}) = ${name}`)
    expect(rows).toHaveLength(1)
  })

  it('lets a disbanded band’s name be used again', async () => {
    const name = `Reused ${tag()}`
    const old = await register(aoi, [member(aoi, 'Vocal', true)], name)
    expect((await call('POST', `/api/bands/${old.id}/disband`, aoi)).statusCode).toBe(200)
    const again = await call('POST', '/api/bands', ren, input(name.toLowerCase(), [member(ren, 'Bass', true)]))
    expect(again.statusCode).toBe(201)
  })

  it('needs a signed-in caller', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/bands', payload: input('x', []) })).statusCode).toBe(401)
  })
})

describe('GET /api/bands, /api/bands/mine, /api/bands/:bandId', () => {
  let key: string
  let people: Caller[]
  beforeAll(async () => {
    key = tag()
    people = [await t.as('member', { displayName: `Lister ${key} A` }), await t.as('member', { displayName: `Lister ${key} B` })]
    const [a, b] = people as [Caller, Caller]
    // 5 bands named "<key> n": members and parts vary; one inactive, one disbanded.
    await register(a, [member(a, 'Drums', true), member(b, 'Keyboard')], `${key} 1 Alpha`)
    await register(a, [member(a, 'Guitar', true)], `${key} 2 Beta`)
    await register(b, [member(b, 'Vocal', true)], `${key} 3 Gamma`)
    const inactive = await register(b, [member(b, 'Bass', true)], `${key} 4 Delta`)
    await call('PUT', `/api/bands/${inactive.id}/admin`, executive, input(`${key} 4 Delta`, [member(b, 'Bass', true)], { status: 'inactive' }))
    const gone = await register(a, [member(a, 'Other', true)], `${key} 5 Epsilon`)
    await call('POST', `/api/bands/${gone.id}/disband`, a)
    await createBand(t.db, [{ userId: mei.user.id, part: 'Other' }], { name: 'zz Genre match', genre: `Covers ${key}` })
  })

  const list = async (query: string, who: Caller = aoi) => {
    const response = await call('GET', `/api/bands?${query}`, who)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { items: Array<{ name: string; status: string; members: unknown[] }>; total: number }
  }

  it('searches name or genre literally, sorts by name and pages', async () => {
    const first = await list(`q=${key.toUpperCase()}&pageSize=2&page=1`)
    expect(first.total).toBe(6)
    expect(first.items.map((band) => band.name)).toEqual([`${key} 1 Alpha`, `${key} 2 Beta`])
    const third = await list(`q=${key}&pageSize=2&page=3`)
    expect(third.items.map((band) => band.name)).toEqual([`${key} 5 Epsilon`, 'zz Genre match'])
    expect((await list(`q=${encodeURIComponent(`${key}%`)}`)).total).toBe(0)
    expect((await list(`q=${encodeURIComponent(`${key} _ Alpha`)}`)).total).toBe(0)
  })

  it('filters by status, part and member', async () => {
    const [a, b] = people as [Caller, Caller]
    expect((await list(`q=${key}&status=inactive`)).items.map((band) => band.name)).toEqual([`${key} 4 Delta`])
    expect((await list(`q=${key}&status=disbanded`)).items.map((band) => band.name)).toEqual([`${key} 5 Epsilon`])
    expect((await list(`q=${key}&part=Keyboard`)).items.map((band) => band.name)).toEqual([`${key} 1 Alpha`])
    expect((await list(`memberId=${b.user.id}`)).items.map((band) => band.name)).toEqual([`${key} 1 Alpha`, `${key} 3 Gamma`, `${key} 4 Delta`])
    expect((await list(`memberId=${a.user.id}&part=Guitar`)).items.map((band) => band.name)).toEqual([`${key} 2 Beta`])
    // Each band once, with all its members, even when several members match.
    const alpha = (await list(`q=${key} 1`)).items[0]!
    expect(alpha.members).toHaveLength(2)
  })

  it('refuses bad filters with VALIDATION_FAILED', async () => {
    for (const query of ['status=gone', 'part=Kazoo', 'memberId=nope', 'page=0', 'pageSize=500', `q=${'x'.repeat(61)}`]) {
      const response = await call('GET', `/api/bands?${query}`, aoi)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().error.code).toBe('VALIDATION_FAILED')
    }
  })

  it('answers my bands that are not disbanded', async () => {
    const [a] = people as [Caller]
    const response = await call('GET', '/api/bands/mine', a)
    expect(response.statusCode).toBe(200)
    expect(response.json().items.map((band: { name: string }) => band.name)).toEqual([`${key} 1 Alpha`, `${key} 2 Beta`])
  })

  it('answers one band, 404 for an unknown one', async () => {
    const band = await register(mei)
    const response = await call('GET', `/api/bands/${band.id}`, outsider)
    expect(response.statusCode).toBe(200)
    expect(response.json().members).toEqual([{ userId: mei.user.id, displayName: 'Mei Ito', part: 'Vocal', isLeader: true }])
    const missing = await call('GET', '/api/bands/00000000-0000-4000-8000-000000000000', aoi)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe('NOT_FOUND')
    expect((await call('GET', '/api/bands/not-a-uuid', aoi)).statusCode).toBe(400)
  })
})

describe('PATCH /api/bands/:bandId', () => {
  it('lets a member edit name, description, genre, members and parts, writing history', async () => {
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    const name = `Renamed ${tag()}`
    t.clock.advance(1000)
    const response = await call(
      'PATCH',
      `/api/bands/${band.id}`,
      ren,
      input(name, [member(aoi, 'Vocal', true), member(ren, 'Bass'), member(mei, 'Drums')], { genre: 'Math rock', description: 'New text' }),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      name,
      genre: 'Math rock',
      description: 'New text',
      updatedAt: t.clock.now().toISOString(),
      members: [
        { userId: aoi.user.id, part: 'Vocal', isLeader: true },
        { userId: ren.user.id, part: 'Bass', isLeader: false },
        { userId: mei.user.id, part: 'Drums', isLeader: false },
      ],
    })
    const history = (await call('GET', `/api/bands/${band.id}/history`, ren)).json().items as Array<{ action: string; summary: string; actor: { id: string } }>
    const latest = history.slice(0, 5)
    expect(latest.map((item) => item.summary).sort()).toEqual(
      ['Description updated', 'Genre: Math rock', 'Mei Ito joined as Drums', `Renamed to “${name}”`, 'Ren Suzuki now plays Bass'].sort(),
    )
    expect(latest.every((item) => item.actor.id === ren.user.id)).toBe(true)
    expect(history[5]!.action).toBe('leader-changed')

    // Removing a member is recorded too.
    t.clock.advance(1000)
    const removed = await call('PATCH', `/api/bands/${band.id}`, aoi, input(name, [member(aoi, 'Vocal', true), member(ren, 'Bass')], { genre: 'Math rock', description: 'New text' }))
    expect(removed.statusCode).toBe(200)
    const after = (await call('GET', `/api/bands/${band.id}/history`, aoi)).json().items
    expect(after[0]).toMatchObject({ action: 'member-removed', summary: 'Mei Ito left the band' })
  })

  it('lets only the leader hand over leadership (409 LEADER_ONLY for others)', async () => {
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    const before = await snapshot(band.id)
    const refused = await call('PATCH', `/api/bands/${band.id}`, ren, input(band.name, [member(aoi, 'Vocal'), member(ren, 'Guitar', true)], { genre: 'Rock' }))
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({ code: 'LEADER_ONLY', fields: { members: expect.any(String) } })
    // Dropping the leader from the band is a change of leader too.
    const dropped = await call('PATCH', `/api/bands/${band.id}`, ren, input(band.name, [member(ren, 'Guitar', true)], { genre: 'Rock' }))
    expect(dropped.json().error.code).toBe('LEADER_ONLY')
    expect(await snapshot(band.id)).toEqual(before)

    t.clock.advance(1000)
    const handed = await call('PATCH', `/api/bands/${band.id}`, aoi, input(band.name, [member(aoi, 'Vocal'), member(ren, 'Guitar', true)], { genre: 'Rock' }))
    expect(handed.statusCode).toBe(200)
    expect(handed.json().members.find((m: { isLeader: boolean }) => m.isLeader).userId).toBe(ren.user.id)
    const history = (await call('GET', `/api/bands/${band.id}/history`, aoi)).json().items
    expect(history[0]).toMatchObject({ action: 'leader-changed', summary: 'Leader: Ren Suzuki' })
  })

  it('answers 404 for an unknown band, 403 for non-members, 409 for a disbanded band', async () => {
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    const body = input('Whatever', [member(aoi, 'Vocal', true)])
    expect((await call('PATCH', '/api/bands/00000000-0000-4000-8000-000000000000', aoi, body)).statusCode).toBe(404)
    const before = await snapshot(band.id)
    const forbidden = await call('PATCH', `/api/bands/${band.id}`, outsider, input('Whatever', [member(outsider, 'Vocal', true)]))
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().error.code).toBe('FORBIDDEN')
    // Executives are not members either: they use the admin edit.
    expect((await call('PATCH', `/api/bands/${band.id}`, executive, body)).statusCode).toBe(403)
    expect(await snapshot(band.id)).toEqual(before)

    await call('POST', `/api/bands/${band.id}/disband`, aoi)
    const disbanded = await snapshot(band.id)
    const refused = await call('PATCH', `/api/bands/${band.id}`, aoi, body)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('BAND_DISBANDED')
    expect(await snapshot(band.id)).toEqual(disbanded)
  })

  it('keeps a suspended member who is already in the band, refuses to add inactive accounts', async () => {
    const suspendedUser = await createUser(t.db, { displayName: 'Sleepy Drummer' })
    const band = await createBand(t.db, [{ userId: aoi.user.id, part: 'Vocal', isLeader: true }, { userId: suspendedUser.id, part: 'Drums' }])
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspendedUser.id))
    const otherSuspended = await createUser(t.db, { status: 'suspended' })
    const keep = [member(aoi, 'Vocal', true), { userId: suspendedUser.id, part: 'Drums', isLeader: false }]
    const before = await snapshot(band.id)
    const refused = await call('PATCH', `/api/bands/${band.id}`, aoi, input(band.name, [...keep, { userId: otherSuspended.id, part: 'Bass', isLeader: false }]))
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toMatchObject({ code: 'MEMBER_NOT_ACTIVE', fields: { 'members.2.userId': expect.any(String) } })
    expect(await snapshot(band.id)).toEqual(before)
    const ok = await call('PATCH', `/api/bands/${band.id}`, aoi, input(band.name, keep, { genre: 'Jazz' }))
    expect(ok.statusCode).toBe(200)
    expect(ok.json().members).toHaveLength(2)
  })

  it('refuses bad input and a taken name, changing nothing', async () => {
    const taken = await register(mei)
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    const before = await snapshot()
    const clash = await call('PATCH', `/api/bands/${band.id}`, ren, input(taken.name.toUpperCase(), [member(aoi, 'Vocal', true), member(ren, 'Bass')]))
    expect(clash.statusCode).toBe(409)
    expect(clash.json().error).toMatchObject({ code: 'BAND_NAME_TAKEN', fields: { name: expect.any(String) } })
    const invalid = await call('PATCH', `/api/bands/${band.id}`, ren, input('', []))
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED')
    expect(await snapshot()).toEqual(before)
    // Keeping its own name in another case is fine.
    const same = await call('PATCH', `/api/bands/${band.id}`, ren, input(band.name.toUpperCase(), [member(aoi, 'Vocal', true), member(ren, 'Guitar')]))
    expect(same.statusCode).toBe(200)
  })

  it('serialises concurrent edits of one band: both succeed, one after the other, with one leader', async () => {
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    const [first, second] = await Promise.all([
      call('PATCH', `/api/bands/${band.id}`, aoi, input(band.name, [member(aoi, 'Vocal', true), member(ren, 'Guitar'), member(mei, 'Drums')])),
      call('PATCH', `/api/bands/${band.id}`, ren, input(band.name, [member(aoi, 'Vocal', true), member(ren, 'Bass')])),
    ])
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    const members = await t.db.select().from(bandMembers).where(eq(bandMembers.bandId, band.id))
    expect(members.filter((row) => row.isLeader)).toHaveLength(1)
    expect(members.length === 2 || members.length === 3).toBe(true)
  })
})

describe('POST /api/bands/:bandId/leave and /disband', () => {
  it('lets a member leave, with history', async () => {
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    const response = await call('POST', `/api/bands/${band.id}/leave`, ren)
    expect(response.statusCode).toBe(200)
    expect(response.json().members.map((m: { userId: string }) => m.userId)).toEqual([aoi.user.id])
    const history = (await call('GET', `/api/bands/${band.id}/history`, aoi)).json().items
    expect(history[0]).toMatchObject({ action: 'left', summary: 'Ren Suzuki left the band', actor: { id: ren.user.id } })
    // A past member no longer sees the history of an active band.
    expect((await call('GET', `/api/bands/${band.id}/history`, ren)).statusCode).toBe(403)
  })

  it('makes the leader hand over first and the last member disband instead', async () => {
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    const before = await snapshot(band.id)
    const leader = await call('POST', `/api/bands/${band.id}/leave`, aoi)
    expect(leader.statusCode).toBe(409)
    expect(leader.json().error.code).toBe('LEADER_MUST_HAND_OVER')
    expect((await call('POST', `/api/bands/${band.id}/leave`, outsider)).statusCode).toBe(403)
    expect((await call('POST', '/api/bands/00000000-0000-4000-8000-000000000000/leave', aoi)).statusCode).toBe(404)
    expect(await snapshot(band.id)).toEqual(before)

    const solo = await register(mei)
    const soloBefore = await snapshot(solo.id)
    const last = await call('POST', `/api/bands/${solo.id}/leave`, mei)
    expect(last.statusCode).toBe(409)
    expect(last.json().error.code).toBe('LAST_MEMBER')
    expect(await snapshot(solo.id)).toEqual(soloBefore)
  })

  it('lets only the leader disband; the band stays readable as disbanded', async () => {
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    const before = await snapshot(band.id)
    const notLeader = await call('POST', `/api/bands/${band.id}/disband`, ren)
    expect(notLeader.statusCode).toBe(403)
    expect(notLeader.json().error.code).toBe('FORBIDDEN')
    expect((await call('POST', `/api/bands/${band.id}/disband`, outsider)).statusCode).toBe(403)
    expect((await call('POST', `/api/bands/${band.id}/disband`, admin)).statusCode).toBe(403)
    expect((await call('POST', '/api/bands/00000000-0000-4000-8000-000000000000/disband', aoi)).statusCode).toBe(404)
    expect(await snapshot(band.id)).toEqual(before)

    const response = await call('POST', `/api/bands/${band.id}/disband`, aoi)
    expect(response.statusCode).toBe(200)
    expect(response.json().status).toBe('disbanded')
    const history = (await call('GET', `/api/bands/${band.id}/history`, ren)).json().items
    expect(history[0]).toMatchObject({ action: 'disbanded', summary: 'Disbanded by Aoi Tanaka' })
    const again = await call('POST', `/api/bands/${band.id}/disband`, aoi)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('BAND_DISBANDED')
    expect((await call('POST', `/api/bands/${band.id}/leave`, ren)).json().error.code).toBe('BAND_DISBANDED')
    // Disbanded bands are not "mine" any more.
    expect((await call('GET', '/api/bands/mine', ren)).json().items.map((b: { id: string }) => b.id)).not.toContain(band.id)
  })
})

describe('PUT /api/bands/:bandId/admin', () => {
  it('lets executives and admins edit everything, with themselves as the actor', async () => {
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    t.clock.advance(1000)
    const response = await call('PUT', `/api/bands/${band.id}/admin`, executive, input(band.name, [member(aoi, 'Vocal'), member(mei, 'Drums', true)], { status: 'inactive' }))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ status: 'inactive', members: [{ userId: mei.user.id, isLeader: true }, { userId: aoi.user.id, isLeader: false }] })
    const history = (await call('GET', `/api/bands/${band.id}/history`, executive)).json().items.slice(0, 5)
    expect(history.map((item: { summary: string }) => item.summary).sort()).toEqual(
      ['Genre removed', 'Leader: Mei Ito', 'Mei Ito joined as Drums', 'Ren Suzuki left the band', 'Status: Inactive'].sort(),
    )
    expect(history.every((item: { actor: { id: string } }) => item.actor.id === executive.user.id)).toBe(true)

    const byAdmin = await call('PUT', `/api/bands/${band.id}/admin`, admin, input(band.name, [member(aoi, 'Vocal', true)], { status: 'disbanded' }))
    expect(byAdmin.statusCode).toBe(200)
    expect(byAdmin.json().status).toBe('disbanded')
  })

  it('refuses members and visitors, unknown bands and bad input, changing nothing', async () => {
    const band = await register(aoi)
    const body = input(band.name, [member(aoi, 'Vocal', true)], { status: 'inactive' })
    const before = await snapshot(band.id)
    expect((await call('PUT', `/api/bands/${band.id}/admin`, aoi, body)).statusCode).toBe(403)
    expect((await t.inject({ method: 'PUT', url: `/api/bands/${band.id}/admin`, payload: body })).statusCode).toBe(401)
    expect((await call('PUT', '/api/bands/00000000-0000-4000-8000-000000000000/admin', executive, body)).statusCode).toBe(404)
    const bad = await call('PUT', `/api/bands/${band.id}/admin`, executive, { ...body, status: 'gone' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toHaveProperty('status')
    const noStatus = await call('PUT', `/api/bands/${band.id}/admin`, executive, input(band.name, [member(aoi, 'Vocal', true)]))
    expect(noStatus.statusCode).toBe(400)
    const pending = await createUser(t.db, { status: 'pending' })
    const inactive = await call('PUT', `/api/bands/${band.id}/admin`, executive, input(band.name, [member(aoi, 'Vocal', true), { userId: pending.id, part: 'Bass', isLeader: false }], { status: 'active' }))
    expect(inactive.statusCode).toBe(400)
    expect(inactive.json().error.fields).toHaveProperty(['members.1.userId'])
    expect(await snapshot(band.id)).toEqual(before)
  })

  it('refuses to re-activate a disbanded band whose name is taken again', async () => {
    const name = `Phoenix ${tag()}`
    const old = await register(aoi, [member(aoi, 'Vocal', true)], name)
    await call('POST', `/api/bands/${old.id}/disband`, aoi)
    await register(ren, [member(ren, 'Bass', true)], name.toUpperCase())
    const before = await snapshot(old.id)
    const response = await call('PUT', `/api/bands/${old.id}/admin`, executive, input(name, [member(aoi, 'Vocal', true)], { status: 'active' }))
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('BAND_NAME_TAKEN')
    expect(await snapshot(old.id)).toEqual(before)
    const renamed = await call('PUT', `/api/bands/${old.id}/admin`, executive, input(`${name} II`, [member(aoi, 'Vocal', true)], { status: 'active' }))
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().status).toBe('active')
  })
})

describe('GET /api/bands/:bandId/history', () => {
  it('is for band members, executives and admins', async () => {
    const band = await register(aoi, [member(aoi, 'Vocal', true), member(ren, 'Guitar')])
    expect((await call('GET', `/api/bands/${band.id}/history`, ren)).statusCode).toBe(200)
    expect((await call('GET', `/api/bands/${band.id}/history`, executive)).statusCode).toBe(200)
    expect((await call('GET', `/api/bands/${band.id}/history`, admin)).statusCode).toBe(200)
    const refused = await call('GET', `/api/bands/${band.id}/history`, outsider)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('FORBIDDEN')
    expect((await call('GET', '/api/bands/00000000-0000-4000-8000-000000000000/history', outsider)).statusCode).toBe(404)
  })
})

describe('GET /api/profile', () => {
  it('lists my bands that are not disbanded', async () => {
    const who = await t.as('member', { displayName: 'Profile Person' })
    const kept = await register(who, [member(who, 'Vocal', true)], `AAA Profile ${tag()}`)
    const gone = await register(who, [member(who, 'Vocal', true)], `BBB Profile ${tag()}`)
    await call('POST', `/api/bands/${gone.id}/disband`, who)
    const profile = await call('GET', '/api/profile', who)
    expect(profile.statusCode).toBe(200)
    expect(profile.json().bands).toEqual([{ id: kept.id, name: kept.name }])
  })
})
