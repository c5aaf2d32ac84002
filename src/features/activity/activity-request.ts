import type { ActivitySearch } from './activity-search'
import { m } from '@/i18n/paraglide/messages.js'

// Kept apart from activity-search.ts: the router loads that one with the app (validateSearch),
// while these are needed only by the loader and the screen, which are chunks of their own.

export const ACTIVITY_PAGE_SIZE = 25

/** The field message when the dates are the wrong way round (`to` before `from`); days compare as text. */
export function dateRangeError(search: Pick<ActivitySearch, 'from' | 'to'>) {
  return search.from && search.to && search.to < search.from ? m.activity_date_range() : undefined
}

/** The API query for a URL's search: the first page by default, unset filters left out. */
export function activityQueryOf(search: ActivitySearch) {
  return {
    actorId: search.actorId,
    area: search.area,
    from: search.from,
    to: search.to,
    page: search.page ?? 1,
    pageSize: ACTIVITY_PAGE_SIZE,
  }
}
export type ActivityRequest = ReturnType<typeof activityQueryOf>

export const hasFilters = (search: ActivitySearch) => Boolean(search.actorId || search.area || search.from || search.to)
