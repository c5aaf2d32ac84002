import { and, count, eq, gt, isNull, lt, min, or, sql } from 'drizzle-orm'
import type { LoginInput, LoginResponse, SessionUser } from '../../../src/contract/auth'
import { isLanguage } from '../../../src/i18n/language'
import type { Db } from '../db/client'
import { loginFailures, sessions, users } from '../db/schema'
import type { SettingsService } from '../settings/settings.service'
import { AppError, unauthenticated } from '../http/errors'
import { withTransaction } from '../db/transaction'
import { purgeRateLimitCounters } from '../http/rate-limit-store'
import { dummyPasswordHash, verifyPassword } from './passwords'
import type { Principal } from './principal'
import { CLOCK_TOLERANCE_S, readAccessToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, signAccessToken, type VerifiedClaims } from './tokens'
import type { ChangeFeed } from '../db/change-feed'
import { writeActivity } from '../activity/activity'
import { m } from '../../../src/i18n/paraglide/messages.js'

export const FAILED_LOGIN_LIMIT = 5
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000
/** last_seen_at is written at most this often per session, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 30 * 1000

export interface AuthDeps {
  db: Db
  secret: Uint8Array
  clock: () => Date
  settings: SettingsService
  feed: ChangeFeed
}

/** At most this many verified tokens and live sessions are kept in memory (then emptied). */
const MEMORY_ENTRIES = 10_000

export type UserRow = typeof users.$inferSelect
type SessionRow = { session: typeof sessions.$inferSelect; user: UserRow; isExecutive: boolean }

export function toSessionUser(row: UserRow, isExecutive: boolean): SessionUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    enrollmentYear: row.enrollmentYear,
    role: row.role,
    status: row.status,
    isExecutive,
    language: isLanguage(row.language) ? row.language : null,
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

/** Worded when thrown, in the language of whoever signs in. */
const refusedStatus: Record<Exclude<UserRow['status'], 'active'>, () => AppError> = {
  pending: () => new AppError(403, 'ACCOUNT_PENDING', m.auth_account_pending()),
  suspended: () => new AppError(403, 'ACCOUNT_SUSPENDED', m.auth_account_suspended()),
  deleted: () => new AppError(403, 'ACCOUNT_DELETED', m.auth_account_deleted()),
}

