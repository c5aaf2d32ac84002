import { z } from 'zod'
import { languages } from '../i18n/language'
import { m } from '../i18n/paraglide/messages.js'
import { roles, userStatuses } from './choices'

export { roles, userStatuses }

export const emailSchema = z
  .string({ error: () => m.auth_email_required() })
  .trim()
  .min(1, { error: () => m.auth_email_required() })
  .max(254, { error: () => m.auth_email_too_long() })
  .pipe(z.email({ error: () => m.auth_email_invalid() }))

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
  /** The language chosen on the profile; null: as the browser asks (decision 046). */
  language: z.enum(languages).nullable().optional(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: () => m.auth_password_required() }).min(1, { error: () => m.auth_password_required() }).max(1024, { error: () => m.auth_password_too_long() }),
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
