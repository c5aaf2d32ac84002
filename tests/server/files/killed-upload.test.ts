import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer, type ServerProcess } from '../../support/server-process'
import { createScratchPostgres, migratedPgliteDataDir } from '../support/test-database'
import { sha256, samples, tusClient } from './support'

/**
 * A real server process killed (SIGKILL: no goodbye, no clean-up) while an upload streams in,
 * then started again on the same data: the upload continues where the disk says it stopped,
 * nothing is listed before its bytes are complete, and in the end every stored file has its
 * row and every row its bytes.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'bandroom-files-killed-'))
const servers: ServerProcess[] = []
const cleanups: Array<() => Promise<void>> = []
let env: Record<string, string>
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL')
  await Promise.all(servers.map((server) => server.exited))
  for (const cleanup of cleanups) await cleanup()
  rmSync(dataDir, { recursive: true, force: true })
})

const ADMIN = { email: 'files-admin@example.ac.jp', password: 'a long admin password 42' }

beforeAll(async () => {
  env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: 'files-killed-test-secret-that-is-long-enough-0123' }
  if (process.env.TEST_DATABASE_KIND === 'postgres') {
    const scratch = await createScratchPostgres('bandroom_files_killed')
    cleanups.push(scratch.drop)
    env.DATABASE_URL = scratch.url
  } else {
    env.DATABASE_URL = ''
    await migratedPgliteDataDir(dataDir)
  }
})

async function signIn(baseURL: string) {
  const response = await fetch(`${baseURL}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  const { access_token } = (await response.json()) as { access_token: string }
  return { authorization: `Bearer ${access_token}` }
}

describe('a server killed in the middle of an upload', () => {
  it('leaves no row without bytes and no bytes without a row, and the upload resumes to the right checksum', async () => {
    const first = await startServer(env)
    servers.push(first)
    const bytes = samples.wav(240) // 3.8 MB
    let tus = tusClient(first.baseURL, await signIn(first.baseURL))
    const created = await tus.create(bytes.length, { filename: 'Whole rehearsal.wav' })
    expect(created.status).toBe(201)
    const quarter = Math.floor(bytes.length / 4)
    expect((await tus.patch(created.location!, 0, bytes.subarray(0, quarter))).offset).toBe(quarter)

    // The next chunk trickles in; the process is killed while it does.
    const headers = await signIn(first.baseURL)
    let sent = 0
    const trickle = new ReadableStream<Uint8Array>({
      async pull(stream) {
        if (sent >= quarter) return stream.close()
        stream.enqueue(bytes.subarray(quarter + sent, quarter + sent + 64 * 1024))
        sent += 64 * 1024
        await new Promise((resolve) => setTimeout(resolve, 20))
      },
    })
    const inFlight = fetch(`${first.baseURL}${created.location}`, {
      method: 'PATCH',
      headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': String(quarter), 'content-type': 'application/offset+octet-stream' },
      body: trickle,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error)
    await expect.poll(() => sent, { timeout: 10_000 }).toBeGreaterThan(256 * 1024)
    first.child.kill('SIGKILL')
    await first.exited
    await inFlight

    const second = await startServer(env)
    servers.push(second)
    const auth = await signIn(second.baseURL)
    tus = tusClient(second.baseURL, auth)
    const list = async () => (await (await fetch(`${second.baseURL}/api/files`, { headers: auth })).json()) as { items: Array<{ name: string; sha256: string; size: number }>; total: number }
    expect((await list()).total).toBe(0)
    const where = await tus.head(created.location!)
    expect(where.status).toBe(200)
    expect(where.offset).toBeGreaterThanOrEqual(quarter)
    expect(where.offset).toBeLessThan(bytes.length)
    const rest = await tus.patch(created.location!, where.offset, bytes.subarray(where.offset))
    expect(rest.status).toBe(204)
    const { items } = await list()
    expect(items).toEqual([expect.objectContaining({ name: 'Whole rehearsal.wav', size: bytes.length, sha256: sha256(bytes) })])
    // The one stored file is the one row's bytes.
    expect(readdirSync(path.join(dataDir, 'files', 'store'))).toEqual([created.location!.split('/').pop()])
  }, 120_000)
})
