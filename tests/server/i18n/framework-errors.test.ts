import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * Fastify's own refusals (a body that is not JSON, too large or of a type the route does not
 * read, an unknown API address) answer `{error:{code,message}}` worded in the caller's
 * language, never Fastify's English (issue 36, decision 046).
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const JA = { 'accept-language': 'ja-JP,ja;q=0.9' }
const EN = { 'accept-language': 'en-GB,en;q=0.9' }

const post = (headers: Record<string, string>, payload: string, type: string) => t.inject({ method: 'POST', url: '/api/login', payload, headers: { ...headers, 'content-type': type } })
const errorOf = (response: { statusCode: number; json: () => { error: { code: string; message: string } } }) => ({ status: response.statusCode, ...response.json().error })

describe('Fastify’s own 4xx answers in the caller’s language', () => {
  it('refuses a body of a type no route reads (415)', async () => {
    expect(errorOf(await post(JA, 'email=a', 'text/plain'))).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'このアドレスはこの形式のリクエスト本文を受け付けていません。' })
    expect(errorOf(await post(EN, 'email=a', 'text/plain'))).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body is of a type this address does not accept.' })
  })

  it('refuses malformed JSON (400) and a body past the limit (413)', async () => {
    expect(errorOf(await post(JA, '{"email":', 'application/json'))).toEqual({ status: 400, code: 'INVALID_JSON', message: 'リクエストの内容を読み取れませんでした。' })
    expect(errorOf(await post(EN, '{"email":', 'application/json'))).toEqual({ status: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON.' })
    const huge = JSON.stringify({ email: 'a@b.jp', password: 'x'.repeat(2 * 1024 * 1024) })
    expect(errorOf(await post(JA, huge, 'application/json'))).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'リクエストが大きすぎます。' })
    expect(errorOf(await post(EN, huge, 'application/json'))).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' })
  })

  it('answers an unknown API address (404) and a path the router cannot read (400)', async () => {
    const unknown = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/nothing-here?x=1', headers })
    expect(errorOf(await unknown(JA))).toEqual({ status: 404, code: 'NOT_FOUND', message: 'GET /api/nothing-hereに対応するAPIはありません。' })
    expect(errorOf(await unknown(EN))).toEqual({ status: 404, code: 'NOT_FOUND', message: 'No API endpoint GET /api/nothing-here.' })
    const bad = await t.inject({ method: 'GET', url: '/api/bands/%E0%A4%A', headers: JA })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toBe('アドレスが正しくありません。')
  })

  it('words a refused body by the browser’s language: the body is read before the caller’s token', async () => {
    const { headers } = await t.as('member')
    expect((await t.inject({ method: 'PUT', url: '/api/profile/language', headers, payload: { language: 'en' } })).statusCode).toBe(200)
    const refused = await t.inject({ method: 'PUT', url: '/api/profile/language', headers: { ...headers, ...JA, 'content-type': 'application/json' }, payload: '{"language":' })
    expect(errorOf(refused)).toEqual({ status: 400, code: 'INVALID_JSON', message: 'リクエストの内容を読み取れませんでした。' })
  })
})
