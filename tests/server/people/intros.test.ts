import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { intros } from '../../../server/src/db/schema'
import { createUser } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
let member: Awaited<ReturnType<TestApp['as']>>
beforeAll(async () => {
  t = await createTestApp()
  member = await t.as('member', { displayName: 'Intro Owner', enrollmentYear: 2024 })
})
afterAll(() => t.close())

const validIntro = {
  nickname: '  Taiko  ',
  parts: ['Drums', 'Vocal'],
  favouriteArtists: [' Number Girl ', 'Zazen Boys'],
  body: 'Line one\nLine two <b>not html</b>',
  lookingForBand: true,
  wantedParts: ['Bass'],
}

const put = (payload: unknown, headers = member.headers) => t.inject({ method: 'PUT', url: '/api/me/intro', headers, payload: payload as object })
const getMine = (headers = member.headers) => t.inject({ method: 'GET', url: '/api/me/intro', headers })

describe('my intro', () => {
  it('is empty before it is written, with my name and grade', async () => {
    const fresh = await t.as('member', { displayName: 'Newcomer', enrollmentYear: 2026 })
    const response = await getMine(fresh.headers)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      userId: fresh.user.id,
      displayName: 'Newcomer',
      grade: 1,
      hasIntro: false,
      nickname: null,
      parts: [],
      favouriteArtists: [],
      body: '',
      lookingForBand: false,
      wantedParts: [],
      updatedAt: null,
    })
  })

  it('is written, trimmed, and read back; writing again replaces it', async () => {
    const first = await put(validIntro)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      hasIntro: true,
      nickname: 'Taiko',
      parts: ['Drums', 'Vocal'],
      favouriteArtists: ['Number Girl', 'Zazen Boys'],
      body: validIntro.body,
      lookingForBand: true,
      wantedParts: ['Bass'],
      grade: 3,
    })
    expect(first.json().updatedAt).toBe(new Date(t.clock.now()).toISOString())
    expect((await getMine()).json()).toEqual(first.json())

    const second = await put({ nickname: '', parts: ['Guitar'], lookingForBand: false, wantedParts: ['Bass'] })
    expect(second.statusCode).toBe(200)
    // Missing fields take their empty value; wanted parts only count while looking for a band.
    expect(second.json()).toMatchObject({ nickname: null, parts: ['Guitar'], favouriteArtists: [], body: '', lookingForBand: false, wantedParts: [] })
  })

  it('accepts the limits exactly: 30-character nickname, 6 parts, 10 artists of 60, 1000 characters of text', async () => {
    const response = await put({
      nickname: 'n'.repeat(30),
      parts: ['Vocal', 'Guitar', 'Bass', 'Drums', 'Keyboard', 'Other'],
      favouriteArtists: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(60, 'a')),
      // 1000 characters, some of them outside the BMP: counted as characters, not UTF-16 units.
      body: '🎸'.repeat(500) + 'あ'.repeat(500),
      lookingForBand: true,
      wantedParts: [],
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().body).toHaveLength(1500)
  })

  const badInputs: Array<[string, unknown, string]> = [
    ['a nickname over 30 characters', { nickname: 'n'.repeat(31) }, 'nickname'],
    ['a nickname with control characters', { nickname: 'a\u0000b' }, 'nickname'],
    ['an unknown part', { parts: ['Piano'] }, 'parts.0'],
    ['a part twice', { parts: ['Bass', 'Bass'] }, 'parts'],
    ['more than 6 parts', { parts: ['Vocal', 'Guitar', 'Bass', 'Drums', 'Keyboard', 'Other', 'Vocal'] }, 'parts'],
    ['parts that are not a list', { parts: 'Drums' }, 'parts'],
    ['11 favourite artists', { favouriteArtists: Array.from({ length: 11 }, (_, i) => `Artist ${i}`) }, 'favouriteArtists'],
    ['an empty artist', { favouriteArtists: ['Ok', '   '] }, 'favouriteArtists.1'],
    ['an artist over 60 characters', { favouriteArtists: ['a'.repeat(61)] }, 'favouriteArtists.0'],
    ['an artist that is not text', { favouriteArtists: [42] }, 'favouriteArtists.0'],
    ['text over 1000 characters', { body: 'x'.repeat(1001) }, 'body'],
    ['text with a NUL character', { body: 'hello\u0000' }, 'body'],
    ['looking for a band that is not a boolean', { lookingForBand: 'yes' }, 'lookingForBand'],
    ['an unknown wanted part', { lookingForBand: true, wantedParts: ['Triangle'] }, 'wantedParts.0'],
  ]

  it.each(badInputs)('refuses %s with a 400 naming the field and changes nothing', async (_, payload, field) => {
    const before = await t.db.select().from(intros).where(eq(intros.userId, member.user.id))
    const response = await put({ ...validIntro, ...(payload as object) })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.error.code).toBe('VALIDATION_FAILED')
    expect(body.error.fields).toHaveProperty([field])
    expect(await t.db.select().from(intros).where(eq(intros.userId, member.user.id))).toEqual(before)
  })

  it('refuses a body that is not an object, and malformed JSON', async () => {
    expect((await put([1, 2])).statusCode).toBe(400)
    const malformed = await t.inject({ method: 'PUT', url: '/api/me/intro', headers: { ...member.headers, 'content-type': 'application/json' }, payload: '{"nickname":' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.code).toBe('INVALID_JSON')
  })

  it('holds under parallel saves: one row, one of the versions', async () => {
    const writer = await t.as('member')
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => put({ nickname: `Version ${i}`, parts: ['Guitar'] }, writer.headers)),
    )
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    const rows = await t.db.select().from(intros).where(eq(intros.userId, writer.user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.nickname).toMatch(/^Version \d$/)
  })

  it('needs a signed-in member', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/me/intro' })).statusCode).toBe(401)
    expect((await t.inject({ method: 'PUT', url: '/api/me/intro', payload: validIntro })).statusCode).toBe(401)
  })
})

