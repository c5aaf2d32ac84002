import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { apiErrorSchema } from '../../../src/contract/errors'
import { defineRoute, type RegisteredRoute } from './route'

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' })

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } },
})

/** Builds the OpenAPI 3 document from the routes' own zod schemas, so it cannot drift. */
export function openApiDocument(routes: RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}')
    const parameters: unknown[] = []
    for (const [where, schema] of [['path', route.params], ['query', route.query]] as const) {
      if (!schema) continue
      const properties = (jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] })
      for (const [name, property] of Object.entries(properties.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (properties.required ?? []).includes(name), schema: property })
      }
    }
    const responses: Record<string, unknown> = {
      [route.status]: route.response
        ? { description: 'Success', content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } }
        : { description: 'Success' },
      '400': errorResponse('Invalid input; `fields` names each field'),
      '429': errorResponse('Rate limited; see Retry-After'),
    }
    if (route.access !== 'public') responses['401'] = errorResponse('No live session')
    if (route.access === 'admin' || route.access === 'executive') responses['403'] = errorResponse('Not allowed')
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      'x-access': route.access,
      ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }
        : {}),
      responses,
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Bandroom API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  }
}

export function registerOpenApiRoute(app: FastifyInstance) {
  let cached: ReturnType<typeof openApiDocument> | undefined
  defineRoute(app, {
    method: 'GET',
    url: '/api/openapi.json',
    tag: 'meta',
    summary: 'This document',
    handler: async () => (cached ??= openApiDocument(app.routeDefinitions)),
  })
}
