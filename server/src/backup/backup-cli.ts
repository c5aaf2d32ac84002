import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, parseEnvironment, storagePlaces } from '../config'
import { DataDirInUseError } from '../db/data-dir-lock'
import { BackupError, defaultBackupPath, writeBackup } from './backup.service'
import { connectPglite, connectPostgres } from './connection'

/**
 * `npm run backup -- [FILE]`: one archive of the database, the club's files and the signing
 * secret (decision 038), to FILE or into BACKUPS_DIR (./backups) named by the time. Prints the archive's path
 * on stdout (and a summary on stderr).
 */
async function main() {
  const e = parseEnvironment()
  const places = storagePlaces(e)
  const file = process.argv[2] ? path.resolve(process.argv[2]) : defaultBackupPath(places.backupsDir)
  const secret = e.JWT_SECRET ?? readSecret(places.secretFile)
  const started = performance.now()
  const connection = e.DATABASE_URL ? await connectPostgres(e.DATABASE_URL) : await connectPglite(places.pgliteDir)
  try {
    const backup = await writeBackup({ connection, filesDir: places.filesDir, secret }, file)
    const rows = backup.manifest.database.tables.reduce((sum, table) => sum + table.rows, 0)
    console.error(
      `Backed up ${rows} rows in ${backup.manifest.database.tables.length} tables, ${backup.manifest.files.length} files and the signing secret` +
        ` (${(backup.bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s).`,
    )
    if (backup.manifest.filesMissing.length > 0) console.error(`${backup.manifest.filesMissing.length} files being deleted while the backup ran have no bytes in it.`)
    console.log(backup.path)
  } finally {
    await connection.close()
  }
}

function readSecret(file: string) {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return null
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message)
  else if (error instanceof DataDirInUseError) {
    console.error(
      `No backup was made: the server (pid ${error.pid}) is using the embedded database in ${error.dataDir}, which only one process may open at a time. ` +
        'Stop the server, run npm run backup again (it takes seconds), then start the server again; or move to PostgreSQL (see README, Backups), where backups run while the server serves.',
    )
  } else console.error('No backup was made:', error)
  process.exit(1)
})
