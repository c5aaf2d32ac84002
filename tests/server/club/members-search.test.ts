import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'
import { createUser } from '../support/factories'

let t: TestApp
let member: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  member = (await t.as('member', { displayName: 'Searcher Person' })).headers
  await createUser(t.db, { displayName: 'Aoi Tanaka', email: 'aoi@club.example', enrollmentYear: 2024 })
  await createUser(t.db, { displayName: 'Taro Aoyama', email: 'taro@club.example', enrollmentYear: 2019 })
  await createUser(t.db, { displayName: 'Aoba Pending', email: 'aoba@club.example', status: 'pending' })
  await createUser(t.db, { displayName: 'Aona Suspended', email: 'aona@club.example', status: 'suspended' })
  await createUser(t.db, { displayName: '100%_Real', email: 'percent@club.example' })
})
afterAll(() => t.close())

const search = (query: string, headers: Record<string, string> = member) => t.inject({ method: 'GET', url: `/api/members/search${query}`, headers })

describe('GET /api/members/search', () => {
  it('finds active members by name, any case, with their grade this term', async () => {
    const response = await search('?q=AO')
    expect(response.statusCode).toBe(200)
    expect(response.json().items).toEqual([
      { id: expect.any(String), displayName: 'Aoi Tanaka', enrollmentYear: 2024, grade: 3 },
      { id: expect.any(String), displayName: 'Taro Aoyama', enrollmentYear: 2019, grade: 'graduate' },
    ])
  })

  it('never matches an email address, which it does not show (who owns an address stays private)', async () => {
    for (const query of ['?q=taro%40club', '?q=taro%40club.example', '?q=percent']) {
      const response = await search(query)
      expect(response.statusCode).toBe(200)
      expect(response.json().items).toEqual([])
    }
    expect((await search('?q=taro')).json().items.map((item: { displayName: string }) => item.displayName)).toEqual(['Taro Aoyama'])
  })

  it('treats % and _ literally', async () => {
    expect((await search('?q=%25_')).json().items.map((item: { displayName: string }) => item.displayName)).toEqual(['100%_Real'])
    expect((await search('?q=_')).json().items.map((item: { displayName: string }) => item.displayName)).toEqual(['100%_Real'])
  })

  it('honours the limit, up to 20', async () => {
    expect((await search('?q=a&limit=1')).json().items).toHaveLength(1)
    expect((await search('?q=a&limit=21')).statusCode).toBe(400)
    expect((await search('?q=a&limit=0')).statusCode).toBe(400)
  })

  it('refuses an empty or overlong query and visitors', async () => {
    for (const query of ['', '?q=', '?q=%20%20', `?q=${'x'.repeat(101)}`]) {
      const response = await search(query)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.fields).toHaveProperty(['q'])
    }
    expect((await t.inject({ method: 'GET', url: '/api/members/search?q=ao' })).statusCode).toBe(401)
  })
})
