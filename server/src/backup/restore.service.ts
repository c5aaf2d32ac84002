import { createHash } from 'node:crypto'
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs'
import { mkdir, open, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createGunzip } from 'node:zlib'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrationsFolder } from '../paths'
import { appTables, connectPglite, connectPostgres, ident, type SqlConnection } from './connection'
import { knownMigrations, MANIFEST_PATH, manifestSchema, SECRET_PATH, type Manifest } from './manifest'
import { readTar, TarFormatError } from './tar'

/** A restore refused before anything was changed, with the sentence that says why. */
export class RestoreRefused extends Error {}

export type RestoreTarget =
  | { engine: 'pglite'; /** DATA_DIR/pglite */ pgliteDir: string; filesDir: string; /** where to write the secret; null: JWT_SECRET is set */ secretFile: string | null }
  | { engine: 'postgres'; url: string; filesDir: string; secretFile: string | null }

const ROWS_PER_INSERT = 500

/** Whether `dir` holds any file (in it or below it); a missing folder holds none. */
function holdsFiles(dir: string): boolean {
  if (!existsSync(dir)) return false
  if (!statSync(dir).isDirectory()) return true
  return readdirSync(dir, { withFileTypes: true }).some((entry) => !entry.isDirectory() || holdsFiles(path.join(entry.parentPath, entry.name)))
}

const damaged = (archive: string, why: string) =>
  new RestoreRefused(`${archive} is damaged (${why}); nothing was restored. Use another copy of the backup.`)

function archiveEntries(archive: string) {
  return readTar(createReadStream(archive, { highWaterMark: 1 << 20 }).pipe(createGunzip()))
}

/** The archive read through once: every entry's SHA-256 against the manifest's. Throws RestoreRefused when it does not match. */
export async function verifyArchive(archive: string): Promise<Manifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>()
  let manifestText: string | undefined
  try {
    for await (const entry of archiveEntries(archive)) {
      const hash = createHash('sha256')
      const parts: Buffer[] = []
      for await (const chunk of entry.body) {
        hash.update(chunk)
        if (entry.name === MANIFEST_PATH) parts.push(chunk)
      }
      if (seen.has(entry.name)) throw damaged(archive, `${entry.name} appears twice`)
      seen.set(entry.name, { bytes: entry.size, sha256: hash.digest('hex') })
      if (entry.name === MANIFEST_PATH) manifestText = Buffer.concat(parts).toString('utf8')
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw error
    if (error instanceof TarFormatError) throw damaged(archive, error.message)
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RestoreRefused(`There is no file ${archive}.`)
    // zlib: cut short ("unexpected end of file") or bytes changed (a bad checksum or header).
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw damaged(archive, 'it is cut short or its bytes were changed')
    throw error
  }
  if (manifestText === undefined) throw damaged(archive, 'it has no manifest, so it is cut short or not a Bandroom backup')
  let manifest: Manifest
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText))
  } catch {
    throw damaged(archive, 'its manifest cannot be read')
  }
  const listed = [...manifest.database.tables, ...manifest.files, ...(manifest.secret ? [manifest.secret] : [])]
  for (const item of listed) {
    const found = seen.get(item.path)
    if (!found) throw damaged(archive, `${item.path} is missing`)
    if (found.bytes !== item.bytes || found.sha256 !== item.sha256) throw damaged(archive, `${item.path} does not match its SHA-256`)
  }
  if (seen.size !== listed.length + 1) throw damaged(archive, 'it holds entries its manifest does not list')
  return manifest
}

/** The migrations up to the archive's level, or RestoreRefused when this code does not know it (a newer version's backup). */
function migrationsUpTo(manifest: Manifest) {
  const known = knownMigrations()
  const level = known.findIndex((entry) => entry.when === manifest.migration.when)
  if (level === -1) {
    throw new RestoreRefused(
      `This backup comes from a newer version of Bandroom (${manifest.app.version}, database change ${manifest.migration.tag ?? manifest.migration.when}) than this one knows; nothing was restored. Update Bandroom, then restore again.`,
    )
  }
  return readMigrationFiles({ migrationsFolder }).slice(0, level + 1)
}

async function emptyPostgres(connection: SqlConnection) {
  const [row] = await connection.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
  )
  return row!.n === 0
}

/**
 * Restores `archive` into an empty target, PGlite or PostgreSQL, whichever engine made it. The
 * archive is checked whole first (hashes, manifest, version) and the target must be empty: a
 * refusal changes nothing. Then, in one transaction, the migrations up to the archive's level
 * (the server applies later ones when it starts), the rows (foreign keys dropped while they go
 * in and added back, which checks every row), identity counters; the files and the secret.
 */
