import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { openChangeFeed, type ChangeFeed } from '../../server/src/db/change-feed'
import type { Database } from '../../server/src/db/client'
import { createTestDatabase } from './support/test-database'

// Two feeds on one database stand for two server processes (decision 015). They wait up to 15 s
// for each other's acknowledgements, not the server's 1 s: the whole suite loads the machine, and
// a late acknowledgement let a write's answer go before the other feed had heard (CI, twice).
let database: Database
let a: ChangeFeed
let b: ChangeFeed
beforeAll(async () => {
  database = await createTestDatabase()
  a = await openChangeFeed(database, undefined, { ackTimeoutMs: 15_000 })
  b = await openChangeFeed(database, undefined, { ackTimeoutMs: 15_000 })
})
afterAll(async () => {
  await a.close()
  await b.close()
  await database.close()
})

const heard = (feed: ChangeFeed, topic: 'schedule' | 'settings') => {
  const seen = { count: 0 }
  feed.subscribe(topic, () => (seen.count += 1))
  return seen
}

if (process.env.TEST_DATABASE_KIND === 'postgres') {
  describe('the change feed across processes', () => {
    it('holds a write until the other process has dropped what it keeps', async () => {
      // The two meet by their hellos, which are not awaited: each waits until it has heard the
      // other (hearing a change from a process makes it one to wait for).
      const heardByB = heard(b, 'settings')
      const heardByA = heard(a, 'schedule')
      await expect
        .poll(async () => {
          a.publish('settings')
          b.publish('schedule')
          await Promise.all([a.settled(), b.settled()])
          return Math.min(heardByA.count, heardByB.count)
        })
        .toBeGreaterThan(0)

      const settings = heard(b, 'settings')
      for (let round = 1; round <= 20; round++) {
        a.publish('settings')
        await a.settled()
        expect(settings.count).toBe(round)
      }
    })

    it('tells the other process of a change made with a transaction only once it commits', async () => {
      const schedule = heard(b, 'schedule')
      const rolledBack = a.within('schedule')
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select ${rolledBack.sql}`)
          throw new Error('the write fails')
        }),
      ).rejects.toThrow('the write fails')

      const committed = a.within('schedule')
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select ${committed.sql}`)
      })
      committed.committed()
      await a.settled()
      expect(schedule.count).toBe(1)
    })

    it('stops waiting for a process that closes', async () => {
      const warnings: string[] = []
      const log = { warn: (_: unknown, message: string) => warnings.push(message), error: () => undefined } as unknown as FastifyBaseLogger
      const writer = await openChangeFeed(database, log)
      const closing = await openChangeFeed(database)
      const seen = heard(closing, 'settings')
      await expect
        .poll(async () => {
          writer.publish('settings')
          await writer.settled()
          return seen.count
        })
        .toBeGreaterThan(0)
      await closing.close()
      // Without its goodbye, the writer would wait for its acknowledgement until the timeout
      // (a second, with a warning) on every write for 30 s. The goodbye reaches the writer a
      // moment after close() returns: from then on its writes go at once.
      await expect
        .poll(
          async () => {
            const began = Date.now()
            writer.publish('settings')
            await writer.settled()
            return Date.now() - began
          },
          { timeout: 5_000 },
        )
        .toBeLessThan(500)
      warnings.length = 0
      writer.publish('settings')
      await writer.settled()
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      expect(warnings).toEqual([])
      await writer.close()
    })
  })
} else {
  describe('the change feed on PGlite', () => {
    it('tells this process only, at once', async () => {
      const schedule = heard(a, 'schedule')
      a.publish('schedule')
      expect(schedule.count).toBe(1)
      expect(a.settled()).toBeNull()
      const notice = a.within('schedule')
      await database.db.execute(sql`select ${notice.sql}`)
      notice.committed()
      expect(schedule.count).toBe(2)
    })
  })
}
