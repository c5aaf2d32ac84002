import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { pgliteDatabase, type Database } from '../../../server/src/db/client'
import { rowsOf } from '../../../server/src/db/rows'
import { migrationsFolder } from '../../../server/src/paths'
import { scratchPostgresDatabase } from './test-database'

/**
 * The migrations folder up to and including `last` (its tag, or its index in the journal), as
 * it was before the later ones: `Database.migrate(folder)` stops a database there. `remove()`
 * deletes the copy.
 */
export function migrationsUpTo(last: string | number) {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> }
  const index = typeof last === 'number' ? last : journal.entries.findIndex((entry) => entry.tag === last)
  if (index < 0 || index >= journal.entries.length) throw new Error(`No migration ${last}`)
  const folder = mkdtempSync(path.join(tmpdir(), 'bandroom-migrations-'))
  mkdirSync(path.join(folder, 'meta'))
  const entries = journal.entries.slice(0, index + 1)
  for (const entry of entries) cpSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }))
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) }
}

/** A new, empty database of the suite's kind (an in-memory PGlite, or a PostgreSQL database dropped on close). */
export async function emptyDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE_KIND !== 'postgres') return pgliteDatabase(await PGlite.create())
  return scratchPostgresDatabase('bandroom_migration')
}

/** The rows `text` selects, as plain objects. */
export async function queryRows<T = Record<string, unknown>>(database: Database, text: string) {
  return rowsOf<T>(await database.db.execute(sql.raw(text)))
}
