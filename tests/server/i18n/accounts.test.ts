import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'
import { createUser, TEST_PASSWORD } from '../support/factories'
import { nextIp, setRegistration, STRONG_PASSWORD } from '../accounts/support'

/** The accounts' and sign-in's refusals in the caller's language (issue 36, decision 046). */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** A member whose profile says Japanese (their browser asks for English: the account wins). */
async function japaneseMember() {
  const member = await t.as('member')
  const chosen = await t.inject({ method: 'PUT', url: '/api/profile/language', headers: member.headers, payload: { language: 'ja' } })
  expect(chosen.statusCode).toBe(200)
  return { ...member, headers: { ...member.headers, 'accept-language': 'en' } }
}

const post = (url: string, headers: Record<string, string>, payload: object) => t.inject({ method: 'POST', url, headers, payload, remoteAddress: nextIp() })

describe('a Japanese member is refused in Japanese', () => {
  it('a profile change: an empty name', async () => {
    const { headers } = await japaneseMember()
    const response = await t.inject({ method: 'PATCH', url: '/api/profile', headers, payload: { displayName: '  ' } })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields.displayName).toBe('名前を入力してください')
  })

  it('a password change: the wrong current password, a weak new one, a short one', async () => {
    const { headers } = await japaneseMember()
    const wrong = await post('/api/me/password', headers, { currentPassword: 'not my password', newPassword: STRONG_PASSWORD })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toMatchObject({ code: 'PASSWORD_INCORRECT', message: '現在のパスワードが正しくありません。', fields: { currentPassword: '現在のパスワードが正しくありません' } })

    const weak = await post('/api/me/password', headers, { currentPassword: TEST_PASSWORD, newPassword: 'password123' })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().error.message).toBe('もっと強いパスワードにしてください。')
    // zxcvbn's advice, worded from the catalogue in Japanese (password-advice.ts).
    expect(weak.json().error.fields.newPassword).toBe('一般によく使われているパスワードです。あまり使われない単語を足してください。')

    const short = await post('/api/me/password', headers, { currentPassword: TEST_PASSWORD, newPassword: 'short' })
    expect(short.json().error.fields.newPassword).toBe('10文字以上にしてください')
  })

  it('an email change with the wrong password', async () => {
    const { headers } = await japaneseMember()
    const response = await post('/api/me/email', headers, { newEmail: 'new-address@club.example', password: 'not my password' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ message: 'パスワードが正しくありません。', fields: { password: 'パスワードが正しくありません' } })
  })
})

describe('an English member is refused in English', () => {
  it('the same refusals, word for word as before', async () => {
    const { headers } = await t.as('member')
    const english = { ...headers, 'accept-language': 'en' }
    expect((await t.inject({ method: 'PATCH', url: '/api/profile', headers: english, payload: { displayName: '' } })).json().error.fields.displayName).toBe('Enter your name')
    const wrong = await post('/api/me/password', english, { currentPassword: 'not my password', newPassword: STRONG_PASSWORD })
    expect(wrong.json().error.fields.currentPassword).toBe('Your current password is not correct')
    const weak = await post('/api/me/password', english, { currentPassword: TEST_PASSWORD, newPassword: 'password123' })
    expect(weak.json().error.message).toBe('Choose a stronger password.')
    expect(weak.json().error.fields.newPassword).not.toBe('This password is too easy to guess. Add more words or characters that are not a common phrase.')
    expect(weak.json().error.fields.newPassword).toMatch(/^[\x20-\x7e]+$/)
  })
})

describe('sign-in and registration follow the browser (no account yet)', () => {
  const japanese = { 'accept-language': 'ja' }

  it('a wrong password and a suspended account', async () => {
    const member = await createUser(t.db, { role: 'member' })
    const wrong = await post('/api/login', japanese, { email: member.email, password: 'not my password' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error.message).toBe('メールアドレスまたはパスワードが正しくありません。')
    expect((await post('/api/login', {}, { email: member.email, password: 'not my password' })).json().error.message).toBe('The email or password is incorrect.')

    const suspended = await createUser(t.db, { role: 'member', status: 'suspended' })
    const refused = await post('/api/login', japanese, { email: suspended.email, password: suspended.password })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe('アカウントは利用停止中です。サークルの幹部に連絡してください。')
    expect((await post('/api/login', {}, { email: suspended.email, password: suspended.password })).json().error.message).toBe(
      'Your account is suspended. Please contact the club executives.',
    )
  })

  it('registration while it is closed', async () => {
    await setRegistration(t, { mode: 'closed' })
    const payload = { displayName: '田中 葵', email: 'aoi@club.example', password: STRONG_PASSWORD, enrollmentYear: 2025 }
    const closed = await post('/api/register', japanese, payload)
    expect(closed.statusCode).toBe(403)
    expect(closed.json().error.message).toBe('現在アカウント作成を受け付けていません。アカウントが必要な場合はサークルの幹部に相談してください。')
    await setRegistration(t, { mode: 'approval' })
  })
})
