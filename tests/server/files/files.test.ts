import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { files, positionHolders } from '../../../server/src/db/schema'
import { createBand, createUser } from '../support/factories'
import { createTestApp, type TestApp } from '../support/test-app'
import { samples, sha256, tusClient } from './support'

let t: TestApp
let baseURL: string
type Caller = Awaited<ReturnType<TestApp['as']>>
let executive: Caller
let member: Caller
let bandMember: Caller
let admin: Caller

beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  baseURL = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
  executive = await t.as('executive')
  member = await t.as('member')
  bandMember = await t.as('member')
  await createBand(t.db, [{ userId: bandMember.user.id, part: 'Guitar', isLeader: true }])
  admin = await t.as('admin')
})
afterAll(() => t.close())

const json = (response: { body: string }) => JSON.parse(response.body)
const get = (url: string, caller?: Caller) => t.inject({ method: 'GET', url, headers: caller?.headers ?? {} })

/** Uploads through tus as the executive; resolves with the file's id. */
async function upload(bytes: Buffer, metadata: Record<string, string>) {
  const sent = await tusClient(baseURL, executive.headers).upload(bytes, metadata)
  if (sent.status !== 204) throw new Error(`upload failed: ${sent.status} ${sent.body}`)
  const [row] = await t.db.select({ id: files.id }).from(files).where(eq(files.storageKey, sent.location!.split('/').pop()!))
  return row!.id
}

async function linkFor(fileId: string, caller: Caller, download = false) {
  const response = await get(`/api/files/${fileId}/link${download ? '?download=1' : ''}`, caller)
  expect(response.statusCode).toBe(200)
  return json(response).url as string
}

describe('who sees which file', () => {
  let shared: string
  let secret: string
  beforeAll(async () => {
    shared = await upload(samples.pdf(), { filename: 'Club rules.pdf', description: 'The rules everyone agreed on' })
    secret = await upload(samples.text('budget 2026\n'), { filename: 'Budget.txt', description: 'The club rules budget', visibility: 'executives' })
  })

  const callers = { member: () => member, 'band member': () => bandMember, executive: () => executive, admin: () => admin }

  it('answers visitors 401 on every files endpoint but content, which needs a link', async () => {
    for (const url of ['/api/files', '/api/files?q=rules', '/api/files/folders', `/api/files/${shared}`, `/api/files/${shared}/link`, '/api/files/trash']) {
      expect((await get(url)).statusCode, url).toBe(401)
    }
    const content = await get(`/api/files/${shared}/content`)
    expect(content.statusCode).toBe(400)
    expect(json(content).error.fields.token).toBeDefined()
  })

  it.each([
    ['member', false],
    ['band member', false],
    ['executive', true],
    ['admin', true],
  ] as const)('lists, searches, shows and links for a %s only what is shared with them', async (role, seesAll) => {
    const caller = callers[role]()
    const listed = json(await get('/api/files', caller)).items.map((file: { name: string }) => file.name)
    expect(listed.includes('Club rules.pdf')).toBe(true)
    expect(listed.includes('Budget.txt')).toBe(seesAll)
    // "rules" is in both descriptions: the search finds the secret one for executives only.
    const found = json(await get('/api/files?q=rules', caller))
    expect(found.items.map((file: { id: string }) => file.id).sort()).toEqual((seesAll ? [shared, secret] : [shared]).sort())
    expect(found.total).toBe(seesAll ? 2 : 1)
    expect((await get(`/api/files/${shared}`, caller)).statusCode).toBe(200)
    expect((await get(`/api/files/${secret}`, caller)).statusCode).toBe(seesAll ? 200 : 404)
    expect((await get(`/api/files/${secret}/link`, caller)).statusCode).toBe(seesAll ? 200 : 404)
    const link = await linkFor(shared, caller)
    const content = await get(link)
    expect(content.statusCode).toBe(200)
    expect(content.headers['content-type']).toBe('application/pdf')
    expect(sha256(content.rawPayload)).toBe(json(await get(`/api/files/${shared}`, caller)).sha256)
  })

  it('refuses a link for another file, a forged or expired one, and one whose member lost the right to see it', async () => {
    const link = await linkFor(secret, executive)
    expect((await get(link)).statusCode).toBe(200)
    expect((await get(link.replace(secret, shared))).statusCode).toBe(403)
    expect((await get(link.replace(/token=[^&]+/, 'token=abc.def.ghi'))).statusCode).toBe(403)
    // The executive's term ends: the link they hold no longer opens an executives-only file.
    const former = await t.as('executive')
    const held = await linkFor(secret, former)
    await t.db.delete(positionHolders).where(eq(positionHolders.userId, former.user.id))
    expect((await get(held)).statusCode).toBe(404)
    t.clock.advance(7 * 60 * 60 * 1000)
    try {
      const expired = await get(link)
      expect(expired.statusCode).toBe(403)
      expect(json(expired).error.code).toBe('LINK_EXPIRED')
    } finally {
      t.clock.advance(-7 * 60 * 60 * 1000)
    }
  })

  it('leaves executives-only files out of the trash and versions for members', async () => {
    expect((await get('/api/files/trash', member)).statusCode).toBe(403)
    expect((await get('/api/files/trash', bandMember)).statusCode).toBe(403)
    expect((await get('/api/files/trash', executive)).statusCode).toBe(200)
  })
})

