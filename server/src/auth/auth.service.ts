import { and, count, eq, gt, isNull, lt, min, or, sql } from 'drizzle-orm'
import type { LoginInput, LoginResponse, SessionUser } from '../../../src/contract/auth'
import type { Db } from '../db/client'
import { loginFailures, sessions, users } from '../db/schema'
import type { SettingsService } from '../settings/settings.service'
import { AppError, unauthenticated } from '../http/errors'
import { withTransaction } from '../db/transaction'
import { purgeRateLimitCounters } from '../http/rate-limit-store'
import { dummyPasswordHash, verifyPassword } from './passwords'
import type { Principal } from './principal'
import { readAccessToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, signAccessToken } from './tokens'

export const FAILED_LOGIN_LIMIT = 5
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000
/** last_seen_at is written at most this often per session, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 30 * 1000

export interface AuthDeps {
  db: Db
  secret: Uint8Array
  clock: () => Date
  settings: SettingsService
}

export type UserRow = typeof users.$inferSelect

export function toSessionUser(row: UserRow, isExecutive: boolean): SessionUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    enrollmentYear: row.enrollmentYear,
    role: row.role,
    status: row.status,
    isExecutive,
  }
}

/**
 * SQL for "this user holds a position in the given term" — the definition of an executive.
 * Written with explicit qualifiers: Drizzle leaves columns unqualified inside a select list,
 * where `"id"` would bind to the subquery's own table.
 */
export function holdsPositionIn(term: number) {
  return sql<boolean>`exists (select 1 from "position_holders" ph where ph."user_id" = "users"."id" and ph."term_year" = ${term})`
}

const refusedStatus: Record<Exclude<UserRow['status'], 'active'>, AppError> = {
  pending: new AppError(403, 'ACCOUNT_PENDING', 'Your account is waiting for an administrator to approve it.'),
  suspended: new AppError(403, 'ACCOUNT_SUSPENDED', 'Your account is suspended. Please contact the club executives.'),
  deleted: new AppError(403, 'ACCOUNT_DELETED', 'This account has been deleted.'),
}

export function createAuthService({ db, secret, clock, settings }: AuthDeps) {
  /**
   * Books one password check for the account, or throws 429 when the window's 5 are used.
   * The attempt is recorded as a failure *before* the password is checked, under a lock on the
   * email, so parallel tries cannot all read "4 failures so far": at most 5 passwords are ever
   * checked per window. A right password takes its booking back (see `login`).
   */
  async function reserveAttempt(email: string, ip: string | undefined, now: Date): Promise<string> {
    const since = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS)
    return withTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`)
      const [row] = await tx
        .select({ failures: count(), oldest: min(loginFailures.failedAt) })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, since)))
      if (row && row.failures >= FAILED_LOGIN_LIMIT && row.oldest) {
        const retryAfter = Math.max(1, Math.ceil((row.oldest.getTime() + FAILED_LOGIN_WINDOW_MS - now.getTime()) / 1000))
        throw new AppError(
          429,
          'RATE_LIMITED',
          `Too many failed sign-ins for this account. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
          undefined,
          { 'retry-after': String(retryAfter) },
        )
      }
      const [reserved] = await tx
        .insert(loginFailures)
        .values({ email, ip, failedAt: now })
        .returning({ id: loginFailures.id })
      return reserved!.id
    })
  }

  async function issueToken(userId: string, sessionId: string) {
    return signAccessToken(secret, { userId, sessionId }, clock())
  }

  /** The live session a token names, with its user; null when the token or session is dead. */
  async function liveSession(token: string, allowExpired: boolean) {
    const now = clock()
    const claims = await readAccessToken(secret, token, now, { allowExpired })
    if (!claims) return null
    const term = await settings.currentTerm()
    const [row] = await db
      .select({ session: sessions, user: users, isExecutive: holdsPositionIn(term) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, claims.sessionId))
    if (!row || row.user.id !== claims.userId) return null
    const { session, user, isExecutive } = row
    const alive =
      session.revokedAt === null &&
      session.expiresAt.getTime() > now.getTime() &&
      now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_MS &&
      user.status === 'active'
    return alive ? { session, user, isExecutive, now } : null
  }

  async function touch(sessionId: string, lastSeenAt: Date, now: Date, force = false) {
    if (force || now.getTime() - lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId))
    }
  }

  return {
    async login(input: LoginInput, meta: { ip?: string; userAgent?: string }): Promise<LoginResponse> {
      const now = clock()
      const email = input.email.toLowerCase()
      const attempt = await reserveAttempt(email, meta.ip, now)
      const term = await settings.currentTerm()
      const [found] = await db
        .select({ user: users, isExecutive: holdsPositionIn(term) })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
      const user = found?.user
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password)
      // A wrong password keeps its booked attempt as the failure; a right one gives it back.
      if (!user || !passwordOk) throw new AppError(401, 'INVALID_CREDENTIALS', 'The email or password is incorrect.')
      await db.delete(loginFailures).where(eq(loginFailures.id, attempt))
      if (user.status !== 'active') throw refusedStatus[user.status]
      await db.delete(loginFailures).where(eq(loginFailures.email, email))
      const [session] = await db
        .insert(sessions)
        .values({
          userId: user.id,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
          userAgent: meta.userAgent?.slice(0, 500),
          ip: meta.ip,
        })
        .returning({ id: sessions.id })
      return { user: toSessionUser(user, found!.isExecutive), access_token: await issueToken(user.id, session!.id) }
    },

    /** The caller named by a Bearer token; throws 401 when the token or its session is dead. */
    async authenticate(token: string): Promise<Principal> {
      const live = await liveSession(token, false)
      if (!live) throw new AppError(401, 'SESSION_EXPIRED', 'Your session has ended. Please sign in again.')
      await touch(live.session.id, live.session.lastSeenAt, live.now)
      return { user: toSessionUser(live.user, live.isExecutive), sessionId: live.session.id }
    },

    async refresh(token: string) {
      const live = await liveSession(token, true)
      if (!live) throw new AppError(401, 'SESSION_EXPIRED', 'Your session has ended. Please sign in again.')
      await touch(live.session.id, live.session.lastSeenAt, live.now, true)
      return { access_token: await issueToken(live.user.id, live.session.id) }
    },

    async logout(token: string) {
      const now = clock()
      const claims = await readAccessToken(secret, token, now, { allowExpired: true })
      if (!claims) throw unauthenticated()
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, claims.sessionId), isNull(sessions.revokedAt)))
    },

    /** Ends every session of a user (password change, suspension, "sign out everywhere"). */
    async revokeAllSessions(userId: string) {
      await db
        .update(sessions)
        .set({ revokedAt: clock() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    },

    /** Drops throttle records and rate-limit counters past their window, and sessions dead for a day. */
    async purgeExpired() {
      const now = clock().getTime()
      await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now - FAILED_LOGIN_WINDOW_MS)))
      await purgeRateLimitCounters(db, new Date(now))
      const dayAgo = new Date(now - 24 * 60 * 60 * 1000)
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.revokedAt, dayAgo), lt(sessions.lastSeenAt, dayAgo)))
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
