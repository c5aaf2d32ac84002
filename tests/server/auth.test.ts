import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { sessions, users, loginFailures } from '../../server/src/db/schema'
import { SignJWT } from 'jose'
import { createTestApp, minutes, TEST_SECRET, type TestApp } from './support/test-app'
import { createUser, makeExecutive, TEST_PASSWORD } from './support/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const me = (token: string) => t.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })
const refresh = (token: string) => t.inject({ method: 'POST', url: '/api/refresh', headers: bearer(token) })

describe('POST /api/login', () => {
  it('signs an active user in with the email in any case and answers the user without secrets', async () => {
    const user = await createUser(t.db, { email: 'Aoi.Tanaka@example.ac.jp', displayName: 'Aoi Tanaka' })
    const response = await login({ email: 'aoi.tanaka@EXAMPLE.ac.jp', password: TEST_PASSWORD })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.user).toEqual({
      id: user.id,
      email: 'Aoi.Tanaka@example.ac.jp',
      displayName: 'Aoi Tanaka',
      enrollmentYear: 2025,
      role: 'member',
      status: 'active',
      isExecutive: false,
      language: null,
    })
    expect(JSON.stringify(body)).not.toContain('argon2')
    expect((await me(body.access_token)).json().user.id).toBe(user.id)
  })

  it('stores passwords as argon2id hashes', async () => {
    const user = await createUser(t.db, { password: 'a brand new password' })
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id))
    expect(row!.hash.startsWith('$argon2id$')).toBe(true)
  })

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const user = await createUser(t.db)
    const unknown = await login({ email: 'nobody@example.ac.jp', password: 'whatever-password' })
    const wrong = await login({ email: user.email, password: 'not the password' })
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS')
  })

  it.each([
    ['pending', 'ACCOUNT_PENDING', /waiting for an administrator/],
    ['suspended', 'ACCOUNT_SUSPENDED', /suspended/],
    ['deleted', 'ACCOUNT_DELETED', /deleted/],
  ] as const)('refuses a %s account with a clear message and no session', async (status, code, message) => {
    const user = await createUser(t.db, { status })
    const response = await login({ email: user.email, password: TEST_PASSWORD })
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe(code)
    expect(response.json().error.message).toMatch(message)
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
  })

  it('does not reveal the status of an account to someone without its password', async () => {
    const user = await createUser(t.db, { status: 'suspended' })
    const response = await login({ email: user.email, password: 'not the password' })
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('INVALID_CREDENTIALS')
  })

  it.each([
    ['no body at all', undefined, ['email', 'password']],
    ['an empty object', {}, ['email', 'password']],
    ['a malformed email', { email: 'not-an-email', password: 'x' }, ['email']],
    ['an empty password', { email: 'a@example.ac.jp', password: '' }, ['password']],
    ['wrong types', { email: 42, password: ['x'] }, ['email', 'password']],
    ['a megabyte-long password', { email: 'a@example.ac.jp', password: 'x'.repeat(2000) }, ['password']],
  ])('answers %s with 400 naming the fields, and signs nobody in', async (_label, payload, fields) => {
    const before = await t.db.select().from(sessions)
    const response = await t.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers: { 'content-type': 'application/json' } })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(response.json().error.fields).sort()).toEqual(fields)
    expect(await t.db.select().from(sessions)).toHaveLength(before.length)
  })

  it('answers malformed JSON, a non-JSON type and an oversized body with clear 4xx codes', async () => {
    const malformed = await t.inject({ method: 'POST', url: '/api/login', payload: '{"email":', headers: { 'content-type': 'application/json' } })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.code).toBe('INVALID_JSON')

    const text = await t.inject({ method: 'POST', url: '/api/login', payload: 'email=a', headers: { 'content-type': 'text/plain' } })
    expect(text.statusCode).toBe(415)
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE')

    const huge = await t.inject({ method: 'POST', url: '/api/login', payload: JSON.stringify({ email: 'a@b.jp', password: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } })
    expect(huge.statusCode).toBe(413)
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('locks an account after 5 failed tries in 15 minutes, even for the right password, and says when to retry', async () => {
    const user = await createUser(t.db)
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login({ email: user.email, password: 'wrong password' })).statusCode).toBe(401)
      t.clock.advance(minutes(1))
    }
    const locked = await login({ email: user.email, password: TEST_PASSWORD })
    expect(locked.statusCode).toBe(429)
    expect(locked.json().error.code).toBe('RATE_LIMITED')
    // The first failure leaves the window 15 minutes after it was made: 10 minutes from now.
    expect(Number(locked.headers['retry-after'])).toBe(10 * 60)

    t.clock.advance(minutes(10) + 1000)
    const after = await login({ email: user.email, password: TEST_PASSWORD })
    expect(after.statusCode).toBe(200)
    // A successful sign-in clears the account's failures.
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.email, user.email.toLowerCase()))).toHaveLength(0)
  })

  it('checks at most 5 passwords when 50 wrong ones arrive at once, and then refuses the right one too', async () => {
    const user = await createUser(t.db)
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login({ email: user.email, password: `wrong password ${i}` })),
    )
    const checked = burst.filter((r) => r.statusCode === 401).length
    const refused = burst.filter((r) => r.statusCode === 429).length
    expect({ checked, refused }).toEqual({ checked: 5, refused: 45 })
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.email, user.email.toLowerCase()))).toHaveLength(5)
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(429)
  })

  it('a right password racing wrong ones still signs in while the account is not locked', async () => {
    const user = await createUser(t.db)
    const [right, ...wrong] = await Promise.all([
      login({ email: user.email, password: TEST_PASSWORD }),
      ...Array.from({ length: 3 }, (_, i) => login({ email: user.email, password: `wrong ${i}` })),
    ])
    expect(right!.statusCode).toBe(200)
    expect(wrong.map((r) => r.statusCode)).toEqual([401, 401, 401])
  })
})

