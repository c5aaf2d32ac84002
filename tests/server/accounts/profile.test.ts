import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../../server/src/db/schema'
import { verifyPassword } from '../../../server/src/auth/passwords'
import { createTestApp, type TestApp } from '../support/test-app'
import { createUser, makeExecutive, TEST_PASSWORD } from '../support/factories'
import { bearer, mailTo, nextIp, OTHER_STRONG_PASSWORD, STRONG_PASSWORD } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const me = (token: string) => t.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })
const changePassword = (token: string, payload: unknown) =>
  t.inject({ method: 'POST', url: '/api/me/password', headers: bearer(token), payload: payload as object, remoteAddress: nextIp() })
const changeEmail = (token: string, payload: unknown) =>
  t.inject({ method: 'POST', url: '/api/me/email', headers: bearer(token), payload: payload as object, remoteAddress: nextIp() })
const patchProfile = (token: string, payload: unknown) =>
  t.inject({ method: 'PATCH', url: '/api/profile', headers: bearer(token), payload: payload as object })
const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!

describe('GET /api/profile', () => {
  it('shows the account, grade, role, positions newest first and no bands yet', async () => {
    // The test clock stands in academic year 2026: enrolled 2025 is the 2nd year.
    const { user, token } = await t.as('member', { displayName: 'Mei Ito', enrollmentYear: 2025 })
    await makeExecutive(t.db, user.id, 2024, 'Treasurer')
    await makeExecutive(t.db, user.id, 2026, 'President')
    const response = await t.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      user: { id: user.id, email: user.email, displayName: 'Mei Ito', enrollmentYear: 2025, role: 'member', status: 'active', isExecutive: true, language: null },
      grade: '2',
      gradeLabel: '2nd year',
      positions: [
        { name: 'President', termYear: 2026, current: true },
        { name: 'Treasurer', termYear: 2024, current: false },
      ],
      bands: [],
    })
    expect(response.body).not.toContain('argon2')
  })

  it.each([
    [2026, '1', '1st year'],
    [2023, '4', '4th year'],
    [2019, 'graduate', 'Graduate'],
    [2027, 'incoming', 'Incoming'],
  ])('derives the grade of enrollment year %i', async (enrollmentYear, grade, gradeLabel) => {
    const { token } = await t.as('member', { enrollmentYear })
    const body = (await t.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).json()
    expect(body).toMatchObject({ grade, gradeLabel, positions: [] })
  })
})

