import type { HelmetOptions } from 'helmet'
import Fastify, { type FastifyReply, type FastifyServerOptions, type onSendHookHandler } from 'fastify'
import type { ApiErrorBody } from '../../src/contract/errors'
import rateLimit from '@fastify/rate-limit'
import compress from '@fastify/compress'
import zlib from 'node:zlib'
import path from 'node:path'
import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import type { Database } from './db/client'
import { registerErrorHandler } from './http/errors'
import { headerLanguage, inLanguage, registerRequestLanguage } from './http/language'
import { m } from '../../src/i18n/paraglide/messages.js'
import { registerSecurityHeaders } from './http/security-headers'
import { withRedaction } from './http/log-redaction'
import { RequestLogController } from './http/request-log'
import { registerOpenApiRoute } from './http/openapi'
import { registerSpa } from './http/spa'
import { databaseRateLimitStore } from './http/rate-limit-store'
import { CONNECTION_LIMITS, connectionOptions, limitConnectionsPerAddress, type ConnectionLimits } from './http/connection-limits'
import { createAuthService } from './auth/auth.service'
import { LOGIN_CALLS_PER_IP_PER_MINUTE, registerAuthRoutes, registerPrincipal } from './auth/auth.routes'
import { registerHealthRoutes } from './health/health.routes'
import { createSettingsService } from './settings/settings.service'
import { createMailer } from './mail/mailer'
import { createNotifier } from './notices/notify'
import { registerNoticeRoutes } from './notices/notices.routes'
import { createJobRunner } from './jobs/job-runner'
import { createWorkerPool } from './workers/worker-pool'
import { registerMailRoutes } from './mail/mail.routes'
import { registerClubRoutes } from './club/club.routes'
import { registerMemberRoutes } from './members/members.routes'
import { registerPeopleRoutes } from './people/people.routes'
import { createPeopleService } from './people/people.service'
import { createPasswordResetService } from './accounts/password-reset.service'
import { registerAccountsRoutes } from './accounts/accounts.routes'
import { registerUserRoutes } from './users/users.routes'
import { registerBandRoutes } from './bands/bands.routes'
import { registerBookingRoutes } from './bookings/bookings.routes'
import { createScheduleVersion } from './bookings/schedule-cache'
import { createActivityService } from './activity/activity.service'
import { registerActivityRoutes } from './activity/activity.routes'
import { openChangeFeed } from './db/change-feed'
import { registerLiveRoutes } from './lives/lives.routes'
import { registerFeedbackRoutes } from './feedback/feedback.routes'
import { registerAllocationRoutes } from './allocation/rounds.routes'
import { createRoundsService, registerRoundJobs } from './allocation/rounds.service'
import { localStorage } from './files/storage'
import { createFilesService } from './files/files.service'
import { createUploads } from './files/uploads'
import { createFileLinks } from './files/file-links'
import { registerFileRoutes } from './files/files.routes'
import { registerDashboardRoutes } from './dashboard/dashboard.routes'
import { createBackups } from './backup/daily-backups'
import { registerBackupRoutes } from './backup/backups.routes'

export interface AppOptions {
  database: Database
  jwtSecret: Uint8Array
  /** Injectable so tests can move time (session idle limits, throttles). */
  clock?: () => Date
  /** The built SPA (dist/); omitted in API tests. */
  spaDir?: string
  logger?: FastifyServerOptions['logger']
  /** SMTP server for outgoing mail; without it mail only goes to the outbox. */
  smtpUrl?: string
  /** Where users reach the app, for links in mail. */
  publicUrl?: string
  /** Sign-in calls allowed per IP per minute (SPEC: 20); tests that sign many people in raise it. */
  loginCallsPerMinute?: number
  /** Largest JSON body accepted, in bytes. */
  bodyLimit?: number
  /** Timeouts and the connection cap; CONNECTION_LIMITS unless a test needs others. */
  connectionLimits?: Partial<ConnectionLimits>
  /** The club's files: `uploads/` (tus, in progress) and `store/` (the local file storage). Omitted (tests): a temporary folder, removed when the app closes. */
  filesDir?: string
  /** Where the daily backup and "Back up now" write archives (BACKUPS_DIR). Omitted (tests): a temporary folder, removed when the app closes. */
  backupsDir?: string
  /** Threads of the worker pool; WORKER_THREADS (the machine's) unless a test needs a number. */
  workerThreads?: number
}

