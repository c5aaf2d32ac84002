import type { BookingFilter } from '@/contract/bookings'
import { bookingKinds, bookingStatuses, bookingWhens } from '@/contract/choices'
import { isoDate, oneOf, page, searchParams, searchText, uuid } from '@/lib/search-params'

// Both screens keep their state in the URL, so reloads, the back button and shared links (a grid
// cell's "book this slot") show the same thing. A value that makes no sense is dropped, not an error.

/** `/room-booking-form?roomId=&date=&periodId=&bandId=`: the slot (from a grid cell) and the band (from "My bands"). */
export const bookingFormSearchSchema = searchParams({
  roomId: uuid,
  date: isoDate({ inCalendarYears: true }),
  periodId: uuid,
  bandId: uuid,
})
export type BookingFormSearch = ReturnType<typeof bookingFormSearchSchema>

/** `/room-booking-list`: whose bookings (executives), when, the executives' filters, and the page. */
export const bookingListSearchSchema = searchParams({
  scope: oneOf(['mine', 'all']),
  when: oneOf(bookingWhens),
  roomId: uuid,
  kind: oneOf(bookingKinds),
  status: oneOf(bookingStatuses),
  q: searchText(100),
  from: isoDate({ inCalendarYears: true }),
  to: isoDate({ inCalendarYears: true }),
  page: page({ coerce: true }),
})
export type BookingListSearch = ReturnType<typeof bookingListSearchSchema>

export const BOOKINGS_PAGE_SIZE = 20

/**
 * The filters the API gets for a URL. Members only ever ask for their own bookings with no other
 * filters: `scope=all` would be refused, and a hand-edited URL must not send them to the 403 page.
 */
export function bookingFilterOf(search: BookingListSearch, executive: boolean): BookingFilter {
  const when = search.when ?? 'upcoming'
  if (!executive) return { scope: 'mine', when: when === 'past' ? 'past' : 'upcoming' }
  return {
    scope: search.scope ?? 'mine',
    when,
    roomId: search.roomId,
    kind: search.kind,
    status: search.status,
    q: search.q?.trim() || undefined,
    from: search.from,
    to: search.to,
  }
}

export function bookingListQueryOf(search: BookingListSearch, executive: boolean) {
  return { ...bookingFilterOf(search, executive), page: search.page ?? 1, pageSize: BOOKINGS_PAGE_SIZE }
}
export type BookingListRequest = ReturnType<typeof bookingListQueryOf>

/** Whether an executive narrowed the list beyond "whose" and "when" (for the empty state's wording). */
export const hasNarrowingFilters = (filter: BookingFilter) =>
  Boolean(filter.roomId || filter.kind || filter.status || filter.q || filter.from || filter.to || filter.bandId)
