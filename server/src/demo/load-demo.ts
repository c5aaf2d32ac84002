import path from 'node:path'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { DataDirInUseError } from '../db/data-dir-lock'
import { DatabaseNewerError } from '../db/migration-level'
import { loadDemoClub } from './demo-club'
import { demoSummary } from './demo-summary'

/** `npm run demo`: loads (or resets to) the demo club in the configured database. */
async function main() {
  const config = loadConfig()
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') })
  try {
    await database.migrate()
    const result = await loadDemoClub(database.db, { filesDir: config.filesDir })
    for (const line of demoSummary(result)) console.log(line)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message)
  else if (error instanceof DataDirInUseError || error instanceof DatabaseNewerError) console.error(`The demo was not loaded: ${error.message}`)
  else console.error('Could not load the demo club:', error)
  process.exit(1)
})