export function createAuthService({ db, secret, clock, settings, feed }: AuthDeps) {
  /**
   * The request path of every screen checks a token and its session. Both are kept in memory:
   * a token once verified (its signature cannot change; it is taken until it expires), and a
   * session row with its user as last read. Any write that succeeds, in any process, empties
   * the session memory (change feed 'writes'), so a sign-out, a revocation, a suspension or a
   * new position is seen by the next request; time limits are checked on every request, and
   * a session that looks dead in memory is read again before it is refused.
   */
  const verifiedTokens = new Map<string, VerifiedClaims>()
  const liveSessions = new Map<string, { row: SessionRow; term: number }>()
  let generation = 0
  feed.subscribe('writes', () => {
    generation += 1
    liveSessions.clear()
  })
  const remember = <K, V>(map: Map<K, V>, key: K, value: V) => {
    if (map.size >= MEMORY_ENTRIES) map.clear()
    map.set(key, value)
  }

  async function verifiedClaims(token: string, now: Date) {
    const known = verifiedTokens.get(token)
    if (known && now.getTime() < known.expiresAtMs + CLOCK_TOLERANCE_S * 1000) return known
    const claims = await readAccessToken(secret, token, now)
    if (claims) remember(verifiedTokens, token, claims)
    return claims
  }

  async function readSession(sessionId: string, term: number) {
    const [row] = await db
      .select({ session: sessions, user: users, isExecutive: holdsPositionIn(term) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
    return row
  }

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
          m.auth_locked_minutes({ minutes: Math.ceil(retryAfter / 60) }),
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

  /**
   * Logs a wrong password for an existing account, and the lockout when it was the window's
   * last allowed try: at most FAILED_LOGIN_LIMIT + 1 entries per account per window, since the
   * attempts refused with 429 during the lockout are not checked, nor logged.
   */
  async function refused(email: string, account: { type: string; id: string; label: string }, now: Date) {
    const since = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS)
    await withTransaction(db, async (tx) => {
      const [row] = await tx
        .select({ failures: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email.toLowerCase()), gt(loginFailures.failedAt, since)))
      await writeActivity(tx, { at: now, actorId: null, area: 'sign-in', action: 'Sign-in refused: wrong password', object: account })
      if ((row?.failures ?? 0) >= FAILED_LOGIN_LIMIT) {
        await writeActivity(tx, { at: now, actorId: null, area: 'sign-in', action: `Sign-in locked for ${FAILED_LOGIN_WINDOW_MS / 60_000} minutes after ${FAILED_LOGIN_LIMIT} wrong passwords`, object: account })
      }
    })
  }

  async function issueToken(userId: string, sessionId: string) {
    return signAccessToken(secret, { userId, sessionId }, clock())
  }

  /** The live session a token names, with its user; null when the token or session is dead. */
  async function liveSession(token: string, allowExpired: boolean) {
    const now = clock()
    // Refresh and sign-out take expired tokens: rare calls, always read from the database.
    const claims = allowExpired ? await readAccessToken(secret, token, now, { allowExpired }) : await verifiedClaims(token, now)
    if (!claims) return null
    const term = await settings.currentTerm()
    const alive = (row: SessionRow | undefined): row is SessionRow =>
      row !== undefined &&
      row.user.id === claims.userId &&
      row.session.revokedAt === null &&
      row.session.expiresAt.getTime() > now.getTime() &&
      now.getTime() - row.session.lastSeenAt.getTime() < SESSION_IDLE_MS &&
      row.user.status === 'active'
    const kept = allowExpired ? undefined : liveSessions.get(claims.sessionId)
    if (kept && kept.term === term && alive(kept.row)) return { ...kept.row, now }
    // Not in memory, or dead as remembered (another process may have seen it since): read it.
    const started = generation
    const row = await readSession(claims.sessionId, term)
    if (!alive(row)) return null
    // A write that landed while we read may have changed it: keep only a read that is current.
    if (!allowExpired && started === generation) remember(liveSessions, claims.sessionId, { row, term })
    return { ...row, now }
  }

  async function touch(session: SessionRow['session'], now: Date, force = false) {
    if (force || now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id))
      // The remembered row is the same object: the next request sees the new time too.
      session.lastSeenAt = now
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
      const invalid = new AppError(401, 'INVALID_CREDENTIALS', m.auth_invalid_credentials())
      if (!user) throw invalid
      // The activity log (decision 042) names the account, never the password; an unknown email
      // leaves nothing, so made-up addresses cannot fill the log.
      const account = { type: 'user', id: user.id, label: user.email }
      // A wrong password keeps its booked attempt as the failure; a right one gives it back.
      if (!passwordOk) {
        await refused(user.email, account, now)
        throw invalid
      }
      await db.delete(loginFailures).where(eq(loginFailures.id, attempt))
      if (user.status !== 'active') {
        await writeActivity(db, { at: now, actorId: null, area: 'sign-in', action: `Sign-in refused: the account is ${user.status}`, object: account })
        throw refusedStatus[user.status]()
      }
      const session = await withTransaction(db, async (tx) => {
        await tx.delete(loginFailures).where(eq(loginFailures.email, email))
        const [row] = await tx
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
        await writeActivity(tx, { at: now, actorId: user.id, area: 'sign-in', action: 'Signed in', object: account })
        return row
      })
      return { user: toSessionUser(user, found!.isExecutive), access_token: await issueToken(user.id, session!.id) }
    },

    /** The caller named by a Bearer token; throws 401 when the token or its session is dead. */
    async authenticate(token: string): Promise<Principal> {
      const live = await liveSession(token, false)
      if (!live) throw new AppError(401, 'SESSION_EXPIRED', m.auth_session_ended())
      await touch(live.session, live.now)
      return { user: toSessionUser(live.user, live.isExecutive), sessionId: live.session.id }
    },

    async refresh(token: string) {
      const live = await liveSession(token, true)
      if (!live) throw new AppError(401, 'SESSION_EXPIRED', m.auth_session_ended())
      await touch(live.session, live.now, true)
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
