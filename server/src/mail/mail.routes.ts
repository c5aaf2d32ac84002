import type { FastifyInstance } from 'fastify'
import { count, desc } from 'drizzle-orm'
import { outboxPageSchema, outboxQuerySchema } from '../../../src/contract/mail'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import { defineRoute } from '../http/route'

/**
 * The outbox list for administrators: each mail with its state, `sent`, `queued` (waiting for
 * its job), `failing` (the last try failed; `error` says why, and it is tried again with
 * backoff) or `kept` (no SMTP server is set, so mail stays here).
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
          state: mail.sentAt ? ('sent' as const) : mail.error ? ('failing' as const) : sends ? ('queued' as const) : ('kept' as const),
        })),
        total: total?.n ?? 0,
      }
    },
  })
}
