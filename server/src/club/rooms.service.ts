import { and, asc, eq, sql } from 'drizzle-orm'
import type { Room, RoomInput, RoomPatch } from '../../../src/contract/club'
import { roomInputSchema } from '../../../src/contract/club'
import type { Db } from '../db/client'
import { withTransaction } from '../db/transaction'
import { blackouts, bookings, rooms } from '../db/schema'
import { AppError, notFound } from '../http/errors'
import { isUniqueViolation, sqlStateOf } from '../db/sql-helpers'
import type { ScheduleVersion } from '../bookings/schedule-cache'
import { m } from '../../../src/i18n/paraglide/messages.js'

type RoomRow = typeof rooms.$inferSelect

const toRoom = (row: RoomRow): Room => ({
  id: row.id,
  name: row.name,
  capacity: row.capacity,
  active: row.active,
  shownPublicly: row.shownPublicly,
  sortOrder: row.sortOrder,
})

const nameTaken = (name: string) =>
  new AppError(409, 'ROOM_NAME_TAKEN', m.club_room_name_taken({ name }), { name: m.club_room_name_used() })
const inUse = (name: string) => new AppError(409, 'ROOM_IN_USE', m.club_room_in_use({ name }))

/**
 * Rooms (SPEC §5.3): the name is unique regardless of case, guaranteed by a unique index.
 * Every change moves the schedule version (rooms are on the week grids).
 */
export function createRoomsService({ db, clock, scheduleVersion }: { db: Db; clock: () => Date; scheduleVersion?: ScheduleVersion }) {
  async function find(id: string) {
    const [row] = await db.select().from(rooms).where(eq(rooms.id, id))
    if (!row) throw notFound(m.club_no_such_room())
    return row
  }

  return {
    async list(): Promise<Room[]> {
      const rows = await db.select().from(rooms).orderBy(asc(rooms.sortOrder), asc(sql`lower(${rooms.name})`))
      return rows.map(toRoom)
    },

    async create(input: RoomInput): Promise<Room> {
      const value = roomInputSchema.parse(input)
      try {
        const [row] = await db.insert(rooms).values({ ...value, createdAt: clock(), updatedAt: clock() }).returning()
        scheduleVersion?.bump()
        return toRoom(row!)
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(value.name)
        throw error
      }
    },

    async update(id: string, patch: RoomPatch): Promise<Room> {
      await find(id)
      try {
        const [row] = await db
          .update(rooms)
          .set({ ...patch, updatedAt: clock() })
          .where(eq(rooms.id, id))
          .returning()
        if (!row) throw notFound(m.club_no_such_room())
        scheduleVersion?.bump()
        return toRoom(row)
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(patch.name ?? '')
        throw error
      }
    },

    /**
     * Deletes a room and takes it out of blackouts (a blackout left with no room goes too).
     * A room any booking names (active or cancelled: they are kept as history) is refused with
     * 409 ROOM_IN_USE: deactivate it instead. The room's row is locked first, so a booking
     * being made (which holds it FOR SHARE) finishes before the check, or finds the room gone;
     * the foreign key (ON DELETE RESTRICT) is the last guard.
     */
    async remove(id: string): Promise<void> {
      try {
        await withTransaction(db, async (tx) => {
          const [room] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update')
          if (!room) throw notFound(m.club_no_such_room())
          const [used] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.roomId, id)).limit(1)
          if (used) throw inUse(room.name)
          await tx
            .update(blackouts)
            .set({ roomIds: sql`array_remove(${blackouts.roomIds}, ${id}::uuid)`, updatedAt: clock() })
            .where(sql`${id}::uuid = any(${blackouts.roomIds})`)
          await tx.delete(blackouts).where(and(sql`${blackouts.roomIds} is not null`, sql`cardinality(${blackouts.roomIds}) = 0`))
          await tx.delete(rooms).where(eq(rooms.id, id))
        })
      } catch (error) {
        // foreign_key_violation: a booking arrived after all.
        if (sqlStateOf(error) === '23503') throw inUse((await find(id).catch(() => null))?.name ?? 'This room')
        throw error
      }
      scheduleVersion?.bump()
    },
  }
}

export type RoomsService = ReturnType<typeof createRoomsService>
