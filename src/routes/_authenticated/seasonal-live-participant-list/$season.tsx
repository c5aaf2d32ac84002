import { createFileRoute, notFound } from '@tanstack/react-router'
import { ParticipantListScreen } from '@/features/lives/participant-list-screen'
import { liveEventSearchSchema, seasonOf } from '@/features/lives/live-search'
import { seasonal } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/seasonal-live-participant-list/$season')({
  validateSearch: liveEventSearchSchema,
  // Only the four seasons exist: any other `{season}` is the 404 page.
  beforeLoad: ({ params }) => {
    const season = seasonOf(params.season)
    if (!season) throw notFound()
    return { live: seasonal(season) }
  },
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, context.live, deps.eventId),
  component: function SeasonalLiveParticipantList() {
    const { live } = Route.useRouteContext()
    return <ParticipantListScreen key={live.season} live={live} search={Route.useSearch()} />
  },
})
