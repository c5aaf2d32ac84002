import { createFileRoute } from '@tanstack/react-router'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { BookingFormScreen } from '@/features/bookings/booking-form-screen'
import { bookingFormSearchSchema } from '@/features/bookings/booking-search'
import { bookingMyBandsQueryOptions, bookingPeriodsQueryOptions, bookingRoomsQueryOptions } from '@/features/bookings/bookings-queries'

export const Route = createFileRoute('/_authenticated/room-booking-form')({
  validateSearch: bookingFormSearchSchema,
  // Prefetch, not ensure: the screen shows its own loading and error states.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(bookingRoomsQueryOptions()),
      queryClient.prefetchQuery(bookingPeriodsQueryOptions()),
      queryClient.prefetchQuery(bookingMyBandsQueryOptions()),
      queryClient.prefetchQuery(clubInfoQueryOptions()),
    ]),
  component: BookingFormScreen,
})