describe("another member's intro", () => {
  it('is readable by any member', async () => {
    const reader = await t.as('member')
    await put(validIntro)
    const response = await t.inject({ method: 'GET', url: `/api/intros/${member.user.id}`, headers: reader.headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ userId: member.user.id, displayName: 'Intro Owner', nickname: 'Taiko', hasIntro: true })
    expect(Object.keys(response.json()).sort()).toEqual(
      ['body', 'displayName', 'favouriteArtists', 'grade', 'hasIntro', 'lookingForBand', 'nickname', 'parts', 'updatedAt', 'userId', 'wantedParts'],
    )
  })

  it('shows an active member without an intro as empty', async () => {
    const other = await createUser(t.db, { displayName: 'Quiet One' })
    const response = await t.inject({ method: 'GET', url: `/api/intros/${other.id}`, headers: member.headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ displayName: 'Quiet One', hasIntro: false })
  })

  it.each(['pending', 'suspended', 'deleted'] as const)('is a 404 for a %s account', async (status) => {
    const other = await createUser(t.db, { status })
    await t.db.insert(intros).values({ userId: other.id, nickname: 'Hidden' })
    const response = await t.inject({ method: 'GET', url: `/api/intros/${other.id}`, headers: member.headers })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('NOT_FOUND')
  })

  it('is a 404 for an unknown id and a 400 for a malformed one', async () => {
    const unknown = await t.inject({ method: 'GET', url: '/api/intros/6f1c1a52-1111-4222-8333-444455556666', headers: member.headers })
    expect(unknown.statusCode).toBe(404)
    const malformed = await t.inject({ method: 'GET', url: "/api/intros/1'%20or%201=1", headers: member.headers })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.fields).toHaveProperty('userId')
  })
})
