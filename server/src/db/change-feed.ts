import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from './client'

/**
 * What a process may keep in memory and must drop when another process changes it:
 * - schedule: anything a week grid shows (bookings, rooms, periods, blackouts, band names)
 * - settings: the club settings document
 * - writes: any write request that succeeded (app.ts publishes it), except on routes marked
 *   `keepsPeople` (booking and cancelling); what is kept per person (their session, their
 *   bands) is dropped on it, so no write path that changes them can be forgotten
 * - cards: something a member's screens show may have changed, but nothing kept per person: a
 *   write on a `keepsPeople` route (unless it told `schedule` itself), every finished
 *   background job (what a job writes, notices, rounds, files, is not a request), and a file
 *   listed by an upload (tus answers it without Fastify's hooks)
 */
export type ChangeTopic = 'schedule' | 'settings' | 'writes' | 'cards'

const CHANNEL = 'bandroom_changes'
const TOPICS: readonly ChangeTopic[] = ['schedule', 'settings', 'writes', 'cards']

/**
 * Tells every server process that something they cache has changed. Listeners in this
 * process run at once; on PostgreSQL the change also goes out with `NOTIFY`, and every other
 * process's `LISTEN` connection runs its listeners. The topics published in one turn of the
 * event loop (a booking: 'schedule', then 'writes') go in one notification,
 * `<process>:<topic>,<topic>`. PGlite is one process (see
 * data-dir-lock.ts), so there it stays in the process.
 *
 * A write's answer is held until every other process has acknowledged its notification
 * (`settled()`, awaited in an onSend hook; at most a second): each process runs its listeners
 * when a notification arrives, then answers with an acknowledgement on the same channel. So a
 * request that follows the answer finds every other process told, even on a busy machine
 * (waiting for the commit alone was not enough: a listening session may run a moment later).
 * Processes know each other by a hello sent on connecting (answered by the others' hellos)
 * and every 10 s, and say goodbye when they close; one not heard from for 30 s is no longer
 * waited for. A process alone waits for nobody.
 *
 * Messages on the channel: `c:<from>:<seq>:<topic>,<topic>` (a change), `a:<from>:<to>:<seq>`
 * (an acknowledgement), `h:<from>` (hello), `b:<from>` (goodbye).
 */
export interface ChangeFeed {
  publish(topic: ChangeTopic): void
  /**
   * For a write that has its own transaction: put `notice.sql` in the select list of one of
   * its statements (a NOTIFY goes out with the commit, and not at all on a rollback), and
   * call `notice.committed()` after the commit. It saves the separate `pg_notify` round trip.
   */
  within(topic: ChangeTopic): ChangeNotice
  subscribe(topic: ChangeTopic, listener: () => void): void
  /** Resolves when every notification published so far has come back (see above). */
  settled(): Promise<void> | null
  close(): Promise<void>
}

export interface ChangeNotice {
  /** A select-list expression (`pg_notify(…)`, or `null` with PGlite). */
  sql: SQL
  /**
   * The notification's payload, for a statement prepared once (notifySql with a placeholder);
   * null where there is none to send (PGlite).
   */
  payload: string | null
  /** After the commit: this process's listeners run, and the answer waits for the echo. */
  committed(): void
}

/** `pg_notify` on the feed's channel with `payload` (a placeholder of a statement prepared once). */
export const notifySql = (payload: SQLWrapper) => sql`pg_notify(${CHANNEL}, ${payload})`

/** How long an answer waits at most for the other processes' acknowledgements. */
const ACK_TIMEOUT_MS = 1_000
const HELLO_EVERY_MS = 10_000
const PEER_SILENT_MS = 30_000

export interface ChangeFeedOptions {
  /**
   * How long a write's answer waits at most for the other processes' acknowledgements (1 s).
   * The protocol's tests give it longer: on a machine loaded by the whole suite, an
   * acknowledgement a second late let the answer go before the other process had heard.
   */
  ackTimeoutMs?: number
}

