import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { periodInputSchema, type Period, type PeriodInput, type PeriodPatch } from '../../../src/contract/club'
import { fieldErrors } from '../../../src/contract/errors'
import type { Db } from '../db/client'
import { withTransaction, type Tx } from '../db/transaction'
import { bookings, periods } from '../db/schema'
import { AppError, notFound } from '../http/errors'
import type { ScheduleVersion } from '../bookings/schedule-cache'
import { m } from '../../../src/i18n/paraglide/messages.js'

type PeriodRow = typeof periods.$inferSelect
const toPeriod = (row: PeriodRow): Period => ({ id: row.id, label: row.label, startsAt: row.startsAt, endsAt: row.endsAt })

/**
 * The day's periods (SPEC §5.3), "HH:MM" wall-clock times in the club's time zone, ordered by
 * start. No two overlap (touching is fine): each change locks the table for writes in its
 * transaction, so two racing changes cannot both pass the check. Every change moves the
 * schedule version (periods are the grids' rows). Bookings copy a period's label and times,
 * so changing a period does not rewrite them.
 */
export function createPeriodsService({ db, clock, scheduleVersion }: { db: Db; clock: () => Date; scheduleVersion?: ScheduleVersion }) {

  async function assertNoOverlap(tx: Tx, value: { startsAt: string; endsAt: string }, exceptId?: string) {
    const others = await tx.select().from(periods).orderBy(asc(periods.startsAt))
    const clash = others.find((other) => other.id !== exceptId && other.startsAt < value.endsAt && value.startsAt < other.endsAt)
    if (clash) {
      const message = m.club_period_overlap({ label: clash.label, startsAt: clash.startsAt, endsAt: clash.endsAt })
      throw new AppError(400, 'PERIOD_OVERLAP', message, { startsAt: message })
    }
  }

  const lock = (tx: Tx) => tx.execute(sql`lock table ${periods} in share row exclusive mode`)

  return {
    async list(): Promise<Period[]> {
      const rows = await db.select().from(periods).orderBy(asc(periods.startsAt), asc(periods.endsAt))
      return rows.map(toPeriod)
    },

    async create(input: PeriodInput): Promise<Period> {
      const period = await withTransaction(db, async (tx) => {
        await lock(tx)
        await assertNoOverlap(tx, input)
        const [row] = await tx
          .insert(periods)
          .values({ ...input, sortOrder: Number(input.startsAt.replace(':', '')), createdAt: clock(), updatedAt: clock() })
          .returning()
        return toPeriod(row!)
      })
      scheduleVersion?.bump()
      return period
    },

    async update(id: string, patch: PeriodPatch): Promise<Period> {
      const period = await withTransaction(db, async (tx) => {
        await lock(tx)
        const [current] = await tx.select().from(periods).where(eq(periods.id, id))
        if (!current) throw notFound(m.club_no_such_period())
        const merged = periodInputSchema.safeParse({
          label: patch.label ?? current.label,
          startsAt: patch.startsAt ?? current.startsAt,
          endsAt: patch.endsAt ?? current.endsAt,
        })
        if (!merged.success) throw new AppError(400, 'VALIDATION_FAILED', m.club_fields_need_attention(), fieldErrors(merged.error.issues))
        await assertNoOverlap(tx, merged.data, id)
        const [row] = await tx
          .update(periods)
          .set({ ...merged.data, sortOrder: Number(merged.data.startsAt.replace(':', '')), updatedAt: clock() })
          .where(eq(periods.id, id))
          .returning()
        return toPeriod(row!)
      })
      scheduleVersion?.bump()
      return period
    },

    /**
     * Deletes a period. Refused with 409 PERIOD_IN_USE while an active booking that has not
     * ended uses it (cancel them first); past and cancelled bookings keep their copied label
     * and times, and their `period_id` becomes null (ON DELETE SET NULL). The period's row is
     * locked first, so a booking being made (which holds it FOR SHARE) finishes before the check.
     */
    async remove(id: string): Promise<void> {
      await withTransaction(db, async (tx) => {
        const [period] = await tx.select().from(periods).where(eq(periods.id, id)).for('update')
        if (!period) throw notFound(m.club_no_such_period())
        const [used] = await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.periodId, id), eq(bookings.status, 'active'), gt(bookings.slotEnd, clock())))
          .limit(1)
        if (used) throw new AppError(409, 'PERIOD_IN_USE', m.club_period_in_use({ label: period.label }))
        await tx.delete(periods).where(eq(periods.id, id))
      })
      scheduleVersion?.bump()
    },
  }
}

export type PeriodsService = ReturnType<typeof createPeriodsService>
