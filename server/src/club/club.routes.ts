import type { FastifyInstance } from 'fastify'
import {
  blackoutInputSchema,
  blackoutListSchema,
  blackoutParamsSchema,
  blackoutQuerySchema,
  blackoutSchema,
  clubInfoSchema,
  clubSettingsUpdateSchema,
  holderInputSchema,
  holderParamsSchema,
  periodInputSchema,
  periodListSchema,
  periodParamsSchema,
  periodPatchSchema,
  periodSchema,
  positionHolderSchema,
  positionInputSchema,
  positionListSchema,
  positionOrderSchema,
  positionParamsSchema,
  positionPatchSchema,
  positionSchema,
  positionsQuerySchema,
  roomInputSchema,
  roomListSchema,
  roomParamsSchema,
  roomPatchSchema,
  roomSchema,
} from '../../../src/contract/club'
import { clubSettingsSchema } from '../../../src/contract/settings'
import type { Db } from '../db/client'
import { defineRoute } from '../http/route'
import type { SettingsService } from '../settings/settings.service'
import type { ScheduleVersion } from '../bookings/schedule-cache'
import { createBlackoutsService } from './blackouts.service'
import { createPeriodsService } from './periods.service'
import { createPositionsService } from './positions.service'
import { createRoomsService } from './rooms.service'

/** `scheduleVersion` is moved by every change to rooms, periods and blackouts (schedule caches). */
export interface ClubDeps {
  db: Db
  clock: () => Date
  settings: SettingsService
  scheduleVersion: ScheduleVersion
}

export function createClubServices(deps: ClubDeps) {
  return {
    rooms: createRoomsService(deps),
    periods: createPeriodsService(deps),
    blackouts: createBlackoutsService(deps),
    positions: createPositionsService(deps),
  }
}
export type ClubServices = ReturnType<typeof createClubServices>

