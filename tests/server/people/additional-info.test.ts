import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { additionalInfo, users } from '../../../server/src/db/schema'
import { createUser } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const complete = {
  fullName: ' 山田 花子 ',
  nameKana: 'ヤマダ　はなこ',
  studentNumber: 'ｓ１２３４５６７',
  faculty: 'Engineering',
  department: 'Information Science',
  phone: '090-1234-5678',
}
const required = ['fullName', 'nameKana', 'studentNumber', 'faculty', 'department']

const put = (headers: Record<string, string>, payload: unknown) =>
  t.inject({ method: 'PUT', url: '/api/me/additional-info', headers, payload: payload as object })
const getMine = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/me/additional-info', headers })

describe('my additional info', () => {
  it('starts empty with every required field missing (phone is optional)', async () => {
    const member = await t.as('member')
    const response = await getMine(member.headers)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      info: { fullName: null, nameKana: null, studentNumber: null, faculty: null, department: null, phone: null, updatedAt: null },
      missing: required,
    })
  })

  it('is saved, normalised (trimmed, full-width letters and digits read as ASCII) and read back; nothing is missing after', async () => {
    const member = await t.as('member')
    const response = await put(member.headers, complete)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      info: {
        fullName: '山田 花子',
        nameKana: 'ヤマダ　はなこ',
        studentNumber: 's1234567',
        faculty: 'Engineering',
        department: 'Information Science',
        phone: '090-1234-5678',
        updatedAt: t.clock.now().toISOString(),
      },
      missing: [],
    })
    expect((await getMine(member.headers)).json()).toEqual(response.json())
  })

  it('lets phone be left empty or cleared', async () => {
    const member = await t.as('member')
    await put(member.headers, complete)
    for (const phone of ['', null, undefined]) {
      const response = await put(member.headers, { ...complete, phone })
      expect(response.statusCode).toBe(200)
      expect(response.json().info.phone).toBeNull()
      expect(response.json().missing).toEqual([])
    }
    expect((await put(member.headers, { ...complete, phone: '+81 90 1234 5678' })).json().info.phone).toBe('+81 90 1234 5678')
  })

  it('reports a required field missing when the stored row lacks it', async () => {
    const member = await t.as('member')
    await t.db.insert(additionalInfo).values({ userId: member.user.id, fullName: 'Only Name', faculty: '  ' })
    expect((await getMine(member.headers)).json().missing).toEqual(['nameKana', 'studentNumber', 'faculty', 'department'])
  })

  const badInputs: Array<[string, Record<string, unknown>, string]> = [
    ['an empty full name', { fullName: '   ' }, 'fullName'],
    ['a missing full name', { fullName: undefined }, 'fullName'],
    ['a full name over 60 characters', { fullName: 'x'.repeat(61) }, 'fullName'],
    ['a reading in latin letters', { nameKana: 'Yamada Hanako' }, 'nameKana'],
    ['a reading in kanji', { nameKana: '山田' }, 'nameKana'],
    ['an empty reading', { nameKana: '' }, 'nameKana'],
    ['a student number with symbols', { studentNumber: 'AB-1234' }, 'studentNumber'],
    ['a student number too short', { studentNumber: 'A12' }, 'studentNumber'],
    ['a student number too long', { studentNumber: '1'.repeat(21) }, 'studentNumber'],
    ['an empty faculty', { faculty: '' }, 'faculty'],
    ['a department over 60 characters', { department: 'd'.repeat(61) }, 'department'],
    ['a phone with letters', { phone: '090-ABCD-5678' }, 'phone'],
    ['a phone too short', { phone: '12345' }, 'phone'],
    ['a phone too long', { phone: '1'.repeat(21) }, 'phone'],
    ['a phone that is a number, not text', { phone: 9012345678 }, 'phone'],
    ['a NUL character in the faculty', { faculty: 'Eng\u0000' }, 'faculty'],
  ]

  it.each(badInputs)('refuses %s with a 400 naming the field and changes nothing', async (_, change, field) => {
    const member = await t.as('member')
    await put(member.headers, complete)
    const before = await t.db.select().from(additionalInfo).where(eq(additionalInfo.userId, member.user.id))
    t.clock.advance(1000)
    const response = await put(member.headers, { ...complete, ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(response.json().error.fields).toHaveProperty([field])
    expect(await t.db.select().from(additionalInfo).where(eq(additionalInfo.userId, member.user.id))).toEqual(before)
  })

  it('refuses an empty body naming every required field, and creates nothing', async () => {
    const member = await t.as('member')
    const response = await put(member.headers, {})
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().error.fields).sort()).toEqual([...required].sort())
    expect(await t.db.select().from(additionalInfo).where(eq(additionalInfo.userId, member.user.id))).toEqual([])
  })

  it('holds under parallel saves: one row', async () => {
    const member = await t.as('member')
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => put(member.headers, { ...complete, faculty: `Faculty ${i}` })))
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200))
    expect(await t.db.select().from(additionalInfo).where(eq(additionalInfo.userId, member.user.id))).toHaveLength(1)
  })
})

