import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import { activityAreas, type ActivityEntry, type ActivityPage, type ActivityQuery } from '../../../src/contract/activity'
import { addDays, zonedInstant } from '../../../src/contract/calendar'
import type { ClubSettings } from '../../../src/contract/settings'
import type { Db } from '../db/client'
import { activityLog, users } from '../db/schema'
import { AppError } from '../http/errors'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { actionWords, fieldWords, objectLabelWords, objectTypeWords, valueWords } from './activity-words'

const DAY_MS = 24 * 60 * 60_000

/** The admins' activity log (decision 042): the list with its filters, and the retention purge. */
export function createActivityService({ db, settings, clock }: { db: Db; settings: { get(): Promise<ClubSettings> }; clock: () => Date }) {
  return {
    /** Newest first; `from`/`to` are club days (both included) in the club's time zone. Actor names in the same query. */
    async list(query: ActivityQuery): Promise<ActivityPage> {
      if (query.from && query.to && query.from > query.to) {
        throw new AppError(400, 'VALIDATION_FAILED', m.activity_error_fields(), { to: m.activity_error_to_before_from() })
      }
      const { timeZone } = await settings.get()
      const where: SQL[] = []
      if (query.actorId) where.push(eq(activityLog.actorId, query.actorId))
      if (query.area) where.push(eq(activityLog.area, query.area))
      if (query.from) where.push(gte(activityLog.at, zonedInstant(query.from, '00:00', timeZone)))
      if (query.to) where.push(lt(activityLog.at, zonedInstant(addDays(query.to, 1), '00:00', timeZone)))
      const filter = where.length > 0 ? and(...where) : undefined
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: activityLog, actorName: users.displayName })
          .from(activityLog)
          .leftJoin(users, eq(users.id, activityLog.actorId))
          .where(filter)
          .orderBy(desc(activityLog.at), desc(activityLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(activityLog).where(filter),
      ])
      return {
        items: rows.map(({ entry, actorName }): ActivityEntry => ({
          id: entry.id,
          at: entry.at.toISOString(),
          actor: entry.actorId ? { id: entry.actorId, name: actorName ?? '' } : null,
          // An area written by a later version is shown under the club's (the filter's list is fixed).
          area: (activityAreas as readonly string[]).includes(entry.area) ? (entry.area as ActivityEntry['area']) : 'club',
          // Stored as codes, worded in the reader's language (decision 046); older rows' English as stored.
          action: actionWords(entry.action),
          object: entry.objectType ? { type: objectTypeWords(entry.objectType), id: entry.objectId, label: objectLabelWords(entry.objectType, entry.objectLabel) } : null,
          changes: entry.changes.map((change) => ({ field: fieldWords(change.field), before: valueWords(entry.objectType, change.field, change.before), after: valueWords(entry.objectType, change.field, change.after) })),
        })),
        total: total?.total ?? 0,
      }
    },

    /** Deletes entries older than the settings' `activityLog.keepDays`; resolves with how many. */
    async purge(now: Date = clock()) {
      const { activityLog: keep } = await settings.get()
      const deleted = await db
        .delete(activityLog)
        .where(lt(activityLog.at, new Date(now.getTime() - keep.keepDays * DAY_MS)))
        .returning({ id: activityLog.id })
      return deleted.length
    },
  }
}

export type ActivityService = ReturnType<typeof createActivityService>
