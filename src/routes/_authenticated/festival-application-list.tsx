import { createFileRoute } from '@tanstack/react-router'
import { ApplicationListScreen } from '@/features/lives/application-list-screen'
import { applicationListSearchSchema } from '@/features/lives/live-search'
import { FESTIVAL } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/festival-application-list')({
  validateSearch: applicationListSearchSchema,
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, FESTIVAL, deps.eventId),
  component: function FestivalApplicationList() {
    return <ApplicationListScreen live={FESTIVAL} search={Route.useSearch()} />
  },
})
