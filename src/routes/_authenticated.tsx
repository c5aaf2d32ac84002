import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '@/features/layout/app-layout'

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    const { session } = context
    // A session restored after more than 30 idle minutes is already dead on the server:
    // end it here rather than flash the dashboard and bounce to the 401 page.
    if (session.isIdleExpired()) session.logout()
    if (!session.getState().isAuthenticated) {
      throw redirect({ to: '/login', search: { redirect: location.href } })
    }
  },
  component: AppLayout,
})
