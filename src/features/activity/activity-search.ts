import { activityAreas } from '@/contract/choices'
import { isoDate, oneOf, page, searchParams, uuid } from '@/lib/search-params'

type ActivityArea = (typeof activityAreas)[number]

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

export const ACTIVITY_PAGE_SIZE = 25

/** The areas in the words of the club, for the filter and each entry. */
export const activityAreaLabels: Record<ActivityArea, string> = {
  'sign-in': 'Sign-in',
  accounts: 'Own accounts and passwords',
  people: 'Intros and member details',
  users: 'User accounts',
  members: 'Members',
  bands: 'Bands',
  bookings: 'Room bookings',
  allocation: 'Room allocation',
  lives: 'Lives',
  feedback: 'Feedback',
  files: 'Files',
  notices: 'Notices',
  club: 'Rooms, periods and executives',
  settings: 'System settings',
  mail: 'Mail',
  backups: 'Backups',
}

/** The field message when the dates are the wrong way round (`to` before `from`); days compare as text. */
export function dateRangeError(search: Pick<ActivitySearch, 'from' | 'to'>) {
  return search.from && search.to && search.to < search.from ? 'The end date must be on or after the start date' : undefined
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
