import { createSecretKey, type KeyObject } from 'node:crypto'
import { SignJWT, jwtVerify, errors } from 'jose'

export const ACCESS_TOKEN_SECONDS = 15 * 60
export const SESSION_IDLE_MS = 30 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000
/** Seconds a token is still taken after its expiry, for clocks a little apart. */
export const CLOCK_TOLERANCE_S = 5

export interface TokenClaims {
  userId: string
  sessionId: string
}

export interface VerifiedClaims extends TokenClaims {
  /** When the token expires (ms since the epoch). */
  expiresAtMs: number
}

/** The HMAC key for a secret, made once: jose would import raw bytes again on every call. */
const keys = new WeakMap<Uint8Array, KeyObject>()
function keyOf(secret: Uint8Array) {
  let key = keys.get(secret)
  if (!key) {
    key = createSecretKey(secret)
    keys.set(secret, key)
  }
  return key
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isUuid = (value: unknown): value is string => typeof value === 'string' && uuidPattern.test(value)

export function signAccessToken(secret: Uint8Array, claims: TokenClaims, now: Date) {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(keyOf(secret))
}

/**
 * Returns the claims of a token signed by us, or null. `allowExpired` is for refresh and
 * logout: an expired token still names its session, and the session's own idle and absolute
 * limits decide whether it lives.
 */
export async function readAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
  { allowExpired = false } = {},
): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: allowExpired ? SESSION_IDLE_MS / 1000 : CLOCK_TOLERANCE_S,
    })
    // Both claims are UUID columns: any other string (even correctly signed) is no session,
    // not a query PostgreSQL refuses with a 500.
    if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null
    return { userId: payload.sub, sessionId: payload.sid, expiresAtMs: (payload.exp ?? 0) * 1000 }
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}
