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
    // `Cache-Control: no-cache` asks for the answer from the database, not a kept one (decision 025).
    handler: ({ principal, request }) => service.mine(principal!.user, { fresh: /\bno-cache\b/i.test(request.headers['cache-control'] ?? '') }),
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
