import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support/test-app'
import { LOGIN_CALLS_PER_IP_PER_MINUTE } from '../../server/src/auth/auth.routes'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ loginCallsPerMinute: LOGIN_CALLS_PER_IP_PER_MINUTE })
})
afterAll(() => t.close())

it('allows 20 sign-in calls per IP per minute, then answers 429 with Retry-After', async () => {
  expect(LOGIN_CALLS_PER_IP_PER_MINUTE).toBe(20)
  const call = (i: number) =>
    t.inject({ method: 'POST', url: '/api/login', payload: { email: `guess${i}@example.ac.jp`, password: 'guessing-away' }, remoteAddress: '203.0.113.7' })
  for (let i = 0; i < 20; i++) expect((await call(i)).statusCode).toBe(401)
  const limited = await call(20)
  expect(limited.statusCode).toBe(429)
  expect(limited.json().error.code).toBe('RATE_LIMITED')
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)

  // Each limited route counts on its own: the same address may still ask for a reset link.
  const reset = await t.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: 'guess0@example.ac.jp' }, remoteAddress: '203.0.113.7' })
  expect(reset.statusCode).toBe(202)

  // Another address is not affected.
  const other = await t.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@example.ac.jp', password: 'guessing-away' }, remoteAddress: '198.51.100.9' })
  expect(other.statusCode).toBe(401)
})
