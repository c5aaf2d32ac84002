import { createFileRoute } from '@tanstack/react-router'
import { BookingListScreen } from '@/features/bookings/booking-list-screen'
import { bookingListQueryOf, bookingListSearchSchema } from '@/features/bookings/booking-search'
import { isExecutiveUser } from '@/features/bookings/booking-parts'
import { bookingListQueryOptions } from '@/features/bookings/bookings-queries'

export const Route = createFileRoute('/_authenticated/room-booking-list')({
  validateSearch: bookingListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(bookingListQueryOptions(bookingListQueryOf(deps, isExecutiveUser(context.session.getState().user)))),
  component: BookingListScreen,
})
