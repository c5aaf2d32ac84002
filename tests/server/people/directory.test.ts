import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { additionalInfo, intros } from '../../../server/src/db/schema'
import { createUser } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'

// The test clock starts in June 2026: the 2026 academic year (April start).
let t: TestApp
let viewer: Awaited<ReturnType<TestApp['as']>>
const ids: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  viewer = await t.as('member', { displayName: 'Zz Viewer', enrollmentYear: 2026 })
  const people = [
    { key: 'drummer', displayName: 'Aiko Drum', enrollmentYear: 2026, intro: { nickname: 'Beat', parts: ['Drums'], lookingForBand: true, wantedParts: ['Bass'] } },
    { key: 'guitarist', displayName: 'Bunta Guitar', enrollmentYear: 2025, intro: { nickname: 'Shred_100%', parts: ['Guitar', 'Vocal'], body: 'word '.repeat(100) } },
    { key: 'bassist', displayName: 'Chika Bass', enrollmentYear: 2023, intro: { parts: ['Bass', 'Drums'], lookingForBand: false } },
    { key: 'graduate', displayName: 'Daichi Old', enrollmentYear: 2020, intro: { parts: ['Keyboard'], lookingForBand: true } },
    { key: 'nointro', displayName: 'Emi Silent', enrollmentYear: 2024, intro: null },
  ]
  for (const person of people) {
    const user = await createUser(t.db, { displayName: person.displayName, enrollmentYear: person.enrollmentYear })
    ids[person.key] = user.id
    if (person.intro) await t.db.insert(intros).values({ userId: user.id, ...person.intro })
  }
  for (const status of ['pending', 'suspended', 'deleted'] as const) {
    const user = await createUser(t.db, { displayName: `Hidden ${status}`, enrollmentYear: 2026 })
    await t.db.insert(intros).values({ userId: user.id, parts: ['Drums'], lookingForBand: true })
    const { users } = await import('../../../server/src/db/schema')
    const { eq } = await import('drizzle-orm')
    await t.db.update(users).set({ status }).where(eq(users.id, user.id))
    ids[status] = user.id
  }
  // Private details that must never reach the directory.
  await t.db.insert(additionalInfo).values({
    userId: ids.drummer!,
    fullName: 'SECRET-FULLNAME',
    nameKana: 'ヒミツ',
    studentNumber: 'SECRET123',
    faculty: 'SECRET-FACULTY',
    department: 'SECRET-DEPT',
    phone: '090-0000-1111',
  })
})
afterAll(() => t.close())

