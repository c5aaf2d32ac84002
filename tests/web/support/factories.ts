import type { SessionUser } from '@/contract/auth'

let sequence = 0

export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    email: `member${sequence}@club.example`,
    displayName: `Member ${sequence}`,
    enrollmentYear: 2024,
    role: 'member',
    status: 'active',
    isExecutive: false,
    ...overrides,
  }
}

function base64url(value: object) {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** An unsigned JWT-shaped token: the client only ever reads `exp`. */
export function buildToken({ expiresInSeconds = 15 * 60, id = crypto.randomUUID() } = {}) {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: id, exp })}.signature`
}

export function buildApiError(code: string, message: string, fields?: Record<string, string>) {
  return { error: { code, message, ...(fields ? { fields } : {}) } }
}
