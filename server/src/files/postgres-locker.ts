import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server'
import type { FastifyBaseLogger } from 'fastify'

/** The first key of every upload lock (pg_advisory_lock(int4, int4)): "tus" in ASCII. */
const LOCK_SPACE = 0x747573
/** Where a request waiting for an upload asks the process holding it to let go. */
const CHANNEL = 'bandroom_upload_locks'
/** How often a waiting request tries the lock again, and asks again to have it released. */
const RETRY_MS = 50
const ASK_AGAIN_MS = 1_000

interface Held {
  requestRelease: RequestRelease
  /** Whether PostgreSQL's lock is taken (a request still waiting for it holds nothing to let go). */
  taken: boolean
}

/**
 * tus's `locker` for several server processes on one PostgreSQL (issue 33, decision 036): one
 * request at a time writes an upload, whichever process it reached, as tus's `MemoryLocker`
 * does within one process.
 *
 * Each upload id is a session-level advisory lock, `pg_try_advisory_lock(LOCK_SPACE,
 * hashtext(id))`, taken on one connection of the process's own. A session's advisory locks are
 * re-entrant, so within the process a map says which request holds which upload; a newer
 * request in the same process asks the holder to release it, as `MemoryLocker` does. One in
 * another process fails the try, sends `NOTIFY bandroom_upload_locks, '<process>:<id>'`, and tries again
 * every 50 ms; the holding process (it listens on the same connection) asks its request to let
 * go, which stops reading the body where it is and unlocks. A request that waits more than
 * `timeoutMs` gets tus's lock timeout.
 *
 * If the connection is lost, PostgreSQL drops its locks: every request holding one is asked to
 * let go at once (nothing may write unguarded), and the next lock opens a new connection.
 */
export function createPostgresLocker({ url, log, timeoutMs = 30_000 }: { url: string; log?: FastifyBaseLogger; timeoutMs?: number }): Locker & { close(): Promise<void> } {
  const held = new Map<string, Held>()
  // Our own requests to let go come back to our LISTEN too: this id skips them.
  const instance = randomUUID()
  let connection: Promise<pg.Client> | null = null
  let closed = false

  const releaseAll = () => {
    for (const entry of held.values()) void entry.requestRelease()
  }

  /** The connection that holds this process's upload locks and listens for release requests. */
  function client() {
    if (closed) return Promise.reject(new Error('The upload locker is closed.'))
    if (!connection) {
      const attempt = connect()
      connection = attempt
      attempt.catch(() => {
        if (connection === attempt) connection = null
      })
    }
    return connection
  }

  async function connect() {
    const next = new pg.Client({ connectionString: url })
    let live = false
    const lost = (error?: unknown) => {
      if (!live) return
      live = false
      connection = null
      next.end().catch(() => undefined)
      if (closed) return
      log?.warn({ err: error }, 'lost the upload lock connection; uploads in progress were stopped')
      releaseAll()
    }
    next.on('error', lost)
    next.on('end', () => lost())
    next.on('notification', (message) => {
      const [from, id] = (message.payload ?? '').split(/:(.*)/s)
      if (message.channel !== CHANNEL || from === instance || !id) return
      const entry = held.get(id)
      if (entry?.taken) void entry.requestRelease()
    })
    try {
      await next.connect()
      await next.query(`listen ${CHANNEL}`)
      live = true
      return next
    } catch (error) {
      next.end().catch(() => undefined)
      throw error
    }
  }

  /** One query at a time on the connection (pg queues them, but that is deprecated). */
  let queue: Promise<unknown> = Promise.resolve()
  function run<Row extends pg.QueryResultRow>(text: string, values: unknown[], on: Promise<pg.Client> = client()) {
    const result = queue.then(async () => (await on).query<Row>(text, values))
    queue = result.catch(() => undefined)
    return result
  }

  const tryLock = async (id: string) => ((await run<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [LOCK_SPACE, id])).rows[0]?.locked ?? false)

  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        signal.removeEventListener('abort', done)
        resolve()
      }
      signal.addEventListener('abort', done)
    })

  class PostgresLock implements Lock {
    private mine: Held | null = null

    constructor(private readonly id: string) {}

    async lock(stopSignal: AbortSignal, requestRelease: RequestRelease) {
      const deadline = Date.now() + timeoutMs
      const give = () => {
        throw ERRORS.ERR_LOCK_TIMEOUT
      }
      // This process first: one entry per upload, the newest request asking the holder to go.
      for (;;) {
        if (!held.has(this.id)) break
        await held.get(this.id)!.requestRelease()
        if (stopSignal.aborted || Date.now() > deadline) give()
        await wait(RETRY_MS / 5, stopSignal)
      }
      const mine: Held = { requestRelease, taken: false }
      this.mine = mine
      held.set(this.id, mine)
      // Then the other processes, through PostgreSQL.
      try {
        let askedAt = 0
        for (;;) {
          if (await tryLock(this.id)) {
            mine.taken = true
            return
          }
          if (stopSignal.aborted || Date.now() > deadline) give()
          if (Date.now() - askedAt >= ASK_AGAIN_MS) {
            askedAt = Date.now()
            await run('select pg_notify($1, $2)', [CHANNEL, `${instance}:${this.id}`])
          }
          await wait(RETRY_MS, stopSignal)
        }
      } catch (error) {
        if (held.get(this.id) === mine) held.delete(this.id)
        throw error
      }
    }

    async unlock() {
      try {
        if (connection) await run('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, this.id], connection)
      } catch (error) {
        // A lost connection has dropped the lock already.
        log?.warn({ err: error, uploadId: this.id }, 'could not release an upload lock')
      } finally {
        if (this.mine && held.get(this.id) === this.mine) held.delete(this.id)
        this.mine = null
      }
    }
  }

  return {
    newLock: (id) => new PostgresLock(id),
    async close() {
      closed = true
      const current = await connection?.catch(() => null)
      connection = null
      await current?.end().catch(() => undefined)
    },
  }
}
