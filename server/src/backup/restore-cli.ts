import path from 'node:path'
import { ConfigError, parseEnvironment, storagePlaces } from '../config'
import { DataDirInUseError } from '../db/data-dir-lock'
import { restoreBackup, RestoreRefused } from './restore.service'

/**
 * `npm run restore -- FILE`: the archive of `npm run backup` into the empty database the
 * environment names (DATABASE_URL, else the embedded one in DATA_DIR), its files and secret
 * beside it (decision 038). Refuses, changing nothing, a damaged archive, a newer version's or
 * a target that is not empty.
 */
async function main() {
  const file = process.argv[2]
  if (!file) throw new RestoreRefused('Name the backup to restore: npm run restore -- FILE')
  const e = parseEnvironment()
  const places = storagePlaces(e)
  const secretFile = e.JWT_SECRET ? null : places.secretFile
  const started = performance.now()
  const result = await restoreBackup(
    path.resolve(file),
    e.DATABASE_URL
      ? { engine: 'postgres', url: e.DATABASE_URL, filesDir: places.filesDir, secretFile }
      : { engine: 'pglite', pgliteDir: places.pgliteDir, filesDir: places.filesDir, secretFile },
  )
  const into = e.DATABASE_URL ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${places.dataDir}`
  console.log(
    `Restored the backup of ${result.manifest.createdAt} (Bandroom ${result.manifest.app.version}) into ${into}: ` +
      `${result.rows} rows in ${result.tables} tables and ${result.files} files, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  )
  if (result.manifest.secret && !result.secretWritten) console.log('JWT_SECRET is set here, so the backup\'s signing secret was not written: people sign in again.')
  console.log('Start the server (npm start): it applies any newer database changes of this version.')
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof RestoreRefused) console.error(error.message)
  else if (error instanceof DataDirInUseError) console.error(`Nothing was restored: ${error.message}`)
  else console.error('The restore failed; nothing was restored:', error)
  process.exit(1)
})
