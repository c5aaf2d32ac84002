import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, applicationInput, createApplication, createBand, createEvent, createTestApp, expectError, START, type Caller, type TestApp } from '../lives/support'

/** Lives' refusals in the language of whoever is told (issue 36, decision 046). */
let t: TestApp
let call: ReturnType<typeof api>
let aoi: Caller
let ren: Caller
let bandOfAoi: { id: string }
let bandOfRen: { id: string }

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  aoi = await t.as('member', { displayName: 'Aoi Tanaka' })
  ren = await t.as('member', { displayName: 'Ren Suzuki' })
  bandOfAoi = await createBand(t.db, [{ userId: aoi.user.id, part: 'Vocals' }], { name: 'Night Owls' })
  bandOfRen = await createBand(t.db, [{ userId: ren.user.id, part: 'Drums' }], { name: 'Blue Train' })
  const chose = await t.inject({ method: 'PUT', url: '/api/profile/language', headers: aoi.headers, payload: { language: 'ja' } })
  expect(chose.statusCode).toBe(200)
  t.clock.current = new Date(START)
})
afterAll(() => t.close())

describe('lives in the member’s language', () => {
  it('a refused application body: Japanese for a Japanese member, English for an English one', async () => {
    const live = await createEvent(t.db, { title: 'Summer Live 2026' })
    const body = (bandId: string) => applicationInput(bandId, { songs: [], requestedMinutes: 3 })
    const japanese = expectError(await call.post(aoi, `/api/events/${live.id}/applications`, body(bandOfAoi.id)), 400, 'VALIDATION_FAILED')
    expect(japanese.fields).toMatchObject({ songs: '1曲以上追加してください', requestedMinutes: '5分以上にしてください' })
    const english = expectError(await call.post(ren, `/api/events/${live.id}/applications`, body(bandOfRen.id)), 400, 'VALIDATION_FAILED')
    expect(english.fields).toMatchObject({ songs: 'Add at least one song', requestedMinutes: 'At least 5 minutes' })
  })

  it('a closed live says so in each member’s language, with the time in their words', async () => {
    const live = await createEvent(t.db, { title: 'Winter Live 2026', status: 'closed' })
    const japanese = expectError(await call.post(aoi, `/api/events/${live.id}/applications`, applicationInput(bandOfAoi.id)), 409, 'APPLICATIONS_CLOSED')
    expect(japanese.message).toMatch(/^Winter Live 2026の応募は6月15日\(月\) 23:59に締め切られました。$/)
    const english = expectError(await call.post(ren, `/api/events/${live.id}/applications`, applicationInput(bandOfRen.id)), 409, 'APPLICATIONS_CLOSED')
    expect(english.message).toBe('Applications for Winter Live 2026 closed at 23:59 on Mon 15 Jun.')
  })

  it('publishing a timetable that breaks a rule is refused with the break in the executive’s language', async () => {
    const executive = await t.as('executive')
    const live = await createEvent(t.db, { title: 'Autumn Live 2026' })
    const owls = (await createApplication(t.db, { eventId: live.id, bandId: bandOfAoi.id, submittedBy: null, status: 'accepted', requestedMinutes: 20 })).id
    const blue = (await createApplication(t.db, { eventId: live.id, bandId: bandOfRen.id, submittedBy: null, status: 'accepted', requestedMinutes: 20 })).id
    const placements = [
      { performanceId: owls, date: '2026-07-18', stage: 'Main', start: '12:00', pinned: false },
      { performanceId: blue, date: '2026-07-18', stage: 'Main', start: '12:10', pinned: false },
    ]
    const saved = await call.put(executive, `/api/events/${live.id}/timetable/draft`, { placements })
    expect(saved.statusCode, saved.body).toBe(200)
    const publish = (headers: Record<string, string>) =>
      t.inject({ method: 'POST', url: `/api/events/${live.id}/timetable/publish`, headers: { ...executive.headers, ...headers }, payload: { confirmBreaks: false } })
    const japanese = expectError(await publish({ 'accept-language': 'ja' }), 409, 'TIMETABLE_HAS_BREAKS')
    expect(japanese.message).toContain('Blue TrainがMainでNight Owls（12:00–12:20）と重なっています')
    expect(japanese.message).toMatch(/^1件のルールが守られていません: .*タイムテーブルを直すか、このまま公開することを確認してください。$/)
    const english = expectError(await publish({ 'accept-language': 'en' }), 409, 'TIMETABLE_HAS_BREAKS')
    expect(english.message).toContain('Blue Train overlaps Night Owls (12:00–12:20) on Main')
  })
})
