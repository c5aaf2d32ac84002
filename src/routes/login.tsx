import { createFileRoute, redirect } from '@tanstack/react-router'
import { safeRedirect } from '@/features/auth/safe-redirect'
import { LoginScreen } from '@/features/auth/login-screen'
import { searchParams } from '@/lib/search-params'

const loginSearchSchema = searchParams({ redirect: safeRedirect })

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  beforeLoad: ({ context, search }) => {
    if (context.session.getState().isAuthenticated) {
      throw redirect({ href: search.redirect ?? '/dashboard' })
    }
  },
  component: LoginScreen,
})
