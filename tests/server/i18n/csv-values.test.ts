import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'
import { createBand, makeExecutive } from '../support/factories'
import { api, resetClub, seedClub, slot, type Caller } from '../bookings/support'

/**
 * The CSV exports' cells (yes/no, roles, statuses, kinds, sources, weekdays) in the requester's
 * language like their headers, still UTF-8 with a BOM for Excel (issue 36, decision 046).
 * Names, rooms, periods and reasons are data and stay as typed.
 */
let t: TestApp
let call: ReturnType<typeof api>
let admin: Caller
let hana: Caller

const TUE = '2026-06-02'

async function speak(who: Caller, language: 'ja' | 'en') {
  const chosen = await t.inject({
    method: 'PUT',
    url: '/api/profile/language',
    headers: who.headers,
    payload: { language },
  })
  expect(chosen.statusCode, chosen.body).toBe(200)
}

const rowsOf = (body: string) => {
  expect(body.startsWith('\uFEFF')).toBe(true)
  return body.slice(1).trimEnd().split('\r\n')
}

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  const club = await seedClub(t)
  await resetClub(t)
  admin = await t.as('admin', { displayName: 'Aoi Admin' })
  hana = await t.as('member', { displayName: 'Hana Sato' })
  await makeExecutive(t.db, hana.user.id, 2026)
  const band = await createBand(t.db, [{ userId: hana.user.id }], {
    name: 'Night Owls',
  })
  const kept = await call.book(hana, {
    ...slot(club.roomA, club.p3, TUE),
    kind: 'band',
    bandId: band.id,
  })
  expect(kept.statusCode, kept.body).toBe(201)
  const dropped = await call.book(hana, {
    ...slot(club.roomB, club.p4, TUE),
    kind: 'personal',
  })
  expect(dropped.statusCode, dropped.body).toBe(201)
  expect((await call.cancel(hana, dropped.json().id)).statusCode).toBe(200)
})
afterAll(() => t.close())

describe('CSV cells in the requester’s language', () => {
  it('words the members’ role, executive and status cells in Japanese for a Japanese admin, in English for an English one', async () => {
    await speak(admin, 'ja')
    const ja = rowsOf((await call.get(admin, '/api/users/export.csv')).body)
    const aoiJa = ja.find((line) => line.startsWith('Aoi Admin,'))!.split(',')
    expect(aoiJa.slice(3, 7)).toEqual(['2年', '管理者', 'いいえ', '有効'])
    expect(
      ja
        .find((line) => line.startsWith('Hana Sato,'))!
        .split(',')
        .slice(4, 7),
    ).toEqual(['部員', 'はい', '有効'])

    await speak(admin, 'en')
    const en = rowsOf((await call.get(admin, '/api/users/export.csv')).body)
    expect(
      en
        .find((line) => line.startsWith('Aoi Admin,'))!
        .split(',')
        .slice(4, 7),
    ).toEqual(['Admin', 'No', 'Active'])
    expect(
      en
        .find((line) => line.startsWith('Hana Sato,'))!
        .split(',')
        .slice(4, 7),
    ).toEqual(['Member', 'Yes', 'Active'])
  })

  it('words the bookings’ weekday, kind, status and source in Japanese, keeping rooms, periods and names as typed', async () => {
    await speak(hana, 'ja')
    const ja = rowsOf((await call.get(hana, '/api/bookings/export.csv')).body)
    expect(ja[0]).toBe('日付,曜日,コマ,開始,終了,練習室,種類,バンド,予約した人,理由,状態,経路,予約日時,取り消し日時')
    const cells = ja.slice(1).map((line) => line.split(',').slice(0, 12))
    expect(cells).toContainEqual([TUE, '火', '3rd', '13:00', '14:30', 'Room A', 'バンド', 'Night Owls', 'Hana Sato', '', '有効', '予約'])
    expect(cells).toContainEqual([TUE, '火', '4th', '14:40', '16:10', 'Room B', '個人練習', '', 'Hana Sato', '', '取り消し済み', '予約'])

    await speak(hana, 'en')
    const en = rowsOf((await call.get(hana, '/api/bookings/export.csv')).body)
    expect(en.slice(1).map((line) => line.split(',').slice(0, 12))).toContainEqual([TUE, 'Tue', '4th', '14:40', '16:10', 'Room B', 'Personal practice', '', 'Hana Sato', '', 'Cancelled', 'Booking'])
  })
})