export async function restoreBackup(archive: string, target: RestoreTarget) {
  if (holdsFiles(target.filesDir)) throw new RestoreRefused(`${target.filesDir} already holds files: restore into an empty place (set FILES_DIR or DATA_DIR to a new folder). Nothing was restored.`)
  const notEmpty = (where: string) => new RestoreRefused(`${where} is not empty: a backup is restored only into an empty database, so that nothing is mixed or lost. Nothing was restored.`)
  if (target.engine === 'pglite' && holdsFiles(target.pgliteDir)) throw notEmpty(`The embedded database in ${target.pgliteDir}`)
  let connection: SqlConnection | undefined
  if (target.engine === 'postgres') {
    connection = await connectPostgres(target.url)
    if (!(await emptyPostgres(connection))) {
      await connection.close()
      throw notEmpty('The PostgreSQL database of DATABASE_URL')
    }
  }
  const written: string[] = []
  let committed = false
  let madePglite = false
  let secret: Buffer | undefined
  try {
    const manifest = await verifyArchive(archive)
    const migrations = migrationsUpTo(manifest)
    if (!connection && target.engine === 'pglite') {
      connection = await connectPglite(target.pgliteDir)
      madePglite = true
    }

    if (!connection) throw new Error('no connection')
    const store = path.join(target.filesDir, 'store')
    await connection.transaction(null, async (query) => {
      await query('create schema if not exists drizzle')
      await query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)')
      for (const migration of migrations) {
        for (const statement of migration.sql) if (statement.trim()) await query(statement)
        await query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [migration.hash, migration.folderMillis])
      }
      const tables = new Set(await appTables({ query }))
      for (const table of manifest.database.tables) if (!tables.has(table.name)) throw damaged(archive, `its table ${table.name} is not part of Bandroom at its version`)
      const foreignKeys = await query<{ tableName: string; name: string; definition: string }>(
        `select conrelid::regclass::text as "tableName", conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
      )
      for (const key of foreignKeys) await query(`alter table ${key.tableName} drop constraint ${ident(key.name)}`)

      const tableOf = new Map(manifest.database.tables.map((table) => [table.path, table]))
      const inserted = new Map<string, number>()
      for await (const entry of archiveEntries(archive)) {
        const hash = createHash('sha256')
        const table = tableOf.get(entry.name)
        if (table) {
          let pending = ''
          let lines: string[] = []
          const insert = async () => {
            if (lines.length === 0) return
            await query(`insert into ${ident(table.name)} select * from json_populate_recordset(null::${ident(table.name)}, $1::json)`, [`[${lines.join(',')}]`])
            inserted.set(table.name, (inserted.get(table.name) ?? 0) + lines.length)
            lines = []
          }
          for await (const chunk of entry.body) {
            hash.update(chunk)
            const parts = (pending + chunk.toString('utf8')).split('\n')
            pending = parts.pop()!
            for (const line of parts) {
              lines.push(line)
              if (lines.length >= ROWS_PER_INSERT) await insert()
            }
          }
          await insert()
        } else if (entry.name.startsWith('files/store/')) {
          const file = path.join(store, path.basename(entry.name))
          await mkdir(store, { recursive: true })
          const handle = await open(file, 'wx')
          written.push(file)
          try {
            for await (const chunk of entry.body) {
              hash.update(chunk)
              await handle.write(chunk)
            }
            await handle.sync()
          } finally {
            await handle.close()
          }
        } else {
          const parts: Buffer[] = []
          for await (const chunk of entry.body) {
            hash.update(chunk)
            parts.push(chunk)
          }
          if (entry.name === SECRET_PATH) secret = Buffer.concat(parts)
        }
        const expected = [...manifest.database.tables, ...manifest.files, ...(manifest.secret ? [manifest.secret] : [])].find((item) => item.path === entry.name)
        if (expected && expected.sha256 !== hash.digest('hex')) throw damaged(archive, `${entry.name} changed while it was being restored`)
      }
      for (const table of manifest.database.tables) {
        if ((inserted.get(table.name) ?? 0) !== table.rows) throw damaged(archive, `${table.path} does not hold the ${table.rows} rows its manifest counts`)
      }

      for (const key of foreignKeys) await query(`alter table ${key.tableName} add constraint ${ident(key.name)} ${key.definition}`)
      // Counters behind serial/identity columns continue after the restored rows.
      const sequences = await query<{ sequence: string; tableName: string; column: string }>(
        `select format('%I.%I', sn.nspname, s.relname) as sequence, t.oid::regclass::text as "tableName", format('%I', a.attname) as column
           from pg_class s join pg_namespace sn on sn.oid = s.relnamespace
           join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
           join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
          where s.relkind = 'S' and sn.nspname = 'public'`,
      )
      for (const sequence of sequences) {
        await query(`select setval('${sequence.sequence}', coalesce((select max(${sequence.column}) from ${sequence.tableName}), 0) + 1, false)`)
      }
    })
    committed = true
    if (written.length > 0) {
      const folder = await open(store, 'r')
      await folder.sync().finally(() => folder.close())
    }

    if (secret && target.secretFile) {
      await mkdir(path.dirname(target.secretFile), { recursive: true })
      await writeFile(target.secretFile, secret, { mode: 0o600 })
    }
    return {
      manifest,
      rows: manifest.database.tables.reduce((sum, table) => sum + table.rows, 0),
      tables: manifest.database.tables.length,
      files: manifest.files.length,
      secretWritten: Boolean(manifest.secret && target.secretFile),
    }
  } catch (error) {
    for (const file of written) await rm(file, { force: true })
    throw error
  } finally {
    await connection?.close()
    // A PGlite directory made for a restore that failed goes again: the target stays empty.
    if (!committed && madePglite && target.engine === 'pglite') await rm(target.pgliteDir, { recursive: true, force: true })
  }
}
