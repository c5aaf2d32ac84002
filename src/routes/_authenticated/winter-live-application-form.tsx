import { createFileRoute } from '@tanstack/react-router'
import { ApplicationFormScreen } from '@/features/lives/application-form-screen'
import { applicationFormSearchSchema } from '@/features/lives/live-search'
import { seasonal } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/winter-live-application-form')({
  validateSearch: applicationFormSearchSchema,
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, seasonal('winter'), deps.eventId),
  component: function WinterLiveApplicationForm() {
    return <ApplicationFormScreen live={seasonal('winter')} search={Route.useSearch()} />
  },
})
