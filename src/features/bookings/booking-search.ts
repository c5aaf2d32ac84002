import { z } from 'zod'
import { bookingKinds, bookingStatuses, bookingWhens, type BookingFilter } from '@/contract/bookings'
import { isoDateSchema } from '@/contract/club'

// Both screens keep their state in the URL, so reloads, the back button and shared links (a grid
// cell's "book this slot") show the same thing. A value that makes no sense is dropped, not an error.

/** `/room-booking-form?roomId=&date=&periodId=&bandId=`: the slot (from a grid cell) and the band (from "My bands"). */
export const bookingFormSearchSchema = z.object({
  roomId: z.uuid().optional().catch(undefined),
  date: isoDateSchema.optional().catch(undefined),
  periodId: z.uuid().optional().catch(undefined),
  bandId: z.uuid().optional().catch(undefined),
})
export type BookingFormSearch = z.output<typeof bookingFormSearchSchema>

/** `/room-booking-list`: whose bookings (executives), when, the executives' filters, and the page. */
export const bookingListSearchSchema = z.object({
  scope: z.enum(['mine', 'all']).optional().catch(undefined),
  when: z.enum(bookingWhens).optional().catch(undefined),
  roomId: z.uuid().optional().catch(undefined),
  kind: z.enum(bookingKinds).optional().catch(undefined),
  status: z.enum(bookingStatuses).optional().catch(undefined),
  q: z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().max(100).optional())
    .transform((value) => value || undefined)
    .catch(undefined),
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})
export type BookingListSearch = z.output<typeof bookingListSearchSchema>

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
