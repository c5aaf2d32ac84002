import type { FastifyInstance } from 'fastify'
import { clubDashboardSchema, dashboardSchema } from '../../../src/contract/dashboard'
import { defineRoute } from '../http/route'
import { createDashboardService, type DashboardDeps } from './dashboard.service'

/** The dashboards (SPEC §5.9, issue 17, decision 025): one request per screen. */
export function registerDashboardRoutes(app: FastifyInstance, deps: DashboardDeps) {
  const service = createDashboardService(deps)

  defineRoute(app, {
    method: 'GET',
    url: '/api/dashboard',
    tag: 'dashboard',
    summary: 'Everything on my dashboard: next bookings, my bands, lives taking applications, my performance times, feedback my bands received, missing details',
    response: dashboardSchema,
    handler: ({ principal }) => service.mine(principal!.user),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/dashboard/club',
    tag: 'dashboard',
    summary: 'The club at a glance (executives): room use this week, bookings per band over 8 weeks, members by part and grade, applications per live',
    response: clubDashboardSchema,
    handler: () => service.club(),
  })
}
