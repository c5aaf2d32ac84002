import { z } from 'zod'
import { pageOf, pagingQuerySchema } from './paging'

export const outboxQuerySchema = pagingQuerySchema

export const outboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
})
export type OutboxMail = z.infer<typeof outboxMailSchema>
export const outboxPageSchema = pageOf(outboxMailSchema)
