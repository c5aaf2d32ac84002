import { z } from 'zod'
import { isoDateSchema } from './club'
import { pageOf, pagingQuerySchema } from './paging'
import { activityAreas } from './choices'
import { says } from './text'
import { m } from '../i18n/paraglide/messages.js'

/**
 * The activity log (issue 34 §5, decision 042): who did what. One entry per executive or admin
 * write, sign-in, refused sign-in, sign-in lockout, and change of a person's role or status,
 * written in the same transaction as the change. Admins read it on /activity-log.
 */

/** The areas an entry belongs to, for the screen's filter (the list lives in choices.ts: the router's URL parser needs it without zod). */
export { activityAreas }
export type ActivityArea = (typeof activityAreas)[number]

export const activityQuerySchema = pagingQuerySchema.extend({
  /** Only what this person did. */
  actorId: z.uuid(says(() => m.activity_choose_person())).optional(),
  area: z
    .enum(
      activityAreas,
      says(() => m.activity_choose_area()),
    )
    .optional(),
  /** Club dates, both included. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
})
export type ActivityQuery = z.infer<typeof activityQuerySchema>

/**
 * One changed field, its name in the reader's language ("Capacity"; a name that is the club's data,
 * such as a band's in a bulk review, as stored). Passwords, tokens and secrets never appear:
 * their value is `"(hidden)"`.
 */
export const activityChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
})

export const activityEntrySchema = z.object({
  id: z.uuid(),
  /** ISO instant. */
  at: z.string(),
  /** Who did it; null when nobody was signed in (a refused sign-in names the email in `object`). */
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  area: z.enum(activityAreas),
  /**
   * What was done, in the reader's language ("Changed a room", "Signed in"): stored as a code and
   * worded when read (decision 046); an entry stored before the codes, as stored.
   */
  action: z.string(),
  /** What it was done to, when there is one thing: its kind (in the reader's language), id and name at the time. */
  object: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  changes: z.array(activityChangeSchema),
})
export type ActivityEntry = z.infer<typeof activityEntrySchema>
export const activityPageSchema = pageOf(activityEntrySchema)
export type ActivityPage = z.infer<typeof activityPageSchema>
