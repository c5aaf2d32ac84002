import { applicationSorts, applicationStatuses, isSeason, type Season } from '@/contract/choices'
import { oneOf, page, searchParams, searchText, uuid } from '@/lib/search-params'

// Lives screens keep their state in the URL (reloads, the back button, shared links). A value
// that makes no sense is dropped, not an error. Without `eventId` a screen shows the current
// event of its kind.

/** `?eventId=`: another event of the kind than the current one. */
export const liveEventSearchSchema = searchParams({ eventId: uuid })
export type LiveEventSearch = ReturnType<typeof liveEventSearchSchema>

/** `?eventId=&bandId=`: the band to apply for (from "My bands"). */
export const applicationFormSearchSchema = searchParams({ ...liveEventSearchSchema.params, bandId: uuid })
export type ApplicationFormSearch = ReturnType<typeof applicationFormSearchSchema>

/** `?eventId=&status=&q=&sort=&page=`: the executives' filters and sort. */
export const applicationListSearchSchema = searchParams({
  ...liveEventSearchSchema.params,
  status: oneOf(applicationStatuses),
  q: searchText(100),
  sort: oneOf(applicationSorts),
  page: page({ coerce: true }),
})
export type ApplicationListSearch = ReturnType<typeof applicationListSearchSchema>

/** The `{season}` path parameter, or null for one that is not a season (the route answers 404). */
export const seasonOf = (value: string): Season | null => (isSeason(value) ? value : null)
