import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { bands } from '../../server/src/db/schema'
import { createTestApp, type TestApp } from './support/test-app'
import { hostileStamp } from './support/hostile-stamp'
import { runSeed, seeded } from '../support/seeded'

/**
 * An outside probe sent ~11,000 hostile requests and got 34 answers 500. This walks every
 * registered route with the same kinds of input (NUL bytes, lone surrogates, years 0000 and
 * 9999, huge numbers, wrong types, over-long strings, arrays for strings, deep objects,
 * non-UUID ids) in params, query strings and bodies, as an admin (and as a visitor on public
 * routes), and expects only well-formed 4xx answers (or a 2xx where the input is harmless).
 * Each run sends every kind of value to every route, at places a new seed picks (~2,000
 * requests); a failure prints the seed that replays it. `npm run test:hostile` (HOSTILE=all)
 * sends every value to every place.
 */

const NIL = '00000000-0000-4000-8000-000000000000'

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) })

const hostileParams = ['not-a-uuid', 'a%00b', '%ED%A0%80', '0000-01-01', '9999-12-31', '99999999999999999999', '-1', `${NIL}x`, 'x'.repeat(300)]
/** Query keys the API reads somewhere, tried on every GET besides the route's own. */
const commonQueryKeys = ['q', 'week', 'date', 'from', 'to', 'page', 'pageSize', 'sort', 'status', 'limit']

/** The keys of an object schema, through optional/default/pipe/refine wrappers. */
function keysOf(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema
  for (let i = 0; i < 10 && current; i++) {
    const s = current as { shape?: Record<string, unknown>; _zod?: { def?: { innerType?: unknown; in?: unknown; schema?: unknown } } }
    if (s.shape) return Object.keys(s.shape)
    const def = s._zod?.def
    current = def?.innerType ?? def?.in ?? def?.schema
  }
  return []
}

/** URL-encoded; a lone surrogate has no UTF-8 form, so it goes as the bytes of one (ED A0 80). */
const encode = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\u0001SURROGATE')).replace(/%01SURROGATE/g, '%ED%A0%80')

let t: TestApp
let admin: Record<string, string>
let adminId: string
beforeAll(async () => {
  t = await createTestApp({ spaDir: undefined })
  const signedIn = await t.as('admin')
  admin = signedIn.headers
  adminId = signedIn.user.id
})
afterAll(() => t.close())

describe('the shared text() and calendarDate() rules', () => {
  it.each([
    ['a NUL byte in a text field', '/api/bands', { name: 'Night\u0000Owls', description: '', genre: '' }, 'name'],
    ['a lone surrogate in a text field', '/api/bands', { name: 'Night \uD800Owls', description: '', genre: '' }, 'name'],
    ['a control character in multi-line text', '/api/bands', { name: 'Night Owls', description: 'line\u0007bell', genre: '' }, 'description'],
  ])('refuses %s with 400 naming the field and stores nothing', async (_, url, payload, field) => {
    const before = await t.db.select().from(bands)
    const response = await t.inject({ method: 'POST', url, headers: admin, payload })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: 'Remove the special characters' } })
    expect(await t.db.select().from(bands)).toEqual(before)
  })

  it('keeps tabs and line breaks in multi-line text', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/bands', headers: admin, payload: { name: 'Tabs and Lines', description: 'one\n\ttwo', genre: '', members: [{ userId: adminId, part: 'Bass', isLeader: true }] } })
    expect(response.statusCode).toBe(201)
    expect(response.json().description).toBe('one\n\ttwo')
  })

  it.each(['0000-01-01', '9999-12-31', '1899-12-31', '2201-01-01', '2026-02-30'])('refuses the day %s in a query with 400 naming it', async (day) => {
    for (const [url, field] of [[`/api/bookings?from=${day}`, 'from'], [`/api/room-schedule?week=${day}`, 'week'], [`/api/blackouts?from=${day}`, 'from']] as const) {
      const response = await t.inject({ method: 'GET', url, headers: admin })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().error.code).toBe('VALIDATION_FAILED')
      expect(response.json().error.fields, url).toHaveProperty([field])
    }
  })

  it('refuses a NUL byte in a search with 400 naming q', async () => {
    for (const url of ['/api/users?q=a%00b', '/api/bands?q=%00', '/api/bookings?q=a%00', '/api/members/search?q=a%00b']) {
      const response = await t.inject({ method: 'GET', url, headers: admin })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().error.fields, url).toHaveProperty(['q'])
    }
  })
})

/**
 * The kinds of hostile value. Every run sends every kind to every route (in its params, query
 * string or body, at a place and in a form the seed picks); `npm run test:hostile` sends every
 * value of every kind to every place (~12,500 requests per database, 30–70 s).
 */
const hostileKinds: Record<string, unknown[]> = {
  'NUL byte': ['a\u0000b', '\u0000', '%00', ['a\u0000']],
  'lone surrogate': ['a\uD800b', '\uDC00'],
  'bidi override': ['\u202Eevil'],
  'impossible day': ['0000-01-01', '9999-12-31', '2026-02-30'],
  'over-long string': ['x'.repeat(5000)],
  'SQL or path': ["'; drop table users; --", '../../etc/passwd'],
  'huge number': [1e308, 2 ** 53 + 2, '1e308', '99999999999999999999'],
  'negative or fraction': [-1, 0.5, '-1'],
  'wrong type': [true, null, ['a'], {}],
  'deep nesting': [deep(60), [deep(30)]],
}
const hostileBodies: Record<string, unknown[]> = {
  'not an object': [[], ['a'], 'a\u0000', 12],
  'too deep': [deep(200)],
  'prototype pollution': [{ __proto__: { admin: true } }, { constructor: { prototype: { x: 1 } } }],
}
const hostileValues = Object.values(hostileKinds).flat()
const hostileStrings = [...new Set(hostileValues.filter((value): value is string => typeof value === 'string'))]

