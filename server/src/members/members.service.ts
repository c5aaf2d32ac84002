import { containsPattern } from '../db/sql-helpers'
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import type { MemberSummary } from '../../../src/contract/members'
import { gradeOf } from '../../../src/contract/terms'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import type { SettingsService } from '../settings/settings.service'

/** `%`, `_` and `\` typed by a user match themselves, not "anything". */

export function createMembersService({ db, settings }: { db: Db; settings: SettingsService }) {
  return {
    /** Active members whose name or email contains `q` (any case), by name; for pickers. */
    async search(q: string, limit: number): Promise<MemberSummary[]> {
      const pattern = containsPattern(q)
      const [rows, term] = await Promise.all([
        db
          .select({ id: users.id, displayName: users.displayName, enrollmentYear: users.enrollmentYear })
          .from(users)
          .where(and(eq(users.status, 'active'), or(ilike(users.displayName, pattern), ilike(users.email, pattern))))
          .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id))
          .limit(limit),
        settings.currentTerm(),
      ])
      return rows.map((row) => ({ ...row, grade: gradeOf(row.enrollmentYear, term) }))
    },
  }
}
