import { createFileRoute } from '@tanstack/react-router'
import { requireRole } from '@/lib/route-guards'
import { positionsQueryOptions } from '@/features/club/club-queries'
import { ExecutiveManagementScreen } from '@/features/club/executive-management-screen'

export const Route = createFileRoute('/_authenticated/executive-management')({
  beforeLoad: ({ context }) => requireRole(context, 'admin'),
  // Prefetch, not ensure: the screen shows its own loading and error states.
  loader: ({ context }) => context.queryClient.prefetchQuery(positionsQueryOptions()),
  component: ExecutiveManagementScreen,
})
