import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { appTables, ident, lastMigration, type SqlConnection } from './connection'
import { appVersion, knownMigrations, MANIFEST_PATH, SECRET_PATH, storedFilePath, tablePath, type Manifest } from './manifest'
import { TarWriter } from './tar'
import { flush } from '../files/storage'

/** A backup that cannot be made, with the sentence that says why. */
export class BackupError extends Error {}

export interface BackupSource {
  connection: SqlConnection
  /** The club's files (DATA_DIR/files unless FILES_DIR says otherwise); stored bytes are in `store/`. */
  filesDir: string
  /** The server's signing secret, as it keeps it; null when it has none yet. */
  secret: string | null
}

const ROWS_PER_FETCH = 1000


/** `<dir>/bandroom-2026-11-28T09-30-00Z.tar.gz`: sorts by time, no characters a file system minds. */
export function defaultBackupPath(dir: string, now = new Date()) {
  return path.join(dir, `bandroom-${now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.tar.gz`)
}

/**
 * Writes one archive (decision 038) to `file`: every table's rows read in one REPEATABLE READ
 * READ ONLY transaction (one snapshot, while the server goes on writing), the stored bytes of
 * every file that snapshot lists, the signing secret, and the manifest last. Written under a
 * temporary name, flushed, then renamed: a backup killed midway never looks complete.
 */
export async function writeBackup(source: BackupSource, file: string, { now = new Date() } = {}) {
  const target = path.resolve(file)
  if (existsSync(target)) throw new BackupError(`${target} already exists: name a new file for the backup.`)
  await mkdir(path.dirname(target), { recursive: true })
  const work = await mkdtemp(path.join(path.dirname(target), '.bandroom-backup-'))
  const partial = `${target}.partial-${process.pid}`
  try {
    const snapshot = await readSnapshot(source.connection, work)
    const writtenAt = now
    const gzip = createGzip()
    // pipeline handles both streams' errors (a full or vanished disk): they reject `written`,
    // and the tar writer's next write fails, never an uncaught error.
    const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx' }))
    written.catch(() => {})
    const tar = new TarWriter(gzip)
    const hashed = async (name: string, size: number, body: AsyncIterable<Buffer> | Buffer) => {
      const hash = createHash('sha256')
      await tar.add(
        name,
        size,
        (async function* () {
          for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
            hash.update(chunk)
            yield chunk
          }
        })(),
        writtenAt.getTime(),
      )
      return { path: name, bytes: size, sha256: hash.digest('hex') }
    }

    const tables: Manifest['database']['tables'] = []
    for (const table of snapshot.tables) {
      const entry = await hashed(tablePath(table.name), table.bytes, createReadStream(table.file))
      tables.push({ name: table.name, rows: table.rows, ...entry })
    }
    const files: Manifest['files'] = []
    const filesMissing: string[] = []
    for (const key of snapshot.storageKeys) {
      // Opened before reading: bytes deleted meanwhile stay readable through the open file.
      const handle = await open(path.join(source.filesDir, 'store', key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null
        throw error
      })
      if (!handle) {
        filesMissing.push(key)
        continue
      }
      try {
        const { size } = await handle.stat()
        files.push(await hashed(storedFilePath(key), size, handle.createReadStream({ autoClose: false, highWaterMark: 1 << 20 })))
      } finally {
        await handle.close()
      }
    }
    const secretBytes = source.secret === null ? null : Buffer.from(`${source.secret}\n`)
    const secret = secretBytes ? await hashed(SECRET_PATH, secretBytes.length, secretBytes) : null

    const manifest: Manifest = {
      format: 'bandroom-backup',
      formatVersion: 1,
      createdAt: writtenAt.toISOString(),
      app: { version: appVersion() },
      source: { engine: source.connection.kind },
      migration: snapshot.migration,
      database: { format: 'jsonl-row-to-json', tables },
      files,
      filesMissing,
      secret,
    }
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n')
    await tar.add(MANIFEST_PATH, manifestBytes.length, manifestBytes, writtenAt.getTime())
    await tar.finish()
    gzip.end()
    await written
    await flush(partial)
    await rename(partial, target)
    await flush(path.dirname(target))
    return { path: target, manifest, bytes: (await stat(target)).size }
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * Every table's rows, one JSON line each, into files under `work`, and the storage keys of the
 * files the snapshot lists: all read in one transaction, so the rows agree with each other.
 */
function readSnapshot(connection: SqlConnection, work: string) {
  return connection.transaction('isolation level repeatable read, read only', async (query) => {
    const applied = await lastMigration({ query })
    if (!applied) throw new BackupError('This database holds no Bandroom data yet (it was never started): there is nothing to back up.')
    const migration = { ...applied, tag: knownMigrations().find((entry) => entry.when === applied.when)?.tag ?? null }
    const tables: { name: string; file: string; rows: number; bytes: number }[] = []
    const names = await appTables({ query })
    for (const name of names) {
      const file = path.join(work, `${tables.length}.jsonl`)
      // Written through a file handle: a failed open or write is an error of this call.
      const out = await open(file, 'wx')
      let rows = 0
      let bytes = 0
      try {
        await query(`declare backup_rows no scroll cursor for select row_to_json(t)::text as line from ${ident(name)} t`)
        for (;;) {
          const batch = await query<{ line: string }>(`fetch forward ${ROWS_PER_FETCH} from backup_rows`)
          if (batch.length === 0) break
          const chunk = Buffer.from(batch.map((row) => `${row.line}\n`).join(''))
          rows += batch.length
          bytes += chunk.length
          await out.write(chunk)
        }
        await query('close backup_rows')
      } finally {
        await out.close()
      }
      tables.push({ name, file, rows, bytes })
    }
    const storageKeys = names.includes('files')
      ? (await query<{ key: string }>('select storage_key as key from files order by storage_key')).map((row) => row.key)
      : []
    return { migration, tables, storageKeys }
  })
}