async function list(query = '') {
  const response = await t.inject({ method: 'GET', url: `/api/intros${query}`, headers: viewer.headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { items: Array<Record<string, unknown>>; total: number }
}
const names = (page: { items: Array<Record<string, unknown>> }) => page.items.map((item) => item.displayName)

describe('the member directory', () => {
  it('lists every active member, with or without an intro, by name', async () => {
    const page = await list()
    expect(names(page)).toEqual(['Aiko Drum', 'Bunta Guitar', 'Chika Bass', 'Daichi Old', 'Emi Silent', 'Zz Viewer'])
    expect(page.total).toBe(6)
    const silent = page.items.find((item) => item.displayName === 'Emi Silent')
    expect(silent).toMatchObject({ hasIntro: false, grade: 3, parts: [], excerpt: '' })
    expect(page.items[0]).toMatchObject({ userId: ids.drummer, nickname: 'Beat', grade: 1, parts: ['Drums'], lookingForBand: true, wantedParts: ['Bass'] })
  })

  it('leaves out pending, suspended and deleted accounts, even when filtering for them', async () => {
    for (const query of ['', '?part=Drums', '?q=hidden', '?lookingForBand=true', '?grade=1']) {
      const page = await list(query)
      expect(names(page).some((name) => String(name).startsWith('Hidden'))).toBe(false)
    }
  })

  it('never includes additional info', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/intros?pageSize=200', headers: viewer.headers })
    expect(response.body).not.toMatch(/SECRET|ヒミツ|090-0000-1111/)
    const one = await t.inject({ method: 'GET', url: `/api/intros/${ids.drummer}`, headers: viewer.headers })
    expect(one.body).not.toMatch(/SECRET|ヒミツ|090-0000-1111/)
  })

  it('cuts long texts to an excerpt', async () => {
    const page = await list('?q=bunta')
    const excerpt = page.items[0]!.excerpt as string
    expect([...excerpt].length).toBeLessThanOrEqual(200)
    expect(excerpt.endsWith('…')).toBe(true)
    expect(page.items[0]).not.toHaveProperty('body')
  })

  it('filters by part (parts played, not parts wanted)', async () => {
    expect(names(await list('?part=Drums'))).toEqual(['Aiko Drum', 'Chika Bass'])
    expect(names(await list('?part=Bass'))).toEqual(['Chika Bass'])
    expect((await list('?part=Other')).total).toBe(0)
  })

  it('filters by grade, graduates included', async () => {
    expect(names(await list('?grade=1'))).toEqual(['Aiko Drum', 'Zz Viewer'])
    expect(names(await list('?grade=2'))).toEqual(['Bunta Guitar'])
    expect(names(await list('?grade=4'))).toEqual(['Chika Bass'])
    expect(names(await list('?grade=graduate'))).toEqual(['Daichi Old'])
  })

  it('filters by looking for a band (members without an intro are not looking)', async () => {
    expect(names(await list('?lookingForBand=true'))).toEqual(['Aiko Drum', 'Daichi Old'])
    expect(names(await list('?lookingForBand=false'))).toEqual(['Bunta Guitar', 'Chika Bass', 'Emi Silent', 'Zz Viewer'])
  })

  it('searches display names and nicknames, case-insensitively, with wildcards taken literally', async () => {
    expect(names(await list('?q=GUITAR'))).toEqual(['Bunta Guitar'])
    expect(names(await list('?q=beat'))).toEqual(['Aiko Drum'])
    expect(names(await list('?q=_100%25'))).toEqual(['Bunta Guitar'])
    expect((await list('?q=%25')).total).toBe(1)
    expect((await list('?q=nobody')).items).toEqual([])
  })

  it('combines filters', async () => {
    expect(names(await list('?part=Drums&lookingForBand=true&grade=1&q=aiko'))).toEqual(['Aiko Drum'])
    expect((await list('?part=Drums&grade=2')).total).toBe(0)
  })

  it('pages, with the total of all matches', async () => {
    const first = await list('?pageSize=2&page=1')
    const third = await list('?pageSize=2&page=3')
    expect(names(first)).toEqual(['Aiko Drum', 'Bunta Guitar'])
    expect(names(third)).toEqual(['Emi Silent', 'Zz Viewer'])
    expect(first.total).toBe(6)
    const beyond = await list('?pageSize=2&page=50')
    expect(beyond).toEqual({ items: [], total: 6 })
  })

  it.each([
    ['?part=Piano', 'part'],
    ['?grade=5', 'grade'],
    ['?grade=incoming', 'grade'],
    ['?lookingForBand=yes', 'lookingForBand'],
    ['?page=0', 'page'],
    ['?pageSize=1000', 'pageSize'],
    ['?page=abc', 'page'],
    [`?q=${'x'.repeat(101)}`, 'q'],
    ['?q=a%00b', 'q'],
  ])('refuses %s with a 400 naming the parameter', async (query, field) => {
    const response = await t.inject({ method: 'GET', url: `/api/intros${query}`, headers: viewer.headers })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_FAILED')
    expect(response.json().error.fields).toHaveProperty([field])
  })

  it('uses the GIN index for the part filter', async () => {
    // With a handful of rows the planner prefers a scan; forbid that to see the index is usable.
    const { sql } = await import('drizzle-orm')
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const result = (await tx.execute(sql`explain select user_id from intros where parts @> array['Drums']::text[]`)) as unknown as
        | { rows: Array<Record<string, string>> }
        | Array<Record<string, string>>
      const rows = Array.isArray(result) ? result : result.rows
      return rows.map((row) => Object.values(row)[0]).join('\n')
    })
    expect(plan).toContain('intros_parts_idx')
  })

  it('needs a signed-in member', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/intros' })).statusCode).toBe(401)
  })
})
