import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { passwordResetTokens, sessions, users } from '../../../server/src/db/schema'
import { verifyPassword } from '../../../server/src/auth/passwords'
import { hashResetToken, RESET_MAILS_PER_HOUR } from '../../../server/src/accounts/password-reset.service'
import { resetRequestMessage } from '../../../server/src/accounts/accounts.service'
import { ACCOUNT_LIMITS } from '../../../server/src/accounts/accounts.routes'
import { createTestApp, minutes, type TestApp } from '../support/test-app'
import { createUser, TEST_PASSWORD } from '../support/factories'
import { bearer, mailTo, nextIp, OTHER_STRONG_PASSWORD, STRONG_PASSWORD } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const requestReset = (payload: unknown, remoteAddress = nextIp()) =>
  t.inject({ method: 'POST', url: '/api/password-reset/request', payload: payload as object, remoteAddress })
const confirm = (payload: unknown, remoteAddress = nextIp()) =>
  t.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: payload as object, remoteAddress })
const check = (token: string) =>
  t.inject({ method: 'GET', url: `/api/password-reset/check?token=${encodeURIComponent(token)}`, remoteAddress: nextIp() })

/** Asks for a link through the API and reads the token from the mail in the outbox. */
async function tokenFromMail(email: string) {
  const response = await requestReset({ email })
  expect(response.statusCode).toBe(202)
  const mails = await mailTo(t, email)
  const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(mails.at(-1)!.text)
  expect(link).not.toBeNull()
  return link![1]!
}