describe("a member's additional info, for executives and admins", () => {
  it('is readable by an executive and by an admin', async () => {
    const owner = await t.as('member', { displayName: 'Private Person' })
    await put(owner.headers, complete)
    for (const role of ['executive', 'admin'] as const) {
      const caller = await t.as(role)
      const response = await t.inject({ method: 'GET', url: `/api/users/${owner.user.id}/additional-info`, headers: caller.headers })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ userId: owner.user.id, displayName: 'Private Person', info: { fullName: '山田 花子' }, missing: [] })
    }
  })

  it('shows what is missing for a member who has not filled it in, pending accounts included', async () => {
    const executive = await t.as('executive')
    const pending = await createUser(t.db, { status: 'pending' })
    const response = await t.inject({ method: 'GET', url: `/api/users/${pending.id}/additional-info`, headers: executive.headers })
    expect(response.statusCode).toBe(200)
    expect(response.json().missing).toEqual(required)
  })

  it('is refused to a member, even for a member that exists', async () => {
    const owner = await t.as('member')
    await put(owner.headers, complete)
    const other = await t.as('member')
    const response = await t.inject({ method: 'GET', url: `/api/users/${owner.user.id}/additional-info`, headers: other.headers })
    expect(response.statusCode).toBe(403)
    expect(response.body).not.toContain('花子')
    // …their own too: members read their own through /api/me/additional-info.
    const own = await t.inject({ method: 'GET', url: `/api/users/${owner.user.id}/additional-info`, headers: owner.headers })
    expect(own.statusCode).toBe(403)
  })

  it('is refused to an executive of a past term', async () => {
    const former = await createUser(t.db)
    const { makeExecutive } = await import('../support/factories')
    await makeExecutive(t.db, former.id, (await t.services.settings.currentTerm()) - 1)
    const { access_token } = await t.signIn(former.email, former.password)
    const response = await t.inject({ method: 'GET', url: `/api/users/${former.id}/additional-info`, headers: { authorization: `Bearer ${access_token}` } })
    expect(response.statusCode).toBe(403)
  })

  it('is a 404 for an unknown or deleted account and a 400 for a malformed id', async () => {
    const admin = await t.as('admin')
    const unknown = await t.inject({ method: 'GET', url: '/api/users/6f1c1a52-1111-4222-8333-444455556666/additional-info', headers: admin.headers })
    expect(unknown.statusCode).toBe(404)
    const deleted = await createUser(t.db)
    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, deleted.id))
    expect((await t.inject({ method: 'GET', url: `/api/users/${deleted.id}/additional-info`, headers: admin.headers })).statusCode).toBe(404)
    expect((await t.inject({ method: 'GET', url: '/api/users/not-a-uuid/additional-info', headers: admin.headers })).statusCode).toBe(400)
  })

  it('is never part of an intro answer', async () => {
    const owner = await t.as('member')
    await put(owner.headers, { ...complete, fullName: 'Very Private Name' })
    await t.inject({ method: 'PUT', url: '/api/me/intro', headers: owner.headers, payload: { nickname: 'Public' } })
    const reader = await t.as('member')
    for (const url of [`/api/intros/${owner.user.id}`, '/api/intros?pageSize=200', '/api/intros?q=Public']) {
      const response = await t.inject({ method: 'GET', url, headers: reader.headers })
      expect(response.statusCode).toBe(200)
      expect(response.body).not.toMatch(/Very Private Name|s1234567|090-1234-5678|Information Science/)
    }
    const mine = await t.inject({ method: 'GET', url: '/api/me/intro', headers: owner.headers })
    expect(mine.body).not.toContain('Very Private Name')
  })
})
