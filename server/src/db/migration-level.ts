import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from './client'
import { rowsOf } from './rows'
import { migrationsFolder } from '../paths'

/** A migration this code knows, from drizzle-kit's journal (server/drizzle/meta/_journal.json). */
export interface KnownMigration {
  tag: string
  /** drizzle's `created_at` for it: the time the migration was generated, in ms. */
  when: number
}

export function knownMigrations(folder = migrationsFolder): KnownMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: KnownMigration[] }
  return journal.entries.map(({ tag, when }) => ({ tag, when }))
}

/** The database was migrated by a newer Bandroom than this one: its code would not match the tables. */
export class DatabaseNewerError extends Error {
  constructor(
    readonly applied: { count: number; newest: Date },
    readonly known: KnownMigration,
  ) {
    super(
      `this database was upgraded by a newer version of Bandroom (its newest change is from ${applied.newest.toISOString().slice(0, 10)}, ` +
        `this version knows changes up to ${known.tag}). Start the newer version again, or restore a backup made by this one.`,
    )
    this.name = 'DatabaseNewerError'
  }
}

/**
 * Refuses a database carrying a migration this code does not know (drizzle's migrator would
 * silently skip it and the server would run on tables it does not understand). A database
 * never migrated, or migrated up to or below this code, passes.
 */
export async function refuseNewerDatabase(db: Db, known = knownMigrations()) {
  const exists = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`))
  if (!exists[0]?.present) return
  const [applied] = rowsOf<{ count: number; newest: string | null }>(await db.execute(sql`select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations`))
  const last = known.at(-1)
  if (!applied || applied.newest === null || !last) return
  const newest = Number(applied.newest)
  if (newest > last.when || applied.count > known.length) throw new DatabaseNewerError({ count: applied.count, newest: new Date(newest) }, last)
}
