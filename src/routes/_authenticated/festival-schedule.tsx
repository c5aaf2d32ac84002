import { createFileRoute } from '@tanstack/react-router'
import { ScheduleScreen } from '@/features/live-schedule/schedule-screen'
import { scheduleSearchSchema } from '@/features/live-schedule/live-schedule-search'
import { FESTIVAL } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/festival-schedule')({
  validateSearch: scheduleSearchSchema,
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, FESTIVAL, deps.eventId),
  component: function FestivalSchedule() {
    return <ScheduleScreen search={Route.useSearch()} />
  },
})
