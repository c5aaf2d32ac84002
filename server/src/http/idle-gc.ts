import type { FastifyInstance } from 'fastify'

/**
 * One full garbage collection once the server has been quiet for a while after answering
 * requests (decision 043): V8 otherwise keeps a busy minute's garbage in its old space for a
 * long time, and with `npm run serve`'s MALLOC_* settings the freed memory goes back to the
 * system. Only when Node runs with `--expose-gc` (`npm run serve` and `npm start` pass it); a
 * request arriving during the collection waits for it (tens of milliseconds, and only after a
 * quiet spell).
 */
export function collectWhenIdle(
  app: FastifyInstance,
  { gc = (globalThis as { gc?: () => void }).gc, quietMs = 3_000, checkMs = 1_000, now = Date.now }: { gc?: () => void; quietMs?: number; checkMs?: number; now?: () => number } = {},
) {
  if (!gc) return
  let answeredSinceCollection = false
  let lastAnswer = 0
  app.addHook('onResponse', async () => {
    answeredSinceCollection = true
    lastAnswer = now()
  })
  const timer = setInterval(() => {
    if (!answeredSinceCollection || now() - lastAnswer < quietMs) return
    answeredSinceCollection = false
    gc()
  }, checkMs).unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
