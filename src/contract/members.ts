import { z } from 'zod'
import { text } from './text'
import { gradeSchema } from './club'
import { m } from '../i18n/paraglide/messages.js'

/** GET /api/members/search: active members whose display name contains `q` (never the email). */
export const memberSearchQuerySchema = z.object({
  q: text({ min: 1, max: 100, empty: () => m.people_type_one_character() }),
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
