import { createFileRoute } from '@tanstack/react-router'
import { AccountsReleaseScreen } from '@/features/auth/accounts-release-screen'

export const Route = createFileRoute('/reset-password')({
  component: () => <AccountsReleaseScreen title="Reset your password" what="Password reset" />,
})
