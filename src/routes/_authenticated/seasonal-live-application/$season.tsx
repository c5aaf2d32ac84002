import { createFileRoute, notFound } from '@tanstack/react-router'
import { ApplicationFormScreen } from '@/features/lives/application-form-screen'
import { applicationFormSearchSchema, seasonOf } from '@/features/lives/live-search'
import { seasonal } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/seasonal-live-application/$season')({
  validateSearch: applicationFormSearchSchema,
  // Only the four seasons exist: any other `{season}` is the 404 page.
  beforeLoad: ({ params }) => {
    const season = seasonOf(params.season)
    if (!season) throw notFound()
    return { live: seasonal(season) }
  },
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, context.live, deps.eventId),
  component: function SeasonalLiveApplication() {
    const { live } = Route.useRouteContext()
    return <ApplicationFormScreen key={live.season} live={live} search={Route.useSearch()} />
  },
})
