import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'

/** The language of the server's words (decision 046): the account's, else Accept-Language, else the club's. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const refusedLogin = (headers: Record<string, string> = {}) => t.inject({ method: 'POST', url: '/api/login', payload: { email: '', password: '' }, headers })

describe('the language of error messages', () => {
  it('follows Accept-Language, by its weights, and English otherwise', async () => {
    expect((await refusedLogin({ 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' })).json().error.fields).toEqual({
      email: 'メールアドレスを入力してください',
      password: 'パスワードを入力してください',
    })
    expect((await refusedLogin({ 'accept-language': 'fr-FR, ja;q=0.4, en;q=0.6' })).json().error.fields.email).toBe('Enter your email address')
    expect((await refusedLogin({ 'accept-language': 'ja;q=0' })).json().error.fields.email).toBe('Enter your email address')
    expect((await refusedLogin()).json().error.fields.email).toBe('Enter your email address')
  })

  it("speaks the account's saved language whatever the browser asks, and the browser's again after 'as my browser asks'", async () => {
    const { headers } = await t.as('member')
    const choose = (language: unknown) => t.inject({ method: 'PUT', url: '/api/profile/language', headers, payload: { language } })
    expect((await choose('ja')).json().user.language).toBe('ja')
    const refused = await t.inject({ method: 'PUT', url: '/api/profile/language', headers: { ...headers, 'accept-language': 'en' }, payload: { language: 'fr' } })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.fields.language).toBe('一覧から言語を選んでください')
    expect((await t.inject({ method: 'GET', url: '/api/me', headers })).json().user.language).toBe('ja')

    expect((await choose(null)).json().user.language).toBeNull()
    const after = await t.inject({ method: 'PUT', url: '/api/profile/language', headers: { ...headers, 'accept-language': 'en' }, payload: { language: 'fr' } })
    expect(after.json().error.fields.language).toBe('Choose a language from the list')
  })

  it("falls back to the club's default language when the browser asks for none the app has", async () => {
    const admin = await t.as('admin')
    const current = (await t.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })).json()
    const saved = await t.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...current, language: 'ja' } })
    expect(saved.statusCode).toBe(200)
    expect((await t.inject({ method: 'GET', url: '/api/club' })).json().language).toBe('ja')
    expect((await refusedLogin({ 'accept-language': 'fr' })).json().error.fields.email).toBe('メールアドレスを入力してください')
    expect((await refusedLogin({ 'accept-language': 'en-GB' })).json().error.fields.email).toBe('Enter your email address')
    await t.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...current, language: 'en' } })
  })
})
