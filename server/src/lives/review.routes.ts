import type { FastifyInstance } from 'fastify'
import {
  acceptedBandListSchema,
  applicationListQuerySchema,
  applicationPageSchema,
  applicationParamsSchema,
  applicationSchema,
  bulkReviewInputSchema,
  bulkReviewResultSchema,
  eventParamsSchema,
  participantListSchema,
  reviewInputSchema,
} from '../../../src/contract/lives'
import { sendCsv } from '../http/csv'
import { defineRoute } from '../http/route'
import type { LivesDeps } from './lives.routes'
import { createParticipantsService } from './participants.service'
import { createReviewService } from './review.service'

/**
 * The executives' side of lives (SPEC §5.6): the application list with its running totals,
 * reviews one by one and in bulk, the participants (and their CSV) and the accepted bands.
 */
export function registerReviewRoutes(app: FastifyInstance, deps: LivesDeps) {
  const review = createReviewService(deps)
  const participants = createParticipantsService(deps)

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId/applications',
    tag: 'lives',
    summary: 'A live’s applications, paged: the caller’s bands’, or every band’s with filters (executives); with the running totals',
    params: eventParamsSchema,
    query: applicationListQuerySchema,
    response: applicationPageSchema,
    handler: ({ params, query, principal }) => review.list(principal!.user, params.eventId, query),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/applications/:applicationId/review',
    tag: 'lives',
    summary: 'Accept, waitlist or reject an application (a note is required to reject); the band’s members get a mail',
    params: applicationParamsSchema,
    body: reviewInputSchema,
    response: applicationSchema,
    handler: ({ params, body, principal }) => review.review(principal!.user, params.applicationId, body),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/events/:eventId/applications/review',
    tag: 'lives',
    summary: 'Review up to 200 applications of a live with one decision, all or nothing',
    params: eventParamsSchema,
    body: bulkReviewInputSchema,
    response: bulkReviewResultSchema,
    handler: ({ params, body, principal }) => review.bulkReview(principal!.user, params.eventId, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId/participants',
    tag: 'lives',
    summary: 'Every member of every accepted band, once, with grade, parts and bands; private details for executives',
    params: eventParamsSchema,
    response: participantListSchema,
    handler: ({ params, principal }) => participants.participants(principal!.user, params.eventId),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId/participants/export.csv',
    tag: 'lives',
    summary: 'The participants as CSV (UTF-8 with BOM, for Excel); private details for executives',
    params: eventParamsSchema,
    handler: async ({ params, principal, reply }) => {
      const csv = await participants.participantsCsv(principal!.user, params.eventId)
      return sendCsv(reply, csv.filename, csv.columns, csv.rows)
    },
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId/bands',
    tag: 'lives',
    summary: 'The accepted bands of a live, by name, with their members and requested minutes',
    params: eventParamsSchema,
    response: acceptedBandListSchema,
    handler: async ({ params }) => ({ items: await participants.acceptedBands(params.eventId) }),
  })
}
