import { afterAll, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../../server/src/db/client'
import { knownMigrations } from '../../../server/src/db/migration-level'
import { rowsOf } from '../../../server/src/db/rows'
import { freePort, runServerScript, waitForHealth } from '../../support/server-process'
import { createScratchPostgres, migratedPgliteDataDir } from '../support/test-database'

// A real server process, as `npm start` runs it, on a database a newer Bandroom has migrated.
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** A migrated database of its own (a PGlite directory, or a PostgreSQL database), and the env a server process needs for it. */
async function ownDatabase(): Promise<{ open: () => Promise<Database>; env: Record<string, string> }> {
  if (process.env.TEST_DATABASE_KIND === 'postgres') {
    const scratch = await createScratchPostgres('bandroom_newer')
    cleanups.push(scratch.drop)
    return { open: () => openDatabase({ url: scratch.url, dataDir: 'unused' }), env: { DATABASE_URL: scratch.url } }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bandroom-newer-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  await migratedPgliteDataDir(dataDir)
  return { open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }), env: { DATA_DIR: dataDir, DATABASE_URL: '' } }
}

const migrationsIn = async (database: Database) => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n

it('refuses to start on a database a newer version has migrated, saying so, and leaves it as it was', async () => {
  const { open, env } = await ownDatabase()
  const database = await open()
  await database.migrate()
  const last = knownMigrations().at(-1)!
  // What a newer version leaves: one more migration, generated after this code's last.
  await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${last.when + 86_400_000})`)
  const before = await migrationsIn(database)
  await database.close()

  const port = await freePort()
  const server = runServerScript('main', { ...env, PORT: String(port) })
  cleanups.push(() => void server.child.kill('SIGKILL'))
  // A server that starts anyway fails here at once rather than at the test's timeout.
  const started = waitForHealth(`http://127.0.0.1:${port}`, server).then(() => 'serving', () => 'not serving')
  expect(await Promise.race([server.exited, started])).toBe(1)
  expect(server.output()).toContain('Bandroom could not start: this database was upgraded by a newer version of Bandroom')
  expect(server.output()).toContain(`this version knows changes up to ${last.tag}`)

  const reopened = await open()
  expect(await migrationsIn(reopened)).toBe(before)
  await reopened.close()
})
