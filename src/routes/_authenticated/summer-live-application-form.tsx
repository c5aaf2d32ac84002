import { createFileRoute } from '@tanstack/react-router'
import { ApplicationFormScreen } from '@/features/lives/application-form-screen'
import { applicationFormSearchSchema } from '@/features/lives/live-search'
import { seasonal } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/summer-live-application-form')({
  validateSearch: applicationFormSearchSchema,
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, seasonal('summer'), deps.eventId),
  component: function SummerLiveApplicationForm() {
    return <ApplicationFormScreen live={seasonal('summer')} search={Route.useSearch()} />
  },
})
