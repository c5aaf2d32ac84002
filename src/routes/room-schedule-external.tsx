import { createFileRoute } from '@tanstack/react-router'
import { ExternalScheduleScreen } from '@/features/room-schedule/external-schedule-screen'
import { publicRoomScheduleQueryOptions } from '@/features/room-schedule/room-schedule-queries'
import { externalScheduleSearchSchema } from '@/features/room-schedule/schedule-search'

/** Public (SPEC §2): no guard, no app layout; visitors read the club's published schedule. */
export const Route = createFileRoute('/room-schedule-external')({
  validateSearch: externalScheduleSearchSchema,
  loaderDeps: ({ search }) => ({ week: search.week }),
  // Prefetch, not ensure: the screen shows its own loading and error states. The screen does
  // not wait for the week either: its heading shows while the grid loads, which on a visitor's
  // first load is ~0.5 s sooner on a phone (decision 016). Changing weeks keeps the old week
  // on screen (dimmed). A preload (a link hovered) does wait, so the week is there on arrival.
  loader: async ({ context, deps, cause }) => {
    const loading = context.queryClient.prefetchQuery(publicRoomScheduleQueryOptions(deps.week))
    if (cause === 'preload') await loading
  },
  component: ExternalScheduleScreen,
})
