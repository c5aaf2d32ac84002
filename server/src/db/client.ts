import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import * as schema from './schema'
import { lockDataDir } from './data-dir-lock'
import { migrationsFolder } from '../paths'
import { knownMigrations, refuseNewerDatabase } from './migration-level'

export type Schema = typeof schema
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The PostgreSQL server's URL (for connections of their own, such as LISTEN); none on PGlite. */
  url?: string
  /**
   * Applies pending migrations from server/drizzle (idempotent); refuses a database migrated by
   * a newer version (DatabaseNewerError). `folder`: another set of migrations (the upgrade tests
   * stop at each earlier one).
   */
  migrate(folder?: string): Promise<void>
  ping(): Promise<boolean>
  close(): Promise<void>
}


/**
 * How PGlite starts: its own defaults plus a 16 MB buffer cache instead of PostgreSQL's 128 MB.
 * The WebAssembly build zeroes its whole "shared memory" at start, so every megabyte of
 * shared_buffers is resident from the first second: 128 MB made the idle server 452 MB, 16 MB
 * takes about 110 MB off (decision 043). A club's working set (this term's bookings, bands,
 * lives) fits many times over; a page not cached is a read from the OS's file cache.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/**
 * PGlite (Postgres compiled to WASM) persisted in `dataDir` when no URL is given — the
 * zero-setup default — or a PostgreSQL server through `pg` when it is. `dataDir` may be
 * `memory://` for a throwaway database.
 */
export async function openDatabase(options: {
  url?: string
  dataDir: string
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('PostgreSQL pool error', error))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      url: options.url,
      migrate: async (folder = migrationsFolder) => {
        await refuseNewerDatabase(db, knownMigrations(folder))
        await migratePg(drizzlePg(pool), { migrationsFolder: folder })
      },
      ping: () => ping(db),
      close: () => pool.end(),
    }
  }
  if (options.dataDir.startsWith('memory://')) return pgliteDatabase(await PGlite.create(options.dataDir, { startParams: PGLITE_START_PARAMS }))
  // A directory on disk belongs to one process at a time (see data-dir-lock.ts).
  const lock = lockDataDir(options.dataDir)
  try {
    const client = await PGlite.create(options.dataDir, { startParams: PGLITE_START_PARAMS })
    return pgliteDatabase(client, {
      close: async () => {
        await client.close()
        lock.release()
      },
    })
  } catch (error) {
    lock.release()
    throw error
  }
}

/** A Database over an open PGlite; `close` replaces closing it (the tests keep theirs for the next file). */
export function pgliteDatabase(client: PGlite, { close = () => client.close() }: { close?: () => Promise<void> } = {}): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: async (folder = migrationsFolder) => {
      await refuseNewerDatabase(db, knownMigrations(folder))
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder })
    },
    ping: () => ping(db),
    close,
  }
}

async function ping(db: Db) {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
