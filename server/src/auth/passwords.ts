import { hash, verify } from '@node-rs/argon2'

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost (19 MiB, 2 passes).
export function hashPassword(password: string) {
  return hash(password)
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/**
 * Verifying against this when the email is unknown makes "no such user" take as long as
 * "wrong password", so timing does not reveal which emails have accounts.
 */
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash() {
  dummyHash ??= hash('not-a-real-password-0000')
  return dummyHash
}
