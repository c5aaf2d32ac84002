import path from 'node:path'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { DataDirInUseError } from '../db/data-dir-lock'
import { DatabaseNewerError } from '../db/migration-level'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoClub } from './demo-club'

/** `npm run demo`: loads (or resets to) the demo club in the configured database. */
async function main() {
  const config = loadConfig()
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') })
  try {
    await database.migrate()
    const result = await loadDemoClub(database.db)
    console.log(`Loaded the demo club: ${result.users} accounts, ${result.bands} bands, term ${result.term}.`)
    const weeks = result.bookings.weeks.map((week) => `${week.active} in the week of ${week.weekStart} (${Math.round(week.weekdayOccupancy * 100)}% of weekday slots)`)
    console.log(`Room bookings: ${weeks.join(', ')}, plus ${result.bookings.weeks.reduce((sum, week) => sum + week.cancelled, 0)} cancelled.`)
    const rounds = result.allocation.map((round) => `the week of ${round.weekStart} (${round.status}, ${round.bands} bands with wishes${round.status === 'published' ? `, ${round.served} served` : ''})`)
    console.log(`Room allocation rounds: ${rounds.join(', ')}.`)
    console.log('Lives:')
    for (const live of result.lives) {
      const counts = Object.entries(live.counts).filter(([, n]) => n > 0).map(([status, n]) => `${n} ${status}`)
      console.log(`  ${live.title} (${live.status}, ${live.days.join(' and ')}): ${live.applications ? `${live.applications} applications, ${counts.join(', ')}` : 'no applications yet'}.`)
    }
    console.log(`Sign in with password "${DEMO_PASSWORD}" as:`)
    for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) console.log(`  ${role.padEnd(10)} ${email}`)
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
