import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { users } from '../../../server/src/db/schema'
import { verifyPassword } from '../../../server/src/auth/passwords'
import { ACCOUNT_LIMITS } from '../../../server/src/accounts/accounts.routes'
import { createTestApp, type TestApp } from '../support/test-app'
import { createUser } from '../support/factories'
import { mailTo, nextIp, setRegistration, STRONG_PASSWORD, userByEmail } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let sequence = 0
function newcomer(overrides: Record<string, unknown> = {}) {
  sequence += 1
  return { displayName: `Newcomer ${sequence}`, email: `newcomer${sequence}@example.ac.jp`, password: STRONG_PASSWORD, enrollmentYear: 2026, ...overrides }
}
const register = (payload: unknown, remoteAddress = nextIp()) =>
  t.inject({ method: 'POST', url: '/api/register', payload: payload as object, remoteAddress })
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n

beforeEach(() => setRegistration(t, { mode: 'approval', inviteCode: '' }))

describe('GET /api/registration', () => {
  it('tells a visitor the mode, the club name and the enrollment years to offer', async () => {
    await setRegistration(t, { mode: 'invite', inviteCode: 'BLUE-NOTE' })
    const response = await t.inject({ method: 'GET', url: '/api/registration' })
    expect(response.statusCode).toBe(200)
    // The test clock stands in June 2026: academic year 2026.
    expect(response.json()).toEqual({ mode: 'invite', clubName: 'Bandroom Music Club', enrollmentYears: { min: 2016, max: 2027 } })
    expect(response.body).not.toContain('BLUE-NOTE')
  })
})

