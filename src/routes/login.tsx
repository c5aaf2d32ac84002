import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { safeRedirect } from '@/features/auth/safe-redirect'
import { LoginScreen } from '@/features/auth/login-screen'

const loginSearchSchema = z.object({
  redirect: z.string().optional().catch(undefined).transform(safeRedirect),
})

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  beforeLoad: ({ context, search }) => {
    if (context.session.getState().isAuthenticated) {
      throw redirect({ href: search.redirect ?? '/dashboard' })
    }
  },
  component: LoginScreen,
})
