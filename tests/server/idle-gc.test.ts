import { describe, expect, it, vi } from 'vitest'
import Fastify from 'fastify'
import { collectWhenIdle } from '../../server/src/http/idle-gc'

/** The server gives a busy spell's memory back once it is quiet (decision 043). */
describe('collectWhenIdle', () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('collects once after requests stop for the quiet time, never while they come, and not again until more come', async () => {
    // The quiet time is read from this clock, so a slow machine cannot make traffic look quiet.
    let clock = 0
    let collections = 0
    const app = Fastify()
    app.get('/ping', async () => 'pong')
    collectWhenIdle(app, { gc: () => (collections += 1), quietMs: 3_000, checkMs: 5, now: () => clock })
    await app.ready()
    try {
      clock += 10_000
      await pause(50)
      expect(collections).toBe(0) // nothing answered yet: nothing to collect
      for (let i = 0; i < 10; i++) {
        await app.inject('/ping')
        clock += 1_000
        await pause(10)
      }
      expect(collections).toBe(0)
      clock += 3_000
      await vi.waitFor(() => expect(collections).toBe(1), { timeout: 2_000, interval: 5 })
      clock += 60_000
      await pause(50)
      expect(collections).toBe(1)
      await app.inject('/ping')
      clock += 3_000
      await vi.waitFor(() => expect(collections).toBe(2), { timeout: 2_000, interval: 5 })
    } finally {
      await app.close()
    }
  })
})
