import type { LoginInput, LoginResponse } from './auth'
import { roles, userStatuses } from './choices'
import { isRecord, schema, uuidPattern } from './plain-schema'
import { m } from '../i18n/paraglide/messages.js'
import { isLanguage } from '../i18n/language'

/**
 * The sign-in call's schemas again, checked by hand, for the login page only. Their messages are
 * the login area's own (src/i18n/messages/login), the same words as auth.ts's: shared message
 * modules would be one more file on the first load (decision 046). The login page
 * is the first page most people load; zod there cost ~26 KB compressed (zod/mini still ~16 KB,
 * its core being shared with the classic schemas of other screens), a tenth of the page
 * (decision 016). The server and every other screen keep `auth.ts`. Both must accept and refuse
 * the same values with the same messages: tests/web/contract/sign-in.test.ts checks them
 * side by side. Each schema offers what the login page uses of zod's: `parse`, `safeParse`
 * and Standard Schema (`~standard`, read by TanStack Form's validators).
 */

// zod's `z.email()` pattern.
const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** `loginInputSchema`: the email trimmed, 1–254 characters and an address; the password 1–1024 characters. */
export const loginInputSchema = schema<LoginInput>((value, issues) => {
  if (!isRecord(value)) {
    issues.push({ path: [], message: 'Invalid input: expected object' })
    return undefined
  }
  let email: string | undefined
  if (typeof value.email !== 'string') issues.push({ path: ['email'], message: m.login_email_required() })
  else {
    const trimmed = value.email.trim()
    if (trimmed.length < 1) issues.push({ path: ['email'], message: m.login_email_required() })
    else if (trimmed.length > 254) issues.push({ path: ['email'], message: m.login_email_too_long() })
    else if (!emailPattern.test(trimmed)) issues.push({ path: ['email'], message: m.login_email_invalid() })
    else email = trimmed
  }
  const password = value.password
  if (typeof password !== 'string') issues.push({ path: ['password'], message: m.login_password_required() })
  else if (password.length < 1) issues.push({ path: ['password'], message: m.login_password_required() })
  else if (password.length > 1024) issues.push({ path: ['password'], message: m.login_password_too_long() })
  return { email: email!, password: password as string }
})

/** `loginResponseSchema`: the signed-in user and the access token (unknown keys left out, as zod does). */
export const loginResponseSchema = schema<LoginResponse>((value, issues) => {
  const fail = (path: PropertyKey[]) => void issues.push({ path, message: 'Invalid input' })
  if (!isRecord(value)) return void fail([])
  const { user, access_token } = value
  if (typeof access_token !== 'string') fail(['access_token'])
  if (!isRecord(user)) return void fail(['user'])
  if (typeof user.id !== 'string' || !uuidPattern.test(user.id)) fail(['user', 'id'])
  for (const key of ['email', 'displayName'] as const) if (typeof user[key] !== 'string') fail(['user', key])
  if (!Number.isSafeInteger(user.enrollmentYear)) fail(['user', 'enrollmentYear'])
  if (!(roles as ReadonlyArray<unknown>).includes(user.role)) fail(['user', 'role'])
  if (!(userStatuses as ReadonlyArray<unknown>).includes(user.status)) fail(['user', 'status'])
  if (typeof user.isExecutive !== 'boolean') fail(['user', 'isExecutive'])
  if (user.language !== undefined && user.language !== null && !isLanguage(user.language)) fail(['user', 'language'])
  const { id, email, displayName, enrollmentYear, role, status, isExecutive, language } = user
  return { user: { id, email, displayName, enrollmentYear, role, status, isExecutive, language } as LoginResponse['user'], access_token: access_token as string }
})
