import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'

/** Bands' refusals and the CSV exports' headers in the caller's language (issue 36, decision 046). */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function speaking(role: 'member' | 'admin', language: 'ja' | 'en') {
  const { headers } = await t.as(role)
  const chosen = await t.inject({ method: 'PUT', url: '/api/profile/language', headers, payload: { language } })
  expect(chosen.statusCode).toBe(200)
  return headers
}

describe('bands and CSV exports in the caller’s language', () => {
  it('answers a Japanese member’s refused band registration in Japanese, an English one’s in English', async () => {
    const body = { name: '', description: '', genre: '', members: [] }
    const ja = await t.inject({ method: 'POST', url: '/api/bands', headers: await speaking('member', 'ja'), payload: body })
    expect(ja.statusCode).toBe(400)
    expect(ja.json().error.fields).toMatchObject({ name: 'バンド名を入力してください', members: 'バンドには1人以上のメンバーが必要です' })

    const en = await t.inject({ method: 'POST', url: '/api/bands', headers: await speaking('member', 'en'), payload: body })
    expect(en.json().error.fields).toMatchObject({ name: 'Enter the band name', members: 'A band needs at least one member' })
  })

  it('says in Japanese why a Japanese member may not register a band without themselves', async () => {
    const headers = await speaking('member', 'ja')
    const other = await t.as('member')
    const refused = await t.inject({ method: 'POST', url: '/api/bands', headers, payload: { name: 'Night Owls', description: '', genre: '', members: [{ userId: other.user.id, part: 'Vocal', isLeader: true }] } })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.message).toBe('登録できるのは自分が入っているバンドだけです。自分をメンバーに追加してください。')
  })

  it('heads the members’ CSV in the requester’s language, keeping the BOM', async () => {
    const ja = await t.inject({ method: 'GET', url: '/api/users/export.csv', headers: await speaking('admin', 'ja') })
    expect(ja.statusCode).toBe(200)
    expect(ja.body.startsWith('\uFEFF')).toBe(true)
    expect(ja.body.slice(1).split('\r\n')[0]).toBe('名前,メールアドレス,入学年度,学年,権限,幹部,状態,登録日時')

    const en = await t.inject({ method: 'GET', url: '/api/users/export.csv', headers: await speaking('admin', 'en') })
    expect(en.body.startsWith('\uFEFF')).toBe(true)
    expect(en.body.slice(1).split('\r\n')[0]).toBe('Name,Email,Enrollment year,Grade,Role,Executive,Status,Registered')
  })
})
