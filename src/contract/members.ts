import { z } from 'zod'
import { gradeSchema } from './club'

/** GET /api/members/search: active members whose name or email contains `q`. */
export const memberSearchQuerySchema = z.object({
  q: z.string('Type a name or email').trim().min(1, 'Type at least one character').max(100, 'At most 100 characters'),
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
