import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { fieldErrors } from '../../../src/contract/errors'
import { AppError } from './errors'
import { m } from '../../../src/i18n/paraglide/messages.js'
import type { Principal } from '../auth/principal'
import { accessTable, type AccessRule } from './access-table'
import { runActivity, setDefaultChanges } from '../activity/activity'
import type { Db } from '../db/client'

/**
 * Who may call an endpoint. Each route's level is its row in `accessTable`
 * (server/src/http/access-table.ts); `tests/server/authorization.test.ts` walks every
 * registered route against every role with that table as the expectation.
 * - public: anyone, signed in or not; the handler does not look at the caller
 * - session: needs a Bearer token naming a session, expired or not (refresh, logout); the
 *   handler checks it, since an expired token must still reach it
 * - member: any signed-in active account
 * - executive: a member holding a position in the current term, or an admin
 * - admin: accounts with role `admin`
 * Finer rules (the owner of a record, a band's members) are checked by the service on top of
 * one of these, and the route's `access` names the widest caller it lets through.
 */
export type Access = 'public' | 'session' | 'member' | 'executive' | 'admin'

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteContext<B, Q, P> {
  request: FastifyRequest
  reply: FastifyReply
  body: B
  query: Q
  params: P
  /** The signed-in caller; set for `member`, `executive` and `admin` routes, null otherwise. */
  principal: Principal | null
}

export interface RouteDefinition<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R> {
  method: Method
  /** Its rule comes from `accessTable` (server/src/http/access-table.ts) under "METHOD url". */
  url: string
  summary: string
  tag: string
  body?: B
  query?: Q
  params?: P
  /** The success answer's schema, for the OpenAPI document. */
  response?: z.ZodType
  /** Success status; 204 sends no body. */
  status?: number
  /** Fastify route config (e.g. rate limits). */
  config?: Record<string, unknown>
  /**
   * The route never changes what a process keeps per person (sessions, accounts, positions,
   * band memberships), so its success does not publish the change feed's 'writes' (app.ts).
   * Leave it unset unless that is certain: unset is always safe.
   */
  keepsPeople?: true
  /**
   * With `keepsPeople`: every success of the route tells the change feed's 'schedule' in its own
   * transaction (booking, cancelling), which everything kept for members' screens also follows,
   * so app.ts publishes nothing more for it.
   */
  toldSchedule?: true
  /**
   * The handler answers on `reply.raw` itself after `reply.hijack()` (the tus uploads): the body
   * is left unread for it and nothing is sent after it. Access and params are checked as for any route.
   */
  raw?: true
  /**
   * The activity log (decision 042): an executive or admin write leaves one entry per request.
   * `'when-noted'`: only when its service says so with `noteActivity({ include: true })` (a tus
   * request leaves one entry per upload, from the request that completes it, not one per chunk).
   * `'none'`: a POST that computes an answer and changes nothing (a check, a proposal).
   */
  activity?: 'when-noted' | 'none'
  handler: (context: RouteContext<z.output<B>, z.output<Q>, z.output<P>>) => Promise<R>
}

export interface RegisteredRoute {
  method: Method
  url: string
  access: Access
  summary: string
  tag: string
  body?: z.ZodType
  query?: z.ZodType
  params?: z.ZodType
  response?: z.ZodType
  status: number
  /** As in `RouteDefinition`: whether its writes leave an activity log entry of their own. */
  activity?: 'when-noted' | 'none'
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route defined through `defineRoute`, in registration order (shared by all scopes). */
    routeDefinitions: RegisteredRoute[]
    /** Every route Fastify registered by any means; the authorisation test compares the two. */
    httpRoutes: Array<{ method: string; url: string }>
    /** Where write requests record who did what (server/src/activity/activity.ts); set by buildApp. */
    activityLog?: { db: Db; clock: () => Date }
  }
}

function parse<S extends z.ZodType>(schema: S | undefined, value: unknown, where: string): z.output<S> {
  if (!schema) return undefined as z.output<S>
  const result = schema.safeParse(value ?? (where === 'body' ? {} : value))
  if (!result.success) {
    throw new AppError(400, 'VALIDATION_FAILED', m.errors_fields_need_attention(), fieldErrors(result.error.issues))
  }
  return result.data
}

/**
 * Registers a route: the access rule runs first, then body, query and params are parsed with
 * the shared zod schemas (a failure is a 400 naming the fields), then the handler.
 */
export function defineRoute<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R>(
  app: FastifyInstance,
  definition: RouteDefinition<B, Q, P, R>,
) {
  const status = definition.status ?? 200
  const rule = (accessTable as Record<string, AccessRule>)[`${definition.method} ${definition.url}`]
  if (!rule) throw new Error(`${definition.method} ${definition.url} has no row in the access table (server/src/http/access-table.ts)`)
  const { access } = rule
  const writes = definition.method !== 'GET' && definition.method !== 'HEAD'
  app.routeDefinitions.push({ ...definition, access, status })

  app.route({
    method: definition.method,
    url: definition.url,
    config: definition.keepsPeople ? { ...definition.config, keepsPeople: true, toldSchedule: definition.toldSchedule === true } : definition.config,
    handler: async (request, reply) => {
      const principal = access === 'public' || access === 'session' ? null : await request.requirePrincipal()
      if (access === 'admin' && principal?.user.role !== 'admin') {
        throw new AppError(403, 'FORBIDDEN', m.errors_administrators_only())
      }
      if (access === 'executive' && !(principal?.user.isExecutive || principal?.user.role === 'admin')) {
        throw new AppError(403, 'FORBIDDEN', m.errors_executives_only())
      }
      const run = async () => {
        const body = definition.raw ? (undefined as z.output<B>) : parse(definition.body, request.body, 'body')
        if (recorded) setDefaultChanges(body)
        return definition.handler({
          request,
          reply,
          principal,
          body,
          query: parse(definition.query, request.query, 'query'),
          params: parse(definition.params, request.params, 'params'),
        })
      }
      // Every signed-in write runs in an activity context: executive and admin routes leave an
      // entry; member routes only when the service says an executive's power was used.
      const recorded = principal !== null && writes && definition.activity !== 'none' && app.activityLog !== undefined
      const result = recorded
        ? await runActivity(
            {
              ...app.activityLog!,
              actorId: principal.user.id,
              tag: definition.tag,
              method: definition.method,
              url: definition.url,
              logged: (access === 'executive' || access === 'admin') && definition.activity !== 'when-noted',
              params: request.params,
            },
            run,
            () => (definition.raw ? reply.raw.statusCode : reply.statusCode) < 400,
          )
        : await run()
      if (definition.raw) return
      // A handler may have chosen another status itself (e.g. 503 from the health check).
      if (reply.statusCode === 200) reply.status(status)
      return status === 204 ? reply.send() : result
    },
  })
}
