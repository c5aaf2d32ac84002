import { createFileRoute } from '@tanstack/react-router'
import { ApplicationFormScreen } from '@/features/lives/application-form-screen'
import { applicationFormSearchSchema } from '@/features/lives/live-search'
import { CHRISTMAS } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/christmas-live-application')({
  validateSearch: applicationFormSearchSchema,
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, CHRISTMAS, deps.eventId),
  component: function ChristmasLiveApplication() {
    return <ApplicationFormScreen live={CHRISTMAS} search={Route.useSearch()} />
  },
})
