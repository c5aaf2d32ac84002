import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { activityLog } from '../../../server/src/db/schema'
import { writeActivity } from '../../../server/src/activity/activity'
import { fieldLabels, notedActions, routeActions } from '../../../server/src/activity/activity-words'
import type { ActivityEntry, ActivityPage } from '../../../src/contract/activity'
import { clubSettingsSchema, type ClubSettings } from '../../../src/contract/settings'
import { createTestApp, type TestApp } from '../support/test-app'
import { createBand, createBooking, createPeriod, createRoom, createUser } from '../support/factories'

/**
 * The activity log in the reader's language (issue 36, decisions 042 and 046): an entry stores
 * what was done as a code (the route's key), and `GET /api/activity` words it, its kind of
 * thing and its field names for whoever reads; rows stored before the codes show as stored.
 */
let t: TestApp
type Caller = Awaited<ReturnType<TestApp['as']>>
let english: Caller
let japanese: Caller

beforeAll(async () => {
  t = await createTestApp()
  english = await t.as('admin', { displayName: 'Ada Admin', language: 'en' })
  japanese = await t.as('admin', { displayName: 'Yui Kato', language: 'ja' })
})
afterAll(() => t.close())

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD'
/** The routes whose writes leave an entry with their own action (decision 042). */
const loggedRoutes = () => t.app.routeDefinitions.filter((route) => (route.access === 'executive' || route.access === 'admin') && isWrite(route.method) && route.activity === undefined)

/** A body schema's field names: an object's keys, or every option's of a union. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return []
  const s = schema as unknown as { shape?: Record<string, unknown>; options?: z.ZodType[]; def?: { type?: string; in?: z.ZodType; innerType?: z.ZodType } }
  if (s.shape) return Object.keys(s.shape)
  if (s.options) return s.options.flatMap(fieldsOf)
  if (s.def?.in) return fieldsOf(s.def.in)
  if (s.def?.innerType) return fieldsOf(s.def.innerType)
  throw new Error(`a body of type ${s.def?.type} the test cannot read`)
}

/** The settings' dotted paths, as `PUT /api/settings` notes them. */
function settingsPaths(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? settingsPaths(inner as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  )
}

describe('a message for everything the log stores', () => {
  it('has a message for every logged write route, and none for a route that is not one', () => {
    const logged = loggedRoutes().map((route) => `${route.method} ${route.url}`)
    expect(logged.length).toBeGreaterThan(40)
    expect(logged.filter((key) => !Object.hasOwn(routeActions, key))).toEqual([])
    expect(Object.keys(routeActions).filter((key) => !logged.includes(key))).toEqual([])
    expect(Object.keys(notedActions).length).toBeGreaterThan(0)
  })

  it('has a label for every field a logged route’s body sends and every setting', () => {
    const missing = new Set<string>()
    for (const route of loggedRoutes()) {
      if (route.url === '/api/settings') continue // noted as the settings' dotted paths, below
      for (const field of fieldsOf(route.body)) if (!Object.hasOwn(fieldLabels, field)) missing.add(`${route.method} ${route.url}: ${field}`)
    }
    for (const path of settingsPaths(clubSettingsSchema.parse({}) as Record<string, unknown>)) {
      for (const part of path.split('.')) if (!Object.hasOwn(fieldLabels, part)) missing.add(`setting ${path}: ${part}`)
    }
    expect([...missing]).toEqual([])
  })
})

