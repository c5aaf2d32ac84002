import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
