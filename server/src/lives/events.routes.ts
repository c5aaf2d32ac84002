import type { FastifyInstance } from 'fastify'
import {
  applicationInputSchema,
  applicationParamsSchema,
  applicationSchema,
  applicationUpdateSchema,
  currentEventQuerySchema,
  currentEventSchema,
  eventInputSchema,
  eventListQuerySchema,
  eventListSchema,
  eventParamsSchema,
  eventSchema,
} from '../../../src/contract/lives'
import { defineRoute } from '../http/route'
import { createApplicationsService } from './applications.service'
import { createEventsService } from './events.service'
import type { LivesDeps } from './lives.routes'

/**
 * Lives (SPEC §5.6): the events executives create and edit, the current event of a kind, and
 * a band's application (apply, read, edit, withdraw). Review and lists: review.routes.ts.
 */
export function registerEventRoutes(app: FastifyInstance, deps: LivesDeps) {
  const events = createEventsService(deps)
  const applications = createApplicationsService(deps)

  defineRoute(app, {
    method: 'GET',
    url: '/api/events',
    tag: 'lives',
    summary: 'Events newest first (academic year, then creation), by kind and season; `open=true` only those taking applications now; drafts only for executives',
    query: eventListQuerySchema,
    response: eventListSchema,
    handler: ({ query, principal }) => events.list(principal!.user, query),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/current',
    tag: 'lives',
    summary: 'The current event of a kind: the newest of the current academic year that is not archived, or null',
    query: currentEventQuerySchema,
    response: currentEventSchema,
    handler: ({ query, principal }) => events.current(principal!.user, query),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId',
    tag: 'lives',
    summary: 'One event with its application window (a draft is a 404 for members)',
    params: eventParamsSchema,
    response: eventSchema,
    handler: ({ params, principal }) => events.get(principal!.user, params.eventId),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/events',
    tag: 'lives',
    summary: 'Create an event (executives)',
    body: eventInputSchema,
    response: eventSchema,
    status: 201,
    handler: ({ body, principal }) => events.create(principal!.user, body),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/events/:eventId',
    tag: 'lives',
    summary: 'Replace an event with the whole event sent (executives)',
    params: eventParamsSchema,
    body: eventInputSchema,
    response: eventSchema,
    handler: ({ params, body }) => events.replace(params.eventId, body),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/events/:eventId/applications',
    tag: 'lives',
    summary: 'Apply for one of the caller’s bands while applications are open (one application per band)',
    params: eventParamsSchema,
    body: applicationInputSchema,
    response: applicationSchema,
    status: 201,
    handler: ({ params, body, principal }) => applications.submit(principal!.user, params.eventId, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/applications/:applicationId',
    tag: 'lives',
    summary: 'One application (the band’s members and executives)',
    params: applicationParamsSchema,
    response: applicationSchema,
    handler: ({ params, principal }) => applications.get(principal!.user, params.applicationId),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/applications/:applicationId',
    tag: 'lives',
    summary: 'Change an application (the band’s members, while applications are open); its status stays',
    params: applicationParamsSchema,
    body: applicationUpdateSchema,
    response: applicationSchema,
    handler: ({ params, body, principal }) => applications.update(principal!.user, params.applicationId, body),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/applications/:applicationId/withdraw',
    tag: 'lives',
    summary: 'Withdraw an application (the band’s members, while applications are open); the band may apply again',
    params: applicationParamsSchema,
    response: applicationSchema,
    handler: ({ params, principal }) => applications.withdraw(principal!.user, params.applicationId),
  })
}
