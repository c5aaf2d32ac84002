import type { FastifyInstance } from 'fastify'
import { activityPageSchema, activityQuerySchema } from '../../../src/contract/activity'
import { defineRoute } from '../http/route'
import type { ActivityService } from './activity.service'

export function registerActivityRoutes(app: FastifyInstance, activity: ActivityService) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/activity',
    tag: 'activity',
    summary: 'Who did what: the activity log, newest first',
    query: activityQuerySchema,
    response: activityPageSchema,
    handler: ({ query }) => activity.list(query),
  })
}
