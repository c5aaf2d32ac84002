import type { FastifyInstance } from 'fastify'
import {
  allWishesSchema,
  allocationRoutes,
  bandWishesSchema,
  contestSchema,
  draftChangeSchema,
  draftCheckSchema,
  draftSchema,
  myResultsSchema,
  myWishesSchema,
  roundBandParamsSchema,
  roundListSchema,
  roundParamsSchema,
  roundSchema,
  roundSummarySchema,
  runInputSchema,
  wishesInputSchema,
} from '../../../src/contract/allocation-rounds'
import { defineRoute } from '../http/route'
import type { RoundsService } from './rounds.service'

/** Room allocation rounds (issue 15): rounds, wishes, contest counts, the executive's run / draft / publish, results. */
export function registerAllocationRoutes(app: FastifyInstance, rounds: RoundsService) {
  const tag = 'allocation'

  defineRoute(app, {
    method: 'GET',
    url: allocationRoutes.rounds,
    tag,
    summary: 'The current allocation round (made when missing) and the past ones, newest first',
    response: roundListSchema,
    keepsPeople: true,
    handler: () => rounds.list(),
  })

  defineRoute(app, {
    method: 'GET',
    url: allocationRoutes.round,
    tag,
    summary: 'One round: its week, status, times, taking-part rooms and periods, limits and the cells that cannot be given out',
    params: roundParamsSchema,
    response: roundSchema,
    handler: ({ params, principal }) => rounds.get(principal!.user, params.roundId),
  })

  defineRoute(app, {
    method: 'GET',
    url: allocationRoutes.myWishes,
    tag,
    summary: 'The caller’s active bands’ wishes for the round',
    params: roundParamsSchema,
    response: myWishesSchema,
    handler: ({ params, principal }) => rounds.myWishes(principal!.user, params.roundId),
  })

  defineRoute(app, {
    method: 'PUT',
    url: allocationRoutes.bandWishes,
    tag,
    summary: 'Save a band’s ranked wishes, how many periods it wants and its standing wish, while the round is open',
    params: roundBandParamsSchema,
    body: wishesInputSchema,
    response: bandWishesSchema,
    keepsPeople: true,
    handler: ({ params, body, principal }) => rounds.saveWishes(principal!.user, params.roundId, params.bandId, body),
  })

  defineRoute(app, {
    method: 'GET',
    url: allocationRoutes.contest,
    tag,
    summary: 'How many bands asked for each cell so far, and how many as their first wish (counts only)',
    params: roundParamsSchema,
    response: contestSchema,
    handler: ({ params }) => rounds.contest(params.roundId),
  })

  defineRoute(app, {
    method: 'GET',
    url: allocationRoutes.allWishes,
    tag,
    summary: 'Every band’s wishes with its members and priority points',
    params: roundParamsSchema,
    response: allWishesSchema,
    handler: ({ params }) => rounds.allWishes(params.roundId),
  })

  defineRoute(app, {
    method: 'POST',
    url: allocationRoutes.run,
    tag,
    summary: 'Close the wishes now (if open) and run the allocation, or run a draft again; answers the draft',
    params: roundParamsSchema,
    body: runInputSchema,
    response: draftSchema,
    keepsPeople: true,
    handler: ({ params, body }) => rounds.runNow(params.roundId, body ?? {}),
  })

  defineRoute(app, {
    method: 'GET',
    url: allocationRoutes.draft,
    tag,
    summary: 'The draft (or published) result with its figures, fairness per band, reasons and the hard rules it breaks now',
    params: roundParamsSchema,
    response: draftSchema,
    handler: ({ params }) => rounds.draft(params.roundId),
  })

  defineRoute(app, {
    method: 'POST',
    url: allocationRoutes.draftCheck,
    tag,
    summary: 'Whether a hand change keeps every hard rule, without making it',
    params: roundParamsSchema,
    body: draftChangeSchema,
    response: draftCheckSchema,
    keepsPeople: true,
    // A question, not a change: the activity log keeps nothing (decision 042).
    activity: 'none',
    handler: ({ params, body }) => rounds.checkChange(params.roundId, body),
  })

  defineRoute(app, {
    method: 'POST',
    url: allocationRoutes.draftChange,
    tag,
    summary: 'Move, swap, give or free a cell of the draft; refused with the broken rules in words',
    params: roundParamsSchema,
    body: draftChangeSchema,
    response: draftSchema,
    keepsPeople: true,
    handler: ({ params, body }) => rounds.change(params.roundId, body),
  })

  defineRoute(app, {
    method: 'POST',
    url: allocationRoutes.publish,
    tag,
    summary: 'Publish the draft: bookings, priority points, a notice and a mail to each band',
    params: roundParamsSchema,
    response: roundSummarySchema,
    keepsPeople: true,
    handler: ({ params, principal }) => rounds.publish(principal!.user, params.roundId),
  })

  defineRoute(app, {
    method: 'GET',
    url: allocationRoutes.myResults,
    tag,
    summary: 'The caller’s bands’ results with a reason for each wish not met (after publishing)',
    params: roundParamsSchema,
    response: myResultsSchema,
    handler: ({ params, principal }) => rounds.myResults(principal!.user, params.roundId),
  })
}
