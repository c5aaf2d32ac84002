import { createFileRoute } from '@tanstack/react-router'
import { registrationInfoQueryOptions } from '@/features/accounts/accounts-queries'
import { RegisterScreen } from '@/features/accounts/register-screen'

export const Route = createFileRoute('/register')({
  // Prefetch, not ensure: the screen shows its own loading and error states.
  loader: ({ context }) => context.queryClient.prefetchQuery(registrationInfoQueryOptions()),
  component: RegisterScreen,
})
