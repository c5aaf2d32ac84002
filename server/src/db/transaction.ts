import type { Db } from './client'
import { sqlStateOf } from './sql-helpers'
import { writeActivityBeforeCommit } from '../activity/activity'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Something queries run on: the database or an open transaction. */
export type Executor = Db | Tx

/** serialization_failure and deadlock_detected: the transaction lost a race and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01'])

/**
 * Runs `work` in one transaction and runs it again, up to `retries` more times, when
 * PostgreSQL aborted it for losing a race (a serialisation failure or a deadlock). `work` must
 * do everything inside the transaction, so a retry starts from scratch.
 *
 * Inside a write request of the activity log (decision 042), the first transaction to commit
 * writes the request's entry just before its commit, so the entry and the change are one.
 */
export async function withTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: { retries?: number; isolationLevel?: 'read committed' | 'repeatable read' | 'serializable' } = {},
): Promise<T> {
  const retries = options.retries ?? 3
  for (let attempt = 0; ; attempt += 1) {
    let settle: ((committed: boolean) => void) | undefined
    try {
      const result = await db.transaction(
        async (tx) => {
          const value = await work(tx)
          settle = await writeActivityBeforeCommit(tx)
          return value
        },
        options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined,
      )
      settle?.(true)
      return result
    } catch (error) {
      settle?.(false)
      const state = sqlStateOf(error)
      if (attempt >= retries || !state || !RETRYABLE.has(state)) throw error
      // A short random pause so the racers do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)))
    }
  }
}
