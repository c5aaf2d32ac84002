import { redirect } from '@tanstack/react-router'
import type { RouterContext } from '@/router'

/**
 * For `beforeLoad` of role screens (after the _authenticated guard): others get the 403 page.
 * A convenience only — the server refuses the calls all the same.
 */
export function requireRole(context: RouterContext, role: 'executive' | 'admin') {
  const user = context.session.getState().user
  const allowed = role === 'admin' ? user?.role === 'admin' : user?.role === 'admin' || user?.isExecutive === true
  if (!allowed) throw redirect({ to: '/dashboard403' })
}
