import { createFileRoute } from '@tanstack/react-router'
import { ApplicationFormScreen } from '@/features/lives/application-form-screen'
import { applicationFormSearchSchema } from '@/features/lives/live-search'
import { FESTIVAL } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'

export const Route = createFileRoute('/_authenticated/festival-application-form')({
  validateSearch: applicationFormSearchSchema,
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, FESTIVAL, deps.eventId),
  component: function FestivalApplicationForm() {
    return <ApplicationFormScreen live={FESTIVAL} search={Route.useSearch()} />
  },
})
