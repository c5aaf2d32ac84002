import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { bookingCheckSchema, bookingPageSchema, bookingSchema, quotaSchema, type BookingCheckQuery, type BookingInput } from '@/contract/bookings'
import { api } from '@/lib/api-client'
import { compactQuery } from '@/lib/compact-query'
import type { BookingListRequest } from './booking-search'
import { keepPreviousWhileOnline } from '@/lib/query-client'

/** Keys are rooted at `bookings`; rooms, periods and my bands come from `@/lib/reference-queries`. */
export const bookingsKeys = {
  all: ['bookings'] as const,
  list: (query: BookingListRequest) => ['bookings', 'list', query] as const,
  check: (query: BookingCheckQuery) => ['bookings', 'check', query] as const,
  quota: (weekStart: string) => ['bookings', 'quota', weekStart] as const,
}

/** The other screens that show bookings: the member and public week grids. */
const scheduleKeys = [['room-schedule'], ['public-room-schedule']] as const


export const bookingListQueryOptions = (query: BookingListRequest) =>
  queryOptions({
    queryKey: bookingsKeys.list(query),
    queryFn: async () => bookingPageSchema.parse(await api('/api/bookings', { query: compactQuery(query) })),
    // Switching filters keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousWhileOnline,
  })

/** Every rule the slot breaks for the caller, without booking it. */
export const bookingCheckQueryOptions = (query: BookingCheckQuery) =>
  queryOptions({
    queryKey: bookingsKeys.check(query),
    queryFn: async () => bookingCheckSchema.parse(await api('/api/bookings/check', { query: compactQuery(query) })),
    // Someone else may take the slot at any moment: do not trust an old answer for long.
    staleTime: 10_000,
  })

/** The caller's weekly quotas; keyed on the week's Monday so every day of a week shares one answer. */
export const quotaQueryOptions = (weekStart: string) =>
  queryOptions({
    queryKey: bookingsKeys.quota(weekStart),
    queryFn: async () => quotaSchema.parse(await api('/api/bookings/quota', { query: { date: weekStart } })),
  })

/**
 * A booking made or cancelled changes lists, checks, quotas and both week grids. With
 * `refetchBookings` false the bookings queries are only marked stale (they refetch when next
 * shown): the form is being left, and refetching its slot check now would flash "taken" at the
 * member who just took the slot.
 */
function invalidateBookingViews(queryClient: QueryClient, { refetchBookings }: { refetchBookings: boolean }) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingsKeys.all, refetchType: refetchBookings ? 'active' : 'none' }),
    ...scheduleKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ])
}

export function useCreateBooking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: BookingInput) => bookingSchema.parse(await api('/api/bookings', { method: 'POST', body: input })),
    onSuccess: () => invalidateBookingViews(queryClient, { refetchBookings: false }),
    // The slot or the quota may have changed under the member: show the current truth.
    // Not awaited, so the refusal shows at once and the check follows.
    onError: () => void invalidateBookingViews(queryClient, { refetchBookings: true }),
  })
}

export function useCancelBooking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (bookingId: string) => bookingSchema.parse(await api(`/api/bookings/${bookingId}/cancel`, { method: 'POST' })),
    // Also after a 409 (already cancelled, already started): the row on screen is out of date.
    onSettled: () => invalidateBookingViews(queryClient, { refetchBookings: true }),
  })
}