/**
 * Every value at every place with HOSTILE=all (npm run test:hostile), and whenever the routes
 * or the schemas changed since it last passed on both databases (hostile-input.stamp, which
 * `npm run test:hostile` then renews); otherwise a sample of every kind.
 */
const stamp = hostileStamp()
const exhaustive = process.env.HOSTILE === 'all' || !stamp.current

/** A new sample each run, the same one again with HOSTILE_SEED=<the seed a failure prints>. */
const seed = runSeed('HOSTILE_SEED')

interface Probe {
  /** The route's method and pattern. */
  route: string
  method: string
  url: string
  payload: unknown
  headers: Record<string, string>
  label: string
}

/** The requests of the walk, as admin (and as a visitor on public routes). */
function probes(routes: TestApp['app']['routeDefinitions'], admin: Record<string, string>, exhaustive: boolean): Probe[] {
  const random = seeded(seed)
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
  const list: Probe[] = []
  for (const route of routes) {
    if (route.url === '/api/logout' || route.url === '/api/refresh') continue
    const callers = route.access === 'public' ? [admin, {}] : [admin]
    const paramKeys = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!)
    const baseUrl = route.url.replace(/:(\w+)/g, NIL)
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE'
    const bodyKeys = hasBody ? keysOf(route.body) : []
    const queryKeys = [...new Set([...keysOf(route.query), ...(route.method === 'GET' ? commonQueryKeys : [])])]
    const emptyBody = hasBody ? {} : undefined
    const withParam = (key: string, value: string) => route.url.replace(/:(\w+)/g, (_, name: string) => (name === key ? value : NIL))
    const inQuery = (key: string, value: unknown) =>
      Array.isArray(value) ? `${baseUrl}?${value.map((item) => `${key}=${encode(String(item))}`).join('&')}` : `${baseUrl}?${key}=${encode(String(value))}`
    const inBody = (key: string, value: unknown) => {
      const body: Record<string, unknown> = { [key]: value }
      for (const other of bodyKeys) if (other !== key && random() < 0.3) body[other] = pick(hostileValues)
      return body
    }
    for (const headers of callers) {
      const add = (url: string, payload: unknown, label: string) => list.push({ route: `${route.method} ${route.url}`, method: route.method, url, payload, headers, label })
      if (exhaustive) {
        for (const key of paramKeys) for (const value of hostileParams) add(withParam(key, value), emptyBody, `param ${key}`)
        for (const key of queryKeys) {
          for (const value of [...hostileStrings, '1e308', '-1', '99999999999999999999']) add(inQuery(key, value), emptyBody, `query ${key}`)
          add(inQuery(key, ['a', 'b']), emptyBody, `query ${key}[]`)
        }
        for (const key of bodyKeys) for (const value of hostileValues) add(baseUrl, inBody(key, value), `body ${key}`)
        if (hasBody) for (const body of Object.values(hostileBodies).flat()) add(baseUrl, body, `body ${JSON.stringify(body).slice(0, 40)}`)
        continue
      }
      // Every hostile id in some param; every kind of value in some query key or body field.
      for (const value of paramKeys.length ? hostileParams : []) add(withParam(pick(paramKeys), value), emptyBody, `param (${value.slice(0, 20)})`)
      for (const [kind, values] of Object.entries(hostileKinds)) {
        const value = pick(values)
        const queryFits = typeof value !== 'object' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))
        const places = [...(queryFits ? queryKeys.map((key) => ['query', key] as const) : []), ...bodyKeys.map((key) => ['body', key] as const)]
        if (!places.length) continue
        const [where, key] = pick(places)
        if (where === 'query') add(inQuery(key, value), emptyBody, `query ${key} (${kind})`)
        else add(baseUrl, inBody(key, value), `body ${key} (${kind})`)
      }
      if (hasBody) for (const [kind, bodies] of Object.entries(hostileBodies)) add(baseUrl, pick(bodies), `body (${kind})`)
    }
  }
  return list
}

describe('hostile input on every route', () => {
  it(exhaustive ? 'never answers 5xx to any hostile value anywhere (HOSTILE=all)' : 'never answers 5xx to any kind of hostile value, and every 4xx is {error:{code,message}}', async () => {
    const bandsBefore = await t.db.select().from(bands)
    const problems: string[] = []
    const walk = probes(t.app.routeDefinitions, admin, exhaustive)
    for (const { method, url, payload, headers, label } of walk) {
      const response = await t.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
      const status = response.statusCode
      if (status >= 500) problems.push(`${status} ${method} ${url.slice(0, 200)} ${label}`)
      else if (status >= 400) {
        const error = (response.json() as { error?: { code?: unknown; message?: unknown } }).error
        if (typeof error?.code !== 'string' || typeof error?.message !== 'string') problems.push(`bad shape ${status} ${method} ${url.slice(0, 200)} ${label}`)
      }
    }

    expect(problems, `HOSTILE_SEED=${seed}${exhaustive ? ' HOSTILE=all' : ''} replays these requests`).toEqual([])
    // The sample leaves out no route that takes any input.
    const routesOf = (probes: Probe[]) => [...new Set(probes.map((probe) => probe.route))].sort()
    expect(routesOf(walk)).toEqual(routesOf(probes(t.app.routeDefinitions, admin, true)))
    expect(walk.length).toBeGreaterThanOrEqual(exhaustive ? 10_000 : 1_500)
    // Nothing hostile was stored (the admin's own rows aside, no band was created).
    expect(await t.db.select().from(bands)).toEqual(bandsBefore)
  }, 300_000)
})
