import { fileURLToPath } from 'node:url'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { DataDirInUseError } from './db/data-dir-lock'
import { buildApp } from './app'
import { bootstrapAdmin } from './users/bootstrap'
import path from 'node:path'

const HOUR = 60 * 60 * 1000

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') })
  await database.migrate()

  const { app, services } = await buildApp({
    database,
    jwtSecret: config.jwtSecret,
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    spaDir: config.spaDir ?? fileURLToPath(new URL('../../dist', import.meta.url)),
    loginCallsPerMinute: config.loginRateLimitPerMinute,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  })

  const admin = await bootstrapAdmin(database.db, { email: config.adminEmail, password: config.adminPassword, now: new Date() })
  if (admin.created && admin.generatedPassword) {
    // Printed once, to the console only: it is never stored in clear anywhere.
    console.log(
      `\n  First start: created the admin account ${admin.email}\n  Password: ${admin.generatedPassword}\n  Sign in and change it; it will not be shown again.\n`,
    )
  } else if (admin.created) {
    app.log.info({ email: admin.email }, 'created the admin account from ADMIN_EMAIL/ADMIN_PASSWORD')
  }

  const purge = () => services.auth.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'purge failed'))
  await purge()
  const purgeTimer = setInterval(purge, HOUR).unref()

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    clearInterval(purgeTimer)
    // Stop taking requests, let in-flight ones finish, then release the database.
    const force = setTimeout(() => process.exit(1), 10_000).unref()
    await app.close()
    await database.close()
    clearTimeout(force)
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Bandroom is serving ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`)
}

main().catch((error) => {
  if (error instanceof DataDirInUseError) console.error(`Bandroom could not start: ${error.message}`)
  else console.error('Bandroom could not start:', error)
  process.exit(1)
})
