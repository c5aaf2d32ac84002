import type { FastifyInstance } from 'fastify'
import {
  bandAdminInputSchema,
  bandHistorySchema,
  bandInputSchema,
  bandListQuerySchema,
  bandPageSchema,
  bandParamsSchema,
  bandSchema,
} from '../../../src/contract/bands'
import { z } from 'zod'
import { defineRoute } from '../http/route'
import { createBandsService } from './bands.service'
import type { Db } from '../db/client'
import type { ScheduleVersion } from '../bookings/schedule-cache'

const myBandsSchema = z.object({ items: z.array(bandSchema) })

/**
 * Bands (SPEC §5.4). Every signed-in member reads bands and registers their own; band
 * members edit and leave, the leader disbands, executives edit everything. Rules live in
 * bands.service.ts.
 */
export function registerBandRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date; scheduleVersion?: ScheduleVersion }) {
  const bands = createBandsService(deps)
  /** Band names are on the public room schedule: a change that may rename a band refreshes it. */
  const renamed = <T>(band: T) => {
    deps.scheduleVersion?.bump()
    return band
  }

  defineRoute(app, {
    method: 'POST',
    url: '/api/bands',
    tag: 'bands',
    summary: 'Register a band the caller plays in',
    body: bandInputSchema,
    response: bandSchema,
    status: 201,
    handler: ({ body, principal }) => bands.create(principal!.user.id, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/bands',
    tag: 'bands',
    summary: 'Every band: search name or genre, filter by status, part and member, page (by name)',
    query: bandListQuerySchema,
    response: bandPageSchema,
    handler: ({ query }) => bands.list(query),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/bands/mine',
    tag: 'bands',
    summary: 'The caller’s bands that are not disbanded',
    response: myBandsSchema,
    handler: ({ principal }) => bands.mine(principal!.user.id),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/bands/:bandId',
    tag: 'bands',
    summary: 'One band with its members',
    params: bandParamsSchema,
    response: bandSchema,
    handler: ({ params }) => bands.get(params.bandId),
  })

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/bands/:bandId',
    tag: 'bands',
    summary: 'Band members edit name, description, genre, members and parts; the leader hands over leadership',
    params: bandParamsSchema,
    body: bandInputSchema,
    response: bandSchema,
    handler: ({ params, body, principal }) => bands.update(principal!.user.id, params.bandId, body).then(renamed),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/bands/:bandId/leave',
    tag: 'bands',
    summary: 'Leave a band (the leader hands over first; the last member disbands instead)',
    params: bandParamsSchema,
    response: bandSchema,
    handler: ({ params, principal }) => bands.leave(principal!.user.id, params.bandId),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/bands/:bandId/disband',
    tag: 'bands',
    summary: 'Disband a band (its leader only); the name becomes free',
    params: bandParamsSchema,
    response: bandSchema,
    handler: ({ params, principal }) => bands.disband(principal!.user.id, params.bandId),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/bands/:bandId/admin',
    tag: 'bands',
    summary: 'Executives and admins edit everything, status and leader included',
    params: bandParamsSchema,
    body: bandAdminInputSchema,
    response: bandSchema,
    handler: ({ params, body, principal }) => bands.adminUpdate(principal!.user.id, params.bandId, body).then(renamed),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/bands/:bandId/history',
    tag: 'bands',
    summary: 'Who changed what, newest first',
    params: bandParamsSchema,
    response: bandHistorySchema,
    handler: ({ params, principal }) => bands.history(principal!, params.bandId),
  })
}