describe('PATCH /api/profile', () => {
  it('changes the display name (trimmed) and answers the updated user', async () => {
    const { user, token } = await t.as('member')
    const response = await patchProfile(token, { displayName: '  Mei  Ito ' })
    expect(response.statusCode).toBe(200)
    expect(response.json().user).toMatchObject({ id: user.id, displayName: 'Mei  Ito' })
    expect((await me(token)).json().user.displayName).toBe('Mei  Ito')
  })

  it.each([
    ['no body', undefined],
    ['a blank name', { displayName: '  ' }],
    ['41 characters', { displayName: 'y'.repeat(41) }],
    ['a number', { displayName: 7 }],
    ['a newline', { displayName: 'Mei\nIto' }],
  ])('refuses %s and changes nothing', async (_name, payload) => {
    const { user, token } = await t.as('member')
    const response = await patchProfile(token, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(response.json().error.fields.displayName).toBeTruthy()
    expect((await rowOf(user.id)).displayName).toBe(user.displayName)
  })
})

describe('POST /api/me/password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { user, token } = await t.as('member')
    const other = await t.signIn(user.email, TEST_PASSWORD)
    const response = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: STRONG_PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.json().message).toMatch(/other devices/)
    expect((await me(token)).statusCode).toBe(200)
    expect((await me(other.access_token)).statusCode).toBe(401)
    expect(await verifyPassword((await rowOf(user.id)).passwordHash, STRONG_PASSWORD)).toBe(true)
  })

  it('refuses a wrong current password with PASSWORD_INCORRECT on that field and changes nothing', async () => {
    const { user, token } = await t.as('member')
    const other = await t.signIn(user.email, TEST_PASSWORD)
    const before = (await rowOf(user.id)).passwordHash
    const response = await changePassword(token, { currentPassword: 'not my password', newPassword: STRONG_PASSWORD })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('PASSWORD_INCORRECT')
    expect(response.json().error.fields).toEqual({ currentPassword: 'Your current password is not correct' })
    expect((await rowOf(user.id)).passwordHash).toBe(before)
    expect((await me(other.access_token)).statusCode).toBe(200)
  })

  it.each([
    ['a common password', 'password123', 'PASSWORD_TOO_WEAK'],
    ['the own email', 'EMAIL', 'PASSWORD_TOO_WEAK'],
    ['a short password', 'short', 'VALIDATION_FAILED'],
    ['the current password', TEST_PASSWORD, 'VALIDATION_FAILED'],
  ])('refuses %s as the new one and changes nothing', async (_name, newPassword, code) => {
    const { user, token } = await t.as('member')
    const before = (await rowOf(user.id)).passwordHash
    const response = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: newPassword === 'EMAIL' ? user.email : newPassword })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe(code)
    expect(response.json().error.fields.newPassword).toBeTruthy()
    expect((await rowOf(user.id)).passwordHash).toBe(before)
  })

  it('applies only one of two racing changes from the same current password', async () => {
    const { user, token } = await t.as('member')
    const responses = await Promise.all([
      changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: STRONG_PASSWORD }),
      changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: OTHER_STRONG_PASSWORD }),
    ])
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses[0]).toBe(200)
    // The loser either saw the old hash replaced (409) or checked after the change (400).
    expect([400, 409]).toContain(statuses[1])
    const hash = (await rowOf(user.id)).passwordHash
    const winner = responses[0]!.statusCode === 200 ? STRONG_PASSWORD : OTHER_STRONG_PASSWORD
    expect(await verifyPassword(hash, winner)).toBe(true)
  })

  it('refuses a body without fields', async () => {
    const { token } = await t.as('member')
    const response = await changePassword(token, {})
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['currentPassword', 'newPassword'])
  })
})

describe('POST /api/me/email', () => {
  it('changes the email after the password, and tells the old address', async () => {
    const { user, token } = await t.as('member')
    const response = await changeEmail(token, { newEmail: 'Mei.New@example.ac.jp', password: TEST_PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.json().user.email).toBe('Mei.New@example.ac.jp')
    expect((await rowOf(user.id)).email).toBe('Mei.New@example.ac.jp')
    const [notice] = await mailTo(t, user.email)
    expect(notice).toMatchObject({ kind: 'email-changed' })
    expect(notice!.text).toContain('Mei.New@example.ac.jp')
    expect((await t.inject({ method: 'POST', url: '/api/login', payload: { email: 'mei.new@example.ac.jp', password: TEST_PASSWORD } })).statusCode).toBe(200)
  })

  it('refuses a wrong password with PASSWORD_INCORRECT and changes nothing', async () => {
    const { user, token } = await t.as('member')
    const response = await changeEmail(token, { newEmail: 'fresh-address@example.ac.jp', password: 'wrong password' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('PASSWORD_INCORRECT')
    expect(response.json().error.fields.password).toBeTruthy()
    expect((await rowOf(user.id)).email).toBe(user.email)
  })

  it('refuses an email another account uses, in any case, with EMAIL_TAKEN', async () => {
    const other = await createUser(t.db, { email: 'occupied@example.ac.jp' })
    const { user, token } = await t.as('member')
    const response = await changeEmail(token, { newEmail: 'OCCUPIED@example.ac.jp', password: TEST_PASSWORD })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('EMAIL_TAKEN')
    expect(response.json().error.fields.newEmail).toBeTruthy()
    expect((await rowOf(user.id)).email).toBe(user.email)
    expect((await rowOf(other.id)).email).toBe('occupied@example.ac.jp')
  })

  it.each([
    ['no body', undefined, ['newEmail', 'password']],
    ['a malformed email', { newEmail: 'x@', password: TEST_PASSWORD }, ['newEmail']],
    ['an empty password', { newEmail: 'ok@example.ac.jp', password: '' }, ['password']],
  ])('refuses %s with VALIDATION_FAILED', async (_name, payload, fields) => {
    const { user, token } = await t.as('member')
    const response = await changeEmail(token, payload)
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().error.fields).sort()).toEqual(fields.sort())
    expect((await rowOf(user.id)).email).toBe(user.email)
  })
})
