import { afterAll, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runServerScript, startServer } from '../support/server-process'
import { createScratchPostgres, migratedPgliteDataDir } from './support/test-database'

// Real processes, as `npm start` and `npm run demo` run them, on one data directory.
const dataDir = mkdtempSync(path.join(tmpdir(), 'bandroom-lock-'))
const started: Array<Awaited<ReturnType<typeof startServer>>> = []
const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const server of started) server.child.kill('SIGKILL')
  await Promise.all(started.map((server) => server.exited))
  for (const cleanup of cleanups) await cleanup()
  rmSync(dataDir, { recursive: true, force: true })
})

async function start(env: Record<string, string> = {}) {
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', ...env })
  started.push(server)
  return server
}

const healthOf = async (baseURL: string) => (await fetch(`${baseURL}/api/health`)).status

if (process.env.TEST_DATABASE_KIND !== 'postgres') {
  it('refuses a second server and the demo on a PGlite directory in use, and takes over the lock of a killed server', async () => {
    await migratedPgliteDataDir(dataDir)
    const first = await start()
    const pid = first.child.pid!

    const second = runServerScript('main', { DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(`The data directory ${path.join(dataDir, 'pglite')} is in use by another Bandroom process (pid ${pid}).`)

    const demo = runServerScript('load-demo', { DATA_DIR: dataDir, DATABASE_URL: '' })
    expect(await demo.exited).toBe(1)
    expect(demo.output()).toContain('The demo was not loaded: The data directory')

    // The first server never noticed and its database is whole.
    expect(await healthOf(first.baseURL)).toBe(200)

    // Killed without a chance to clean up, it leaves its lock file behind: the next start takes it over.
    first.child.kill('SIGKILL')
    await first.exited
    const third = await start()
    expect(await healthOf(third.baseURL)).toBe(200)
  }, 120_000)
} else {
  it('lets several servers share one PostgreSQL database: the directory lock is for PGlite only', async () => {
    const scratch = await createScratchPostgres('bandroom_lock')
    cleanups.push(scratch.drop)
    const url = new URL(scratch.url)

    const [one, two] = [await start({ DATABASE_URL: url.toString() }), await start({ DATABASE_URL: url.toString() })]
    expect([await healthOf(one!.baseURL), await healthOf(two!.baseURL)]).toEqual([200, 200])
  }, 120_000)
}
