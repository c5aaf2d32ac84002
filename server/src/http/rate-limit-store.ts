import { lt, sql } from 'drizzle-orm'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Db } from '../db/client'
import { rateLimitCounters } from '../db/schema'

type Result = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Result) => void

/**
 * The @fastify/rate-limit store of the app: counters live in the database, so "20 sign-in
 * calls per address per minute" holds across every server process, not per process. One
 * upsert per limited call (sign-in, registration, resets); old rows go in `purgeExpired`.
 */
export function databaseRateLimitStore(db: Db, clock: () => Date): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const now = clock()
      const fresh = new Date(now.getTime() + timeWindow)
      const expired = sql`${rateLimitCounters.windowEndsAt} <= ${now}`
      db.insert(rateLimitCounters)
        .values({ key: this.prefix + key, hits: 1, windowEndsAt: fresh })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
            windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt })
        .then(
          ([row]) => callback(null, { current: row!.hits, ttl: Math.max(0, row!.windowEndsAt.getTime() - now.getTime()) }),
          (error: Error) => callback(error),
        )
    }

    // Each limited route counts on its own. The plugin hands its merged options here, with the
    // route under `routeInfo` (its typings say RouteOptions).
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string; url: string } }
      return new DatabaseStore(`${routeInfo.method} ${routeInfo.url} `)
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor
}

/** Drops counters whose window has ended. */
export async function purgeRateLimitCounters(db: Db, now: Date) {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, now))
}
