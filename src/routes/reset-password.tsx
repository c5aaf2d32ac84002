import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordScreen } from '@/features/accounts/reset-password-screen'
import { searchParams, string } from '@/lib/search-params'

const resetSearchSchema = searchParams({ token: string({ min: 1, max: 200 }) })

export const Route = createFileRoute('/reset-password')({
  validateSearch: resetSearchSchema,
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch()
    return <ResetPasswordScreen key={token ?? 'request'} token={token} />
  },
})
