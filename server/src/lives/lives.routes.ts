import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import type { Mailer } from '../mail/mailer'
import type { Notifier } from '../notices/notify'
import type { SettingsService } from '../settings/settings.service'
import type { WorkerPool } from '../workers/worker-pool'
import { registerEventRoutes } from './events.routes'
import { registerReviewRoutes } from './review.routes'
import { registerLiveScheduleRoutes } from './live-schedule.routes'

export interface LivesDeps {
  db: Db
  clock: () => Date
  settings: SettingsService
  mailer: Mailer
  /** Notices (and their mails) to the bands, in the transaction of the change. */
  notifier: Notifier
  /** The app's public address, for links in mail. */
  publicUrl: string
  /** Threads for CPU-heavy work (the timetable generator). */
  workers: WorkerPool
}

/**
 * Lives (SPEC §5.6): events and the bands' applications (events.routes.ts), the executives'
 * review, participants and accepted bands (review.routes.ts), timetables (live-schedule.routes.ts).
 * Shared reads: lives-data.ts.
 */
export function registerLiveRoutes(app: FastifyInstance, deps: LivesDeps) {
  registerEventRoutes(app, deps)
  registerReviewRoutes(app, deps)
  registerLiveScheduleRoutes(app, deps)
}