describe('GET /api/activity in the reader’s language', () => {
  async function read(who: Caller) {
    const response = await t.inject({ method: 'GET', url: '/api/activity?pageSize=100', headers: who.headers })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as ActivityPage).items
  }
  const about = (items: ActivityEntry[], label: string) => items.find((item) => item.object?.label === label)!

  it('words a room added and changed, the settings and a sign-in for each reader; an old row as stored', async () => {
    const added = await t.inject({ method: 'POST', url: '/api/rooms', headers: english.headers, payload: { name: 'Studio 9', capacity: 5 } })
    expect(added.statusCode, added.body).toBe(201)
    const roomId = (added.json() as { id: string }).id
    const changed = await t.inject({ method: 'PATCH', url: `/api/rooms/${roomId}`, headers: english.headers, payload: { capacity: 6 } })
    expect(changed.statusCode, changed.body).toBe(200)
    const settings = (await t.inject({ method: 'GET', url: '/api/settings', headers: english.headers })).json() as { booking: { horizonDays: number } }
    const put = await t.inject({ method: 'PUT', url: '/api/settings', headers: english.headers, payload: { ...settings, booking: { ...settings.booking, horizonDays: settings.booking.horizonDays + 1 } } })
    expect(put.statusCode, put.body).toBe(200)
    // Written before the codes: the route's English summary.
    await writeActivity(t.db, { at: t.clock.now(), actorId: english.user.id, area: 'bands', action: 'Edit a band', object: { type: 'band', id: null, label: 'Night Owls' } })

    // Stored as the route's key, not as words.
    const stored = await t.db.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.objectId, roomId))
    expect(stored.map((row) => row.action).sort()).toEqual(['PATCH /api/rooms/:roomId', 'POST /api/rooms'])

    const inJapanese = await read(japanese)
    // The same clock instant: the addition (every field) first.
    const roomJa = inJapanese.filter((item) => item.object?.label === 'Studio 9').sort((a, b) => b.changes.length - a.changes.length)
    expect(roomJa.map((item) => [item.action, item.object?.type, item.changes.map((change) => change.field)])).toEqual([
      ['練習室を追加しました', '練習室', ['名前', '定員', '使用中', '公開ページに表示', '表示順']],
      ['練習室を変更しました', '練習室', ['定員']],
    ])
    const settingsJa = inJapanese.find((item) => item.area === 'settings')!
    expect([settingsJa.action, settingsJa.object, settingsJa.changes.map((change) => change.field)]).toEqual([
      'システム設定を変更しました',
      { type: '設定', id: null, label: null },
      ['予約 › 予約できる期間（日数）'],
    ])
    expect(inJapanese.filter((item) => item.area === 'sign-in').map((item) => item.action)).toContain('ログインしました')
    expect(about(inJapanese, 'Night Owls')).toMatchObject({ action: 'Edit a band', object: { type: 'バンド' } })

    const inEnglish = await read(english)
    const roomEn = inEnglish.filter((item) => item.object?.label === 'Studio 9').sort((a, b) => b.changes.length - a.changes.length)
    expect(roomEn.map((item) => [item.action, item.object?.type, item.changes.map((change) => change.field)])).toEqual([
      ['Added a room', 'room', ['Name', 'Capacity', 'Active', 'Shown publicly', 'Display order']],
      ['Changed a room', 'room', ['Capacity']],
    ])
    const settingsEn = inEnglish.find((item) => item.area === 'settings')!
    expect([settingsEn.action, settingsEn.changes.map((change) => change.field)]).toEqual(['Changed the system settings', ['Booking › Days ahead bookable']])
    expect(inEnglish.filter((item) => item.area === 'sign-in').map((item) => item.action)).toContain('Signed in')
    expect(about(inEnglish, 'Night Owls')).toMatchObject({ action: 'Edit a band', object: { type: 'band' } })
  })

  it('words the codes among the values, a band’s status and its members’ parts, and leaves the club’s words as stored', async () => {
    const mao = await createUser(t.db, { displayName: 'Mao Endo' })
    const ren = await createUser(t.db, { displayName: 'Ren (Bass) Ito' })
    const band = await createBand(t.db, [{ userId: mao.id, part: 'Guitar', isLeader: true }, { userId: ren.id, part: 'Drums' }], { name: 'Kite Club' })
    const members = [
      { userId: mao.id, part: 'Guitar', isLeader: true },
      { userId: ren.id, part: 'Bass', isLeader: false },
    ]
    const edited = await t.inject({ method: 'PUT', url: `/api/bands/${band.id}/admin`, headers: english.headers, payload: { name: 'Kite Club', description: '', genre: 'Indie', status: 'inactive', members } })
    expect(edited.statusCode, edited.body).toBe(200)

    const changes = async (who: Caller) => Object.fromEntries(about(await read(who), 'Kite Club').changes.map((change) => [change.field, [change.before, change.after]]))
    const ja = await changes(japanese)
    expect(ja['状態']).toEqual(['活動中', '休止中'])
    expect(ja['メンバー']).toEqual([
      ['Mao Endo（ギター・リーダー）', 'Ren (Bass) Ito（ドラム）'],
      ['Mao Endo（ギター・リーダー）', 'Ren (Bass) Ito（ベース）'],
    ])
    expect(ja['ジャンル']).toEqual(['', 'Indie'])
    const en = await changes(english)
    expect(en['Status']).toEqual(['Active', 'Inactive'])
    expect(en['Members']).toEqual([
      ['Mao Endo (Guitar, leader)', 'Ren (Bass) Ito (Drums)'],
      ['Mao Endo (Guitar, leader)', 'Ren (Bass) Ito (Bass)'],
    ])
  })

  it('words a booking’s status when an executive cancels someone else’s, and the registration mode, a weekday and the file kinds when the settings change them', async () => {
    const room = await createRoom(t.db, { name: 'Room K' })
    const period = await createPeriod(t.db, 'K1', '09:00', '10:30')
    const member = await createUser(t.db, { displayName: 'Kai Mori' })
    const booking = await createBooking(t.db, { room, period, date: '2026-06-05', userId: member.id })
    const cancelled = await t.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, headers: english.headers, payload: {} })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const settings = (await t.inject({ method: 'GET', url: '/api/settings', headers: english.headers })).json() as ClubSettings
    expect([settings.registration.mode, settings.allocation.opensWeekday, settings.allowedFileKinds]).toEqual(['approval', 1, ['pdf', 'image', 'audio', 'video', 'office', 'text', 'zip']])
    const put = await t.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: english.headers,
      payload: { ...settings, registration: { ...settings.registration, mode: 'closed' }, allocation: { ...settings.allocation, opensWeekday: 2 }, allowedFileKinds: ['pdf', 'zip'] },
    })
    expect(put.statusCode, put.body).toBe(200)

    const changes = (items: ActivityEntry[], find: (item: ActivityEntry) => boolean) =>
      Object.fromEntries(items.find(find)!.changes.map((change) => [change.field, [change.before, change.after]]))
    const isCancel = (item: ActivityEntry) => item.object?.label === 'Room K, 2026-06-05 K1'
    const isModeChange = (item: ActivityEntry) => item.area === 'settings' && item.changes.some((change) => change.field === 'Registration › Mode' || change.field === '登録 › 方式')
    const ja = await read(japanese)
    expect(changes(ja, isCancel)['状態']).toEqual(['有効', '取り消し済み'])
    expect(changes(ja, isModeChange)).toEqual({
      '登録 › 方式': ['承認制：新しいアカウントは管理者の承認を待ちます', '受付停止：新しいアカウントは作れません'],
      '練習室の抽選 › 希望の受付開始の曜日': ['月曜日', '火曜日'],
      'アップロードできるファイルの種類': [
        ['PDF文書', '画像（JPEG、PNG、GIF、WebP）', '音声（MP3、M4A、WAV、OGG、FLAC）', '動画（MP4、MOV、WebM）', 'Word・Excel・PowerPoint の文書', 'テキスト（TXT、CSV、Markdown）', 'ZIP ファイル'],
        ['PDF文書', 'ZIP ファイル'],
      ],
    })
    const en = await read(english)
    expect(changes(en, isCancel)['Status']).toEqual(['Active', 'Cancelled'])
    expect(changes(en, isModeChange)).toEqual({
      'Registration › Mode': ['Approval: new accounts wait for an admin', 'Closed: no new accounts'],
      'Room allocation › Day wishes open': ['Monday', 'Tuesday'],
      'Kinds of file allowed': [
        ['PDF documents', 'Images (JPEG, PNG, GIF, WebP)', 'Audio (MP3, M4A, WAV, OGG, FLAC)', 'Video (MP4, MOV, WebM)', 'Word, Excel and PowerPoint documents', 'Plain text (TXT, CSV, Markdown)', 'ZIP archives'],
        ['PDF documents', 'ZIP archives'],
      ],
    })
  })

  it('shows a settings weekday or file kind it does not know as stored', async () => {
    // A row from before, or from a later version with a kind this one does not have.
    await writeActivity(t.db, {
      at: t.clock.now(),
      actorId: english.user.id,
      area: 'settings',
      action: 'PUT /api/settings',
      object: { type: 'settings', id: null, label: null },
      changes: [
        { field: 'allocation.closesWeekday', before: 4, after: 8 },
        { field: 'allowedFileKinds', before: ['pdf'], after: ['pdf', 'midi'] },
      ],
    })
    const isOdd = (item: ActivityEntry) => item.area === 'settings' && item.changes.some((change) => change.after === 8)
    const changes = (item: ActivityEntry) => Object.fromEntries(item.changes.map((change) => [change.field, [change.before, change.after]]))
    expect(changes((await read(japanese)).find(isOdd)!)).toEqual({ '練習室の抽選 › 希望の締切の曜日': ['木曜日', 8], 'アップロードできるファイルの種類': [['PDF文書'], ['PDF文書', 'midi']] })
    expect(changes((await read(english)).find(isOdd)!)).toEqual({ 'Room allocation › Day wishes close': ['Thursday', 8], 'Kinds of file allowed': [['PDF documents'], ['PDF documents', 'midi']] })
  })

  it('follows Accept-Language when the account has no language of its own, and keeps the filters', async () => {
    const nobody = await t.as('admin', { displayName: 'Noa' })
    const response = await t.inject({ method: 'GET', url: '/api/activity?area=club', headers: { ...nobody.headers, 'accept-language': 'ja' } })
    expect(response.statusCode, response.body).toBe(200)
    const items = (response.json() as ActivityPage).items
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((item) => item.area === 'club')).toBe(true)
    expect(items.map((item) => item.action)).toContain('練習室を追加しました')
  })
})
