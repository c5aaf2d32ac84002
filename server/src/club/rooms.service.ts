import { and, asc, eq, sql } from 'drizzle-orm'
import type { Room, RoomInput, RoomPatch } from '../../../src/contract/club'
import { roomInputSchema } from '../../../src/contract/club'
import type { Db } from '../db/client'
import { blackouts, rooms } from '../db/schema'
import { AppError, notFound } from '../http/errors'
import { isUniqueViolation } from '../db/sql-helpers'

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
  new AppError(409, 'ROOM_NAME_TAKEN', `There is already a room called “${name}”.`, { name: 'This name is already used by another room' })

/** Rooms (SPEC §5.3): the name is unique regardless of case, guaranteed by a unique index. */
export function createRoomsService({ db, clock }: { db: Db; clock: () => Date }) {
  async function find(id: string) {
    const [row] = await db.select().from(rooms).where(eq(rooms.id, id))
    if (!row) throw notFound('This room does not exist.')
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
        if (!row) throw notFound('This room does not exist.')
        return toRoom(row)
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(patch.name ?? '')
        throw error
      }
    },

    /**
     * Deletes a room and takes it out of blackouts (a blackout left with no room goes too).
     * Bookings do not exist yet; when they do, a room with bookings must be deactivated instead.
     */
    async remove(id: string): Promise<void> {
      await find(id)
      await db.transaction(async (tx) => {
        await tx
          .update(blackouts)
          .set({ roomIds: sql`array_remove(${blackouts.roomIds}, ${id}::uuid)`, updatedAt: clock() })
          .where(sql`${id}::uuid = any(${blackouts.roomIds})`)
        await tx.delete(blackouts).where(and(sql`${blackouts.roomIds} is not null`, sql`cardinality(${blackouts.roomIds}) = 0`))
        await tx.delete(rooms).where(eq(rooms.id, id))
      })
    },
  }
}

export type RoomsService = ReturnType<typeof createRoomsService>
