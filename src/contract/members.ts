import { z } from 'zod'
import { text } from './text'
import { gradeSchema } from './club'

/** GET /api/members/search: active members whose display name contains `q` (never the email). */
export const memberSearchQuerySchema = z.object({
  q: text({ min: 1, max: 100, empty: 'Type at least one character' }),
  limit: z.coerce.number().int().min(1).max(20).default(20),
})

export const memberSummarySchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  enrollmentYear: z.number().int(),
  /** In the current term. */
  grade: gradeSchema,
})
export type MemberSummary = z.infer<typeof memberSummarySchema>
export const memberSearchResultSchema = z.object({ items: z.array(memberSummarySchema) })
