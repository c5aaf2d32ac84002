import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { openDatabase, type Database } from '../../../server/src/db/client'

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped on close), so files never see each other.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE_KIND !== 'postgres') {
    const database = await openDatabase({ dataDir: 'memory://' })
    await database.migrate()
    return database
  }
  const serverUrl = new URL(process.env.TEST_DATABASE_URL!)
  const name = `bandroom_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl.toString() })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), dataDir: 'unused' })
  await database.migrate()
  return {
    ...database,
    async close() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: serverUrl.toString() })
      await cleanup.connect()
      await cleanup.query(`drop database if exists "${name}" with (force)`)
      await cleanup.end()
    },
  }
}
