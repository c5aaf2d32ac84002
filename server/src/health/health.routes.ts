import type { FastifyInstance } from 'fastify'
import { healthResponseSchema } from '../../../src/contract/auth'
import { defineRoute } from '../http/route'
import type { Database } from '../db/client'

export function registerHealthRoutes(app: FastifyInstance, database: Pick<Database, 'ping'>) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/health',
    tag: 'meta',
    summary: 'Whether the server and its database are up',
    response: healthResponseSchema,
    handler: async ({ reply }) => {
      const up = await database.ping()
      reply.header('cache-control', 'no-store')
      if (!up) reply.status(503)
      return { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' } as const
    },
  })
}
