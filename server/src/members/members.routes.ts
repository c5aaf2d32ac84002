import type { FastifyInstance } from 'fastify'
import { memberSearchQuerySchema, memberSearchResultSchema } from '../../../src/contract/members'
import type { Db } from '../db/client'
import { defineRoute } from '../http/route'
import type { SettingsService } from '../settings/settings.service'
import { createMembersService } from './members.service'

export function registerMemberRoutes(app: FastifyInstance, deps: { db: Db; settings: SettingsService }) {
  const members = createMembersService(deps)
  defineRoute(app, {
    method: 'GET',
    url: '/api/members/search',
    tag: 'members',
    summary: 'Active members whose display name contains q (up to 20), for pickers',
    query: memberSearchQuerySchema,
    response: memberSearchResultSchema,
    handler: async ({ query }) => ({ items: await members.search(query.q, query.limit) }),
  })
  return members
}