describe('sessions', () => {
  it('refuses at the next request a session an admin signed out, though sessions are kept in memory', async () => {
    const admin = await t.as('admin')
    const member = await t.as('member')
    for (let i = 0; i < 3; i++) expect((await me(member.token)).statusCode).toBe(200)
    const revoked = await t.inject({ method: 'POST', url: `/api/users/${member.user.id}/sessions/revoke`, headers: admin.headers })
    expect(revoked.statusCode, revoked.body).toBeLessThan(300)
    expect((await me(member.token)).statusCode).toBe(401)
  })

  it('GET /api/me needs a token naming a live session', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401)
    expect((await me('not-a-jwt')).statusCode).toBe(401)
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(crypto.randomUUID())
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))
    const response = await me(forged)
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('SESSION_EXPIRED')
  })

  it('answers 401, not 500, to a correctly signed token whose sid or sub is not a UUID', async () => {
    const user = await createUser(t.db)
    const signed = (sid: string, sub: string) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt(Math.floor(t.clock.now().getTime() / 1000)).setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 600).sign(TEST_SECRET)
    for (const token of [await signed('not-a-uuid', user.id), await signed("1' OR '1'='1", user.id), await signed(crypto.randomUUID(), 'nobody')]) {
      for (const [method, url] of [['GET', '/api/me'], ['POST', '/api/refresh'], ['POST', '/api/logout']] as const) {
        const response = await t.inject({ method, url, headers: { authorization: `Bearer ${token}` } })
        expect(response.statusCode, `${method} ${url}`).toBe(401)
        expect(response.json().error.code).toMatch(/^(SESSION_EXPIRED|UNAUTHENTICATED)$/)
      }
    }
  })

  it('ends a session idle for 30 minutes; activity keeps it alive', async () => {
    const { token } = await t.as('member')
    t.clock.advance(minutes(29))
    const first = await refresh(token)
    expect(first.statusCode).toBe(200)
    t.clock.advance(minutes(29))
    const second = await refresh(first.json().access_token)
    expect(second.statusCode).toBe(200)
    const latest = second.json().access_token as string
    expect((await me(latest)).statusCode).toBe(200)
    t.clock.advance(minutes(31))
    expect((await refresh(latest)).statusCode).toBe(401)
    expect((await me(latest)).statusCode).toBe(401)
  })

  it('expires access tokens after 15 minutes, and refresh renews them while the session lives', async () => {
    const { token } = await t.as('member')
    t.clock.advance(minutes(16))
    expect((await me(token)).statusCode).toBe(401)
    const renewed = await refresh(token)
    expect(renewed.statusCode).toBe(200)
    expect((await me(renewed.json().access_token)).statusCode).toBe(200)
  })

  it('ends a session at its absolute expiry whatever the activity', async () => {
    const { token, user } = await t.as('member')
    await t.db.update(sessions).set({ expiresAt: t.clock.now() }).where(eq(sessions.userId, user.id))
    expect((await refresh(token)).statusCode).toBe(401)
    expect((await me(token)).statusCode).toBe(401)
  })

  it('refresh needs a token and accepts an empty JSON body', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/refresh' })).statusCode).toBe(401)
    const { token } = await t.as('member')
    const response = await t.inject({ method: 'POST', url: '/api/refresh', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: '' })
    expect(response.statusCode).toBe(200)
    expect(response.json().access_token).toEqual(expect.any(String))
  })

  it('logout revokes the session for good', async () => {
    const { token } = await t.as('member')
    const response = await t.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })
    expect(response.statusCode).toBe(204)
    expect((await me(token)).statusCode).toBe(401)
    expect((await refresh(token)).statusCode).toBe(401)
    expect((await t.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401)
  })

  it('ends the sessions of an account that gets suspended, and revokeAllSessions ends every session', async () => {
    const first = await t.as('member')
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, first.user.id))
    expect((await me(first.token)).statusCode).toBe(401)

    const second = await t.as('member')
    const other = await t.signIn(second.user.email, second.user.password)
    await t.services.auth.revokeAllSessions(second.user.id)
    expect((await me(second.token)).statusCode).toBe(401)
    expect((await me(other.access_token)).statusCode).toBe(401)
  })
})

describe('executives', () => {
  it('are members holding a position in the current term; the right follows the term', async () => {
    const { user } = await t.as('member')
    const term = await t.services.settings.currentTerm()
    // The clock starts on 1 June 2026 (Tokyo): the term that began in April 2026.
    expect(term).toBe(2026)
    await makeExecutive(t.db, user.id, term + 1)
    const before = await t.signIn(user.email, user.password)
    expect(before.user).toMatchObject({ isExecutive: false })

    await makeExecutive(t.db, user.id, term)
    const now = await t.signIn(user.email, user.password)
    expect(now.user).toMatchObject({ isExecutive: true })
    expect((await me(now.access_token)).json().user.isExecutive).toBe(true)
  })
})
