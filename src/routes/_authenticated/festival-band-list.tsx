import { createFileRoute } from '@tanstack/react-router'
import { AcceptedBandListScreen } from '@/features/lives/accepted-band-list-screen'
import { liveEventSearchSchema } from '@/features/lives/live-search'
import { FESTIVAL } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/festival-band-list')({
  validateSearch: liveEventSearchSchema,
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, FESTIVAL, deps.eventId),
  component: function FestivalBandList() {
    return <AcceptedBandListScreen live={FESTIVAL} search={Route.useSearch()} />
  },
})