describe('POST /api/register', () => {
  it('creates a pending account in approval mode and mails every active admin', async () => {
    const admin = await createUser(t.db, { role: 'admin', email: 'chief@example.ac.jp' })
    const suspendedAdmin = await createUser(t.db, { role: 'admin', status: 'suspended' })
    const input = newcomer({ displayName: '  Aoi Tanaka  ', email: 'Aoi.New@Example.ac.jp' })
    const response = await register(input)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ status: 'pending', message: expect.stringMatching(/administrator will approve your account/) })

    const row = await userByEmail(t, 'aoi.new@example.ac.jp')
    expect(row).toMatchObject({ displayName: 'Aoi Tanaka', email: 'Aoi.New@Example.ac.jp', status: 'pending', role: 'member', enrollmentYear: 2026 })
    // argon2id at OWASP's cost: 19 MiB, two passes.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(row!.passwordHash, STRONG_PASSWORD)).toBe(true)

    const mails = await mailTo(t, admin.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ kind: 'registration-pending', subject: 'A registration waits for approval' })
    expect(mails[0]!.text).toContain('Aoi Tanaka')
    expect(await mailTo(t, suspendedAdmin.email)).toHaveLength(0)

    // The pending account cannot sign in yet, and says why.
    const login = await t.inject({ method: 'POST', url: '/api/login', payload: { email: input.email, password: STRONG_PASSWORD } })
    expect(login.statusCode).toBe(403)
    expect(login.json().error.code).toBe('ACCOUNT_PENDING')
  })

  it('creates an active account in open mode that can sign in at once, without mailing admins', async () => {
    await setRegistration(t, { mode: 'open' })
    const admin = await createUser(t.db, { role: 'admin' })
    const input = newcomer()
    const response = await register(input)
    expect(response.statusCode).toBe(201)
    expect(response.json().status).toBe('active')
    expect(await mailTo(t, admin.email)).toHaveLength(0)
    const login = await t.inject({ method: 'POST', url: '/api/login', payload: { email: input.email, password: STRONG_PASSWORD } })
    expect(login.statusCode).toBe(200)
  })

  it('creates an active account in invite mode with the right code (spaces around it are ignored)', async () => {
    await setRegistration(t, { mode: 'invite', inviteCode: 'BLUE-NOTE' })
    const response = await register(newcomer({ inviteCode: ' BLUE-NOTE ' }))
    expect(response.statusCode).toBe(201)
    expect(response.json().status).toBe('active')
  })

  it.each([
    ['a wrong code', { inviteCode: 'RED-NOTE' }, /not valid/],
    ['no code', {}, /Enter the invite code/],
    ['an empty code', { inviteCode: '   ' }, /Enter the invite code/],
  ])('refuses %s in invite mode with INVITE_CODE_INVALID and creates nothing', async (_name, extra, message) => {
    await setRegistration(t, { mode: 'invite', inviteCode: 'BLUE-NOTE' })
    const before = await userCount()
    const response = await register(newcomer(extra))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('INVITE_CODE_INVALID')
    expect(response.json().error.fields.inviteCode).toMatch(message)
    expect(await userCount()).toBe(before)
  })

  it('refuses every registration while registration is closed', async () => {
    await setRegistration(t, { mode: 'closed' })
    const before = await userCount()
    const response = await register(newcomer())
    expect(response.statusCode).toBe(403)
    expect(response.json().error).toEqual({ code: 'REGISTRATION_CLOSED', message: expect.stringMatching(/closed/) })
    expect(await userCount()).toBe(before)
  })

  it('refuses an email already in use, in any case, with EMAIL_TAKEN on the email field', async () => {
    const existing = await createUser(t.db, { email: 'taken@example.ac.jp' })
    const before = await userCount()
    const response = await register(newcomer({ email: 'TAKEN@example.ac.jp' }))
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('EMAIL_TAKEN')
    expect(response.json().error.fields.email).toMatch(/already exists/)
    expect(await userCount()).toBe(before)
    expect((await userByEmail(t, existing.email))!.displayName).toBe(existing.displayName)
  })

  it('lets exactly one of many racing registrations of the same email win', async () => {
    const input = newcomer({ email: 'racer@example.ac.jp' })
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => register({ ...input, email: index % 2 ? 'RACER@example.ac.jp' : 'racer@example.ac.jp' })),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    expect(responses.filter((response) => response.statusCode === 409).every((response) => response.json().error.code === 'EMAIL_TAKEN')).toBe(true)
  })

  it.each([
    ['a common password', 'password123', /common|guess/i],
    ['a keyboard row', 'qwertyuiop', /./],
    ['a repeated character', 'aaaaaaaaaaaa', /./],
    ['the own name', 'Aoi Tanaka!', /personal/],
    ['the app name', 'bandroom12', /personal/],
  ])('refuses %s with PASSWORD_TOO_WEAK saying why', async (_name, password, why) => {
    const before = await userCount()
    const response = await register(newcomer({ password, displayName: 'Aoi Tanaka' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('PASSWORD_TOO_WEAK')
    expect(response.json().error.fields.password).toMatch(why)
    expect(await userCount()).toBe(before)
  })

  it.each([
    ['no body', undefined, ['displayName', 'email', 'password', 'enrollmentYear']],
    ['an empty object', {}, ['displayName', 'email', 'password', 'enrollmentYear']],
    ['a blank name', { displayName: '   ' }, ['displayName']],
    ['a 41-character name', { displayName: 'x'.repeat(41) }, ['displayName']],
    ['a name with control characters', { displayName: 'Aoi\u0000Tanaka' }, ['displayName']],
    ['a malformed email', { email: 'not-an-email' }, ['email']],
    ['a 9-character password', { password: 'Zq8#vL2!m' }, ['password']],
    ['a 257-character password', { password: 'Zq8#vL2!m'.repeat(29).slice(0, 257) }, ['password']],
    ['the email as password', { email: 'long.address@example.ac.jp', password: 'Long.Address@example.ac.jp' }, ['password']],
    ['a fractional year', { enrollmentYear: 2025.5 }, ['enrollmentYear']],
    ['a year as text', { enrollmentYear: '2025' }, ['enrollmentYear']],
    ['an invite code of 65 characters', { inviteCode: 'x'.repeat(65) }, ['inviteCode']],
    ['wrong types', { displayName: 1, email: [], password: {}, enrollmentYear: null }, ['displayName', 'email', 'password', 'enrollmentYear']],
  ])('refuses %s with VALIDATION_FAILED naming the fields', async (_name, patch, fields) => {
    const before = await userCount()
    const payload = patch === undefined ? undefined : Object.keys(patch).length === 0 ? {} : newcomer(patch)
    const response = await register(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(response.json().error.fields).sort()).toEqual([...fields].sort())
    expect(await userCount()).toBe(before)
  })

  it.each([2015, 2028])('refuses enrollment year %i, outside the current year −10 … +1', async (enrollmentYear) => {
    const before = await userCount()
    const response = await register(newcomer({ enrollmentYear }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields.enrollmentYear).toBe('Choose a year from 2016 to 2027')
    expect(await userCount()).toBe(before)
  })

  it.each([2016, 2027])('accepts enrollment year %i at the edge of the range', async (enrollmentYear) => {
    expect((await register(newcomer({ enrollmentYear }))).statusCode).toBe(201)
  })

  it(`limits registrations to ${ACCOUNT_LIMITS.registerPerMinute} per minute from one address`, async () => {
    const address = nextIp()
    const statuses: number[] = []
    for (let index = 0; index <= ACCOUNT_LIMITS.registerPerMinute; index += 1) {
      statuses.push((await register({}, address)).statusCode)
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true)
    const limited = await register(newcomer(), address)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('RATE_LIMITED')
    expect(limited.headers['retry-after']).toBeDefined()
  })
})
