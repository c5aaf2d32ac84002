import { queryOptions } from '@tanstack/react-query'
import { clubDashboardSchema, dashboardSchema } from '@/contract/dashboard'
import { api } from '@/lib/api-client'
import { session } from '@/lib/session'

/** GET /api/dashboard: every card of my dashboard in one answer (persisted with the Query cache for offline, decision 011). */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'mine'],
    queryFn: async () => {
      const dashboard = dashboardSchema.parse(await api('/api/dashboard'))
      // As GET /api/me does: a new position (executive rights) or a renamed account shows at once.
      session.updateUser(dashboard.user)
      return dashboard
    },
  })

/** GET /api/dashboard/club: the executives' charts. */
export const clubDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'club'],
    queryFn: async () => clubDashboardSchema.parse(await api('/api/dashboard/club')),
  })
