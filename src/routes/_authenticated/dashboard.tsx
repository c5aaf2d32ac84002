import { createFileRoute } from '@tanstack/react-router'
import { meQueryOptions } from '@/features/dashboard/me-query'
import { DashboardScreen } from '@/features/dashboard/dashboard-screen'

export const Route = createFileRoute('/_authenticated/dashboard')({
  // Prefetch, not ensure: the screen shows its own loading and error states for /api/me.
  loader: ({ context }) => context.queryClient.prefetchQuery(meQueryOptions()),
  component: DashboardScreen,
})