async function passwordHashOf(userId: string) {
  return (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.hash
}

describe('POST /api/password-reset/request', () => {
  it('mails an active account a one-hour link and stores only a hash of its token', async () => {
    const user = await createUser(t.db, { email: 'Forgetful@example.ac.jp' })
    const token = await tokenFromMail('forgetful@EXAMPLE.ac.jp')
    const [mail] = await mailTo(t, user.email)
    expect(mail).toMatchObject({ kind: 'password-reset', to: user.email })
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).toBe(hashResetToken(token))
    expect(rows[0]!.tokenHash).not.toContain(token)
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(minutes(60))
  })

  it.each([
    ['an unknown email', async () => 'nobody-here@example.ac.jp'],
    ['a pending account', async () => (await createUser(t.db, { status: 'pending' })).email],
    ['a suspended account', async () => (await createUser(t.db, { status: 'suspended' })).email],
  ])('gives the same answer for %s and mails nothing', async (_name, emailOf) => {
    const email = await emailOf()
    const response = await requestReset({ email })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({ message: resetRequestMessage() })
    expect(await mailTo(t, email)).toHaveLength(0)
  })

  it.each([
    ['no body', undefined],
    ['a malformed email', { email: 'nope' }],
    ['a number', { email: 42 }],
    ['an oversized email', { email: `${'a'.repeat(300)}@example.ac.jp` }],
  ])('refuses %s with VALIDATION_FAILED on the email field', async (_name, payload) => {
    const response = await requestReset(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(response.json().error.fields.email).toBeDefined()
  })

  it(`mails one account at most ${RESET_MAILS_PER_HOUR} links an hour, however many addresses ask, and answers every request the same`, async () => {
    const victim = await createUser(t.db, { displayName: 'Victim' })
    for (let n = 0; n < 15; n += 1) {
      const response = await requestReset({ email: victim.email })
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual({ message: resetRequestMessage() })
      t.clock.advance(minutes(1))
    }
    expect(await mailTo(t, victim.email)).toHaveLength(RESET_MAILS_PER_HOUR)
    // An hour after the first link, one more may go.
    t.clock.advance(minutes(46))
    expect((await requestReset({ email: victim.email })).statusCode).toBe(202)
    expect(await mailTo(t, victim.email)).toHaveLength(RESET_MAILS_PER_HOUR + 1)
  })

  it(`limits requests to ${ACCOUNT_LIMITS.resetRequestPerMinute} per minute from one address`, async () => {
    const address = nextIp()
    for (let index = 0; index < ACCOUNT_LIMITS.resetRequestPerMinute; index += 1) {
      expect((await requestReset({ email: 'nobody-here@example.ac.jp' }, address)).statusCode).toBe(202)
    }
    const limited = await requestReset({ email: 'nobody-here@example.ac.jp' }, address)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('RATE_LIMITED')
  })
})

describe('POST /api/password-reset/confirm', () => {
  it('sets the new password, spends the link and every older link, and ends every session', async () => {
    const user = await createUser(t.db)
    const first = await t.signIn(user.email, TEST_PASSWORD)
    const second = await t.signIn(user.email, TEST_PASSWORD)
    const older = await tokenFromMail(user.email)
    const token = await tokenFromMail(user.email)
    expect((await check(token)).json()).toEqual({ valid: true })

    const response = await confirm({ token, password: STRONG_PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.json().message).toMatch(/Sign in/)
    expect(await verifyPassword(await passwordHashOf(user.id), STRONG_PASSWORD)).toBe(true)

    for (const session of [first, second]) {
      expect((await t.inject({ method: 'GET', url: '/api/me', headers: bearer(session.access_token) })).statusCode).toBe(401)
    }
    const live = await t.db.select().from(sessions).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    expect(live).toHaveLength(0)
    expect((await check(token)).json()).toEqual({ valid: false })
    expect((await check(older)).json()).toEqual({ valid: false })
    expect((await confirm({ token: older, password: OTHER_STRONG_PASSWORD })).json().error.code).toBe('RESET_TOKEN_INVALID')

    expect((await t.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: STRONG_PASSWORD } })).statusCode).toBe(200)
    expect((await t.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(401)
  })

  it('works exactly once under 10 parallel confirmations', async () => {
    const user = await createUser(t.db)
    const token = await tokenFromMail(user.email)
    const passwords = Array.from({ length: 10 }, (_, index) => `${STRONG_PASSWORD} ${index}`)
    const responses = await Promise.all(passwords.map((password) => confirm({ token, password })))
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 400)).toHaveLength(9)
    expect(responses.filter((response) => response.statusCode === 400).every((response) => response.json().error.code === 'RESET_TOKEN_INVALID')).toBe(true)
    const winner = passwords[statuses.indexOf(200)]!
    expect(await verifyPassword(await passwordHashOf(user.id), winner)).toBe(true)
  })

  it('refuses a link after one hour', async () => {
    const user = await createUser(t.db)
    const token = await tokenFromMail(user.email)
    const before = await passwordHashOf(user.id)
    t.clock.advance(minutes(60) + 1000)
    expect((await check(token)).json()).toEqual({ valid: false })
    const response = await confirm({ token, password: STRONG_PASSWORD })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toEqual({ code: 'RESET_TOKEN_INVALID', message: 'This link is invalid or has expired. Ask for a new one.' })
    expect(await passwordHashOf(user.id)).toBe(before)
  })

  it('refuses an unknown token and changes nothing', async () => {
    const response = await confirm({ token: 'not-a-token-we-issued', password: STRONG_PASSWORD })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('RESET_TOKEN_INVALID')
  })

  it('refuses a weak password without spending the link', async () => {
    const user = await createUser(t.db)
    const token = await tokenFromMail(user.email)
    const before = await passwordHashOf(user.id)
    const weak = await confirm({ token, password: 'password123' })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().error.code).toBe('PASSWORD_TOO_WEAK')
    expect(weak.json().error.fields.password).toBeTruthy()
    const asEmail = await confirm({ token, password: user.email.toUpperCase() })
    expect(asEmail.json().error.fields.password).toMatch(/email/)
    expect(await passwordHashOf(user.id)).toBe(before)
    expect((await check(token)).json()).toEqual({ valid: true })
    expect((await confirm({ token, password: STRONG_PASSWORD })).statusCode).toBe(200)
  })

  it.each([
    ['no body', undefined, ['token', 'password']],
    ['an empty token', { token: '', password: STRONG_PASSWORD }, ['token']],
    ['an oversized token', { token: 'x'.repeat(201), password: STRONG_PASSWORD }, ['token']],
    ['a short password', { token: 'abc', password: 'short' }, ['password']],
    ['wrong types', { token: 5, password: false }, ['token', 'password']],
  ])('refuses %s with VALIDATION_FAILED', async (_name, payload, fields) => {
    const response = await confirm(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(response.json().error.fields).sort()).toEqual([...fields].sort())
  })

  it('answers the check without a token with VALIDATION_FAILED', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/password-reset/check' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields.token).toBeDefined()
  })
})
