import { z } from 'zod'
import { feedbackCategories, feedbackStatuses, feedbackTargets, feedbackVisibilities } from './choices'
import { pageOf, pagingQuerySchema } from './paging'
import { says, text } from './text'
import { m } from '../i18n/paraglide/messages.js'

export { feedbackCategories, feedbackStatuses, feedbackTargets, feedbackVisibilities }
export type { FeedbackCategory, FeedbackStatus, FeedbackTarget } from './choices'

/**
 * Feedback (SPEC §5.7, issue 16, decision 022): a suggestion to the executives (`club`, with a
 * category) or feedback on a band's performance at a live (`performance`). The author of
 * anonymous feedback is in no answer but an admin's: the schemas below have no author at all
 * where the caller is its author or a band member, and a nullable one for executives.
 */

export const FEEDBACK_MAX = 2000
export const REPLY_MAX = 2000

export const feedbackBodySchema = text({ min: 1, max: FEEDBACK_MAX, multiline: true, empty: () => m.feedback_write_required() })

/** What the form sends; one flat shape so each field's message lands under its field. */
export const feedbackInputSchema = z
  .object({
    target: z.enum(
      feedbackTargets,
      says(() => m.feedback_choose_target()),
    ),
    category: z
      .enum(
        feedbackCategories,
        says(() => m.feedback_choose_category()),
      )
      .optional(),
    eventId: z.uuid(says(() => m.feedback_choose_live())).optional(),
    bandId: z.uuid(says(() => m.feedback_choose_band())).optional(),
    body: feedbackBodySchema,
    anonymous: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.target === 'club' && !value.category) context.addIssue({ code: 'custom', path: ['category'], message: m.feedback_choose_category() })
    if (value.target === 'performance' && !value.eventId) context.addIssue({ code: 'custom', path: ['eventId'], message: m.feedback_choose_live() })
    if (value.target === 'performance' && !value.bandId) context.addIssue({ code: 'custom', path: ['bandId'], message: m.feedback_choose_band() })
  })
export type FeedbackInput = z.input<typeof feedbackInputSchema>
export type FeedbackInputValue = z.output<typeof feedbackInputSchema>

export const feedbackParamsSchema = z.object({ feedbackId: z.uuid(says(() => m.feedback_not_valid_id())) })

export const feedbackStatusInputSchema = z.object({
  status: z.enum(
    feedbackStatuses,
    says(() => m.feedback_choose_status()),
  ),
})
export const feedbackReplyInputSchema = z.object({
  reply: text({ min: 1, max: REPLY_MAX, multiline: true, empty: () => m.feedback_write_reply() }),
})
export type FeedbackReplyInput = z.input<typeof feedbackReplyInputSchema>
export const feedbackHiddenInputSchema = z.object({ hidden: z.boolean(says(() => m.feedback_say_hide())) })

const personSchema = z.object({ id: z.uuid().nullable(), displayName: z.string() })
const eventRefSchema = z.object({ id: z.uuid(), title: z.string(), firstDay: z.string() })
const bandRefSchema = z.object({ id: z.uuid(), name: z.string() })

const feedbackBaseSchema = z.object({
  id: z.uuid(),
  target: z.enum(feedbackTargets),
  category: z.enum(feedbackCategories).nullable(),
  event: eventRefSchema.nullable(),
  band: bandRefSchema.nullable(),
  body: z.string(),
  anonymous: z.boolean(),
  createdAt: z.string(),
})

const replySchema = z.object({ text: z.string(), by: personSchema, at: z.string() })

/** My own feedback: no author (it is me), the status and the executives' reply. */
export const myFeedbackSchema = feedbackBaseSchema.extend({
  status: z.enum(feedbackStatuses),
  reply: replySchema.nullable(),
  /** The executives hid it from the band (it stays with them). */
  hidden: z.boolean(),
})
export type MyFeedback = z.infer<typeof myFeedbackSchema>

/** Feedback one of my bands received: the author only when they signed it. */
export const receivedFeedbackSchema = feedbackBaseSchema.omit({ category: true }).extend({
  /** Null when anonymous. */
  author: personSchema.nullable(),
})
export type ReceivedFeedback = z.infer<typeof receivedFeedbackSchema>

/** Everyone's feedback as executives see it; the author of anonymous feedback only for admins. */
export const clubFeedbackSchema = feedbackBaseSchema.extend({
  /** Null when anonymous, unless the caller is an admin. */
  author: personSchema.nullable(),
  status: z.enum(feedbackStatuses),
  reply: replySchema.nullable(),
  hidden: z.object({ by: personSchema, at: z.string() }).nullable(),
})
export type ClubFeedback = z.infer<typeof clubFeedbackSchema>

export const myFeedbackPageSchema = pageOf(myFeedbackSchema)
export const receivedFeedbackPageSchema = pageOf(receivedFeedbackSchema)
export const clubFeedbackPageSchema = pageOf(clubFeedbackSchema)
export type MyFeedbackPage = z.infer<typeof myFeedbackPageSchema>
export type ReceivedFeedbackPage = z.infer<typeof receivedFeedbackPageSchema>
export type ClubFeedbackPage = z.infer<typeof clubFeedbackPageSchema>

export const feedbackPageQuerySchema = pagingQuerySchema
export type FeedbackPageQuery = z.input<typeof feedbackPageQuerySchema>

export const clubFeedbackQuerySchema = pagingQuerySchema.extend({
  target: z.enum(feedbackTargets).optional(),
  status: z.enum(feedbackStatuses).optional(),
  category: z.enum(feedbackCategories).optional(),
  eventId: z.uuid(says(() => m.feedback_not_a_live())).optional(),
  bandId: z.uuid(says(() => m.feedback_not_a_band())).optional(),
  visibility: z.enum(feedbackVisibilities).default('all'),
  /** Text contains. */
  q: text({ max: 100 }).optional(),
})
export type ClubFeedbackQuery = z.input<typeof clubFeedbackQuerySchema>

/** What the form needs: whether anonymity is allowed, and the lives with the bands that played. */
export const feedbackOptionsSchema = z.object({
  anonymousAllowed: z.boolean(),
  events: z.array(eventRefSchema.extend({ bands: z.array(bandRefSchema) })),
})
export type FeedbackOptions = z.infer<typeof feedbackOptionsSchema>
