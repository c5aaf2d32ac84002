import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'
import { createBand } from '../support/factories'
import { api, expectError, resetClub, seedClub, slot, type Caller } from '../bookings/support'

/** A refused booking is told in the language of whoever asked (issue 36, decision 046). */
let t: TestApp
let club: Awaited<ReturnType<typeof seedClub>>
let call: ReturnType<typeof api>
let hana: Caller
let emma: Caller
let band: { id: string; name: string }

const TUE = '2026-06-02'

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  club = await seedClub(t)
  await resetClub(t)
  hana = await t.as('member', { displayName: 'Hana Sato' })
  emma = await t.as('member', { displayName: 'Emma Brown' })
  band = await createBand(t.db, [{ userId: hana.user.id }, { userId: emma.user.id }], { name: 'Night Owls' })
  // Hana chose Japanese on her profile; Emma's browser asks for English.
  const chosen = await t.inject({ method: 'PUT', url: '/api/profile/language', headers: hana.headers, payload: { language: 'ja' } })
  expect(chosen.statusCode, chosen.body).toBe(200)
  const taken = await call.book(emma, { ...slot(club.roomA, club.p3, TUE), kind: 'personal' })
  expect(taken.statusCode, taken.body).toBe(201)
})
afterAll(() => t.close())

const english = (who: Caller) => ({ ...who, headers: { ...who.headers, 'accept-language': 'en-GB,en;q=0.9' } })

describe('a refused booking in the member’s language', () => {
  it('says a taken slot is taken, in Japanese to a Japanese member and in English to an English one', async () => {
    const payload = { ...slot(club.roomA, club.p3, TUE), kind: 'band', bandId: band.id }
    const ja = expectError(await call.book(hana, payload), 409, 'SLOT_TAKEN')
    expect(ja.message).toBe('Room Aの6月2日(火)・3rdのコマはすでに予約されています。')
    const en = expectError(await call.book(english(emma), payload), 409, 'SLOT_TAKEN')
    expect(en.message).toBe('Room A is already booked in 3rd period on Tue 2 Jun.')
  })

  it('names the fields of a bad body in the member’s language', async () => {
    const payload = { roomId: 'nope', date: '2026-13-40', kind: 'band' }
    const ja = expectError(await call.book(hana, payload), 400, 'VALIDATION_FAILED')
    expect(ja.fields).toMatchObject({ roomId: '練習室を選んでください', periodId: 'コマを選んでください' })
    const en = expectError(await call.book(english(emma), payload), 400, 'VALIDATION_FAILED')
    expect(en.fields).toMatchObject({ roomId: 'Choose a room', periodId: 'Choose a period' })
  })

  it('refuses a cancel in the member’s language', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    expect(expectError(await call.cancel(hana, missing), 404, 'NOT_FOUND').message).toBe('この予約はありません。')
    expect(expectError(await call.cancel(english(emma), missing), 404, 'NOT_FOUND').message).toBe('This booking does not exist.')
  })

  it('words a quota reached with the right plural in English and in Japanese', async () => {
    await t.services.settings.replace({ ...(await t.services.settings.get()), booking: { ...(await t.services.settings.get()).booking, personalPeriodsPerWeek: 1 } }, null)
    const payload = { ...slot(club.roomB, club.p4, TUE), kind: 'personal' }
    expect(expectError(await call.book(english(emma), payload), 409, 'PERSONAL_QUOTA_EXCEEDED').message).toBe(
      'A member may book 1 personal practice period a week, and you already have 1 in the week of 1–7 Jun 2026.',
    )
    await call.book(hana, { ...slot(club.roomB, club.p3, TUE), kind: 'personal' })
    expect(expectError(await call.book(hana, payload), 409, 'PERSONAL_QUOTA_EXCEEDED').message).toBe(
      '個人練習を予約できるのは1人週1コマまでです。2026/06/01～2026/06/07の週にすでに1コマ予約しています。',
    )
  })
})
