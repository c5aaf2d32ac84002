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
})
