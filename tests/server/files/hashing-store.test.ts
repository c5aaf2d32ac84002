import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { ERRORS, Upload } from '@tus/server'
import { HashingFileStore } from '../../../server/src/files/uploads'
import { sha256 } from './support'

// The SHA-256 is computed while the bytes stream in (decision 024), by the hasher's thread
// reading the file as far as it is written; these check that it is always the file's.
const dir = mkdtempSync(path.join(tmpdir(), 'bandroom-hashing-'))
const stores: HashingFileStore[] = []
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()))
  rmSync(dir, { recursive: true, force: true })
})
const newStore = () => {
  const store = new HashingFileStore({ directory: dir })
  stores.push(store)
  return store
}

async function created(store: HashingFileStore, size: number) {
  const upload = new Upload({ id: crypto.randomUUID().replace(/-/g, ''), size, offset: 0 })
  await store.create(upload)
  return upload.id
}

describe('the hashing file store', () => {
  const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251))
  /** A body whose connection breaks after its first `length` bytes. */
  const cutAfter = (length: number) =>
    new Readable({
      read() {
        this.push(bytes.subarray(0, length))
        this.destroy(new Error('connection reset'))
      },
    })

  it('hashes an upload written in order, over several writes', async () => {
    const store = newStore()
    const id = await created(store, bytes.length)
    let offset = 0
    for (const part of [bytes.subarray(0, 100_000), bytes.subarray(100_000, 250_000), bytes.subarray(250_000)]) {
      offset = await store.write(Readable.from([part]), id, offset)
    }
    expect(offset).toBe(bytes.length)
    expect(await store.digest(id, bytes.length)).toBe(sha256(bytes))
  })

  it('hashes an upload continued after a restart from its whole file', async () => {
    const first = newStore()
    const id = await created(first, bytes.length)
    const half = await first.write(Readable.from([bytes.subarray(0, 150_000)]), id, 0)
    const restarted = newStore()
    await restarted.write(Readable.from([bytes.subarray(half)]), id, half)
    expect(await restarted.digest(id, bytes.length)).toBe(sha256(bytes))
  })

  it('hashes what is in the file when another process wrote part of it, and never answers for fewer bytes than asked', async () => {
    const store = newStore()
    const id = await created(store, bytes.length)
    await store.write(Readable.from([bytes.subarray(0, 100_000)]), id, 0)
    // Another process wrote 100 000–200 000; this one sees the next write at 200 000.
    const other = newStore()
    await other.write(Readable.from([bytes.subarray(100_000, 200_000)]), id, 100_000)
    await store.write(Readable.from([bytes.subarray(200_000)]), id, 200_000)
    expect(await store.digest(id, bytes.length)).toBe(sha256(bytes))
    const short = await created(store, bytes.length)
    await store.write(Readable.from([bytes.subarray(0, 1000)]), short, 0)
    expect(await store.digest(short, bytes.length)).toBeNull()
  })

  it('keeps the bytes and the hash right when a write arrives in many small network chunks', async () => {
    const store = newStore()
    const id = await created(store, bytes.length)
    const pieces = Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) => bytes.subarray(i * 1000, (i + 1) * 1000))
    expect(await store.write(Readable.from(pieces), id, 0)).toBe(bytes.length)
    expect(readFileSync(path.join(dir, id)).equals(bytes)).toBe(true)
    expect(await store.digest(id, bytes.length)).toBe(sha256(bytes))
  })

  it('fails a write whose connection breaks with tus’s write error, keeping what came', async () => {
    const store = newStore()
    const id = await created(store, bytes.length)
    const broken = cutAfter(50_000)
    await expect(store.write(broken, id, 0)).rejects.toBe(ERRORS.FILE_WRITE_ERROR)
    expect(await store.digest(id, bytes.length)).toBeNull()
    expect(await store.digest(id, 50_000)).toBe(sha256(bytes.subarray(0, 50_000)))
  })

  it('keeps what came of a body cut short, says so, and hashes it', async () => {
    const store = newStore()
    const id = await created(store, bytes.length)
    const broken = cutAfter(50_000)
    expect(await store.writeBody(broken, id, 0)).toEqual({ written: 50_000, whole: false, tooLarge: false })
    expect(readFileSync(path.join(dir, id)).subarray(0, 50_000).equals(bytes.subarray(0, 50_000))).toBe(true)
    expect(await store.digest(id, 50_000)).toBe(sha256(bytes.subarray(0, 50_000)))
  })

  it('writes nothing past its limit and says the body was too large', async () => {
    const store = newStore()
    const id = await created(store, 1000)
    const result = await store.writeBody(Readable.from([bytes.subarray(0, 600), bytes.subarray(600, 1200)]), id, 0, { limit: 1000 })
    expect(result).toEqual({ written: 600, whole: false, tooLarge: true })
    expect((await store.getUpload(id)).offset).toBe(600)
    expect(await store.digest(id, 1000)).toBeNull()
  })

  it('stops where it is when asked (a newer request for the same upload), keeping what it wrote', async () => {
    const store = newStore()
    const id = await created(store, bytes.length)
    const stop = new AbortController()
    const body = new PassThrough()
    const writing = store.writeBody(body, id, 0, { stop: stop.signal })
    body.write(bytes.subarray(0, 50_000))
    body.write(bytes.subarray(50_000, 100_000))
    await new Promise((resolve) => setTimeout(resolve, 50))
    stop.abort()
    body.write(bytes.subarray(100_000, 150_000))
    expect(await writing).toEqual({ written: 100_000, whole: false, tooLarge: false })
    expect((await store.getUpload(id)).offset).toBe(100_000)
    expect(await store.digest(id, 100_000)).toBe(sha256(bytes.subarray(0, 100_000)))
  })

  it('writes nothing and never waits for a body that went away before it was read', async () => {
    const store = newStore()
    const id = await created(store, 1000)
    const gone = new PassThrough()
    gone.destroy()
    await new Promise((resolve) => setImmediate(resolve))
    expect(await store.writeBody(gone, id, 0)).toEqual({ written: 0, whole: false, tooLarge: false })
  })

  it('never writes outside its folder', async () => {
    const store = newStore()
    await created(store, 10)
    await expect(store.write(Readable.from([bytes.subarray(0, 10)]), '../escape', 0)).rejects.toBe(ERRORS.FILE_NOT_FOUND)
  })
})
