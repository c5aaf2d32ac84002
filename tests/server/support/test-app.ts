import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify'
import { buildApp } from '../../../server/src/app'
import type { ConnectionLimits } from '../../../server/src/http/connection-limits'
import { createTestDatabase } from './test-database'
import { createUser, makeExecutive } from './factories'

export const TEST_SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256!!')
export const START = new Date('2026-06-01T01:00:00Z')

/** A clock the tests move by hand; the server reads time only through it. */
export class TestClock {
  current = new Date(START)
  now = () => new Date(this.current)
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms)
  }
}

export const minutes = (n: number) => n * 60 * 1000

export type Role = 'member' | 'executive' | 'admin'

/** The real app on a fresh database, with helpers to sign people in and call it. */
export async function createTestApp(
  options: {
    spaDir?: string
    loginCallsPerMinute?: number
    beforeReady?: (app: FastifyInstance) => void
    /** A logger (e.g. writing to a test's stream); none by default. */
    logger?: FastifyServerOptions['logger']
    publicUrl?: string
    connectionLimits?: Partial<ConnectionLimits>
    smtpUrl?: string
    /** The club's files folder; a temporary one, removed at close, when not given. */
    filesDir?: string
    /** The backups folder; a temporary one, removed at close, when not given. */
    backupsDir?: string
    /** Threads of the worker pool; the machine's by default. */
    workerThreads?: number
  } = {},
) {
  const database = await createTestDatabase()
  const clock = new TestClock()
  const { app, services } = await buildApp({
    database,
    jwtSecret: TEST_SECRET,
    clock: clock.now,
    spaDir: options.spaDir,
    // Suites sign many people in from one address; the per-IP limit has its own test.
    loginCallsPerMinute: options.loginCallsPerMinute ?? 10_000,
    logger: options.logger,
    publicUrl: options.publicUrl,
    connectionLimits: options.connectionLimits,
    smtpUrl: options.smtpUrl,
    filesDir: options.filesDir,
    backupsDir: options.backupsDir,
    workerThreads: options.workerThreads,
  })
  options.beforeReady?.(app)
  await app.ready()

  async function signIn(email: string, password: string) {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
    return response.json() as { access_token: string; user: { id: string } }
  }

  return {
    app,
    db: database.db,
    database,
    clock,
    services,
    signIn,
    /** Creates an active user of the role (an executive holds a position this term) and signs them in. */
    async as(role: Role, overrides: Parameters<typeof createUser>[1] = {}) {
      const user = await createUser(database.db, { role: role === 'admin' ? 'admin' : 'member', ...overrides })
      if (role === 'executive') await makeExecutive(database.db, user.id, await services.settings.currentTerm())
      const { access_token } = await signIn(user.email, user.password)
      return { user, token: access_token, headers: { authorization: `Bearer ${access_token}` } }
    },
    inject: (request: InjectOptions) => app.inject(request),
    async close() {
      await app.close()
      await database.close()
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>
