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
  /** sent; queued (waiting to be sent); failing (the last try failed, it is tried again); failed (given up); kept (no mail server set). */
  state: z.enum(['sent', 'queued', 'failing', 'failed', 'kept']),
})
export type OutboxMail = z.infer<typeof outboxMailSchema>
export const outboxPageSchema = pageOf(outboxMailSchema)