/** helmet's options: the content security policy and the rest (security-headers.ts). */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Toast and dialog libraries set inline styles; scripts stay strictly 'self'.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Same-origin fetches only; COEP would break nothing today but buys nothing either.
  crossOriginEmbedderPolicy: false,
}

/** Builds the whole HTTP app without listening: main.ts listens, tests use `inject`. */
export async function buildApp(options: AppOptions) {
  const clock = options.clock ?? (() => new Date())
  const limits = { ...CONNECTION_LIMITS, ...options.connectionLimits }
  const app = Fastify({
    ...connectionOptions(limits),
    logger: withRedaction(options.logger),
    // One line per request, none for a client that left but that line (request-log.ts).
    logController: new RequestLogController(),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: false,
    // Request ids in logs tie a user's report to the server's lines.
    requestIdHeader: false,
    // A path the router cannot decode (bad percent-encoding, an id past maxParamLength) is bad
    // input like any other: the same error shape as every other 4xx.
    frameworkErrors: (error, request, reply) => {
      const message = inLanguage(headerLanguage(request.headers['accept-language']), () => m.errors_address_invalid())
      const body: ApiErrorBody = { error: { code: 'VALIDATION_FAILED', message } }
      // Answered before any hook ran: no-store as every other API answer (security-headers.ts).
      void (reply as FastifyReply)
        .header('cache-control', 'no-store')
        .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send(body)
    },
  })
  app.server.maxConnections = limits.maxConnections
  limitConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress)
  app.decorate('routeDefinitions', [])
  app.decorate('httpRoutes', [])
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.httpRoutes.push({ method, url: route.url })
  })

  // The API speaks JSON only: other bodies get a 415. An empty body with a JSON content type
  // means "no body" (POST /api/refresh sends none).
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body)
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch (error) {
      ;(error as { statusCode?: number }).statusCode = 400
      done(error as Error, undefined)
    }
  })

  registerErrorHandler(app)
  registerSecurityHeaders(app, HELMET_OPTIONS, { publicUrl: options.publicUrl })
  // Counted in the database, so the per-address limits hold across server processes.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(options.database.db, clock) })
  // Phones on campus Wi-Fi: the app's JavaScript shrinks to a third. Brotli at a low quality
  // costs little CPU per response; hashed assets are cached by browsers for a year anyway.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  })

  const db = options.database.db
  // Moved by every write that can change a week grid; the public schedule's cache follows it.
  const feed = await openChangeFeed(options.database, app.log)
  app.addHook('onClose', () => feed.close())
  // A write that succeeded drops what every process keeps per person (sessions, bands) unless
  // its route says it cannot change them (`keepsPeople`, http/route.ts); then it drops only what
  // members' screens show (`cards`: the dashboards' kept answers), unless the route's own
  // transaction told `schedule` (booking, cancelling). Its answer waits until the other
  // processes have been told (see change-feed.ts). Only on routes that write: reads go without
  // an onSend hook.
  const toldOthers: onSendHookHandler = (request, reply, payload, done) => {
    const config = request.routeOptions.config as { keepsPeople?: boolean; toldSchedule?: boolean } | undefined
    if (reply.statusCode < 400) {
      if (!config?.keepsPeople) feed.publish('writes')
      else if (!config.toldSchedule) feed.publish('cards')
    }
    const settled = feed.settled()
    if (settled) void settled.then(() => done(null, payload))
    else done(null, payload)
  }
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return
    route.onSend = [...[route.onSend ?? []].flat(), toldOthers]
  })
  const scheduleVersion = createScheduleVersion(feed)
  const settings = createSettingsService({ db, clock, scheduleVersion, feed })
  registerRequestLanguage(app, settings)
  // Durable background work (decision 014): polls once the app is ready; closing the app waits
  // for the jobs in flight, before main.ts (or a test) closes the database.
  const jobs = createJobRunner({ db, clock, log: app.log, changed: () => feed.publish('cards') })
  app.addHook('onReady', async () => jobs.start())
  app.addHook('onClose', () => jobs.stop())
  // CPU-heavy work (the timetable generator) runs in worker threads; closed with the app.
  const workers = createWorkerPool(options.workerThreads === undefined ? {} : { threads: options.workerThreads })
  app.addHook('onClose', () => workers.close())
  const mailer = createMailer({ db, smtpUrl: options.smtpUrl, from: 'Bandroom <no-reply@bandroom.local>', log: app.log, clock, jobs, settings })
  const auth = createAuthService({ db, secret: options.jwtSecret, clock, settings, feed })
  const publicUrl = options.publicUrl ?? 'http://localhost:3000'
  const passwordReset = createPasswordResetService({ db, mailer, clock, publicUrl, settings })
  // In-app notices and their mails, written in the transaction of the change they tell about.
  const notifier = createNotifier({ mailer, publicUrl, settings, clock })
  // Room allocation rounds (issue 15): their jobs run rounds at the closing time and make the next one.
  const rounds = createRoundsService({ db, clock, settings, scheduleVersion, jobs, workers, notifier, mailer, log: app.log })
  registerRoundJobs(jobs, rounds)
  app.addHook('onReady', async () => {
    await rounds.currentRound().catch((error: unknown) => app.log.error({ err: error }, 'could not make the current allocation round'))
  })
  // The club's files (decision 024): bytes in the storage, rows in `files`, uploads by tus.
  const filesDir = options.filesDir ?? mkdtempSync(path.join(tmpdir(), 'bandroom-files-'))
  if (!options.filesDir) app.addHook('onClose', () => rm(filesDir, { recursive: true, force: true }))
  const storage = localStorage(path.join(filesDir, 'store'))
  const files = createFilesService({ db, clock, storage, jobs, log: app.log, onListed: () => feed.publish('cards') })
  files.registerJobs()
  const uploads = createUploads({ db, clock, settings, storage, files, jobs, dir: path.join(filesDir, 'uploads'), log: app.log, notifier, mailer, databaseUrl: options.database.kind === 'postgres' ? options.database.url : undefined })
  app.addHook('onClose', () => uploads.close())
  const fileLinks = createFileLinks(options.jwtSecret, clock)
  // The daily backup and "Back up now" (decision 041): decision 038's archive, made inside the server on its open database.
  const backupsDir = options.backupsDir ?? mkdtempSync(path.join(tmpdir(), 'bandroom-backups-'))
  if (!options.backupsDir) app.addHook('onClose', () => rm(backupsDir, { recursive: true, force: true }))
  const backups = createBackups({ database: options.database, clock, settings, jobs, filesDir, backupsDir, secret: new TextDecoder().decode(options.jwtSecret), log: app.log })
  // Who did what (decision 042): every executive or admin write records itself (defineRoute and
  // withTransaction); entries past the settings' keeping time go with the job runner's hourly purge.
  app.decorate('activityLog', { db, clock })
  const activity = createActivityService({ db, settings, clock })
  jobs.addPurge('activity log entries', (now) => activity.purge(now))
  const services = { auth, settings, mailer, notifier, passwordReset, scheduleVersion, jobs, workers, rounds, files, uploads, storage, backups, activity }
  registerPrincipal(app, auth)
  registerHealthRoutes(app, options.database)
  registerAuthRoutes(app, auth, { loginCallsPerMinute: options.loginCallsPerMinute ?? LOGIN_CALLS_PER_IP_PER_MINUTE })
  // Each area registers its routes here, in one line, with the services it needs.
  registerMailRoutes(app, { db, sends: mailer.sends })
  registerClubRoutes(app, { db, clock, settings, scheduleVersion })
  registerMemberRoutes(app, { db, settings })
  registerAccountsRoutes(app, { db, clock, settings, mailer, passwordReset, publicUrl })
  registerPeopleRoutes(app, createPeopleService({ db, clock, settings }))
  registerUserRoutes(app, { db, clock, settings, mailer, passwordReset, publicUrl, scheduleVersion })
  registerBandRoutes(app, { db, clock, scheduleVersion })
  registerBookingRoutes(app, { db, clock, settings, scheduleVersion, feed })
  registerLiveRoutes(app, { db, clock, settings, mailer, notifier, publicUrl, workers })
  registerFeedbackRoutes(app, { db, clock, settings, notifier, mailer })
  registerAllocationRoutes(app, rounds)
  registerNoticeRoutes(app, { db, clock, settings, jobs, mailer, notifier, feed, secret: options.jwtSecret, publicUrl })
  registerFileRoutes(app, { db, files, uploads, links: fileLinks, storage, settings })
  registerDashboardRoutes(app, { db, clock, settings, feed })
  registerBackupRoutes(app, { db, backups, secret: options.jwtSecret, clock, feed, daily: options.backupsDir !== undefined })
  registerActivityRoutes(app, activity)
  registerOpenApiRoute(app)
  await registerSpa(app, options.spaDir)

  // Returned beside the app, not on it: a Fastify instance is thenable, so `await` would unwrap it.
  return { app, services }
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>