describe('downloads', () => {
  let audio: string
  let bytes: Buffer
  let japanese: string
  beforeAll(async () => {
    bytes = samples.wav(3)
    audio = await upload(bytes, { filename: 'Live at the festival.wav' })
    japanese = await upload(samples.pdf(), { filename: '学園祭のセットリスト.pdf' })
  })

  it('sends the whole file with an ETag, and 304 when the browser has it', async () => {
    const response = await get(await linkFor(audio, member))
    expect(response.statusCode).toBe(200)
    expect(response.headers['accept-ranges']).toBe('bytes')
    expect(Number(response.headers['content-length'])).toBe(bytes.length)
    expect(response.headers.etag).toBe(`"${sha256(bytes)}"`)
    expect(response.headers['content-encoding']).toBeUndefined()
    const again = await t.inject({ method: 'GET', url: await linkFor(audio, member), headers: { 'if-none-match': response.headers.etag as string } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })

  it('answers a Range with 206 and exactly those bytes (audio seeking, resumed downloads)', async () => {
    const link = await linkFor(audio, member)
    const middle = await t.inject({ method: 'GET', url: link, headers: { range: 'bytes=1000-1999' } })
    expect(middle.statusCode).toBe(206)
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`)
    expect(Number(middle.headers['content-length'])).toBe(1000)
    expect(Buffer.compare(middle.rawPayload, bytes.subarray(1000, 2000))).toBe(0)
    const tail = await t.inject({ method: 'GET', url: link, headers: { range: 'bytes=-100' } })
    expect(tail.statusCode).toBe(206)
    expect(Buffer.compare(tail.rawPayload, bytes.subarray(bytes.length - 100))).toBe(0)
    const rest = await t.inject({ method: 'GET', url: link, headers: { range: `bytes=${bytes.length - 10}-` } })
    expect(rest.headers['content-range']).toBe(`bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`)
    // A resumed download whose copy has changed gets the whole new file.
    const stale = await t.inject({ method: 'GET', url: link, headers: { range: 'bytes=0-9', 'if-range': '"something-else"' } })
    expect(stale.statusCode).toBe(200)
    expect(stale.rawPayload.length).toBe(bytes.length)
  })

  it('answers HEAD with the file’s real Content-Length (and a range’s), and no body', async () => {
    const link = await linkFor(audio, member)
    const whole = await t.inject({ method: 'HEAD', url: link })
    expect(whole.statusCode).toBe(200)
    expect(Number(whole.headers['content-length'])).toBe(bytes.length)
    expect(whole.headers.etag).toBe(`"${sha256(bytes)}"`)
    expect(whole.rawPayload.length).toBe(0)
    const part = await t.inject({ method: 'HEAD', url: link, headers: { range: 'bytes=1000-1999' } })
    expect(part.statusCode).toBe(206)
    expect(Number(part.headers['content-length'])).toBe(1000)
    expect(part.rawPayload.length).toBe(0)
  })

  it('answers a range past the end with 416 and the size', async () => {
    const response = await t.inject({ method: 'GET', url: await linkFor(audio, member), headers: { range: `bytes=${bytes.length}-` } })
    expect(response.statusCode).toBe(416)
    expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`)
    expect(json(response).error.code).toBe('RANGE_NOT_SATISFIABLE')
  })

  it('keeps a Japanese name in Content-Disposition (RFC 6266/5987), inline for previews and attachment for downloads', async () => {
    const name = '学園祭のセットリスト.pdf'
    const download = await get(await linkFor(japanese, member, true))
    const disposition = download.headers['content-disposition'] as string
    expect(disposition.startsWith('attachment;')).toBe(true)
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`)
    // The plain `filename=` fallback is ASCII only.
    expect(/filename="[\x20-\x7e]*"/.test(disposition)).toBe(true)
    const preview = await get(await linkFor(japanese, member))
    expect((preview.headers['content-disposition'] as string).startsWith('inline;')).toBe(true)
  })
})

describe('folders', () => {
  it('are created, renamed and moved by executives, never into themselves', async () => {
    const create = (name: string, parentId: string | null, caller: Caller = executive) =>
      t.inject({ method: 'POST', url: '/api/files/folders', headers: caller.headers, payload: { name, parentId } })
    expect((await create('Scores', null, member)).statusCode).toBe(403)
    expect((await create('Scores', null, bandMember)).statusCode).toBe(403)
    const scores = json(await create('Scores', null))
    const summer = json(await create('Summer live', scores.id, admin))
    expect(summer.parentId).toBe(scores.id)
    const again = await create('scores', null)
    expect(again.statusCode).toBe(409)
    expect(json(again).error.code).toBe('FOLDER_NAME_TAKEN')
    const loop = await t.inject({ method: 'PATCH', url: `/api/files/folders/${scores.id}`, headers: executive.headers, payload: { parentId: summer.id } })
    expect(loop.statusCode).toBe(409)
    expect(json(loop).error.code).toBe('FOLDER_INSIDE_ITSELF')
    const renamed = await t.inject({ method: 'PATCH', url: `/api/files/folders/${summer.id}`, headers: executive.headers, payload: { name: 'Summer live 2026', parentId: null } })
    expect(json(renamed)).toMatchObject({ name: 'Summer live 2026', parentId: null })
    const listed = json(await get('/api/files/folders', member)).items.map((folder: { name: string }) => folder.name)
    expect(listed).toEqual(expect.arrayContaining(['Scores', 'Summer live 2026']))
  })

  it('are deleted only when empty', async () => {
    const folder = json(await t.inject({ method: 'POST', url: '/api/files/folders', headers: executive.headers, payload: { name: 'Minutes' } }))
    const fileId = await upload(samples.text('minutes\n'), { filename: 'April.txt', folderId: folder.id })
    const full = await t.inject({ method: 'DELETE', url: `/api/files/folders/${folder.id}`, headers: executive.headers })
    expect(full.statusCode).toBe(409)
    expect(json(full).error.code).toBe('FOLDER_NOT_EMPTY')
    expect(json(await get(`/api/files?folderId=${folder.id}`, member)).items.map((file: { id: string }) => file.id)).toEqual([fileId])
    expect((await t.inject({ method: 'DELETE', url: `/api/files/${fileId}`, headers: member.headers })).statusCode).toBe(403)
    expect((await t.inject({ method: 'DELETE', url: `/api/files/${fileId}`, headers: executive.headers })).statusCode).toBe(204)
    expect((await t.inject({ method: 'DELETE', url: `/api/files/folders/${folder.id}`, headers: member.headers })).statusCode).toBe(403)
    expect((await t.inject({ method: 'DELETE', url: `/api/files/folders/${folder.id}`, headers: executive.headers })).statusCode).toBe(204)
    // The trashed file waits at the top, where a restore puts it.
    const restored = await t.inject({ method: 'POST', url: `/api/files/${fileId}/restore`, headers: executive.headers })
    expect(json(restored)).toMatchObject({ id: fileId, folderId: null })
  })
})

describe('moving, renaming and deleting files', () => {
  it('moves a file with its earlier versions, and refuses a name taken there', async () => {
    const folder = json(await t.inject({ method: 'POST', url: '/api/files/folders', headers: executive.headers, payload: { name: 'Setlists' } }))
    const id = await upload(samples.text('one\n'), { filename: 'setlist.txt' })
    await upload(samples.text('two\n'), { filename: 'setlist.txt', onClash: 'replace' })
    const currentId = json(await get('/api/files?q=setlist.txt', executive)).items[0].id
    expect(currentId).not.toBe(id)
    expect((await t.inject({ method: 'PATCH', url: `/api/files/${currentId}`, headers: member.headers, payload: { folderId: folder.id } })).statusCode).toBe(403)
    const moved = await t.inject({ method: 'PATCH', url: `/api/files/${currentId}`, headers: executive.headers, payload: { folderId: folder.id, description: 'For the summer live' } })
    expect(json(moved)).toMatchObject({ folderId: folder.id, folderName: 'Setlists', versions: 1, description: 'For the summer live' })
    const [old] = await t.db.select().from(files).where(eq(files.id, id))
    expect(old!.folderId).toBe(folder.id)
    await upload(samples.text('other\n'), { filename: 'other.txt', folderId: folder.id })
    const clash = await t.inject({ method: 'PATCH', url: `/api/files/${currentId}`, headers: executive.headers, payload: { name: 'OTHER.txt' } })
    expect(clash.statusCode).toBe(409)
    expect(json(clash).error.code).toBe('FILE_NAME_TAKEN')
  })
})

describe('browsing', () => {
  it('sorts and pages a folder, and refuses a sort it does not know', async () => {
    const folder = json(await t.inject({ method: 'POST', url: '/api/files/folders', headers: executive.headers, payload: { name: 'Sorted' } }))
    for (const [name, size] of [['b.txt', 30], ['a.txt', 10], ['c.txt', 20]] as const) {
      await upload(samples.text('x'.repeat(size - 1) + '\n'), { filename: name, folderId: folder.id })
    }
    const page = async (query: string) => json(await get(`/api/files?folderId=${folder.id}&${query}`, member))
    expect((await page('sort=name')).items.map((file: { name: string }) => file.name)).toEqual(['a.txt', 'b.txt', 'c.txt'])
    expect((await page('sort=largest')).items.map((file: { name: string }) => file.name)).toEqual(['b.txt', 'c.txt', 'a.txt'])
    const second = await page('sort=-name&pageSize=2&page=2')
    expect(second).toMatchObject({ total: 3, items: [expect.objectContaining({ name: 'a.txt' })] })
    const bad = await get('/api/files?sort=biggest&folderId=nope', member)
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(json(bad).error.fields).sort()).toEqual(['folderId', 'sort'])
  })

  it('names the uploader, and a deleted account as "Deleted user"', async () => {
    const id = await upload(samples.text('hello\n'), { filename: 'hello.txt' })
    expect(json(await get(`/api/files/${id}`, member)).uploadedBy).toEqual({ id: executive.user.id, name: executive.user.displayName })
    const gone = await createUser(t.db, { status: 'deleted' })
    await t.db.update(files).set({ uploadedBy: gone.id }).where(eq(files.id, id))
    expect(json(await get(`/api/files/${id}`, member)).uploadedBy.name).toBe('Deleted user')
  })
})

// Last: it moves the clock a month on, past every session above.
describe('the trash', () => {
  it('keeps a deleted file in the trash for 30 days, then deletes its bytes and rows', async () => {
    const bytes = samples.png()
    const id = await upload(bytes, { filename: 'old-poster.png' })
    const [row] = await t.db.select().from(files).where(eq(files.id, id))
    expect(await t.services.storage.size(row!.storageKey)).toBe(bytes.length)
    await t.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: executive.headers })
    expect(json(await get('/api/files?q=old-poster', admin)).total).toBe(0)
    expect((await get(`/api/files/${id}`, member)).statusCode).toBe(404)
    expect(json(await get('/api/files/trash', executive)).items.map((file: { id: string }) => file.id)).toContain(id)
    t.clock.advance(29 * 24 * 60 * 60 * 1000)
    await t.services.jobs.runDue()
    expect(await t.services.storage.size(row!.storageKey)).toBe(bytes.length)
    t.clock.advance(2 * 24 * 60 * 60 * 1000)
    await t.services.jobs.runDue()
    expect(await t.services.storage.size(row!.storageKey)).toBeNull()
    expect(await t.db.select().from(files).where(eq(files.id, id))).toEqual([])
  })
})
