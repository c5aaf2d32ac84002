import { createFileRoute } from '@tanstack/react-router'
import { healthQueryOptions } from '@/features/dashboard/health-query'
import { ClubOverviewScreen } from '@/features/dashboard/club-overview-screen'

export const Route = createFileRoute('/_authenticated/dashboard2')({
  loader: ({ context }) => context.queryClient.ensureQueryData(healthQueryOptions()),
  component: ClubOverviewScreen,
})
