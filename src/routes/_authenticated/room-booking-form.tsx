import { createFileRoute } from '@tanstack/react-router'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { BookingFormScreen } from '@/features/bookings/booking-form-screen'
import { bookingFormSearchSchema } from '@/features/bookings/booking-search'
import { myBandsQueryOptions, periodsQueryOptions, roomsQueryOptions } from '@/lib/reference-queries'

export const Route = createFileRoute('/_authenticated/room-booking-form')({
  validateSearch: bookingFormSearchSchema,
  // Prefetch, not ensure: the screen shows its own loading and error states.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(roomsQueryOptions()),
      queryClient.prefetchQuery(periodsQueryOptions()),
      queryClient.prefetchQuery(myBandsQueryOptions()),
      queryClient.prefetchQuery(clubInfoQueryOptions()),
    ]),
  component: BookingFormScreen,
})
