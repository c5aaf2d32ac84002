import { z } from 'zod'
import { applicationSorts, applicationStatuses, isSeason, type Season } from '@/contract/lives'

// Lives screens keep their state in the URL (reloads, the back button, shared links). A value
// that makes no sense is dropped, not an error. Without `eventId` a screen shows the current
// event of its kind.

/** `?eventId=`: another event of the kind than the current one. */
export const liveEventSearchSchema = z.object({ eventId: z.uuid().optional().catch(undefined) })
export type LiveEventSearch = z.output<typeof liveEventSearchSchema>

/** `?eventId=&bandId=`: the band to apply for (from "My bands"). */
export const applicationFormSearchSchema = liveEventSearchSchema.extend({ bandId: z.uuid().optional().catch(undefined) })
export type ApplicationFormSearch = z.output<typeof applicationFormSearchSchema>

/** `?eventId=&status=&q=&sort=&page=`: the executives' filters and sort. */
export const applicationListSearchSchema = liveEventSearchSchema.extend({
  status: z.enum(applicationStatuses).optional().catch(undefined),
  q: z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().max(100).optional())
    .transform((value) => value || undefined)
    .catch(undefined),
  sort: z.enum(applicationSorts).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})
export type ApplicationListSearch = z.output<typeof applicationListSearchSchema>

/** The `{season}` path parameter, or null for one that is not a season (the route answers 404). */
export const seasonOf = (value: string): Season | null => (isSeason(value) ? value : null)
