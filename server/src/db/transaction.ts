import type { Db } from './client'
import { sqlStateOf } from './sql-helpers'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Something queries run on: the database or an open transaction. */
export type Executor = Db | Tx

/** serialization_failure and deadlock_detected: the transaction lost a race and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01'])

/**
 * Runs `work` in one transaction and runs it again, up to `retries` more times, when
 * PostgreSQL aborted it for losing a race (a serialisation failure or a deadlock). `work` must
 * do everything inside the transaction, so a retry starts from scratch.
 */
export async function withTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: { retries?: number; isolationLevel?: 'read committed' | 'repeatable read' | 'serializable' } = {},
): Promise<T> {
  const retries = options.retries ?? 3
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(work, options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined)
    } catch (error) {
      const state = sqlStateOf(error)
      if (attempt >= retries || !state || !RETRYABLE.has(state)) throw error
      // A short random pause so the racers do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)))
    }
  }
}
