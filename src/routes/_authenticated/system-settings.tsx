import { createFileRoute } from '@tanstack/react-router'
import { requireRole } from '@/lib/route-guards'
import { settingsQueryOptions } from '@/features/club/club-queries'
import { SystemSettingsScreen } from '@/features/club/system-settings-screen'

export const Route = createFileRoute('/_authenticated/system-settings')({
  beforeLoad: ({ context }) => requireRole(context, 'admin'),
  loader: ({ context }) => context.queryClient.prefetchQuery(settingsQueryOptions()),
  component: SystemSettingsScreen,
})
