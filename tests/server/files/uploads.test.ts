import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdir } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { files, jobs, notices } from '../../../server/src/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'
import { samples, sha256, tusClient } from './support'

let t: TestApp
let baseURL: string
let executive: Awaited<ReturnType<TestApp['as']>>
let tus: ReturnType<typeof tusClient>
beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address() as { port: number }
  baseURL = `http://127.0.0.1:${address.port}`
  executive = await t.as('executive')
  tus = tusClient(baseURL, executive.headers)
})
afterAll(() => t.close())

const list = async (query = '') => {
  const response = await t.inject({ method: 'GET', url: `/api/files${query}`, headers: executive.headers })
  if (response.statusCode !== 200) throw new Error(response.body)
  return response.json() as { items: Array<{ id: string; name: string; sha256: string; size: number; type: string; versions: number }>; total: number }
}
const errorOf = (body: string) => (JSON.parse(body) as { error: { code: string; message: string; fields?: Record<string, string> } }).error

describe('uploading a file (tus)', () => {
  it('stores a PNG with its real type, size and SHA-256, and lists it, on the dashboard too', async () => {
    const newFiles = async () => ((await t.inject({ method: 'GET', url: '/api/dashboard', headers: executive.headers })).json() as { newFiles: Array<{ name: string }> }).newFiles
    expect(await newFiles()).toEqual([]) // an answer the dashboard keeps until something changes
    const bytes = samples.png()
    // A key without a value (the top folder) is how tus-js-client sends an empty string.
    const sent = await tus.upload(bytes, { filename: 'logo.png', description: 'The club logo', folderId: '' })
    expect(sent.status).toBe(204)
    const found = (await list()).items.find((file) => file.name === 'logo.png')
    expect(found).toMatchObject({ size: bytes.length, type: 'image/png', sha256: sha256(bytes) })
    expect((await newFiles()).map((file) => file.name)).toEqual(['logo.png'])
  })

  it('tells the other executives of a file for executives, and nobody of a file for members', async () => {
    const other = await t.as('executive')
    const admin = await t.as('admin')
    const member = await t.as('member')
    const toldOf = async (userId: string) => (await t.db.select().from(notices).where(eq(notices.userId, userId))).filter((notice) => notice.kind === 'file-shared').map((notice) => notice.title)

    expect((await tus.upload(samples.png(), { filename: 'poster-draft.png', description: '', folderId: '' })).status).toBe(204)
    expect((await tus.upload(samples.png(), { filename: 'budget.png', description: 'Next term', folderId: '', visibility: 'executives' })).status).toBe(204)

    expect(await toldOf(other.user.id)).toEqual(['New file for the executives: budget.png'])
    expect(await toldOf(admin.user.id)).toEqual(['New file for the executives: budget.png'])
    expect(await toldOf(member.user.id)).toEqual([])
    expect(await toldOf(executive.user.id)).toEqual([])
  })

  it('resumes an upload interrupted halfway and ends with the right checksum', async () => {
    const bytes = samples.wav(4)
    const created = await tus.create(bytes.length, { filename: 'rehearsal.wav' })
    expect(created.status).toBe(201)
    const half = Math.floor(bytes.length / 2)
    // The connection drops in the middle of the second half: the server keeps what arrived.
    expect((await tus.patch(created.location!, 0, bytes.subarray(0, half))).offset).toBe(half)
    const controller = new AbortController()
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(bytes.subarray(half, half + 10_000))
        setTimeout(() => controller.abort(), 200)
      },
    })
    await fetch(`${baseURL}${created.location}`, {
      method: 'PATCH',
      headers: { ...executive.headers, 'tus-resumable': '1.0.0', 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
      body,
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit).catch(() => undefined)
    let where = await tus.head(created.location!)
    for (let i = 0; i < 50 && where.offset === half; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      where = await tus.head(created.location!)
    }
    expect(where.status).toBe(200)
    expect(where.offset).toBeGreaterThanOrEqual(half)
    expect(where.offset).toBeLessThan(bytes.length)
    // Nothing is listed while bytes are missing.
    expect((await list()).items.map((file) => file.name)).not.toContain('rehearsal.wav')
    const rest = await tus.patch(created.location!, where.offset, bytes.subarray(where.offset))
    expect(rest.status).toBe(204)
    const stored = (await list()).items.find((file) => file.name === 'rehearsal.wav')
    expect(stored).toMatchObject({ size: bytes.length, sha256: sha256(bytes), type: 'audio/wav' })
  })

  it.each([
    ['an .mp3 that is a program', 'song.mp3', samples.exe(), /really a \.exe file/],
    ['a .pdf that is a web page', 'rules.pdf', samples.html(), /not what its name says/],
    ['a .jpg that is a PNG', 'photo.jpg', samples.png(), /not what its name says/],
  ])('refuses %s, deletes its bytes and says why', async (_case, filename, bytes, message) => {
    const sent = await tus.upload(bytes, { filename })
    expect(sent.status).toBe(415)
    expect(errorOf(sent.body)).toMatchObject({ code: 'FILE_TYPE_REFUSED', message: expect.stringMatching(message) })
    expect((await list('?q=' + encodeURIComponent(filename))).total).toBe(0)
    expect((await tus.head(sent.location!)).status).toBe(404)
    const rows = await t.db.select().from(files).where(eq(files.name, filename))
    expect(rows).toEqual([])
  })

  it('refuses a kind the club does not accept', async () => {
    const settings = await t.services.settings.get()
    await t.services.settings.replace({ ...settings, allowedFileKinds: ['pdf'] }, null)
    try {
      const sent = await tus.upload(samples.png(), { filename: 'not-allowed.png' })
      expect(sent.status).toBe(415)
      expect(errorOf(sent.body).message).toMatch(/does not accept images/)
    } finally {
      await t.services.settings.replace(settings, null)
    }
  })

  it('refuses a file over the size limit before any byte is sent', async () => {
    const created = await tus.create(26 * 1024 * 1024, { filename: 'huge.wav' })
    expect(created.status).toBe(413)
    expect(errorOf(created.body)).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('limit is 25 MB') })
  })

  it('refuses bad metadata with the fields named, and a folder that does not exist', async () => {
    const bad = await tus.create(10, { filename: 'a/b.txt', visibility: 'everyone' })
    expect(bad.status).toBe(400)
    expect(Object.keys(errorOf(bad.body).fields ?? {}).sort()).toEqual(['filename', 'visibility'])
    const missing = await tus.create(10, { filename: 'a.txt', folderId: '00000000-0000-4000-8000-000000000000' })
    expect(missing.status).toBe(404)
    const noTus = await fetch(`${baseURL}/api/files/uploads`, { method: 'POST', headers: { ...executive.headers, 'upload-length': '10' } })
    expect(noTus.status).toBe(412)
    expect((await noTus.json()).error.code).toBeDefined()
  })

  it('asks on a name clash, then keeps both or replaces (keeping the old version)', async () => {
    const first = samples.text('version 1\n')
    expect((await tus.upload(first, { filename: 'Minutes.txt' })).status).toBe(204)
    const clash = await tus.create(10, { filename: 'minutes.txt' })
    expect(clash.status).toBe(409)
    expect(errorOf(clash.body).code).toBe('FILE_NAME_TAKEN')
    expect((await tus.upload(samples.text('version 2\n'), { filename: 'Minutes.txt', onClash: 'keepBoth' })).status).toBe(204)
    const second = samples.text('version 3\n')
    expect((await tus.upload(second, { filename: 'Minutes.txt', onClash: 'replace' })).status).toBe(204)
    const named = (await list('?q=Minutes')).items
    expect(named.map((file) => file.name).sort()).toEqual(['Minutes (2).txt', 'Minutes.txt'])
    const current = named.find((file) => file.name === 'Minutes.txt')!
    expect(current).toMatchObject({ sha256: sha256(second), versions: 1 })
    const detail = (await t.inject({ method: 'GET', url: `/api/files/${current.id}`, headers: executive.headers })).json()
    expect(detail.earlierVersions.map((file: { sha256: string }) => file.sha256)).toEqual([sha256(first)])
  })

  it('lets only its uploader continue an upload; members cannot start one', async () => {
    const created = await tus.create(100, { filename: 'mine.txt' })
    const other = tusClient(baseURL, (await t.as('executive')).headers)
    expect((await other.head(created.location!)).status).toBe(404)
    expect((await other.patch(created.location!, 0, Buffer.alloc(100, 65))).status).toBe(404)
    const member = tusClient(baseURL, (await t.as('member')).headers)
    expect((await member.create(100, { filename: 'x.txt' })).status).toBe(403)
    expect((await tusClient(baseURL, {}).create(100, { filename: 'x.txt' })).status).toBe(401)
  })

  it('refuses a continuation that breaks the protocol with the API’s error shape, and keeps the bytes it has', async () => {
    const bytes = samples.text('A'.repeat(1000) + '\n')
    const created = await tus.create(bytes.length, { filename: 'protocol.txt' })
    expect((await tus.patch(created.location!, 0, bytes.subarray(0, 400))).offset).toBe(400)
    const send = (headers: Record<string, string>, body: Buffer) =>
      fetch(`${baseURL}${created.location}`, { method: 'PATCH', headers: { ...executive.headers, ...headers }, body: new Uint8Array(body) })
    const octets = { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' }
    const refusals: Array<[Record<string, string>, Buffer, number, string]> = [
      // The client thinks it is elsewhere: it must ask (HEAD) first.
      [{ ...octets, 'upload-offset': '300' }, bytes.subarray(300, 500), 409, 'CONFLICT'],
      [{ ...octets, 'upload-offset': '500' }, bytes.subarray(500, 600), 409, 'CONFLICT'],
      // More bytes than the upload declared.
      [{ ...octets, 'upload-offset': '400' }, Buffer.alloc(bytes.length, 65), 413, 'FILE_TOO_LARGE'],
      [{ ...octets, 'upload-offset': 'soon' }, bytes.subarray(400, 500), 400, 'VALIDATION_FAILED'],
      [{ ...octets }, bytes.subarray(400, 500), 400, 'VALIDATION_FAILED'],
      [{ 'content-type': 'application/offset+octet-stream', 'upload-offset': '400' }, bytes.subarray(400, 500), 412, 'VALIDATION_FAILED'],
    ]
    for (const [headers, body, status, code] of refusals) {
      const response = await send(headers, body)
      expect(response.status).toBe(status)
      expect(errorOf(await response.text()).code).toBe(code)
    }
    expect((await tus.head(created.location!)).offset).toBe(400)
    const rest = await tus.patch(created.location!, 400, bytes.subarray(400))
    expect(rest).toMatchObject({ status: 204, offset: bytes.length })
    expect((await list('?q=protocol.txt')).items).toEqual([expect.objectContaining({ sha256: sha256(bytes), size: bytes.length })])
    // A complete upload is a stored file: no later PATCH, at any offset.
    for (const [offset, body] of [[bytes.length, Buffer.alloc(0)], [0, bytes]] as const) {
      const later = await send({ ...octets, 'upload-offset': String(offset) }, body)
      expect(later.status).toBe(409)
      expect(errorOf(await later.text()).code).toBe('CONFLICT')
    }
  })

  it('refuses parallel uploads (Upload-Concat) with a 4xx in the API’s error shape, and another tus version with 412', async () => {
    const tusHeaders = { ...executive.headers, 'tus-resumable': '1.0.0' }
    for (const concat of ['partial', 'final;/api/files/uploads/a /api/files/uploads/b']) {
      const response = await fetch(`${baseURL}/api/files/uploads`, { method: 'POST', headers: { ...tusHeaders, 'upload-concat': concat, 'upload-length': '10', 'upload-metadata': 'filename eC50eHQ=' } })
      expect(response.status, concat).toBe(400)
      expect(errorOf(await response.text())).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('one upload') })
    }

    const bytes = samples.text('Version check\n')
    const created = await tus.create(bytes.length, { filename: 'version.txt' })
    const old = { ...executive.headers, 'tus-resumable': '0.2.2' }
    const asked = [
      fetch(`${baseURL}/api/files/uploads`, { method: 'POST', headers: { ...old, 'upload-length': '10', 'upload-metadata': 'filename eC50eHQ=' } }),
      fetch(`${baseURL}${created.location}`, { method: 'PATCH', headers: { ...old, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(bytes) }),
      fetch(`${baseURL}${created.location}`, { method: 'HEAD', headers: old }),
      fetch(`${baseURL}${created.location}`, { method: 'DELETE', headers: old }),
    ]
    for (const response of await Promise.all(asked)) {
      expect(response.status).toBe(412)
      expect(response.headers.get('tus-version')).toBe('1.0.0')
      const body = await response.text()
      if (body) expect(errorOf(body).code).toBe('VALIDATION_FAILED')
    }
    // Nothing was written or cancelled: the upload goes on in 1.0.0.
    expect((await tus.head(created.location!)).offset).toBe(0)
    expect((await tus.patch(created.location!, 0, bytes)).status).toBe(204)
  })

  it('lets a newer request take over from one left hanging (a phone that changed networks)', async () => {
    const bytes = samples.wav(2)
    const created = await tus.create(bytes.length, { filename: 'switched.wav' })
    // The first request sends 10 000 bytes, then its connection goes silent without closing.
    const silent = new AbortController()
    const hanging = fetch(`${baseURL}${created.location}`, {
      method: 'PATCH',
      headers: { ...executive.headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new Uint8Array(bytes.subarray(0, 10_000)))
        },
      }),
      signal: silent.signal,
      duplex: 'half',
    } as RequestInit).catch(() => undefined)
    // (The store is watched directly: a HEAD, as a client sends it, would itself stop the request.)
    const id = created.location!.split('/').pop()!
    for (let i = 0; i < 100 && (await t.services.uploads.datastore.getUpload(id)).offset < 10_000; i += 1) await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await tus.head(created.location!)).offset).toBe(10_000)
    // The client, on its new network, goes on from there: the hanging request stops where it is.
    const rest = await tus.patch(created.location!, 10_000, bytes.subarray(10_000))
    expect(rest).toMatchObject({ status: 204, offset: bytes.length })
    silent.abort()
    await hanging
    expect((await list('?q=switched.wav')).items).toEqual([expect.objectContaining({ sha256: sha256(bytes), size: bytes.length })])
  })

  it('stores an upload whose last bytes arrived just before the process died, when its client asks where it stands', async () => {
    const bytes = samples.png()
    const created = await tus.create(bytes.length, { filename: 'late.png' })
    const id = created.location!.split('/').pop()!
    // The bytes reach the disk, but the process dies before it writes the row: no answer, no file.
    const { Readable } = await import('node:stream')
    await t.services.uploads.datastore.write(Readable.from([bytes]), id, 0)
    expect((await list('?q=late.png')).total).toBe(0)
    const where = await tus.head(created.location!)
    expect(where.offset).toBe(bytes.length)
    expect((await list('?q=late.png')).items).toEqual([expect.objectContaining({ name: 'late.png', sha256: sha256(bytes) })])
  })

  it('removes a row whose bytes never reached storage, and makes the file it replaced current again', async () => {
    const old = samples.text('the old programme\n')
    expect((await tus.upload(old, { filename: 'programme.txt' })).status).toBe(204)
    const previous = (await list('?q=programme.txt')).items[0]!
    // The first half of storing ran; the process died before the bytes were in storage.
    const row = await t.services.files.beginStore({
      storageKey: 'c0ffee00c0ffee00c0ffee00c0ffee00',
      folderId: null,
      name: 'programme.txt',
      description: '',
      visibility: 'members',
      onClash: 'replace',
      size: 10,
      type: 'text/plain',
      sha256: 'x'.repeat(64),
      uploadedBy: executive.user.id,
    })
    expect(row.status).toBe('storing')
    expect((await list('?q=programme.txt')).total).toBe(0)
    t.clock.advance(61 * 60 * 1000)
    await t.services.jobs.runDue()
    expect(await t.db.select().from(files).where(eq(files.id, row.id))).toEqual([])
    const signedIn = await t.signIn(executive.user.email, executive.user.password)
    const response = await t.inject({ method: 'GET', url: '/api/files?q=programme.txt', headers: { authorization: `Bearer ${signedIn.access_token}` } })
    expect(response.json().items.map((file: { id: string }) => file.id)).toEqual([previous.id])
    executive = { ...executive, token: signedIn.access_token, headers: { authorization: `Bearer ${signedIn.access_token}` } }
    tus = tusClient(baseURL, executive.headers)
  })

  it('deletes an abandoned partial upload a day after it started', async () => {
    const created = await tus.create(1000, { filename: 'abandoned.txt' })
    await tus.patch(created.location!, 0, Buffer.alloc(400, 65))
    const id = created.location!.split('/').pop()!
    const dir = `${(t.services.uploads.datastore as unknown as { directory: string }).directory}`
    expect(await readdir(dir)).toContain(id)
    t.clock.advance(23 * 60 * 60 * 1000)
    await t.services.jobs.runDue()
    expect(await readdir(dir)).toContain(id)
    t.clock.advance(2 * 60 * 60 * 1000)
    await t.services.jobs.runDue()
    expect((await readdir(dir)).filter((name) => name.startsWith(id))).toEqual([])
    // A day later the session has ended: sign in again to ask.
    const signedIn = await t.signIn(executive.user.email, executive.user.password)
    const again = tusClient(baseURL, { authorization: `Bearer ${signedIn.access_token}` })
    expect((await again.head(created.location!)).status).toBe(404)
    const due = await t.db.select().from(jobs).where(eq(jobs.kind, 'files.upload-expire'))
    expect(due.every((job) => job.doneAt || job.runAt > t.clock.now())).toBe(true)
  })
})
