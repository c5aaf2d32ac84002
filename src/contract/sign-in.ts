import * as z from 'zod/mini'
import { roles, userStatuses } from './choices'

/**
 * The sign-in call's schemas again, in zod/mini, for the login page only. The login page is
 * the first page most people load, and zod's full build (~26 KB compressed, methods on every
 * schema, so none of it tree-shakes) was a fifth of it; zod/mini's functions cost ~7 KB
 * (decision 016). The server and every other screen keep `auth.ts`; the two must accept and
 * refuse the same values with the same messages, which tests/web/contract/sign-in.test.ts checks.
 */

const emailSchema = z.pipe(
  z.string({ error: 'Enter your email address' }).check(z.trim(), z.minLength(1, 'Enter your email address'), z.maxLength(254, 'Email is too long')),
  z.email('Enter a valid email address'),
)

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password' }).check(z.minLength(1, 'Enter your password'), z.maxLength(1024, 'Password is too long')),
})

const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  enrollmentYear: z.int(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  isExecutive: z.boolean(),
})

export const loginResponseSchema = z.object({
  user: sessionUserSchema,
  access_token: z.string(),
})
