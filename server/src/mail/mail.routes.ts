import type { FastifyInstance } from 'fastify'
import { count, desc } from 'drizzle-orm'
import { outboxPageSchema, outboxQuerySchema } from '../../../src/contract/mail'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import { defineRoute } from '../http/route'

export function registerMailRoutes(app: FastifyInstance, { db }: { db: Db }) {
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
        })),
        total: total?.n ?? 0,
      }
    },
  })
}
