import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { bands } from '../../server/src/db/schema'
import { createTestApp, type TestApp } from './support/test-app'

/**
 * An outside probe sent ~11,000 hostile requests and got 34 answers 500. This walks every
 * registered route with the same kinds of input (NUL bytes, lone surrogates, years 0000 and
 * 9999, huge numbers, wrong types, over-long strings, arrays for strings, deep objects,
 * non-UUID ids) in params, query strings and bodies, as an admin (and as a visitor on public
 * routes), and expects only well-formed 4xx answers (or a 2xx where the input is harmless).
 * Seeded, so a failure replays.
 */

const NIL = '00000000-0000-4000-8000-000000000000'

/** mulberry32: a small seeded generator, so the same requests are sent every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) })

const hostileStrings = ['a\u0000b', '\u0000', 'a\uD800b', '\uDC00', '0000-01-01', '9999-12-31', '2026-02-30', 'x'.repeat(5000), "'; drop table users; --", '%00', '../../etc/passwd', '\u202Eevil']
const hostileValues: unknown[] = [...hostileStrings, 1e308, -1, 2 ** 53 + 2, 0.5, true, null, ['a'], ['a\u0000'], {}, deep(60), [deep(30)]]
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

describe('hostile input on every route', () => {
  it('never answers 5xx, and every 4xx is {error:{code,message}}', async () => {
    const random = seeded(12)
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
    const bandsBefore = await t.db.select().from(bands)
    const problems: string[] = []
    let sent = 0
    const send = async (method: string, url: string, payload: unknown, headers: Record<string, string>, label: string) => {
      const response = await t.inject({ method: method as 'GET', url, headers, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload as object }) })
      sent++
      const status = response.statusCode
      if (status >= 500) problems.push(`${status} ${method} ${url} ${label}`)
      else if (status >= 400) {
        const error = (response.json() as { error?: { code?: unknown; message?: unknown } }).error
        if (typeof error?.code !== 'string' || typeof error?.message !== 'string') problems.push(`bad shape ${status} ${method} ${url} ${label}`)
      }
    }

    for (const route of t.app.routeDefinitions) {
      if (route.url === '/api/logout' || route.url === '/api/refresh') continue
      const callers = route.access === 'public' ? [admin, {}] : [admin]
      const paramKeys = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!)
      const baseUrl = route.url.replace(/:(\w+)/g, NIL)
      const bodyKeys = keysOf(route.body)
      const queryKeys = [...new Set([...keysOf(route.query), ...(route.method === 'GET' ? commonQueryKeys : [])])]
      for (const headers of callers) {
        // Params: every param, every hostile id.
        for (const key of paramKeys) {
          for (const value of hostileParams) {
            const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === key ? value : NIL))
            await send(route.method, url, route.method === 'GET' ? undefined : {}, headers, `param ${key}`)
          }
        }
        // Query strings: each key with a hostile value, and the key twice (an array).
        for (const key of queryKeys) {
          for (const value of [...hostileStrings, '1e308', '-1', '99999999999999999999']) {
            await send(route.method, `${baseUrl}?${key}=${encode(value)}`, route.method === 'GET' ? undefined : {}, headers, `query ${key}`)
          }
          await send(route.method, `${baseUrl}?${key}=a&${key}=b`, route.method === 'GET' ? undefined : {}, headers, `query ${key}[]`)
        }
        if (route.method === 'GET' || route.method === 'DELETE') continue
        // Bodies: each field hostile (the rest random hostile too), and hostile whole bodies.
        for (const key of bodyKeys) {
          for (const value of hostileValues) {
            const body: Record<string, unknown> = { [key]: value }
            for (const other of bodyKeys) if (other !== key && random() < 0.3) body[other] = pick(hostileValues)
            await send(route.method, baseUrl, body, headers, `body ${key}`)
          }
        }
        for (const body of [[], ['a'], 'a\u0000', 12, deep(200), { __proto__: { admin: true } }, { constructor: { prototype: { x: 1 } } }]) {
          await send(route.method, baseUrl, body, headers, `body ${JSON.stringify(body).slice(0, 40)}`)
        }
      }
    }

    expect(problems).toEqual([])
    expect(sent).toBeGreaterThanOrEqual(500)
    // Nothing hostile was stored (the admin's own rows aside, no band was created).
    expect(await t.db.select().from(bands)).toEqual(bandsBefore)
  }, 120_000)
})
