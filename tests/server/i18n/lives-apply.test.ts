import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import { notices } from '../../../server/src/db/schema'
import { mailTo } from '../accounts/support'
import { api, createApplication, createBand, createEvent, createTestApp, expectError, START, type Caller, type TestApp } from '../lives/support'

/**
 * The lives applications' and participants' server words in the language of whoever reads them
 * (issue 36, decision 046): the participants' CSV in the requester's language, the review's
 * refusals in the executive's, and the decision told to each band member in their own.
 */
let t: TestApp
let call: ReturnType<typeof api>
let yuki: Caller
let ada: Caller
let executive: Caller
let japaneseExecutive: Caller

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  yuki = await t.as('member', { displayName: 'Yuki Mori', language: 'ja', enrollmentYear: 2025 })
  ada = await t.as('member', { displayName: 'Ada Grey', language: 'en', enrollmentYear: 2026 })
  executive = await t.as('executive', { displayName: 'Exec Person', language: 'en' })
  japaneseExecutive = await t.as('executive', { displayName: 'Kanji Exec', language: 'ja' })
  t.clock.current = new Date(START)
})
afterAll(() => t.close())

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','))

describe('the participants’ CSV in the requester’s language', () => {
  it('names the file, heads the columns and words the grades in Japanese for a Japanese member, in English for an English one', async () => {
    const live = await createEvent(t.db, { title: 'Summer Live 2026' })
    const band = await createBand(t.db, [{ userId: yuki.user.id, part: 'Vocals' }, { userId: ada.user.id, part: 'Drums' }], { name: 'Night Owls' })
    await createApplication(t.db, { eventId: live.id, bandId: band.id, submittedBy: null, status: 'accepted' })
    const csv = (who: Caller) => t.inject({ method: 'GET', url: `/api/events/${live.id}/participants/export.csv`, headers: who.headers })

    const japanese = await csv(yuki)
    expect(japanese.statusCode, japanese.body).toBe(200)
    expect(japanese.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Summer Live 2026 出演者.csv')}`)
    expect([...japanese.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(japanese.body).toContain('\r\n')
    expect(csvRows(japanese.body)).toEqual([
      ['名前', '学年', 'パート', 'バンド'],
      // A part of the list in the reader's words; one a member typed ("Vocals") as typed.
      ['Ada Grey', '1年', 'ドラム', 'Night Owls (ドラム)'],
      ['Yuki Mori', '2年', 'Vocals', 'Night Owls (Vocals)'],
    ])

    const english = await csv(ada)
    expect(english.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Summer Live 2026 participants.csv')}`)
    expect(csvRows(english.body)).toEqual([
      ['Name', 'Grade', 'Parts', 'Bands'],
      ['Ada Grey', '1st year', 'Drums', 'Night Owls (Drums)'],
      ['Yuki Mori', '2nd year', 'Vocals', 'Night Owls (Vocals)'],
    ])
  })

  it('heads the executives’ private columns in Japanese too', async () => {
    const live = await createEvent(t.db, { title: 'Autumn Live 2026' })
    const band = await createBand(t.db, [{ userId: ada.user.id, part: 'Drums' }], { name: 'Blue Train' })
    await createApplication(t.db, { eventId: live.id, bandId: band.id, submittedBy: null, status: 'accepted' })
    const response = await t.inject({ method: 'GET', url: `/api/events/${live.id}/participants/export.csv`, headers: japaneseExecutive.headers })
    expect(response.statusCode, response.body).toBe(200)
    expect(csvRows(response.body)[0]).toEqual(['名前', '学年', 'パート', 'バンド', '氏名', '氏名（かな）', '学籍番号', '学部', '学科', '電話番号'])
  })
})

describe('reviews in each reader’s language', () => {
  it('tells each member of a rejected band in their own language, with the executives’ note, whoever reviewed', async () => {
    const live = await createEvent(t.db, { title: 'Winter Live 2026' })
    const band = await createBand(t.db, [{ userId: yuki.user.id, part: 'Vocals' }, { userId: ada.user.id, part: 'Drums' }], { name: 'Snow Day' })
    const application = await createApplication(t.db, { eventId: live.id, bandId: band.id, submittedBy: yuki.user.id })
    const reviewed = await call.post(executive, `/api/applications/${application.id}/review`, { status: 'rejected', note: 'The programme is full.' })
    expect(reviewed.statusCode, reviewed.body).toBe(200)

    const rows = await t.db.select().from(notices).where(inArray(notices.userId, [yuki.user.id, ada.user.id]))
    const of = (id: string) => rows.find((row) => row.userId === id && row.kind === 'application-decision')!
    expect(of(yuki.user.id).title).toBe('Winter Live 2026：Snow Dayは不採用になりました')
    expect(of(yuki.user.id).body).toBe('Snow DayはWinter Live 2026に不採用になりました。\n\n幹部からのメモ：\nThe programme is full.')
    expect(of(ada.user.id).title).toBe('Winter Live 2026: Snow Day is not accepted')
    expect(of(ada.user.id).body).toContain('The programme is full.')
    expect(of(ada.user.id).body).not.toMatch(/[ぁ-んァ-ン]/)

    const [toYuki] = (await mailTo(t, yuki.user.email)).filter((mail) => mail.kind === 'application-decision')
    expect(toYuki!.subject).toBe(of(yuki.user.id).title)
    expect(toYuki!.text).toContain('幹部からのメモ：')
    const [toAda] = (await mailTo(t, ada.user.email)).filter((mail) => mail.kind === 'application-decision')
    expect(toAda!.subject).toBe('Winter Live 2026: Snow Day is not accepted')
  })

  it('accepting past the band limit is refused in the executive’s language', async () => {
    const live = await createEvent(t.db, { title: 'Spring Live 2026', bandLimit: 1 })
    const first = await createBand(t.db, [{ userId: yuki.user.id, part: 'Vocals' }], { name: 'First Band' })
    const second = await createBand(t.db, [{ userId: ada.user.id, part: 'Drums' }], { name: 'Second Band' })
    await createApplication(t.db, { eventId: live.id, bandId: first.id, submittedBy: null, status: 'accepted' })
    const waiting = await createApplication(t.db, { eventId: live.id, bandId: second.id, submittedBy: null })
    const accept = (language: 'ja' | 'en') =>
      t.inject({ method: 'POST', url: `/api/applications/${waiting.id}/review`, headers: { ...executive.headers, 'accept-language': language }, payload: { status: 'accepted' } })
    // The executive chose English in their profile: their saved choice wins over the browser's.
    const english = expectError(await accept('ja'), 409, 'BAND_LIMIT_REACHED')
    expect(english.message).toBe('Spring Live 2026 takes at most 1 bands and 1 are accepted; waitlist this one or raise the limit.')
    const refused = await t.inject({ method: 'POST', url: `/api/applications/${waiting.id}/review`, headers: japaneseExecutive.headers, payload: { status: 'accepted' } })
    expect(expectError(refused, 409, 'BAND_LIMIT_REACHED').message).toBe(
      'Spring Live 2026の上限は1バンドで、すでに1バンドを採用しています。このバンドを補欠にするか、上限を上げてください。',
    )
  })
})
