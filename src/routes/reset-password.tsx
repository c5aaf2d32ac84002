import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { ResetPasswordScreen } from '@/features/accounts/reset-password-screen'

const resetSearchSchema = z.object({
  token: z.string().min(1).max(200).optional().catch(undefined),
})

export const Route = createFileRoute('/reset-password')({
  validateSearch: resetSearchSchema,
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch()
    return <ResetPasswordScreen key={token ?? 'request'} token={token} />
  },
})
