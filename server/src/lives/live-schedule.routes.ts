import type { FastifyInstance } from 'fastify'
import {
  draftInputSchema,
  generateInputSchema,
  improveInputSchema,
  improvementSchema,
  improvementViewSchema,
  proposalSchema,
  publishInputSchema,
  storedTimetableSchema,
  timetableInputQuerySchema,
  timetableViewSchema,
} from '../../../src/contract/live-schedule'
import { timetableInputSchema } from '../../../src/contract/timetable'
import { eventParamsSchema } from '../../../src/contract/lives'
import { sendCsv } from '../http/csv'
import { defineRoute } from '../http/route'
import { sendCalendar } from '../http/calendar-response'
import { createLiveScheduleService } from './live-schedule.service'
import { createTimetableImprovements } from './timetable-improvement.service'
import type { LivesDeps } from './lives.routes'

/**
 * A live's timetable (SPEC §5.6 `/festival-schedule`, issue #7): the view (the latest
 * published version, and the draft for executives), saving the draft, the generator's
 * proposals, publishing, and the published timetable as iCal and CSV.
 */
export function registerLiveScheduleRoutes(app: FastifyInstance, deps: LivesDeps) {
  const schedule = createLiveScheduleService(deps)
  const improvements = createTimetableImprovements({ ...deps, log: app.log })
  // Before the worker pool and the database close (onClose): runs stop and write their last state.
  app.addHook('preClose', () => improvements.close())

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId/timetable',
    tag: 'lives',
    summary: 'A live’s accepted performances, its latest published timetable and, for executives, the draft; each checked against the hard rules now',
    params: eventParamsSchema,
    response: timetableViewSchema,
    handler: ({ params, principal }) => schedule.view(principal!.user, params.eventId),
  })

  defineRoute(app, {
    method: 'PUT',
    url: '/api/events/:eventId/timetable/draft',
    tag: 'lives',
    summary: 'Save the draft timetable whole; hard-rule breaks are allowed and answered as violations',
    params: eventParamsSchema,
    body: draftInputSchema,
    response: storedTimetableSchema,
    handler: ({ params, body, principal }) => schedule.saveDraft(principal!.user, params.eventId, body),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/events/:eventId/timetable/generate',
    tag: 'lives',
    summary: 'Run the generator with a preset or weights, a seed and effort (same seed, same result); the proposal is not saved',
    params: eventParamsSchema,
    body: generateInputSchema,
    response: proposalSchema,
    // A proposal, not saved: the activity log keeps nothing (decision 042).
    activity: 'none',
    handler: ({ params, body }) => schedule.generate(params.eventId, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId/timetable/input',
    tag: 'lives',
    summary: 'The live as the generator’s input (the contract’s TimetableInput, weights included), as `npm run timetable -- LIVE.json` reads it',
    params: eventParamsSchema,
    query: timetableInputQuerySchema,
    response: timetableInputSchema,
    handler: ({ params, query }) => schedule.timetableInput(params.eventId, query.parameters),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/events/:eventId/timetable/improvement',
    tag: 'lives',
    summary: '“Keep improving”: search on in the worker pool for up to a time limit, each better timetable saved as the draft; 409 while one runs for this live',
    params: eventParamsSchema,
    body: improveInputSchema,
    response: improvementSchema,
    status: 202,
    handler: ({ params, body, principal }) => improvements.start(principal!.user, params.eventId, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId/timetable/improvement',
    tag: 'lives',
    summary: 'The latest “Keep improving” run of a live: running, finished, stopped or failed; cost, proven bound, gap and seconds done',
    params: eventParamsSchema,
    response: improvementViewSchema,
    handler: async ({ params }) => ({ improvement: await improvements.status(params.eventId) }),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/events/:eventId/timetable/improvement/stop',
    tag: 'lives',
    summary: 'Stop “Keep improving” after the searches under way (any server process); the best timetable stays the draft',
    params: eventParamsSchema,
    response: improvementSchema,
    handler: ({ params }) => improvements.stop(params.eventId),
  })

  defineRoute(app, {
    method: 'POST',
    url: '/api/events/:eventId/timetable/publish',
    tag: 'lives',
    summary: 'Publish the draft as the next version; a draft that breaks a hard rule needs confirmBreaks',
    params: eventParamsSchema,
    body: publishInputSchema,
    response: storedTimetableSchema,
    handler: ({ params, body, principal }) => schedule.publish(principal!.user, params.eventId, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId/timetable.ics',
    tag: 'lives',
    summary: 'The latest published timetable as a public iCal feed, one event per performance; ETag and 304',
    params: eventParamsSchema,
    handler: async ({ params, request, reply }) => {
      const calendar = await schedule.ics(params.eventId)
      const ascii = calendar.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')
      return sendCalendar(request, reply, calendar.body, {
        'cache-control': 'public, no-cache',
        // Its name follows the request's language (decision 046): a shared cache keeps one per language.
        vary: 'Accept-Language',
        'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(calendar.filename)}`,
      })
    },
  })

  defineRoute(app, {
    method: 'GET',
    url: '/api/events/:eventId/timetable.csv',
    tag: 'lives',
    summary: 'The latest published timetable as CSV (UTF-8 with BOM, for Excel)',
    params: eventParamsSchema,
    handler: async ({ params, reply }) => {
      const csv = await schedule.csv(params.eventId)
      return sendCsv(reply, csv.filename, csv.columns, csv.rows)
    },
  })
}
