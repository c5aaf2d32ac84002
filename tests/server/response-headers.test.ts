import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import helmet, { type HelmetOptions } from 'helmet'
import { HELMET_OPTIONS } from '../../server/src/app'
import { createTestApp, type TestApp } from './support/test-app'

/** Decision 010-hardening-input: no-store on API answers, HSTS only over HTTPS. */
describe('Cache-Control on API answers', () => {
  let t: TestApp
  let member: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    member = (await t.as('member')).headers
  })
  afterAll(() => t.close())

  it('is no-store on signed-in answers, refusals and errors, so no cache keeps members’ data', async () => {
    for (const [url, headers, status] of [
      ['/api/me', member, 200],
      ['/api/members/search?q=a', member, 200],
      ['/api/bands', member, 200],
      ['/api/me', {}, 401],
      ['/api/users', member, 403],
      ['/api/members/search?q=%00', member, 400],
      ['/api/no-such-thing', member, 404],
    ] as const) {
      const response = await t.inject({ method: 'GET', url, headers })
      expect(response.statusCode, url).toBe(status)
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
    const login = await t.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody@club.example', password: 'wrong password' } })
    expect(login.headers['cache-control']).toBe('no-store')
  })

  it('leaves the public room schedule its own short public caching with an ETag', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/public/room-schedule' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=30')
    expect(response.headers.etag).toBeTruthy()
  })
})

describe('Strict-Transport-Security', () => {
  it('is not sent when the app is served over plain HTTP', async () => {
    const t = await createTestApp({ publicUrl: 'http://localhost:3000' })
    try {
      for (const url of ['/api/health', '/api/me']) {
        expect((await t.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBeUndefined()
      }
    } finally {
      await t.close()
    }
  })

  it('is sent on every answer when PUBLIC_URL is https:// (TLS ends at the proxy)', async () => {
    const t = await createTestApp({ publicUrl: 'https://bandroom.example.ac.jp' })
    try {
      for (const url of ['/api/health', '/api/me', '/api/no-such-thing']) {
        expect((await t.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains')
      }
    } finally {
      await t.close()
    }
  })
})

describe('Security headers', () => {
  it('are exactly those helmet’s own middleware sends, on pages and API answers', async () => {
    // helmet itself, on a plain Node server, with the app's options.
    const middleware = helmet({ ...HELMET_OPTIONS, strictTransportSecurity: false } as HelmetOptions)
    const server = http.createServer((request, response) => middleware(request, response, () => response.end()))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const reference = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    server.close()
    const expected = [...reference.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
    expect(expected.length).toBeGreaterThan(8)

    const t = await createTestApp()
    try {
      for (const url of ['/api/health', '/api/no-such-thing', '/api/public/room-schedule']) {
        const response = await t.inject({ method: 'GET', url })
        for (const [name, value] of expected) expect(response.headers[name], `${url} ${name}`).toBe(value)
        expect(response.headers['x-powered-by'], url).toBeUndefined()
      }
    } finally {
      await t.close()
    }
  })
})
