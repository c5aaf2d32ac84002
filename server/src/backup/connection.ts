import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { lockDataDir } from '../db/data-dir-lock'
import { PGLITE_START_PARAMS, type Database } from '../db/client'

/**
 * One plain connection for a backup or a restore, the same calls on both engines: a backup
 * reads every table in one transaction on it, a restore writes everything in one transaction.
 * (The app's `Database` hands out a pool and Drizzle; here one session must hold the snapshot.)
 */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>

export interface SqlConnection {
  kind: 'pglite' | 'postgres'
  query: Query
  /**
   * Runs `work` in one transaction (`characteristics` as in SET TRANSACTION, e.g. `isolation
   * level repeatable read, read only`): committed when it resolves, rolled back when it throws.
   */
  transaction<T>(characteristics: string | null, work: (query: Query) => Promise<T>): Promise<T>
  close(): Promise<void>
}

function pgConnection(client: pg.ClientBase, close: () => Promise<void>): SqlConnection {
  const query: Query = async <T,>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[]
  return {
    kind: 'postgres',
    query,
    async transaction(characteristics, work) {
      await client.query(characteristics ? `begin transaction ${characteristics}` : 'begin')
      try {
        const result = await work(query)
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      }
    },
    close,
  }
}

function pgliteConnection(client: PGlite, close: () => Promise<void>): SqlConnection {
  return {
    kind: 'pglite',
    query: async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    // PGlite's own transaction holds its one connection: another caller's queries wait rather than land inside it.
    transaction: (characteristics, work) =>
      client.transaction(async (tx) => {
        if (characteristics) await tx.query(`set transaction ${characteristics}`)
        return work(async <T,>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows)
      }),
    close,
  }
}

export async function connectPostgres(url: string): Promise<SqlConnection> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return pgConnection(client, () => client.end())
}

/** The PGlite directory, holding its lock (data-dir-lock.ts) until closed: throws DataDirInUseError while a server has it. */
export async function connectPglite(dir: string): Promise<SqlConnection> {
  const lock = lockDataDir(dir)
  try {
    const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS })
    return pgliteConnection(client, async () => {
      await client.close()
      lock.release()
    })
  } catch (error) {
    lock.release()
    throw error
  }
}

/** A connection of an open Database (a running server's, a test's); closing it gives it back, the database stays open. */
export async function connectionOf(database: Database): Promise<SqlConnection> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client
  if (database.kind === 'pglite') return pgliteConnection(client as PGlite, async () => undefined)
  const pooled = await (client as pg.Pool).connect()
  return pgConnection(pooled, async () => pooled.release())
}

/** The tables of the app (schema `public`), by name. */
export async function appTables(connection: { query: Query }) {
  const rows = await connection.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  return rows.map((row) => row.name)
}

/** `"name"`, quoted as an SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The last migration applied (drizzle's own table), or null on a database never migrated. */
export async function lastMigration(connection: { query: Query }) {
  const [table] = await connection.query<{ name: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as name`)
  if (!table?.name) return null
  const [row] = await connection.query<{ hash: string; created_at: string }>('select hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1')
  return row ? { hash: row.hash, when: Number(row.created_at) } : null
}
