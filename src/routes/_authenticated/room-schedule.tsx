import { createFileRoute } from '@tanstack/react-router'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { roomScheduleQueryOptions } from '@/features/room-schedule/room-schedule-queries'
import { RoomScheduleScreen } from '@/features/room-schedule/room-schedule-screen'
import { roomScheduleSearchSchema } from '@/features/room-schedule/schedule-search'

export const Route = createFileRoute('/_authenticated/room-schedule')({
  validateSearch: roomScheduleSearchSchema,
  loaderDeps: ({ search }) => ({ week: search.week }),
  // Prefetch, not ensure: the screen shows its own loading and error states (with a retry).
  // Entering waits for the week; changing weeks on the screen does not, so the old week stays
  // on screen (dimmed) instead of the router's pending screen.
  loader: async ({ context, deps, cause }) => {
    const loading = Promise.all([
      context.queryClient.prefetchQuery(roomScheduleQueryOptions(deps.week)),
      context.queryClient.prefetchQuery(clubInfoQueryOptions()),
    ])
    if (cause !== 'stay') await loading
  },
  component: RoomScheduleScreen,
})
