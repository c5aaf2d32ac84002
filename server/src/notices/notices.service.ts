import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { noticeKinds, type NoticeListQuery, type NoticePage, type NoticePreferences } from '../../../src/contract/notices'
import type { Db } from '../db/client'
import { noticePreferences, notices } from '../db/schema'
import { withTransaction } from '../db/transaction'
import { notFound } from '../http/errors'
import { m } from '../../../src/i18n/paraglide/messages.js'

type NoticeRow = typeof notices.$inferSelect

const noticeOf = (row: NoticeRow) => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
})

/**
 * A member's own notices (the bell and its list) and their choices per kind. Every query is
 * by `user_id` on its index: the list on (user_id, created_at), the count on the partial
 * index of unread rows.
 */
export function createNoticesService({ db, clock }: { db: Db; clock: () => Date }) {
  async function unreadOf(userId: string) {
    const [row] = await db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
    return row?.n ?? 0
  }

  return {
    unreadOf,

    /** Newest first; `unread` counts the whole list, not the page. */
    async list(userId: string, query: NoticeListQuery): Promise<NoticePage> {
      const [rows, [total], unread] = await Promise.all([
        db
          .select()
          .from(notices)
          .where(eq(notices.userId, userId))
          .orderBy(desc(notices.createdAt), desc(notices.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(notices).where(eq(notices.userId, userId)),
        unreadOf(userId),
      ])
      return { items: rows.map(noticeOf), total: total?.n ?? 0, unread }
    },

    /** Marks one of the caller's notices read (again is fine); another person's is a 404. */
    async markRead(userId: string, noticeId: string) {
      const [row] = await db
        .update(notices)
        .set({ readAt: clock() })
        .where(and(eq(notices.id, noticeId), eq(notices.userId, userId), isNull(notices.readAt)))
        .returning()
      if (row) return noticeOf(row)
      const [existing] = await db
        .select()
        .from(notices)
        .where(and(eq(notices.id, noticeId), eq(notices.userId, userId)))
      if (!existing) throw notFound(m.notices_not_yours())
      return noticeOf(existing)
    },

    async markAllRead(userId: string) {
      await db
        .update(notices)
        .set({ readAt: clock() })
        .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
      return { unread: 0 }
    },

    /** Every kind with the caller's choice (`mail`, in the app and by mail, when never chosen). */
    async preferences(userId: string): Promise<NoticePreferences> {
      const rows = await db.select().from(noticePreferences).where(eq(noticePreferences.userId, userId))
      const chosen = new Map(rows.map((row) => [row.kind, row.delivery]))
      return { preferences: Object.fromEntries(noticeKinds.map((kind) => [kind, chosen.get(kind) ?? 'mail'])) as NoticePreferences['preferences'] }
    },

    async savePreferences(userId: string, input: NoticePreferences): Promise<NoticePreferences> {
      const now = clock()
      await withTransaction(db, async (tx) => {
        for (const kind of noticeKinds) {
          const delivery = input.preferences[kind]
          await tx
            .insert(noticePreferences)
            .values({ userId, kind, delivery, updatedAt: now })
            .onConflictDoUpdate({ target: [noticePreferences.userId, noticePreferences.kind], set: { delivery, updatedAt: now } })
        }
      })
      return this.preferences(userId)
    },
  }
}

export type NoticesService = ReturnType<typeof createNoticesService>
