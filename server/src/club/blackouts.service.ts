import { asc, eq, gte, inArray } from 'drizzle-orm'
import type { Blackout, BlackoutInput } from '../../../src/contract/club'
import { zonedDate } from '../../../src/contract/terms'
import type { Db } from '../db/client'
import { withTransaction } from '../db/transaction'
import { blackouts, rooms } from '../db/schema'
import { AppError, notFound } from '../http/errors'
import type { SettingsService } from '../settings/settings.service'
import type { ScheduleVersion } from '../bookings/schedule-cache'
import { m } from '../../../src/i18n/paraglide/messages.js'

type BlackoutRow = typeof blackouts.$inferSelect
const toBlackout = (row: BlackoutRow): Blackout => ({
  id: row.id,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  roomIds: row.roomIds ?? null,
  reason: row.reason,
})

/**
 * Blackout dates (SPEC §5.3): a day range on which some rooms, or all, cannot be booked.
 * Every change moves the schedule version (blackouts are on the week grids).
 */
export function createBlackoutsService({
  db,
  clock,
  settings,
  scheduleVersion,
}: {
  db: Db
  clock: () => Date
  settings: SettingsService
  scheduleVersion?: ScheduleVersion
}) {
  async function today() {
    const { year, month, day } = zonedDate(clock(), (await settings.get()).timeZone)
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  }

  return {
    /** Blackouts that end on or after `from` (today in the club's time zone by default). */
    async list(from?: string): Promise<Blackout[]> {
      const since = from ?? (await today())
      const rows = await db.select().from(blackouts).where(gte(blackouts.endsOn, since)).orderBy(asc(blackouts.startsOn), asc(blackouts.endsOn))
      return rows.map(toBlackout)
    },

    async create(input: BlackoutInput): Promise<Blackout> {
      const blackout = await withTransaction(db, async (tx) => {
        if (input.roomIds) {
          // FOR SHARE: a room cannot be deleted between this check and the insert.
          const found = await tx.select({ id: rooms.id }).from(rooms).where(inArray(rooms.id, input.roomIds)).for('share')
          if (found.length !== input.roomIds.length) {
            throw new AppError(400, 'VALIDATION_FAILED', m.club_fields_need_attention(), { roomIds: m.club_chosen_room_missing() })
          }
        }
        const [row] = await tx
          .insert(blackouts)
          .values({ ...input, createdAt: clock(), updatedAt: clock() })
          .returning()
        return toBlackout(row!)
      })
      scheduleVersion?.bump()
      return blackout
    },

    async remove(id: string): Promise<void> {
      const deleted = await db.delete(blackouts).where(eq(blackouts.id, id)).returning({ id: blackouts.id })
      if (deleted.length === 0) throw notFound(m.club_no_such_blackout())
      scheduleVersion?.bump()
    },
  }
}
