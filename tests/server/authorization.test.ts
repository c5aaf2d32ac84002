import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Access } from '../../server/src/http/route'
import { accessTable } from '../../server/src/http/access-table'
import { createTestApp, type TestApp } from './support/test-app'

/**
 * Walks every route the app registered against every kind of caller, with the access table
 * (server/src/http/access-table.ts) as the expectation. A route added without `defineRoute`
 * (so without a row) or a row left without its route fails the first tests; a rule the code
 * does not enforce fails the last.
 */
type Caller = 'visitor' | 'member' | 'executive' | 'admin'
const callers: Caller[] = ['visitor', 'member', 'executive', 'admin']

const refusal: Record<Access, Record<Caller, 401 | 403 | null>> = {
  public: { visitor: null, member: null, executive: null, admin: null },
  session: { visitor: 401, member: null, executive: null, admin: null },
  member: { visitor: 401, member: null, executive: null, admin: null },
  executive: { visitor: 401, member: 403, executive: null, admin: null },
  admin: { visitor: 401, member: 403, executive: 403, admin: null },
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ spaDir: undefined })
})
afterAll(() => t.close())

describe('the authorisation table', () => {
  it('covers every API route', () => {
    const declared = new Set(t.app.routeDefinitions.map((route) => `${route.method} ${route.url}`))
    const registered = t.app.httpRoutes
      .filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url}`)
    expect(registered.length).toBeGreaterThan(0)
    expect(registered.filter((route) => !declared.has(route))).toEqual([])
  })

  it('has no row without a route', () => {
    const registered = new Set(t.app.routeDefinitions.map((route) => `${route.method} ${route.url}`))
    expect(Object.keys(accessTable).filter((key) => !registered.has(key))).toEqual([])
  })

  it('is enforced for every route and every caller', async () => {
    const outcomes: string[] = []
    const expected: string[] = []
    // One session per caller, reused (signing in is the slow part); logout ends the session it
    // is given, so the next route signs in afresh. No other probe (body `{}`, nil ids) ends one.
    const sessions = new Map<string, Record<string, string>>()
    for (const route of t.app.routeDefinitions) {
      for (const caller of callers) {
        if (caller !== 'visitor' && !sessions.has(caller)) sessions.set(caller, (await t.as(caller)).headers)
        const headers = caller === 'visitor' ? {} : sessions.get(caller)!
        const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')
        const response = await t.inject({ method: route.method, url, headers, ...(route.method === 'GET' ? {} : { payload: {} }) })
        if (route.url === '/api/logout') sessions.delete(caller)
        const status = response.statusCode
        const want = refusal[route.access][caller]
        outcomes.push(`${route.method} ${route.url} as ${caller}: ${status === 401 || status === 403 ? status : 'allowed'}`)
        expected.push(`${route.method} ${route.url} as ${caller}: ${want ?? 'allowed'}`)
      }
    }
    expect(outcomes).toEqual(expected)
  })
})
