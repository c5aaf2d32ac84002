import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../server/src/db/schema'
import { createTestApp, type TestApp } from './support/test-app'
import { createUser } from './support/factories'

/** The request log must never hold a password-reset token: whoever reads it could use the link. */
let t: TestApp
const lines: string[] = []
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  t = await createTestApp({ logger: { level: 'info', stream } })
})
afterAll(() => t.close())

describe('the request log', () => {
  it('shows token=[redacted] instead of a password-reset token', async () => {
    const user = await createUser(t.db, { email: 'forgetful@club.example' })
    expect((await t.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: user.email } })).statusCode).toBeLessThan(300)
    const [mail] = await t.db.select().from(mailOutbox)
    const token = /token=([^\s&]+)/.exec(mail!.text)![1]!
    expect(token.length).toBeGreaterThan(10)

    await t.inject({ method: 'GET', url: `/api/password-reset/check?token=${token}` })
    await t.inject({ method: 'GET', url: `/reset-password?token=${token}&next=%2Fdashboard` })
    await t.inject({ method: 'GET', url: `/api/password-reset/check?resetToken=${token}` })

    const log = lines.join('')
    expect(log).toContain('/api/password-reset/check?token=[redacted]')
    expect(log).toContain('/reset-password?token=[redacted]&next=%2Fdashboard')
    expect(log).not.toContain(token)
  })

  it('shows a calendar feed’s secret address as /api/calendar/[redacted].ics', async () => {
    const member = await t.as('member')
    const made = await t.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: member.headers })
    const path = new URL(made.json().feed.url).pathname
    const token = path.slice('/api/calendar/'.length, -'.ics'.length)
    expect(token.length).toBeGreaterThan(20)
    lines.length = 0
    expect((await t.inject({ method: 'GET', url: path })).statusCode).toBe(200)
    expect((await t.inject({ method: 'GET', url: `${path}?x=1` })).statusCode).toBe(200)

    const log = lines.join('')
    expect(log).toContain('"url":"/api/calendar/[redacted].ics"')
    expect(log).toContain('"url":"/api/calendar/[redacted].ics?x=1"')
    expect(log).not.toContain(token)
  })
})
