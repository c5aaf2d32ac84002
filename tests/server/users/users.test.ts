import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { additionalInfo, bookings, intros, mailOutbox, positionHolders, positions, sessions, users } from '../../../server/src/db/schema'
import { createUsersService } from '../../../server/src/users/users.service'
import { createTestApp, type TestApp } from '../support/test-app'
import { createBand, createBooking, createPeriod, createRoom, createUser, makeExecutive, TEST_PASSWORD } from '../support/factories'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['as']>>
let executive: Awaited<ReturnType<TestApp['as']>>
let member: Awaited<ReturnType<TestApp['as']>>

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.as('admin', { displayName: 'Zz Admin Caller' })
  executive = await t.as('executive')
  member = await t.as('member')
})
afterAll(() => t.close())

const get = (url: string, headers = admin.headers) => t.inject({ method: 'GET', url, headers })
const patch = (userId: string, payload: unknown, headers = admin.headers) =>
  t.inject({ method: 'PATCH', url: `/api/users/${userId}`, headers, payload: payload as object })
const post = (url: string, payload?: unknown, headers = admin.headers) =>
  t.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
const me = (token: string) => t.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!
const tag = () => Math.random().toString(36).slice(2, 8)
const serviceFor = () =>
  createUsersService({
    db: t.db,
    clock: t.clock.now,
    settings: t.services.settings,
    mailer: t.services.mailer,
    passwordReset: t.services.passwordReset,
    publicUrl: 'http://localhost:3000',
    scheduleVersion: t.services.scheduleVersion,
  })

