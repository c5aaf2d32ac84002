import { createFileRoute } from '@tanstack/react-router'
import { dashboardQueryOptions } from '@/features/dashboard/dashboard-queries'
import { DashboardScreen } from '@/features/dashboard/dashboard-screen'

export const Route = createFileRoute('/_authenticated/dashboard')({
  // Prefetch, not ensure, and not awaited: the screen shows its own loading and error states, and
  // offline its saved copy. Sign-in lands here: awaiting the data held the whole app on "Loading
  // Bandroom…" (menu included) on a slow phone until the dashboard came (seen with the CPU slowed 30×).
  loader: ({ context }) => void context.queryClient.prefetchQuery(dashboardQueryOptions()),
  component: DashboardScreen,
})
