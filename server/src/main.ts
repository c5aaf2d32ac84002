import cluster from 'node:cluster'
import path from 'node:path'
import { ConfigError, loadConfig, type Config } from './config'
import { openDatabase } from './db/client'
import { DataDirInUseError } from './db/data-dir-lock'
import { DatabaseNewerError } from './db/migration-level'
import { buildApp } from './app'
import { bootstrapAdmin } from './users/bootstrap'
import { builtAppDir } from './paths'
import { prettyLogStream } from './http/request-log'
import { collectWhenIdle } from './http/idle-gc'

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
  if (config.workers > 1 && !config.databaseUrl) {
    console.warn(
      `WORKERS=${config.workers} is ignored: the embedded database (PGlite) runs in one process. Set DATABASE_URL to a PostgreSQL server to run several.`,
    )
  }
  if (config.workers > 1 && config.databaseUrl) {
    if (cluster.isPrimary) return runPrimary(config)
    return runServer(config, { prepared: true })
  }
  return runServer(config, { prepared: false })
}

/** Migrations and the first admin, once, before any process serves. */
async function prepareDatabase(config: Config) {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') })
  await database.migrate()
  const admin = await bootstrapAdmin(database.db, { email: config.adminEmail, password: config.adminPassword, now: new Date() })
  if (admin.created && admin.generatedPassword) {
    // Printed once, to the console only: it is never stored in clear anywhere.
    console.log(
      `\n  First start: created the admin account ${admin.email}\n  Password: ${admin.generatedPassword}\n  Sign in and change it; it will not be shown again.\n`,
    )
  } else if (admin.created) {
    console.log(`Created the admin account ${admin.email} from ADMIN_EMAIL/ADMIN_PASSWORD.`)
  }
  return database
}

/**
 * `WORKERS=N` on PostgreSQL: this process prepares the database, then runs N server processes
 * sharing the port (node:cluster hands connections round-robin), replaces one that dies, and
 * stops them all on SIGTERM/SIGINT. What one process caches, the others learn to drop
 * through the change feed (server/src/db/change-feed.ts).
 */
async function runPrimary(config: Config) {
  const database = await prepareDatabase(config)
  await database.close()

  let closing = false
  let listening = 0
  const fork = () => cluster.fork()
  cluster.on('listening', () => {
    listening += 1
    if (listening === config.workers) console.log(`Bandroom is serving ${config.publicUrl} with ${config.workers} processes (database: PostgreSQL)`)
  })
  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    console.error(`A server process (pid ${worker.process.pid}) stopped (${signal ?? code}); starting another.`)
    setTimeout(fork, 1000).unref()
  })
  for (let i = 0; i < config.workers; i += 1) fork()

  const shutdown = () => {
    if (closing) return
    closing = true
    const workers = Object.values(cluster.workers ?? {})
    if (workers.length === 0) process.exit(0)
    for (const worker of workers) worker?.process.kill('SIGTERM')
    setTimeout(() => process.exit(1), 15_000).unref()
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

/** One server process: the app on the port until SIGTERM/SIGINT. */
async function runServer(config: Config, { prepared }: { prepared: boolean }) {
  const database = prepared
    ? await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') })
    : await prepareDatabase(config)

  const { app, services } = await buildApp({
    database,
    jwtSecret: config.jwtSecret,
    filesDir: config.filesDir,
    backupsDir: config.backupsDir,
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    spaDir: config.spaDir ?? builtAppDir,
    loginCallsPerMinute: config.loginRateLimitPerMinute,
    connectionLimits: { maxConnectionsPerAddress: config.maxConnectionsPerAddress },
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // A person at a terminal reads one short line per request; anything else (a file, a
      // log collector, systemd's journal) gets pino's JSON, one object per line.
      ...(process.stdout.isTTY ? { stream: prettyLogStream(process.stdout) } : {}),
    },
  })

  collectWhenIdle(app)

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
  if (!prepared) {
    app.log.info(`Bandroom is serving ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`)
  }
}

main().catch((error) => {
  if (error instanceof DataDirInUseError || error instanceof DatabaseNewerError) console.error(`Bandroom could not start: ${error.message}`)
  else console.error('Bandroom could not start:', error)
  process.exit(1)
})