/** Club administration (SPEC §5.3): settings, rooms, periods, blackouts, positions. */
export function registerClubRoutes(app: FastifyInstance, deps: ClubDeps) {
  const { settings } = deps
  const club = createClubServices(deps)
  const tag = 'club'

  // ── Settings ──
  defineRoute(app, {
    method: 'GET',
    url: '/api/club',
    tag,
    summary: 'The club’s name, time zone and current term (for grades and terms on screens)',
    response: clubInfoSchema,
    handler: async () => {
      const value = await settings.get()
      return {
        clubName: value.clubName,
        timeZone: value.timeZone,
        language: value.language,
        academicYearStartMonth: value.academicYearStartMonth,
        currentTerm: await settings.currentTerm(),
      }
    },
  })
  defineRoute(app, {
    method: 'GET',
    url: '/api/settings',
    tag,
    summary: 'The full club settings',
    response: clubSettingsSchema,
    handler: () => settings.get(),
  })
  defineRoute(app, {
    method: 'PUT',
    url: '/api/settings',
    tag,
    summary: 'Replace the club settings (every section); applies to the next request',
    body: clubSettingsUpdateSchema,
    response: clubSettingsSchema,
    handler: ({ body, principal }) => settings.replace(body, principal!.user.id),
  })

  // ── Rooms ──
  defineRoute(app, {
    method: 'GET',
    url: '/api/rooms',
    tag,
    summary: 'Every room, active or not, in display order',
    response: roomListSchema,
    handler: async () => ({ items: await club.rooms.list() }),
  })
  defineRoute(app, {
    method: 'POST',
    url: '/api/rooms',
    tag,
    summary: 'Add a room',
    body: roomInputSchema,
    response: roomSchema,
    status: 201,
    handler: ({ body }) => club.rooms.create(body),
  })
  defineRoute(app, {
    method: 'PATCH',
    url: '/api/rooms/:roomId',
    tag,
    summary: 'Change a room (name, capacity, active, shown publicly, order)',
    params: roomParamsSchema,
    body: roomPatchSchema,
    response: roomSchema,
    handler: ({ params, body }) => club.rooms.update(params.roomId, body),
  })
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/rooms/:roomId',
    tag,
    summary: 'Delete a room that no booking names (and take it out of blackouts); 409 ROOM_IN_USE otherwise',
    params: roomParamsSchema,
    status: 204,
    handler: ({ params }) => club.rooms.remove(params.roomId),
  })

  // ── Periods ──
  defineRoute(app, {
    method: 'GET',
    url: '/api/periods',
    tag,
    summary: 'The day’s periods, by start time',
    response: periodListSchema,
    handler: async () => ({ items: await club.periods.list() }),
  })
  defineRoute(app, {
    method: 'POST',
    url: '/api/periods',
    tag,
    summary: 'Add a period (may not overlap another)',
    body: periodInputSchema,
    response: periodSchema,
    status: 201,
    handler: ({ body }) => club.periods.create(body),
  })
  defineRoute(app, {
    method: 'PATCH',
    url: '/api/periods/:periodId',
    tag,
    summary: 'Change a period',
    params: periodParamsSchema,
    body: periodPatchSchema,
    response: periodSchema,
    handler: ({ params, body }) => club.periods.update(params.periodId, body),
  })
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/periods/:periodId',
    tag,
    summary: 'Delete a period no upcoming active booking uses; 409 PERIOD_IN_USE otherwise',
    params: periodParamsSchema,
    status: 204,
    handler: ({ params }) => club.periods.remove(params.periodId),
  })

  // ── Blackouts ──
  defineRoute(app, {
    method: 'GET',
    url: '/api/blackouts',
    tag,
    summary: 'Blackout dates ending on or after `from` (default: today)',
    query: blackoutQuerySchema,
    response: blackoutListSchema,
    handler: async ({ query }) => ({ items: await club.blackouts.list(query.from) }),
  })
  defineRoute(app, {
    method: 'POST',
    url: '/api/blackouts',
    tag,
    summary: 'Add blackout dates for some rooms or all',
    body: blackoutInputSchema,
    response: blackoutSchema,
    status: 201,
    handler: ({ body }) => club.blackouts.create(body),
  })
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/blackouts/:blackoutId',
    tag,
    summary: 'Delete blackout dates',
    params: blackoutParamsSchema,
    status: 204,
    handler: ({ params }) => club.blackouts.remove(params.blackoutId),
  })

  // ── Positions ──
  defineRoute(app, {
    method: 'GET',
    url: '/api/positions',
    tag,
    summary: 'Positions in order, each with its holders in the term (default: current)',
    query: positionsQuerySchema,
    response: positionListSchema,
    handler: ({ query }) => club.positions.list(query.term),
  })
  defineRoute(app, {
    method: 'POST',
    url: '/api/positions',
    tag,
    summary: 'Add a position',
    body: positionInputSchema,
    response: positionSchema,
    status: 201,
    handler: ({ body }) => club.positions.create(body),
  })
  defineRoute(app, {
    method: 'PUT',
    url: '/api/positions/order',
    tag,
    summary: 'Set the order of the positions (every position once)',
    body: positionOrderSchema,
    status: 204,
    handler: ({ body }) => club.positions.reorder(body.positionIds),
  })
  defineRoute(app, {
    method: 'PATCH',
    url: '/api/positions/:positionId',
    tag,
    summary: 'Change a position’s name, description or order',
    params: positionParamsSchema,
    body: positionPatchSchema,
    response: positionSchema.omit({ holders: true }),
    handler: ({ params, body }) => club.positions.update(params.positionId, body),
  })
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/positions/:positionId',
    tag,
    summary: 'Delete a position and its holders in every term',
    params: positionParamsSchema,
    status: 204,
    handler: ({ params }) => club.positions.remove(params.positionId),
  })
  defineRoute(app, {
    method: 'POST',
    url: '/api/positions/:positionId/holders',
    tag,
    summary: 'Give an active member a position in a term (current − 10 … current + 1)',
    params: positionParamsSchema,
    body: holderInputSchema,
    response: positionHolderSchema,
    status: 201,
    handler: ({ params, body }) => club.positions.addHolder(params.positionId, body),
  })
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/position-holders/:holderId',
    tag,
    summary: 'Take a position away from a member for that term',
    params: holderParamsSchema,
    status: 204,
    handler: ({ params }) => club.positions.removeHolder(params.holderId),
  })

  return club
}
