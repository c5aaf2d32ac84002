import { createFileRoute } from '@tanstack/react-router'
import { AccountsReleaseScreen } from '@/features/auth/accounts-release-screen'

export const Route = createFileRoute('/register')({
  component: () => <AccountsReleaseScreen title="Create an account" what="Registration" />,
})
