import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from './client'

/**
 * What a process may keep in memory and must drop when another process changes it:
 * - schedule: anything a week grid shows (bookings, rooms, periods, blackouts, band names)
 * - settings: the club settings document
 * - writes: any write request that succeeded (app.ts publishes it); what is kept per person
 *   (their session, their bands) is dropped on it, so no write path can be forgotten
 */
export type ChangeTopic = 'schedule' | 'settings' | 'writes'

const CHANNEL = 'bandroom_changes'
const TOPICS: readonly ChangeTopic[] = ['schedule', 'settings', 'writes']

/**
 * Tells every server process that something they cache has changed. Listeners in this
 * process run at once; on PostgreSQL the change also goes out with `NOTIFY`, and every other
 * process's `LISTEN` connection runs its listeners. The topics published in one turn of the
 * event loop (a booking: 'schedule', then 'writes') go in one notification,
 * `<process>:<topic>,<topic>`. PGlite is one process (see
 * data-dir-lock.ts), so there it stays in the process.
 *
 * A write's answer is held until its notification has been sent (`settled()`, awaited in an
 * onSend hook), so a request that follows the answer finds the other processes told.
 * PostgreSQL delivers a notification to the listeners when it is sent, before that answer
 * leaves; a process busy at that instant runs its listeners before its next I/O.
 */
export interface ChangeFeed {
  publish(topic: ChangeTopic): void
  subscribe(topic: ChangeTopic, listener: () => void): void
  /** Resolves when every notification published so far has reached the database. */
  settled(): Promise<void> | null
  close(): Promise<void>
}

/** The feed of `database`; on PostgreSQL it is listening when this resolves. */
export async function openChangeFeed(database: Database, log?: FastifyBaseLogger): Promise<ChangeFeed> {
  const listeners = new Map<ChangeTopic, Array<() => void>>(TOPICS.map((topic) => [topic, []]))
  const fire = (topic: ChangeTopic) => {
    for (const listener of listeners.get(topic) ?? []) listener()
  }
  const local: ChangeFeed = {
    publish: fire,
    subscribe: (topic, listener) => void listeners.get(topic)!.push(listener),
    settled: () => null,
    close: async () => {},
  }
  if (database.kind !== 'postgres' || !database.url) return local

  // Our own notifications come back to our LISTEN connection too: the instance id skips them.
  const instance = randomUUID()
  const pending = new Set<Promise<unknown>>()
  const batch = new Set<ChangeTopic>()
  let client: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | undefined

  const connect = async (delayMs: number) => {
    if (closed) return
    const next = new pg.Client({ connectionString: database.url })
    next.on('notification', (message) => {
      const [from, topics = ''] = (message.payload ?? '').split(':')
      if (from === instance) return
      for (const topic of topics.split(',') as ChangeTopic[]) if (listeners.has(topic)) fire(topic)
    })
    const reconnect = (error?: unknown) => {
      if (closed || client !== next) return
      client = null
      log?.warn({ err: error }, 'lost the change feed connection; reconnecting')
      next.end().catch(() => undefined)
      retry = setTimeout(() => void connect(Math.min(delayMs * 2, 30_000)), delayMs).unref()
    }
    next.on('error', reconnect)
    next.on('end', () => reconnect())
    try {
      await next.connect()
      await next.query(`listen ${CHANNEL}`)
      client = next
      // Whatever changed while we were not listening: drop it all.
      for (const topic of TOPICS) fire(topic)
    } catch (error) {
      client = next
      reconnect(error)
    }
  }

  await connect(500)
  return {
    publish(topic) {
      fire(topic)
      if (batch.size === 0) {
        const sent = new Promise((resolve) => setImmediate(resolve)).then(() => {
          const topics = [...batch].join(',')
          batch.clear()
          return database.db.execute(sql`select pg_notify(${CHANNEL}, ${`${instance}:${topics}`})`).catch((error: unknown) => {
            log?.error({ err: error, topics }, 'could not tell the other processes of a change')
          })
        })
        pending.add(sent)
        void sent.finally(() => pending.delete(sent))
      }
      batch.add(topic)
    },
    subscribe: local.subscribe,
    settled: () => (pending.size === 0 ? null : Promise.all(pending).then(() => undefined)),
    async close() {
      closed = true
      clearTimeout(retry)
      const current = client
      client = null
      await current?.end().catch(() => undefined)
    },
  }
}
