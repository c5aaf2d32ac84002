import { createFileRoute } from '@tanstack/react-router'
import { dashboardQueryOptions } from '@/features/dashboard/dashboard-queries'
import { DashboardScreen } from '@/features/dashboard/dashboard-screen'

export const Route = createFileRoute('/_authenticated/dashboard')({
  // Prefetch, not ensure: the screen shows its own loading and error states, and offline its saved copy.
  loader: ({ context }) => context.queryClient.prefetchQuery(dashboardQueryOptions()),
  component: DashboardScreen,
})
