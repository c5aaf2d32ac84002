import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '../../../server/src/db/client'

const migrationsFolder = path.resolve(import.meta.dirname, '../../../server/drizzle')

/**
 * A migrated PGlite data directory, dumped once and shared by every test file (of every run
 * with the same migrations): loading it takes ~0.5 s where initdb and the migrations take ~3 s.
 * Keyed by the migrations' content, written atomically, so parallel workers may race safely.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256')
  for (const file of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())) {
    const full = path.join(file.parentPath, file.name)
    hash.update(path.relative(migrationsFolder, full)).update(readFileSync(full))
  }
  const file = path.join(tmpdir(), `bandroom-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`)
  if (!existsSync(file)) {
    const fresh = await PGlite.create('memory://')
    await migrate(drizzle(fresh), { migrationsFolder })
    const dump = await fresh.dumpDataDir('none')
    await fresh.close()
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  }
  return new Blob([readFileSync(file)])
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped on close), so files never see each other.
 * On PostgreSQL `url` names it, for a test that needs a second pool on the same database.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE_KIND !== 'postgres') {
    const database = await openDatabase({ dataDir: 'memory://', template: await pgliteTemplate() })
    // A no-op on an up-to-date template; it keeps a stale one honest.
    await database.migrate()
    return database
  }
  const scratch = await createScratchPostgres('bandroom_test')
  const database = await openDatabase({ url: scratch.url, dataDir: 'unused' })
  await database.migrate()
  return {
    ...database,
    async close() {
      await database.close()
      await scratch.drop()
    },
  }
}

/**
 * A new, empty database on the PostgreSQL server of TEST_DATABASE_URL (each test file's own,
 * and those of tests that start server processes): its URL, and `drop()`.
 */
export async function createScratchPostgres(prefix: string) {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL!)
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl.toString() })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl.toString() })
      await cleanup.connect()
      await cleanup.query(`drop database if exists "${name}" with (force)`)
      await cleanup.end()
    },
  }
}
