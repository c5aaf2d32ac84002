import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase, pgliteDatabase, type Database } from '../../../server/src/db/client'

const migrationsFolder = path.resolve(import.meta.dirname, '../../../server/drizzle')

/** A hash of every migration file: a template made from other migrations is never used. */
const migrationsHash = (() => {
  const hash = createHash('sha256')
  for (const file of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())) {
    const full = path.join(file.parentPath, file.name)
    hash.update(path.relative(migrationsFolder, full)).update(readFileSync(full))
  }
  return hash.digest('hex').slice(0, 16)
})()

/**
 * A migrated PGlite data directory, dumped once and shared by every worker (of every run with
 * the same migrations): loading it takes ~1 s where initdb and the migrations take ~3 s.
 * Written to a temporary name and renamed, so parallel workers may race safely.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `bandroom-pglite-template-${migrationsHash}.tar`)
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
 * Fills `<dataDir>/pglite`, the directory a server process started with DATA_DIR opens, with
 * the migrated template: ~1.2 s of CPU where a first start's initdb and migrations take ~4.6 s
 * (measured). For tests that start server processes on PGlite and are not about a first start.
 */
export async function migratedPgliteDataDir(dataDir: string) {
  const client = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: await pgliteTemplate() })
  await client.close()
}

/**
 * The worker's PGlite between test files. Starting a PGlite from the template costs ~1.1 s of
 * CPU (WebAssembly Postgres starting on a 40 MB data directory), 52 files × 1.1 s per run;
 * emptying every table costs ~0.1 s. A file gets it back emptied as a fresh template would be
 * (every table truncated, identities restarted, the session's state discarded), so no file
 * sees another's rows.
 */
let idlePglite: PGlite | undefined
let publicTables: string | undefined

async function emptied(client: PGlite) {
  // A file that ended inside a transaction would leave it open on the one connection.
  await client.exec('rollback').catch(() => undefined)
  await client.exec('discard all')
  publicTables ??= (await client.query<{ name: string }>(`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`)).rows.map((row) => row.name).join(', ')
  await client.exec(`truncate table ${publicTables} restart identity cascade`)
  return client
}

async function pgliteForFile(): Promise<Database> {
  const reused = idlePglite
  idlePglite = undefined
  let client = reused ? await emptied(reused).catch(() => reused.close().then(() => undefined, () => undefined)) : undefined
  if (!client) {
    client = await PGlite.create({ loadDataDir: await pgliteTemplate() })
    // A no-op on an up-to-date template; it keeps a stale one honest.
    await migrate(drizzle(client), { migrationsFolder })
  }
  const used = client
  return pgliteDatabase(used, {
    close: async () => {
      // Kept for the worker's next file; a second database of the same file is closed.
      if (!idlePglite && !used.closed) idlePglite = used
      else await used.close()
    },
  })
}

/**
 * A fresh, migrated database for one test file: the worker's PGlite emptied, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, copied from a migrated template
 * and dropped on close, so files never see each other. On PostgreSQL `url` names it, for a
 * test that needs a second pool on the same database.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE_KIND !== 'postgres') return pgliteForFile()
  return scratchPostgresDatabase('bandroom_test', { template: await postgresTemplate() })
}

/** A new database on the PostgreSQL server of TEST_DATABASE_URL (see createScratchPostgres), open, and dropped on close. */
export async function scratchPostgresDatabase(prefix: string, options: { template?: string } = {}): Promise<Database> {
  const scratch = await createScratchPostgres(prefix, options)
  const database = await openDatabase({ url: scratch.url, dataDir: 'unused' })
  return {
    ...database,
    async close() {
      await database.close()
      await scratch.drop()
    },
  }
}

/**
 * A database on the PostgreSQL server with every migration applied, named by the migrations'
 * hash and made once for every run and worker (under an advisory lock, built under a
 * temporary name and renamed, so a run killed halfway leaves no half-migrated template).
 * Copying it (`CREATE DATABASE … TEMPLATE`) takes ~50 ms where migrating takes ~350 ms.
 */
let templateName: Promise<string> | undefined
function postgresTemplate() {
  return (templateName ??= (async () => {
    const name = `bandroom_template_${migrationsHash}`
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name])
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (exists.rowCount === 0) {
        const building = await createScratchPostgres('bandroom_template_building')
        const database = await openDatabase({ url: building.url, dataDir: 'unused' })
        await database.migrate()
        await database.close()
        await admin.query(`alter database "${new URL(building.url).pathname.slice(1)}" rename to "${name}"`)
      }
      return name
    } finally {
      await admin.end()
    }
  })())
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL (each test file's own, and
 * those of tests that start server processes), empty or a copy of `template`: its URL, and
 * `drop()`.
 */
export async function createScratchPostgres(prefix: string, { template }: { template?: string } = {}) {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL!)
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl.toString() })
  await admin.connect()
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`)
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
