import { activityAreas } from '@/contract/choices'
import { isoDate, oneOf, page, searchParams, uuid } from '@/lib/search-params'

/**
 * `/activity-log?actorId=&area=&from=&to=&page=`: the filters live in the URL, so a filtered
 * view is a link an admin can send. A value that makes no sense is dropped, not an error
 * (zod-free: the router parses every route's search at start-up, decision 016).
 */
export const activitySearchSchema = searchParams({
  actorId: uuid,
  area: oneOf(activityAreas),
  from: isoDate({ inCalendarYears: true }),
  to: isoDate({ inCalendarYears: true }),
  page: page({ coerce: true }),
})
export type ActivitySearch = ReturnType<typeof activitySearchSchema>