/** The feed of `database`; on PostgreSQL it is listening when this resolves. */
export async function openChangeFeed(database: Database, log?: FastifyBaseLogger, { ackTimeoutMs = ACK_TIMEOUT_MS }: ChangeFeedOptions = {}): Promise<ChangeFeed> {
  const listeners = new Map<ChangeTopic, Array<() => void>>(TOPICS.map((topic) => [topic, []]))
  const fire = (topic: ChangeTopic) => {
    for (const listener of listeners.get(topic) ?? []) listener()
  }
  const local: ChangeFeed = {
    publish: fire,
    within: (topic) => ({ sql: sql`null`, payload: null, committed: () => fire(topic) }),
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

  /** The other processes, by instance, with when they were last heard from; and those gone. */
  const peers = new Map<string, number>()
  const gone = new Set<string>()
  const livePeers = () => {
    const since = Date.now() - PEER_SILENT_MS
    for (const [peer, seen] of peers) if (seen < since) peers.delete(peer)
    return [...peers.keys()]
  }
  /** Our changes by number, each with the peers that have not acknowledged it yet. */
  let sequence = 0
  const awaiting = new Map<number, { peers: Set<string>; done: () => void }>()
  /** Acknowledgements that came before their change was awaited (a commit's, see `within`). */
  const early = new Map<number, Set<string>>()
  const expectAcks = (seq: number) => {
    const waitFor = new Set(livePeers())
    for (const peer of early.get(seq) ?? []) waitFor.delete(peer)
    early.delete(seq)
    if (waitFor.size === 0) return null
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        awaiting.delete(seq)
        log?.warn({ peers: [...waitFor], ackTimeoutMs }, 'a server process did not acknowledge a change in time')
        resolve()
      }, ackTimeoutMs).unref()
      awaiting.set(seq, {
        peers: waitFor,
        done: () => {
          clearTimeout(timer)
          awaiting.delete(seq)
          resolve()
        },
      })
    })
  }
  const hold = (promise: Promise<unknown> | null) => {
    if (!promise) return
    pending.add(promise)
    void promise.finally(() => pending.delete(promise))
  }
  const send = (payload: string) =>
    database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`).then(
      () => true,
      (error: unknown) => {
        log?.error({ err: error, payload }, 'could not tell the other processes of a change')
        return false
      },
    )
  const hello = () => void send(`h:${instance}`)

  const receive = (payload: string) => {
    const [kind, from = '', ...rest] = payload.split(':')
    // A closed process's last messages (an acknowledgement it sent on another connection) may
    // come after its goodbye: they must not bring it back. Its id is never used again.
    if (from === instance || gone.has(from)) return
    const known = peers.has(from)
    peers.set(from, Date.now())
    if (kind === 'b') {
      // A process closing: stop waiting for it.
      peers.delete(from)
      if (gone.size > 1_000) gone.clear()
      gone.add(from)
      for (const entry of [...awaiting.values()]) if (entry.peers.delete(from) && entry.peers.size === 0) entry.done()
    } else if (kind === 'h') {
      // A newcomer: tell it we are here, so its writes wait for us too.
      if (!known) hello()
    } else if (kind === 'c') {
      const [seq, topics = ''] = rest
      for (const topic of topics.split(',') as ChangeTopic[]) if (listeners.has(topic)) fire(topic)
      void send(`a:${instance}:${from}:${seq}`)
    } else if (kind === 'a') {
      const [to, seq] = rest
      if (to !== instance) return
      const entry = awaiting.get(Number(seq))
      if (entry) {
        if (entry.peers.delete(from) && entry.peers.size === 0) entry.done()
      } else {
        if (early.size > 1_000) early.clear()
        early.set(Number(seq), (early.get(Number(seq)) ?? new Set()).add(from))
      }
    }
  }
  const heartbeat = setInterval(hello, HELLO_EVERY_MS).unref()

  const connect = async (delayMs: number) => {
    if (closed) return
    const next = new pg.Client({ connectionString: database.url })
    next.on('notification', (message) => receive(message.payload ?? ''))
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
      hello()
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
        hold(
          new Promise((resolve) => setImmediate(resolve)).then(async () => {
            const topics = [...batch].join(',')
            batch.clear()
            const seq = ++sequence
            const acks = expectAcks(seq)
            if (!(await send(`c:${instance}:${seq}:${topics}`))) return awaiting.get(seq)?.done()
            await acks
          }),
        )
      }
      batch.add(topic)
    },
    within(topic) {
      const seq = ++sequence
      const payload = `c:${instance}:${seq}:${topic}`
      return {
        sql: notifySql(sql`${payload}`),
        payload,
        committed() {
          fire(topic)
          // Acknowledgements that came before this ran are kept in `early`.
          hold(expectAcks(seq))
        },
      }
    },
    subscribe: local.subscribe,
    settled: () => (pending.size === 0 ? null : Promise.all(pending).then(() => undefined)),
    async close() {
      closed = true
      clearTimeout(retry)
      clearInterval(heartbeat)
      // So the others' writes stop waiting for us at once rather than for 30 s.
      if (client) await send(`b:${instance}`)
      const current = client
      client = null
      await current?.end().catch(() => undefined)
    },
  }
}
