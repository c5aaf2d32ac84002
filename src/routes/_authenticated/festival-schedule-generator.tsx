import { createFileRoute } from '@tanstack/react-router'
import { GeneratorScreen } from '@/features/live-schedule/generator-screen'
import { generatorSearchSchema } from '@/features/live-schedule/live-schedule-search'
import { FESTIVAL } from '@/features/lives/live-routes'
import { prefetchLiveEvent } from '@/features/lives/use-live-event'
import { requireRole } from '@/lib/route-guards'

export const Route = createFileRoute('/_authenticated/festival-schedule-generator')({
  validateSearch: generatorSearchSchema,
  beforeLoad: ({ context }) => requireRole(context, 'executive'),
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => prefetchLiveEvent(context.queryClient, FESTIVAL, deps.eventId),
  component: function FestivalScheduleGenerator() {
    return <GeneratorScreen search={Route.useSearch()} />
  },
})
