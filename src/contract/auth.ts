import { z } from 'zod'
import { roles, userStatuses } from './choices'

export { roles, userStatuses }

export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))

/** The signed-in user as both sides see it. Never carries the password hash. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  enrollmentYear: z.number().int(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  /** Holds a position in the current term (SPEC §5.3); admins have every executive right too. */
  isExecutive: z.boolean(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1024, 'Password is too long'),
})
export type LoginInput = z.infer<typeof loginInputSchema>

export const loginResponseSchema = z.object({
  user: sessionUserSchema,
  access_token: z.string(),
})
export type LoginResponse = z.infer<typeof loginResponseSchema>

export const refreshResponseSchema = z.object({ access_token: z.string() })
export type RefreshResponse = z.infer<typeof refreshResponseSchema>

export const meResponseSchema = z.object({ user: sessionUserSchema })
export type MeResponse = z.infer<typeof meResponseSchema>

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
})
export type HealthResponse = z.infer<typeof healthResponseSchema>
