import { createFileRoute } from '@tanstack/react-router'
import { requireRole } from '@/lib/route-guards'
import { activitySearchSchema } from '@/features/activity/activity-search'
import { activityQueryOf, dateRangeError } from '@/features/activity/activity-request'
import { activityListQueryOptions } from '@/features/activity/activity-queries'
import { ActivityLogScreen } from '@/features/activity/activity-log-screen'

export const Route = createFileRoute('/_authenticated/activity-log')({
  validateSearch: activitySearchSchema,
  beforeLoad: ({ context }) => requireRole(context, 'admin'),
  loaderDeps: ({ search }) => search,
  // Dates the wrong way round are a field error on the screen, not a question to the server.
  loader: ({ context, deps }) => (dateRangeError(deps) ? undefined : context.queryClient.prefetchQuery(activityListQueryOptions(activityQueryOf(deps)))),
  component: ActivityLogScreen,
})
