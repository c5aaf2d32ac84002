import type { FastifyInstance } from 'fastify'
import {
  clubFeedbackPageSchema,
  clubFeedbackQuerySchema,
  clubFeedbackSchema,
  feedbackHiddenInputSchema,
  feedbackInputSchema,
  feedbackOptionsSchema,
  feedbackPageQuerySchema,
  feedbackParamsSchema,
  feedbackReplyInputSchema,
  feedbackStatusInputSchema,
  myFeedbackPageSchema,
  myFeedbackSchema,
  receivedFeedbackPageSchema,
} from '../../../src/contract/feedback'
import { defineRoute } from '../http/route'
import { createFeedbackService, type FeedbackDeps } from './feedback.service'

/**
 * Feedback (SPEC §5.7, decision 022): members post and read their own and their bands';
 * executives read everyone's, set the status, reply and hide. The service keeps anonymous
 * authors out of every answer but an admin's.
 */
export function registerFeedbackRoutes(app: FastifyInstance, deps: FeedbackDeps) {
  const service = createFeedbackService(deps)

  defineRoute(app, {
    method: 'GET',
    url: '/api/feedback/options',
    tag: 'feedback',
    summary: 'What the feedback form offers: whether anonymous feedback is allowed, and the lives held with the bands that played',
    response: feedbackOptionsSchema,
    keepsPeople: true,
    handler: () => service.options(),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/feedback',
    tag: 'feedback',
    summary: 'Send a suggestion to the executives or feedback on a band’s performance (rate-limited per member); the band is told',
    body: feedbackInputSchema,
    response: myFeedbackSchema,
    status: 201,
    keepsPeople: true,
    handler: ({ body, principal }) => service.create(principal!.user, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/feedback/mine',
    tag: 'feedback',
    summary: 'The feedback I wrote, newest first, with its status and the executives’ reply',
    query: feedbackPageQuerySchema,
    response: myFeedbackPageSchema,
    handler: ({ query, principal }) => service.mine(principal!.user, query),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/feedback/received',
    tag: 'feedback',
    summary: 'Feedback my bands received, per live (newest first); anonymous feedback without its author',
    query: feedbackPageQuerySchema,
    response: receivedFeedbackPageSchema,
    handler: ({ query, principal }) => service.received(principal!.user, query),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/feedback',
    tag: 'feedback',
    summary: 'Everyone’s feedback with filters (executives); the author of anonymous feedback for admins only',
    query: clubFeedbackQuerySchema,
    response: clubFeedbackPageSchema,
    handler: ({ query, principal }) => service.all(principal!.user, query),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/feedback/:feedbackId/status',
    tag: 'feedback',
    summary: 'Mark feedback new, seen or resolved',
    params: feedbackParamsSchema,
    body: feedbackStatusInputSchema,
    response: clubFeedbackSchema,
    keepsPeople: true,
    handler: ({ params, body, principal }) => service.setStatus(principal!.user, params.feedbackId, body.status),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/feedback/:feedbackId/reply',
    tag: 'feedback',
    summary: 'Reply to feedback (replaces an earlier reply); its author is told, even when anonymous',
    params: feedbackParamsSchema,
    body: feedbackReplyInputSchema,
    response: clubFeedbackSchema,
    keepsPeople: true,
    handler: ({ params, body, principal }) => service.reply(principal!.user, params.feedbackId, body.reply),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/feedback/:feedbackId/hidden',
    tag: 'feedback',
    summary: 'Hide abusive feedback from the band (kept, with who hid it), or show it again',
    params: feedbackParamsSchema,
    body: feedbackHiddenInputSchema,
    response: clubFeedbackSchema,
    keepsPeople: true,
    handler: ({ params, body, principal }) => service.setHidden(principal!.user, params.feedbackId, body.hidden),
  })
}
