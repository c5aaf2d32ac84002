import { createFileRoute } from '@tanstack/react-router'
import { ApplicationListScreen } from '@/features/lives/application-list-screen'
import { applicationListSearchSchema } from '@/features/lives/live-search'
import { CHRISTMAS } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/christmas-live-application-list')({
  validateSearch: applicationListSearchSchema,
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, CHRISTMAS, deps.eventId),
  component: function ChristmasLiveApplicationList() {
    return <ApplicationListScreen live={CHRISTMAS} search={Route.useSearch()} />
  },
})
