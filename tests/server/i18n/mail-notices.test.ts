import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { mailOutbox, notices, users } from '../../../server/src/db/schema'
import { withTransaction } from '../../../server/src/db/transaction'
import { digestOf } from '../../../server/src/mail/mailer'
import { inLanguage } from '../../../server/src/http/language'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { createBooking, createPeriod, createRoom, createUser } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'
import { mailTo, nextIp } from '../accounts/support'

/**
 * Words written for one member (decision 046): mails, notices and calendar feeds in the
 * recipient's saved language whoever caused them, and the server's generic errors in the
 * request's language.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://club.example' })
})
afterAll(() => t.close())

const member = (language: 'en' | 'ja' | null, displayName: string) => createUser(t.db, { language, displayName })

describe('mails in the recipient’s language', () => {
  it('words the password-reset mail in the account’s language, not the asker’s', async () => {
    const yuki = await member('ja', 'Yuki')
    const ada = await member('en', 'Ada')
    for (const { email } of [yuki, ada]) {
      const asked = await t.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email }, remoteAddress: nextIp(), headers: { 'accept-language': email === yuki.email ? 'en' : 'ja' } })
      expect(asked.statusCode).toBe(202)
    }
    const [toYuki] = await mailTo(t, yuki.email)
    expect(toYuki!.subject).toBe('Bandroomのパスワードの再設定')
    expect(toYuki!.text).toMatch(/^Yukiさん\n\n/)
    expect(toYuki!.text).toContain('1時間以内に次のリンクを開いて')
    expect(toYuki!.text).toMatch(/https:\/\/club\.example\/reset-password\?token=\S+/)
    expect(toYuki!.text).not.toMatch(/Hello|Someone|ignore/)
    const [toAda] = await mailTo(t, ada.email)
    expect(toAda!.subject).toBe('Reset your Bandroom password')
    expect(toAda!.text).toMatch(/^Hello Ada,\n\nSomeone \(hopefully you\) asked to reset the password/)
  })

  it('words a digest of notice mails in the recipient’s language', () => {
    const row = (subject: string, text: string) => ({ subject, text }) as Parameters<typeof digestOf>[0][number]
    const group = [row('明日：練習', 'Yukiさん\n\n明日：練習\n'), row('新しいお知らせ', 'Yukiさん\n\n新しいお知らせ\n')]
    const digest = inLanguage('ja', () => digestOf(group))
    expect(digest.subject).toBe('明日：練習（ほか1件）')
    expect(digest.text).toBe('Yukiさん\n\nBandroomからのお知らせが2件あります：\n\n明日：練習\n\n———\n\n新しいお知らせ\n')
    expect(inLanguage('en', () => digestOf(group)).subject).toBe('明日：練習 (and 1 more)')
  })
})

describe('notices in the recipient’s language', () => {
  it('stores each person’s notice and mail in their language, the club’s default for one who chose none', async () => {
    const yuki = await member('ja', 'Yuki')
    const ada = await member('en', 'Ada')
    const unset = await member(null, 'Sam')
    const practice = () => m.notices_reminder_you_practise({ room: 'Studio A', period: '3rd period', start: '13:00', end: '14:30' })
    await withTransaction(t.db, (tx) =>
      t.services.notifier.notify(tx, {
        kind: 'booking-tomorrow',
        userIds: [yuki.id, ada.id, unset.id],
        title: () => m.notices_reminder_title_one({ practice: practice() }),
        body: () => m.notices_reminder_advice(),
        link: '/room-booking-list',
      }),
    )
    const rows = await t.db.select().from(notices).where(inArray(notices.userId, [yuki.id, ada.id, unset.id]))
    const of = (id: string) => rows.find((row) => row.userId === id)!
    expect(of(yuki.id)).toMatchObject({ title: '明日：Studio Aで練習します（3rd period、13:00–14:30）', body: '来られない場合は、ほかのバンドが練習室を使えるよう予約を取り消してください。' })
    expect(of(ada.id)).toMatchObject({ title: 'Tomorrow: You practise in Studio A, 3rd period (13:00–14:30)', body: 'If you cannot come, cancel the booking so another band can use the room.' })
    expect(of(unset.id).title).toBe(of(ada.id).title)

    const [mailToYuki] = await mailTo(t, yuki.email)
    expect(mailToYuki!.subject).toBe(of(yuki.id).title)
    expect(mailToYuki!.text).toBe(`Yukiさん\n\n${of(yuki.id).title}\n\n${of(yuki.id).body}\n\nhttps://club.example/room-booking-list\n`)
    const [mailToAda] = await mailTo(t, ada.email)
    expect(mailToAda!.text).toMatch(/^Hello Ada,\n\nTomorrow: You practise/)
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, unset.email)))[0]!.text).toMatch(/^Hello Sam,/)
  })
})

describe('calendar feeds in the owner’s language', () => {
  it('words the feed in the owner’s saved language, fetched without a session or Accept-Language', async () => {
    const room = await createRoom(t.db, { name: 'Studio J' })
    const period = await createPeriod(t.db, '2限', '10:40', '12:10')
    const feedOf = async (language: 'en' | 'ja', date: string) => {
      const owner = await t.as('member')
      await t.db.update(users).set({ language }).where(eq(users.id, owner.user.id))
      await createBooking(t.db, { room, period, date, userId: owner.user.id, kind: 'personal' })
      const made = await t.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: owner.headers })
      expect(made.statusCode, made.body).toBe(200)
      const feed = await t.inject({ method: 'GET', url: new URL(made.json().feed.url).pathname })
      expect(feed.statusCode).toBe(200)
      // Unfolded (RFC 5545 folds lines at 75 octets).
      return feed.body.replace(/\r\n[ \t]/g, '')
    }
    const ja = await feedOf('ja', '2026-06-05')
    expect(ja).toContain('SUMMARY:個人練習・Studio J')
    expect(ja).toContain('X-WR-CALNAME:')
    expect(ja).toMatch(/X-WR-CALNAME:.*：自分の予約と出演/)
    expect(ja).toMatch(/DESCRIPTION:2限、.*で予約。/)
    const en = await feedOf('en', '2026-06-06')
    expect(en).toContain('SUMMARY:Personal practice · Studio J')
    expect(en).toMatch(/DESCRIPTION:2限 period\\, booked in .*\./)
  })
})

describe('generic errors in the request’s language', () => {
  it('answers an unknown endpoint and a body that is not JSON in Japanese when asked, in English otherwise', async () => {
    const unknown = (language: string) => t.inject({ method: 'GET', url: '/api/nothing-here?x=1', headers: { 'accept-language': language } })
    expect((await unknown('ja')).json().error).toEqual({ code: 'NOT_FOUND', message: 'GET /api/nothing-hereに対応するAPIはありません。' })
    expect((await unknown('en')).json().error.message).toBe('No API endpoint GET /api/nothing-here.')

    const broken = (language: string) =>
      t.inject({ method: 'POST', url: '/api/login', payload: '{"email":', headers: { 'content-type': 'application/json', 'accept-language': language } })
    const refused = await broken('ja')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toEqual({ code: 'INVALID_JSON', message: 'リクエストの内容を読み取れませんでした。' })
    expect((await broken('en')).json().error.message).toBe('The request body is not valid JSON.')
  })

  it('refuses a member on an administrators’ endpoint in their language', async () => {
    const { headers } = await t.as('member')
    const refused = await t.inject({ method: 'GET', url: '/api/settings', headers: { ...headers, 'accept-language': 'ja' } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe('この操作は管理者のみができます。')
  })
})