describe('GET /api/users', () => {
  it('lets executives and admins list, refuses members and visitors', async () => {
    expect((await get('/api/users', executive.headers)).statusCode).toBe(200)
    expect((await get('/api/users')).statusCode).toBe(200)
    expect((await get('/api/users', member.headers)).statusCode).toBe(403)
    expect((await t.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401)
  })

  it('searches name and email case-insensitively, pages and counts', async () => {
    const key = tag()
    const created = []
    for (let i = 0; i < 5; i++) created.push(await createUser(t.db, { displayName: `Search ${key} ${i}` }))
    await createUser(t.db, { displayName: 'Someone Else', email: `SEARCH-${key}@Example.ac.jp` })
    const first = await get(`/api/users?q=${key.toUpperCase()}&pageSize=4&page=1&sort=name`)
    expect(first.statusCode).toBe(200)
    expect(first.json().total).toBe(6)
    expect(first.json().items).toHaveLength(4)
    const second = await get(`/api/users?q=${key}&pageSize=4&page=2&sort=name`)
    expect(second.json().items).toHaveLength(2)
    const ids = [...first.json().items, ...second.json().items].map((item: { id: string }) => item.id)
    expect(new Set(ids).size).toBe(6)
    expect(first.json().items[0]).toEqual({
      id: created[0]!.id,
      email: created[0]!.email,
      displayName: `Search ${key} 0`,
      enrollmentYear: 2025,
      grade: 2,
      role: 'member',
      status: 'active',
      isExecutive: false,
      createdAt: expect.any(String),
    })
  })

  it('treats % and _ in the search literally', async () => {
    const key = tag()
    await createUser(t.db, { displayName: `Lit${key}abc` })
    expect((await get(`/api/users?q=${encodeURIComponent(`lit${key}%`)}`)).json().total).toBe(0)
    expect((await get(`/api/users?q=${encodeURIComponent(`lit${key}_bc`)}`)).json().total).toBe(0)
  })

  it('filters by status, role and grade (from the current term) and hides deleted accounts unless asked', async () => {
    const key = tag()
    // Term 2026: 2026 → 1st year, 2023 → 4th year, 2022 → graduate.
    const first = await createUser(t.db, { displayName: `Grade ${key} a`, enrollmentYear: 2026 })
    const fourth = await createUser(t.db, { displayName: `Grade ${key} b`, enrollmentYear: 2023 })
    const graduate = await createUser(t.db, { displayName: `Grade ${key} c`, enrollmentYear: 2022, status: 'suspended' })
    const pending = await createUser(t.db, { displayName: `Grade ${key} d`, enrollmentYear: 2024, status: 'pending', role: 'admin' })
    const deleted = await createUser(t.db, { displayName: `Grade ${key} e`, status: 'deleted' })
    const ids = async (query: string) => (await get(`/api/users?q=${key}&${query}`)).json().items.map((item: { id: string }) => item.id)

    expect(await ids('grade=1')).toEqual([first.id])
    expect(await ids('grade=4')).toEqual([fourth.id])
    expect(await ids('grade=graduate')).toEqual([graduate.id])
    expect(await ids('status=pending')).toEqual([pending.id])
    expect(await ids('role=admin')).toEqual([pending.id])
    expect(await ids('sort=-enrollmentYear')).toEqual([first.id, pending.id, fourth.id, graduate.id])
    expect(await ids('status=deleted')).toEqual([deleted.id])
    expect(await ids('')).not.toContain(deleted.id)
  })

  it('marks executives of the current term', async () => {
    const response = await get(`/api/users?q=${encodeURIComponent(executive.user.email)}`)
    expect(response.json().items[0]).toMatchObject({ id: executive.user.id, isExecutive: true })
  })

  it.each([
    ['an unknown sort', 'sort=password_hash', 'sort'],
    ['an unknown status', 'status=banned', 'status'],
    ['an unknown grade', 'grade=5', 'grade'],
    ['a page of 0', 'page=0', 'page'],
    ['a huge page size', 'pageSize=100000', 'pageSize'],
    ['an overlong search', `q=${'x'.repeat(101)}`, 'q'],
  ])('answers %s with 400 naming the field', async (_label, query, field) => {
    const response = await get(`/api/users?${query}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(response.json().error.fields)).toEqual([field])
  })
})

describe('GET /api/users/export.csv', () => {
  it('exports the filtered rows as Excel-ready CSV: BOM, CRLF, Japanese names intact', async () => {
    const key = tag()
    await createUser(t.db, { displayName: `山田 花子 ${key}`, enrollmentYear: 2024 })
    await createUser(t.db, { displayName: `=HYPERLINK("x") ${key}` })
    const response = await get(`/api/users/export.csv?q=${key}`, executive.headers)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toContain('members.csv')
    const raw = response.rawPayload
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = raw.toString('utf8')
    const lines = text.slice(1).split('\r\n')
    expect(lines[0]).toBe('Name,Email,Enrollment year,Grade,Role,Executive,Status,Registered')
    expect(text).toContain(`山田 花子 ${key}`)
    expect(text).toContain('3rd year')
    // Formula-looking cells are neutralised.
    expect(text).toContain(`"'=HYPERLINK(""x"") ${key}"`)
    expect(lines.filter(Boolean)).toHaveLength(3)
    expect(text.replace(/\r\n/g, '')).not.toContain('\n')
  })

  it('is refused to members and rejects bad filters', async () => {
    expect((await get('/api/users/export.csv', member.headers)).statusCode).toBe(403)
    expect((await get('/api/users/export.csv?sort=nope')).statusCode).toBe(400)
  })
})

describe('GET and PATCH /api/users/:userId', () => {
  it('executives can list but not read or edit one account', async () => {
    const target = await createUser(t.db)
    expect((await get(`/api/users/${target.id}`, executive.headers)).statusCode).toBe(403)
    const response = await patch(target.id, { displayName: 'Hacked' }, executive.headers)
    expect(response.statusCode).toBe(403)
    expect((await row(target.id)).displayName).toBe(target.displayName)
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = crypto.randomUUID()
    expect((await get(`/api/users/${missing}`)).statusCode).toBe(404)
    expect((await patch(missing, { displayName: 'X' })).statusCode).toBe(404)
    const malformed = await get('/api/users/not-a-uuid')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.fields).toHaveProperty('userId')
  })

  it('admins edit name, email, enrollment year and role', async () => {
    const target = await createUser(t.db)
    const email = `renamed-${tag()}@example.ac.jp`
    const response = await patch(target.id, { displayName: '  新しい 名前 ', email, enrollmentYear: 2023, role: 'admin' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: target.id, displayName: '新しい 名前', email, enrollmentYear: 2023, grade: 4, role: 'admin', status: 'active' })
    expect(await row(target.id)).toMatchObject({ displayName: '新しい 名前', email, enrollmentYear: 2023, role: 'admin' })
    expect((await get(`/api/users/${target.id}`)).json()).toMatchObject({ displayName: '新しい 名前', deletedAt: null })
  })

  it.each([
    ['an empty body', {}, '_'],
    ['an empty name', { displayName: '   ' }, 'displayName'],
    ['a 41-character name', { displayName: 'x'.repeat(41) }, 'displayName'],
    ['a malformed email', { email: 'nope' }, 'email'],
    ['a silly enrollment year', { enrollmentYear: 1800 }, 'enrollmentYear'],
    ['an unknown role', { role: 'owner' }, 'role'],
    ['status deleted', { status: 'deleted' }, 'status'],
    ['an unknown field', { passwordHash: 'x' }, '_'],
  ])('answers %s with 400 and changes nothing', async (_label, payload, field) => {
    const target = await createUser(t.db)
    const response = await patch(target.id, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(response.json().error.fields).toHaveProperty(field)
    expect(await row(target.id)).toMatchObject({ displayName: target.displayName, email: target.email, role: 'member', updatedAt: target.updatedAt })
  })

  it('refuses an email another account uses (any case) with 409 EMAIL_TAKEN on the email field', async () => {
    const other = await createUser(t.db)
    const target = await createUser(t.db)
    const response = await patch(target.id, { email: other.email.toUpperCase(), displayName: 'Changed too' })
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: expect.any(String) } })
    expect(await row(target.id)).toMatchObject({ email: target.email, displayName: target.displayName })
  })

  it('an admin cannot change their own role or suspend themself, but can rename themself', async () => {
    const role = await patch(admin.user.id, { role: 'member' })
    expect(role.statusCode).toBe(409)
    expect(role.json().error).toMatchObject({ code: 'CANNOT_CHANGE_SELF', fields: { role: expect.any(String) } })
    const status = await patch(admin.user.id, { status: 'suspended' })
    expect(status.statusCode).toBe(409)
    expect(status.json().error.code).toBe('CANNOT_CHANGE_SELF')
    expect(await row(admin.user.id)).toMatchObject({ role: 'admin', status: 'active' })
    expect((await patch(admin.user.id, { displayName: 'Zz Admin Caller', role: 'admin', status: 'active' })).statusCode).toBe(200)
  })

  it('suspending ends the user’s sessions; reactivating lets them sign in again', async () => {
    const target = await t.as('member')
    const suspended = await patch(target.user.id, { status: 'suspended' })
    expect(suspended.statusCode).toBe(200)
    expect(suspended.json().status).toBe('suspended')
    expect((await me(target.token)).statusCode).toBe(401)
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, target.user.id))
    expect(live.every((session) => session.revokedAt !== null)).toBe(true)

    expect((await patch(target.user.id, { status: 'active' })).statusCode).toBe(200)
    expect((await t.signIn(target.user.email, TEST_PASSWORD)).access_token).toEqual(expect.any(String))
  })

  it('an approved account cannot go back to pending', async () => {
    const target = await createUser(t.db)
    const response = await patch(target.id, { status: 'pending' })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('INVALID_STATUS_CHANGE')
    expect((await row(target.id)).status).toBe('active')
  })

  it('approving through the edit form (pending → active) mails the user once', async () => {
    const target = await createUser(t.db, { status: 'pending' })
    expect((await patch(target.id, { displayName: 'Still pending' })).statusCode).toBe(200)
    expect((await patch(target.id, { status: 'active' })).statusCode).toBe(200)
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, target.email))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ kind: 'account-approved', subject: expect.stringMatching(/approved/) })
    expect(mails[0]!.text).toContain('http://localhost:3000/login')
  })

  it('deleted accounts cannot be edited', async () => {
    const target = await createUser(t.db, { status: 'deleted' })
    const response = await patch(target.id, { displayName: 'Back' })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('USER_DELETED')
  })
})

describe('the last active admin', () => {
  it('cannot be demoted or suspended, even by another path; concurrent demotions leave one admin', async () => {
    const { db } = t
    // A club of exactly two active admins: demote every other admin the earlier tests made.
    const second = await t.as('admin')
    await db
      .update(users)
      .set({ role: 'member' })
      .where(inArray(users.id, (await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).map((r) => r.id).filter((id) => id !== admin.user.id && id !== second.user.id)))

    // Each demotes the other at the same time: exactly one wins. (The loser may also be
    // refused at the door with 403 when its caller was demoted before its request was read.)
    const [a, b] = await Promise.all([patch(second.user.id, { role: 'member' }), patch(admin.user.id, { role: 'member' }, second.headers)])
    expect([a.statusCode, b.statusCode].filter((status) => status === 200)).toHaveLength(1)
    const loser = a.statusCode === 200 ? b : a
    expect(['LAST_ADMIN', 'FORBIDDEN']).toContain(loser.json().error.code)
    const activeAdmins = async () => (await db.select().from(users).where(eq(users.role, 'admin'))).filter((u) => u.status === 'active')
    expect(await activeAdmins()).toHaveLength(1)

    // The same race inside the service, where both callers are past the door: one LAST_ADMIN.
    await db.update(users).set({ role: 'admin' }).where(inArray(users.id, [admin.user.id, second.user.id]))
    const service = serviceFor()
    const results = await Promise.allSettled([
      service.update(admin.user.id, second.user.id, { status: 'suspended' }),
      service.update(second.user.id, admin.user.id, { role: 'member' }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'LAST_ADMIN' } })
    expect(await activeAdmins()).toHaveLength(1)

    // Restore: the caller stays the one admin for the rest of the file.
    await db.update(users).set({ role: 'admin', status: 'active' }).where(eq(users.id, admin.user.id))
    await db.update(users).set({ role: 'member', status: 'active' }).where(eq(users.id, second.user.id))
  })

  it('the service refuses to demote, suspend or delete the only active admin', async () => {
    const other = await createUser(t.db)
    const service = serviceFor()
    await expect(service.update(other.id, admin.user.id, { role: 'member' })).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' })
    await expect(service.update(other.id, admin.user.id, { status: 'suspended' })).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' })
    await expect(service.deleteMany(other.id, [admin.user.id])).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' })
    expect(await row(admin.user.id)).toMatchObject({ role: 'admin', status: 'active', email: admin.user.email })
    expect((await row(other.id)).status).toBe('active')
  })
})

describe('POST /api/users/:userId/approve', () => {
  it('activates a pending account, mails a sign-in link, and the user can sign in', async () => {
    const target = await createUser(t.db, { status: 'pending' })
    const response = await post(`/api/users/${target.id}/approve`)
    expect(response.statusCode).toBe(200)
    expect(response.json().status).toBe('active')
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, target.email))
    expect(mail).toMatchObject({ kind: 'account-approved' })
    expect(mail!.text).toContain('/login')
    expect((await t.signIn(target.email, TEST_PASSWORD)).user.id).toBe(target.id)
  })

  it('answers 409 NOT_PENDING for an account that is not pending (and mails nobody), 404 when missing', async () => {
    const target = await createUser(t.db)
    const response = await post(`/api/users/${target.id}/approve`)
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('NOT_PENDING')
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, target.email))).toHaveLength(0)
    expect((await post(`/api/users/${crypto.randomUUID()}/approve`)).statusCode).toBe(404)
  })

  it('approves once under parallel clicks', async () => {
    const target = await createUser(t.db, { status: 'pending' })
    const answers = await Promise.all([1, 2, 3].map(() => post(`/api/users/${target.id}/approve`)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409])
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, target.email))).toHaveLength(1)
  })

  it('is for admins only', async () => {
    const target = await createUser(t.db, { status: 'pending' })
    expect((await post(`/api/users/${target.id}/approve`, undefined, executive.headers)).statusCode).toBe(403)
    expect((await row(target.id)).status).toBe('pending')
  })
})

describe('sign out everywhere and password reset', () => {
  it('revokes every session of the user', async () => {
    const target = await t.as('member')
    const second = await t.signIn(target.user.email, TEST_PASSWORD)
    const response = await post(`/api/users/${target.user.id}/sessions/revoke`)
    expect(response.statusCode).toBe(204)
    expect((await me(target.token)).statusCode).toBe(401)
    expect((await me(second.access_token)).statusCode).toBe(401)
    expect((await post(`/api/users/${crypto.randomUUID()}/sessions/revoke`)).statusCode).toBe(404)
  })

  it('mails a reset link', async () => {
    const target = await createUser(t.db)
    expect((await post(`/api/users/${target.id}/password-reset`)).statusCode).toBe(204)
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, target.email))
    expect(mail).toMatchObject({ kind: 'password-reset' })
    expect(mail!.text).toContain('/reset-password?token=')
    expect((await post(`/api/users/${crypto.randomUUID()}/password-reset`)).statusCode).toBe(404)
    expect((await post(`/api/users/${target.id}/password-reset`, undefined, executive.headers)).statusCode).toBe(403)
  })
})

describe('POST /api/users/delete', () => {
  it('anonymises the accounts, clears private data and current positions, revokes sessions, in one go', async () => {
    const a = await t.as('member', { displayName: '卒業 太郎', enrollmentYear: 2019 })
    const b = await createUser(t.db, { enrollmentYear: 2018, role: 'admin' })
    const term = await t.services.settings.currentTerm()
    await t.db.insert(intros).values({ userId: a.user.id, nickname: 'Taro', body: 'Hello' })
    await t.db.insert(additionalInfo).values({ userId: a.user.id, fullName: '卒業 太郎', phone: '090-0000-0000' })
    const [position] = await t.db.insert(positions).values({ name: `Treasurer ${tag()}` }).returning()
    await t.db.insert(positionHolders).values([
      { positionId: position!.id, userId: a.user.id, termYear: term - 1 },
      { positionId: position!.id, userId: a.user.id, termYear: term },
      { positionId: position!.id, userId: a.user.id, termYear: term + 1 },
    ])

    const response = await post('/api/users/delete', { userIds: [a.user.id, b.id] })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ deleted: 2 })

    for (const id of [a.user.id, b.id]) {
      const deleted = await row(id)
      expect(deleted).toMatchObject({ email: `deleted-${id}@deleted.invalid`, displayName: 'Deleted user', status: 'deleted', role: 'member' })
      expect(deleted.deletedAt).not.toBeNull()
      expect(deleted.passwordHash.startsWith('$argon2')).toBe(false)
    }
    expect(await t.db.select().from(intros).where(eq(intros.userId, a.user.id))).toHaveLength(0)
    expect(await t.db.select().from(additionalInfo).where(eq(additionalInfo.userId, a.user.id))).toHaveLength(0)
    const held = await t.db.select().from(positionHolders).where(eq(positionHolders.userId, a.user.id))
    expect(held.map((h) => h.termYear)).toEqual([term - 1])

    // The deleted user's token is dead, and the old credentials sign nobody in.
    expect((await me(a.token)).statusCode).toBe(401)
    const login = await t.inject({ method: 'POST', url: '/api/login', payload: { email: a.user.email, password: TEST_PASSWORD } })
    expect(login.statusCode).toBe(401)

    // Deleted accounts only show when asked for.
    const listed = await get(`/api/users?status=deleted&q=${encodeURIComponent(a.user.id)}`)
    expect(listed.json().items).toEqual([expect.objectContaining({ id: a.user.id, displayName: 'Deleted user' })])

    // Deleting again changes nothing and counts nothing.
    expect((await post('/api/users/delete', { userIds: [a.user.id] })).json()).toEqual({ deleted: 0 })
  })

  it('refuses the whole request when it includes the caller, and changes nothing', async () => {
    const other = await createUser(t.db)
    const response = await post('/api/users/delete', { userIds: [other.id, admin.user.id] })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('CANNOT_DELETE_SELF')
    expect((await row(other.id)).status).toBe('active')
    expect((await row(admin.user.id)).status).toBe('active')
    expect((await me(admin.token)).statusCode).toBe(200)
  })

  it('refuses the whole request when an id does not exist', async () => {
    const other = await createUser(t.db)
    const response = await post('/api/users/delete', { userIds: [other.id, crypto.randomUUID()] })
    expect(response.statusCode).toBe(404)
    expect((await row(other.id)).status).toBe('active')
  })

  it.each([
    ['no ids', { userIds: [] }],
    ['a malformed id', { userIds: ['1; drop table users'] }],
    ['the same id twice', { userIds: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001'] }],
    ['more than 500 ids', { userIds: Array.from({ length: 501 }, () => crypto.randomUUID()) }],
    ['no body', {}],
    ['a string', { userIds: 'all' }],
  ])('answers %s with 400', async (_label, payload) => {
    const response = await post('/api/users/delete', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(response.json().error.fields)[0]).toMatch(/^userIds/)
  })

  it('is for admins only', async () => {
    const other = await createUser(t.db)
    expect((await post('/api/users/delete', { userIds: [other.id] }, executive.headers)).statusCode).toBe(403)
    expect((await row(other.id)).status).toBe('active')
  })

  it('cancels the deleted member’s personal practice to come, freeing its slots; what has started and their band’s bookings stay', async () => {
    // The test clock: Monday 1 June 2026, 10:00 in Tokyo.
    const leaving = await t.as('member', { displayName: 'Leaving Member' })
    const bandmate = await t.as('member', { displayName: 'Bandmate' })
    const band = await createBand(t.db, [{ userId: bandmate.user.id }, { userId: leaving.user.id }], { name: `Graduates ${tag()}` })
    const room = await createRoom(t.db, { name: `Room ${tag()}` })
    const morning = await createPeriod(t.db, '1st', '09:00', '10:30')
    const evening = await createPeriod(t.db, '6th', '18:00', '19:30')
    const started = await createBooking(t.db, { room, period: morning, date: '2026-06-01', userId: leaving.user.id, kind: 'personal' })
    const past = await createBooking(t.db, { room, period: evening, date: '2026-05-29', userId: leaving.user.id, kind: 'personal' })
    const tonight = await createBooking(t.db, { room, period: evening, date: '2026-06-01', userId: leaving.user.id, kind: 'personal' })
    const nextWeek = await createBooking(t.db, { room, period: evening, date: '2026-06-08', userId: leaving.user.id, kind: 'personal' })
    const forBand = await createBooking(t.db, { room, period: evening, date: '2026-06-03', userId: leaving.user.id, kind: 'band', bandId: band.id })

    expect((await post('/api/users/delete', { userIds: [leaving.user.id] })).json()).toEqual({ deleted: 1 })

    const statusOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!
    for (const freed of [tonight, nextWeek]) expect(await statusOf(freed.id)).toMatchObject({ status: 'cancelled', cancelledBy: admin.user.id })
    for (const kept of [started, past, forBand]) expect((await statusOf(kept.id)).status).toBe('active')

    // The slot is free for someone else; the band still has its booking; the past reads "Deleted user".
    const rebook = await t.inject({ method: 'POST', url: '/api/bookings', headers: bandmate.headers, payload: { roomId: room.id, date: '2026-06-08', periodId: evening.id, kind: 'personal' } })
    expect(rebook.statusCode, rebook.body).toBe(201)
    const mine = (await get('/api/bookings?when=upcoming', bandmate.headers)).json().items
    expect(mine.map((item: { id: string }) => item.id)).toContain(forBand.id)
    const all = (await get('/api/bookings?scope=all&when=past', admin.headers)).json().items
    expect(all.find((item: { id: string }) => item.id === past.id)).toMatchObject({ status: 'active', bookedBy: { id: null, displayName: 'Deleted user' } })
  })

  it('a deleted executive stops being one this term', async () => {
    const target = await createUser(t.db)
    await makeExecutive(t.db, target.id, await t.services.settings.currentTerm())
    await post('/api/users/delete', { userIds: [target.id] })
    const listed = await get(`/api/users?status=deleted&q=${target.id}`)
    expect(listed.json().items[0]).toMatchObject({ isExecutive: false })
  })
})
