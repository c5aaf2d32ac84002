import { and, asc, eq, sql } from 'drizzle-orm'
import type { HolderInput, PositionList, PositionPatch } from '../../../src/contract/club'
import { gradeOf } from '../../../src/contract/terms'
import type { Db } from '../db/client'
import { withTransaction } from '../db/transaction'
import { positionHolders, positions, users } from '../db/schema'
import { AppError, notFound } from '../http/errors'
import type { SettingsService } from '../settings/settings.service'
import { isUniqueViolation } from '../db/sql-helpers'
import { m } from '../../../src/i18n/paraglide/messages.js'

/** How far back holders may be recorded, and how far ahead a team may be prepared. */
export const PAST_TERMS_EDITABLE = 10
export const FUTURE_TERMS_EDITABLE = 1

const nameTaken = (name: string) =>
  new AppError(409, 'POSITION_NAME_TAKEN', m.club_position_name_taken({ name }), { name: m.club_position_name_used() })

/**
 * Positions and who holds them per term (SPEC §5.3). Nothing records "executive": a member is
 * one while a holder row names them for the current term, so rights follow the term by themselves.
 */
export function createPositionsService({ db, clock, settings }: { db: Db; clock: () => Date; settings: SettingsService }) {
  async function findPosition(id: string) {
    const [row] = await db.select().from(positions).where(eq(positions.id, id))
    if (!row) throw notFound(m.club_no_such_position())
    return row
  }

  return {
    async list(term?: number): Promise<PositionList> {
      const currentTerm = await settings.currentTerm()
      const shown = term ?? currentTerm
      const [rows, holders] = await Promise.all([
        db.select().from(positions).orderBy(asc(positions.sortOrder), asc(sql`lower(${positions.name})`)),
        db
          .select({
            id: positionHolders.id,
            positionId: positionHolders.positionId,
            userId: users.id,
            displayName: users.displayName,
            enrollmentYear: users.enrollmentYear,
            status: users.status,
          })
          .from(positionHolders)
          .innerJoin(users, eq(users.id, positionHolders.userId))
          .where(eq(positionHolders.termYear, shown))
          .orderBy(asc(sql`lower(${users.displayName})`)),
      ])
      return {
        term: shown,
        currentTerm,
        items: rows.map((position) => ({
          id: position.id,
          name: position.name,
          description: position.description,
          sortOrder: position.sortOrder,
          holders: holders
            .filter((holder) => holder.positionId === position.id)
            .map(({ positionId: _positionId, ...holder }) => ({ ...holder, grade: gradeOf(holder.enrollmentYear, shown) })),
        })),
      }
    },

    async create(input: { name: string; description: string; sortOrder?: number }) {
      try {
        const [row] = await db
          .insert(positions)
          .values({
            name: input.name,
            description: input.description,
            sortOrder: input.sortOrder ?? sql`(select coalesce(max(${positions.sortOrder}), -1) + 1 from ${positions})`,
            createdAt: clock(),
            updatedAt: clock(),
          })
          .returning()
        return { id: row!.id, name: row!.name, description: row!.description, sortOrder: row!.sortOrder, holders: [] }
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(input.name)
        throw error
      }
    },

    async update(id: string, patch: PositionPatch) {
      await findPosition(id)
      try {
        const [row] = await db
          .update(positions)
          .set({ ...patch, updatedAt: clock() })
          .where(eq(positions.id, id))
          .returning()
        if (!row) throw notFound(m.club_no_such_position())
        return { id: row.id, name: row.name, description: row.description, sortOrder: row.sortOrder }
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(patch.name ?? '')
        throw error
      }
    },

    /** Deletes a position with its holders in every term. */
    async remove(id: string) {
      const deleted = await db.delete(positions).where(eq(positions.id, id)).returning({ id: positions.id })
      if (deleted.length === 0) throw notFound(m.club_no_such_position())
    },

    /** Sets the display order: `positionIds` must list every position exactly once. */
    async reorder(positionIds: string[]) {
      await withTransaction(db, async (tx) => {
        await tx.execute(sql`lock table ${positions} in share row exclusive mode`)
        const existing = await tx.select({ id: positions.id }).from(positions)
        const given = new Set(positionIds)
        if (existing.length !== positionIds.length || existing.some((row) => !given.has(row.id))) {
          throw new AppError(409, 'CONFLICT', m.club_positions_changed(), {
            positionIds: m.club_positions_once(),
          })
        }
        for (const [index, id] of positionIds.entries()) {
          await tx.update(positions).set({ sortOrder: index, updatedAt: clock() }).where(eq(positions.id, id))
        }
      })
    },

    async addHolder(positionId: string, input: HolderInput) {
      await findPosition(positionId)
      const current = await settings.currentTerm()
      const earliest = current - PAST_TERMS_EDITABLE
      const latest = current + FUTURE_TERMS_EDITABLE
      if (input.termYear < earliest || input.termYear > latest) {
        throw new AppError(400, 'VALIDATION_FAILED', m.club_fields_need_attention(), {
          termYear: m.club_term_between({ earliest, latest }),
        })
      }
      return withTransaction(db, async (tx) => {
        const [position] = await tx.select({ id: positions.id }).from(positions).where(eq(positions.id, positionId)).for('share')
        if (!position) throw notFound(m.club_no_such_position())
        // FOR SHARE: the member cannot be suspended or deleted between this check and the insert.
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, input.userId), eq(users.status, 'active')))
          .for('share')
        if (!user) {
          throw new AppError(400, 'MEMBER_NOT_ACTIVE', m.club_only_active_hold(), { userId: m.club_choose_active_member() })
        }
        const [row] = await tx
          .insert(positionHolders)
          .values({ positionId, userId: input.userId, termYear: input.termYear, createdAt: clock() })
          .onConflictDoNothing()
          .returning()
        if (!row) {
          throw new AppError(409, 'ALREADY_HOLDS_POSITION', m.club_already_holds({ name: user.displayName, term: input.termYear }), {
            userId: m.club_already_holds_field(),
          })
        }
        return {
          id: row.id,
          userId: user.id,
          displayName: user.displayName,
          enrollmentYear: user.enrollmentYear,
          grade: gradeOf(user.enrollmentYear, input.termYear),
          status: user.status,
        }
      })
    },

    async removeHolder(holderId: string) {
      const deleted = await db.delete(positionHolders).where(eq(positionHolders.id, holderId)).returning({ id: positionHolders.id })
      if (deleted.length === 0) throw notFound(m.club_no_longer_holds())
    },
  }
}

export type PositionsService = ReturnType<typeof createPositionsService>
