import { containsPattern } from '../db/sql-helpers'
import { and, asc, eq, ilike, sql } from 'drizzle-orm'
import type { MemberSummary } from '../../../src/contract/members'
import { gradeOf } from '../../../src/contract/terms'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import type { SettingsService } from '../settings/settings.service'

/** `%`, `_` and `\` typed by a user match themselves, not "anything". */

export function createMembersService({ db, settings }: { db: Db; settings: SettingsService }) {
  return {
    /** Active members whose display name contains `q` (any case), by name; for pickers. Only the
     * name the picker shows is searched: matching emails would tell anyone who owns an address. */
    async search(q: string, limit: number): Promise<MemberSummary[]> {
      const pattern = containsPattern(q)
      const [rows, term] = await Promise.all([
        db
          .select({ id: users.id, displayName: users.displayName, enrollmentYear: users.enrollmentYear })
          .from(users)
          .where(and(eq(users.status, 'active'), ilike(users.displayName, pattern)))
          .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id))
          .limit(limit),
        settings.currentTerm(),
      ])
      return rows.map((row) => ({ ...row, grade: gradeOf(row.enrollmentYear, term) }))
    },
  }
}
