import type { FastifyInstance } from 'fastify'
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { outboxPageSchema, outboxQuerySchema } from '../../../src/contract/mail'
import type { Db } from '../db/client'
import { jobs, mailOutbox } from '../db/schema'
import { defineRoute } from '../http/route'

/**
 * The outbox list for administrators: each mail with its state, `sent`, `queued` (waiting for
 * its job), `failing` (the last try failed; `error` says why, and it is tried again with
 * backoff), `failed` (its job gave up after its last try) or `kept` (no SMTP server is set, so
 * mail stays here). Given-up mails are found through their jobs, for the unsent mails with an
 * error on the page only: the admin's screen, at most a page of ids.
 */
export function registerMailRoutes(app: FastifyInstance, { db, sends }: { db: Db; sends: boolean }) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/outbox',
    tag: 'mail',
    summary: 'Mail the app has written, newest first (system settings)',
    query: outboxQuerySchema,
    response: outboxPageSchema,
    handler: async ({ query }) => {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(mailOutbox)
          .orderBy(desc(mailOutbox.createdAt))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(mailOutbox),
      ])
      const erring = items.filter((mail) => !mail.sentAt && mail.error).map((mail) => mail.id)
      const gaveUp = new Set(
        erring.length === 0
          ? []
          : (
              await db
                .select({ mailId: sql<string>`${jobs.payload}->>'mailId'` })
                .from(jobs)
                .where(and(eq(jobs.kind, 'mail.send'), isNotNull(jobs.failedAt), inArray(sql`${jobs.payload}->>'mailId'`, erring)))
            ).map((row) => row.mailId),
      )
      return {
        items: items.map((mail) => ({
          id: mail.id,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          kind: mail.kind,
          createdAt: mail.createdAt.toISOString(),
          sentAt: mail.sentAt?.toISOString() ?? null,
          error: mail.error,
          state: mail.sentAt ? ('sent' as const) : gaveUp.has(mail.id) ? ('failed' as const) : mail.error ? ('failing' as const) : sends ? ('queued' as const) : ('kept' as const),
        })),
        total: total?.n ?? 0,
      }
    },
  })
}
