import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bandEvents } from '../../../server/src/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * A band's history in the reader's language (issue 36, decision 046): band_events keeps the
 * English sentences it was written with; the history is worded from them when read.
 */
let t: TestApp
let aoi: Awaited<ReturnType<TestApp['as']>>
let ren: Awaited<ReturnType<TestApp['as']>>
let bandId: string

const speak = async (who: typeof aoi, language: 'ja' | 'en') => {
  const chosen = await t.inject({ method: 'PUT', url: '/api/profile/language', headers: who.headers, payload: { language } })
  expect(chosen.statusCode, chosen.body).toBe(200)
}
const historyOf = async (who: typeof aoi) => {
  const response = await t.inject({ method: 'GET', url: `/api/bands/${bandId}/history`, headers: who.headers })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json().items as Array<{ summary: string }>).map((item) => item.summary)
}

beforeAll(async () => {
  t = await createTestApp()
  aoi = await t.as('member', { displayName: 'Aoi Tanaka' })
  ren = await t.as('member', { displayName: 'Ren Suzuki' })
  await speak(aoi, 'ja')
  const created = await t.inject({
    method: 'POST',
    url: '/api/bands',
    headers: aoi.headers,
    payload: {
      name: 'Night Owls',
      description: '',
      genre: '',
      members: [
        { userId: aoi.user.id, part: 'Drums', isLeader: true },
        { userId: ren.user.id, part: 'Bass', isLeader: false },
      ],
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  bandId = created.json().id
  // Older or unknown wording stays as stored.
  await t.db.insert(bandEvents).values({ bandId, actorId: aoi.user.id, action: 'updated', summary: 'Something the app once said', at: new Date(0) })
})
afterAll(() => t.close())

describe('a band’s history in the reader’s language', () => {
  it('words the stored sentences in Japanese, names and band names kept, parts worded', async () => {
    expect(await historyOf(aoi)).toEqual(['リーダー: Aoi Tanaka', 'Ren Suzukiがベースで加入しました', 'Aoi Tanakaがドラムで加入しました', '「Night Owls」を登録しました', 'Something the app once said'])
  })

  it('gives English readers the stored sentences unchanged, and keeps them English in the database', async () => {
    await speak(ren, 'en')
    const english = ['Leader: Aoi Tanaka', 'Ren Suzuki joined as Bass', 'Aoi Tanaka joined as Drums', 'Registered “Night Owls”', 'Something the app once said']
    expect(await historyOf(ren)).toEqual(english)
    const stored = await t.db.select({ summary: bandEvents.summary }).from(bandEvents).where(eq(bandEvents.bandId, bandId))
    expect(stored.map((row) => row.summary).sort()).toEqual([...english].sort())
  })
})
