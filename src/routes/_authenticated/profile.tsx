import { createFileRoute } from '@tanstack/react-router'
import { profileQueryOptions } from '@/features/accounts/accounts-queries'
import { ProfileScreen } from '@/features/accounts/profile-screen'

export const Route = createFileRoute('/_authenticated/profile')({
  loader: ({ context }) => context.queryClient.prefetchQuery(profileQueryOptions()),
  component: ProfileScreen,
})
