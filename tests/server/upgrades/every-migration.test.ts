import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../../server/src/db/client'
import { knownMigrations } from '../../../server/src/db/migration-level'
import { rowsOf } from '../../../server/src/db/rows'
import { loadDemoClub } from '../../../server/src/demo/demo-club'
import { createTestDatabase } from '../support/test-database'
import { emptyDatabase, migrationsUpTo } from '../support/migrations'
import { pick, runSeed, seeded } from '../../support/seeded'

/**
 * An upgrade keeps a club's data: for every earlier migration, a database stopped there holds
 * the demo club's rows (each table that existed then, with the columns it had), is migrated to
 * the newest, and still holds every one of them, value for value.
 *
 * Each level costs 3–6 s, so a run takes the one before the newest (the upgrade clubs make
 * next) and one other level a new seed picks (`UPGRADE_SEED=…` replays it); `npm run
 * test:upgrades` (UPGRADES=all) takes every level.
 */

const known = knownMigrations()
const seed = runSeed('UPGRADE_SEED')
const earlier = known.slice(0, -1).map((migration, index) => [migration.tag, index] as const)
const levels = process.env.UPGRADES === 'all' ? earlier : [...pick(earlier.slice(0, -1), 1, seeded(seed)), ...earlier.slice(-1)]
let newest: Database
/** The demo club at the newest level: each table's rows as JSON objects. */
let demo: Map<string, Array<Record<string, unknown>>>

beforeAll(async () => {
  newest = await createTestDatabase()
  await loadDemoClub(newest.db, { now: new Date('2026-11-23T10:00:00+09:00') })
  demo = new Map()
  for (const table of await tablesOf(newest)) demo.set(table, await rowsIn(newest, table))
}, 120_000)

afterAll(async () => {
  await newest?.close()
})

async function tablesOf(database: Database) {
  const rows = rowsOf<{ tablename: string }>(await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`))
  return rows.map((row) => row.tablename)
}

async function columnsOf(database: Database, table: string) {
  const rows = rowsOf<{ column_name: string }>(await database.db.execute(sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`))
  return rows.map((row) => row.column_name)
}

/** Every row of `table` as JSON (only `columns` when given), in a stable order. */
async function rowsIn(database: Database, table: string, columns?: string[]) {
  const picked = columns ? columns.map((column) => `'${column}', t."${column}"`).join(', ') : null
  const select = picked ? `json_build_object(${picked})` : 'row_to_json(t)'
  const rows = rowsOf<{ row: Record<string, unknown> }>(await database.db.execute(sql.raw(`select ${select} as row from "${table}" t`)))
  return rows.map((row) => row.row).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
}

it.each(levels)('keeps every row of a club stopped at %s through the upgrade to the newest', async (_, level) => {
  const database = await emptyDatabase()
  const stopped = migrationsUpTo(level)
  try {
    await database.migrate(stopped.folder)
    // The demo's rows as that version's tables held them: the tables and columns it had.
    const before = new Map<string, { columns: string[]; rows: Array<Record<string, unknown>> }>()
    const tables = new Map<string, string[]>()
    for (const table of await tablesOf(database)) tables.set(table, await columnsOf(database, table))
    // (PGlite has one connection: nothing outside the transaction may run while it is open.)
    await database.db.transaction(async (tx) => {
      // Foreign keys are not checked while the rows go in, in whatever order the tables come.
      await tx.execute(sql`set local session_replication_role = replica`)
      for (const [table, columns] of tables) {
        const rows = demo.get(table) ?? []
        const present = columns.filter((column) => rows[0] && column in rows[0])
        if (!rows.length || !present.length) continue
        const list = present.map((column) => `"${column}"`).join(', ')
        await tx.execute(sql.raw(`insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", '${JSON.stringify(rows).replaceAll("'", "''")}')`))
      }
    })
    for (const [table, columns] of tables) before.set(table, { columns, rows: await rowsIn(database, table, columns) })
    expect([...before.values()].some((table) => table.rows.length > 0)).toBe(true)

    await database.migrate()

    const after = new Set(await tablesOf(database))
    for (const [table, { columns, rows }] of before) {
      expect(after.has(table), `${table} is still there`).toBe(true)
      expect(await rowsIn(database, table, columns), `${table}'s rows (UPGRADE_SEED=${seed} runs this level again)`).toEqual(rows)
    }
  } finally {
    await database.close()
    stopped.remove()
  }
}, 120_000)
