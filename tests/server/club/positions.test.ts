import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { positionHolders, positions, users } from '../../../server/src/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'
import { createUser } from '../support/factories'

let t: TestApp
let admin: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  admin = (await t.as('admin')).headers
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(positions)
})

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
const addPosition = async (name: string, extra: object = {}) => {
  const response = await call('POST', '/api/positions', { name, ...extra })
  expect(response.statusCode).toBe(201)
  return response.json() as { id: string; name: string; sortOrder: number }
}
const list = async (query = '') => (await call('GET', `/api/positions${query}`)).json()
const names = async () => ((await list()).items as Array<{ name: string }>).map((position) => position.name)

describe('positions', () => {
  it('adds positions at the end and lists them in order with the current term', async () => {
    const president = await addPosition('President', { description: 'Leads the club' })
    const treasurer = await addPosition('Treasurer')
    expect([president.sortOrder, treasurer.sortOrder]).toEqual([0, 1])
    const body = await list()
    expect(body).toMatchObject({ term: 2026, currentTerm: 2026 })
    expect(body.items).toEqual([
      { id: president.id, name: 'President', description: 'Leads the club', sortOrder: 0, holders: [] },
      { id: treasurer.id, name: 'Treasurer', description: '', sortOrder: 1, holders: [] },
    ])
  })

  it('refuses a name taken in another case with 409 POSITION_NAME_TAKEN', async () => {
    await addPosition('President')
    const other = await addPosition('Treasurer')
    expect((await call('POST', '/api/positions', { name: 'president' })).json().error.code).toBe('POSITION_NAME_TAKEN')
    const renamed = await call('PATCH', `/api/positions/${other.id}`, { name: 'PRESIDENT' })
    expect(renamed.statusCode).toBe(409)
    expect(renamed.json().error.code).toBe('POSITION_NAME_TAKEN')
    expect(await names()).toEqual(['President', 'Treasurer'])
  })

  it.each([
    ['no name', {}, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a 41-character name', { name: 'x'.repeat(41) }, 'name'],
    ['a 501-character description', { name: 'X', description: 'x'.repeat(501) }, 'description'],
    ['a negative order', { name: 'X', sortOrder: -1 }, 'sortOrder'],
  ])('refuses %s with 400 and adds nothing', async (_what, payload, field) => {
    const response = await call('POST', '/api/positions', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toHaveProperty([field])
    expect(await names()).toEqual([])
  })

  it('edits, reorders and deletes positions', async () => {
    const a = await addPosition('A')
    const b = await addPosition('B')
    const c = await addPosition('C')
    expect((await call('PATCH', `/api/positions/${a.id}`, { description: 'First' })).json()).toMatchObject({ name: 'A', description: 'First' })
    expect((await call('PUT', '/api/positions/order', { positionIds: [c.id, a.id, b.id] })).statusCode).toBe(204)
    expect(await names()).toEqual(['C', 'A', 'B'])
    // An order that leaves one out, or names one twice, changes nothing.
    expect((await call('PUT', '/api/positions/order', { positionIds: [a.id, b.id] })).statusCode).toBe(409)
    expect((await call('PUT', '/api/positions/order', { positionIds: [a.id, a.id, b.id] })).statusCode).toBe(400)
    expect(await names()).toEqual(['C', 'A', 'B'])
    expect((await call('DELETE', `/api/positions/${b.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/positions/${b.id}`)).statusCode).toBe(404)
    expect((await call('PATCH', `/api/positions/${b.id}`, { name: 'Z' })).statusCode).toBe(404)
    expect(await names()).toEqual(['C', 'A'])
  })
})

describe('position holders', () => {
  it('assigns members per term; the list shows holders of the chosen term with their grade then', async () => {
    const president = await addPosition('President')
    const aoi = await createUser(t.db, { displayName: 'Aoi', enrollmentYear: 2024 })
    const ren = await createUser(t.db, { displayName: 'Ren', enrollmentYear: 2025 })
    const now = await call('POST', `/api/positions/${president.id}/holders`, { userId: aoi.id, termYear: 2026 })
    expect(now.statusCode).toBe(201)
    expect(now.json()).toMatchObject({ userId: aoi.id, displayName: 'Aoi', enrollmentYear: 2024, grade: 3 })
    expect((await call('POST', `/api/positions/${president.id}/holders`, { userId: ren.id, termYear: 2027 })).statusCode).toBe(201)

    const current = await list()
    expect(current.items[0].holders).toEqual([expect.objectContaining({ userId: aoi.id, displayName: 'Aoi', grade: 3 })])
    const next = await list('?term=2027')
    expect(next.term).toBe(2027)
    expect(next.items[0].holders).toEqual([expect.objectContaining({ userId: ren.id, grade: 3 })])
    expect((await list('?term=2020')).items[0].holders).toEqual([])
    expect((await call('GET', '/api/positions?term=abc')).statusCode).toBe(400)
  })

  it('refuses a second assignment of the same member, term and position with 409 ALREADY_HOLDS_POSITION', async () => {
    const president = await addPosition('President')
    const aoi = await createUser(t.db)
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/positions/${president.id}/holders`, { userId: aoi.id, termYear: 2026 })),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409])
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error.code).toBe('ALREADY_HOLDS_POSITION')
    expect(await t.db.select().from(positionHolders).where(eq(positionHolders.userId, aoi.id))).toHaveLength(1)
  })

  it.each([
    ['pending', 'MEMBER_NOT_ACTIVE'],
    ['suspended', 'MEMBER_NOT_ACTIVE'],
    ['deleted', 'MEMBER_NOT_ACTIVE'],
  ] as const)('refuses a %s account with 400 %s', async (status, code) => {
    const position = await addPosition('President')
    const user = await createUser(t.db, { status })
    const response = await call('POST', `/api/positions/${position.id}/holders`, { userId: user.id, termYear: 2026 })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe(code)
    expect((await list()).items[0].holders).toEqual([])
  })

  it('refuses unknown people and positions, terms out of range and malformed input', async () => {
    const position = await addPosition('President')
    const user = await createUser(t.db)
    const post = (payload: unknown, id = position.id) => call('POST', `/api/positions/${id}/holders`, payload)
    expect((await post({ userId: '00000000-0000-4000-8000-000000000000', termYear: 2026 })).json().error.code).toBe('MEMBER_NOT_ACTIVE')
    expect((await post({ userId: user.id, termYear: 2026 }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    for (const termYear of [2015, 2028]) {
      const response = await post({ userId: user.id, termYear })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.fields).toHaveProperty(['termYear'])
    }
    expect((await post({ userId: user.id, termYear: 2016 })).statusCode).toBe(201)
    expect((await post({ userId: user.id, termYear: 2027 })).statusCode).toBe(201)
    for (const payload of [{ userId: user.id }, { userId: 'me', termYear: 2026 }, { userId: user.id, termYear: '2026' }, { userId: user.id, termYear: 2026.5 }]) {
      expect((await post(payload)).statusCode).toBe(400)
    }
    expect(await t.db.select().from(positionHolders).where(eq(positionHolders.userId, user.id))).toHaveLength(2)
  })

  it('removes a holder, which ends their executive rights at once', async () => {
    const position = await addPosition('President')
    const holder = await createUser(t.db)
    const assigned = (await call('POST', `/api/positions/${position.id}/holders`, { userId: holder.id, termYear: 2026 })).json()
    const { access_token } = await t.signIn(holder.email, holder.password)
    const headers = { authorization: `Bearer ${access_token}` }
    expect((await call('GET', '/api/me', undefined, headers)).json().user.isExecutive).toBe(true)
    // Executives may view who holds what, but not change it.
    expect((await call('GET', '/api/positions', undefined, headers)).statusCode).toBe(200)
    expect((await call('POST', '/api/positions', { name: 'Mine' }, headers)).statusCode).toBe(403)
    expect((await call('DELETE', `/api/position-holders/${assigned.id}`, undefined, headers)).statusCode).toBe(403)

    expect((await call('DELETE', `/api/position-holders/${assigned.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/position-holders/${assigned.id}`)).statusCode).toBe(404)
    expect((await call('GET', '/api/me', undefined, headers)).json().user.isExecutive).toBe(false)
    expect((await call('GET', '/api/positions', undefined, headers)).statusCode).toBe(403)
  })

  it('deleting a position removes its holders in every term', async () => {
    const position = await addPosition('President')
    const user = await createUser(t.db)
    await call('POST', `/api/positions/${position.id}/holders`, { userId: user.id, termYear: 2025 })
    await call('POST', `/api/positions/${position.id}/holders`, { userId: user.id, termYear: 2026 })
    expect((await call('DELETE', `/api/positions/${position.id}`)).statusCode).toBe(204)
    expect(await t.db.select().from(positionHolders).where(eq(positionHolders.userId, user.id))).toEqual([])
  })

  it('lists holders whatever their account state now, with that state', async () => {
    const position = await addPosition('President')
    const user = await createUser(t.db)
    await call('POST', `/api/positions/${position.id}/holders`, { userId: user.id, termYear: 2026 })
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id))
    expect((await list()).items[0].holders).toEqual([expect.objectContaining({ userId: user.id, status: 'suspended' })])
  })
})
