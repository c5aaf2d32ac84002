import { z } from 'zod'
import { text } from './text'
import { emailSchema, sessionUserSchema } from './auth'
import { registrationModes } from './settings'
import { languages } from '../i18n/language'
import { m } from '../i18n/paraglide/messages.js'

/**
 * Self-service accounts (SPEC §4, §5.1): registration, password reset, password change and
 * the profile. The password *strength* check (zxcvbn) runs on the server, and in the browser
 * only as a meter; these schemas hold the rules both sides can check without dictionaries.
 */

export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 256
export const DISPLAY_NAME_MAX = 40

/** Years before the current academic year a member may have enrolled in, and after it. */
export const ENROLLMENT_YEARS_BACK = 10
export const ENROLLMENT_YEARS_AHEAD = 1

export const displayNameSchema = text({ min: 1, max: DISPLAY_NAME_MAX, empty: () => m.accounts_name_required() })

export const newPasswordSchema = z
  .string({ error: () => m.accounts_password_choose() })
  .min(PASSWORD_MIN, { error: () => m.accounts_password_at_least({ min: PASSWORD_MIN }) })
  .max(PASSWORD_MAX, { error: () => m.accounts_password_at_most({ max: PASSWORD_MAX }) })

const currentPasswordSchema = z
  .string({ error: () => m.accounts_password_required() })
  .min(1, { error: () => m.accounts_password_required() })
  .max(1024, { error: () => m.accounts_password_too_long() })

const sameAsEmail = (password: string, email: string) => password.trim().toLowerCase() === email.trim().toLowerCase()
const notEmail = () => m.accounts_password_not_email()

const enrollmentYearMessage = () => m.accounts_enrollment_year_choose()

/** GET /api/registration: what the registration form needs to know before it shows. */
export const registrationInfoSchema = z.object({
  mode: z.enum(registrationModes),
  clubName: z.string(),
  /** The enrollment years a new member may choose, inclusive. */
  enrollmentYears: z.object({ min: z.number().int(), max: z.number().int() }),
})
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>

export const registerInputSchema = z
  .object({
    displayName: displayNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    /** The range depends on today's academic year: the server checks it, the form offers only those years. */
    enrollmentYear: z.number({ error: enrollmentYearMessage }).int({ error: enrollmentYearMessage }).min(1900, { error: enrollmentYearMessage }).max(9999, { error: enrollmentYearMessage }),
    inviteCode: text({ max: 64 }).optional(),
  })
  .superRefine((value, context) => {
    if (sameAsEmail(value.password, value.email)) context.addIssue({ code: 'custom', path: ['password'], message: notEmail() })
  })
export type RegisterInput = z.infer<typeof registerInputSchema>
export type RegisterFormValues = z.input<typeof registerInputSchema>

export const registerResponseSchema = z.object({
  status: z.enum(['pending', 'active']),
  message: z.string(),
})
export type RegisterResponse = z.infer<typeof registerResponseSchema>

export const passwordResetRequestSchema = z.object({ email: emailSchema })
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>

export const messageResponseSchema = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof messageResponseSchema>

const resetTokenSchema = z
  .string({ error: () => m.accounts_link_incomplete() })
  .min(1, { error: () => m.accounts_link_incomplete() })
  .max(200, { error: () => m.accounts_link_invalid() })

export const passwordResetConfirmSchema = z.object({
  token: resetTokenSchema,
  password: newPasswordSchema,
})
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>

export const passwordResetCheckQuerySchema = z.object({ token: resetTokenSchema })
export const passwordResetCheckResponseSchema = z.object({ valid: z.boolean() })

export const passwordChangeSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
  })
  .superRefine((value, context) => {
    if (value.newPassword === value.currentPassword) {
      context.addIssue({ code: 'custom', path: ['newPassword'], message: m.accounts_password_same() })
    }
  })
export type PasswordChange = z.infer<typeof passwordChangeSchema>

/** The forms ask for the new password twice; the API takes it once. */
export const confirmPasswordMessage = () => m.accounts_passwords_differ()
const confirmPasswordField = z.string({ error: () => m.accounts_password_repeat_required() }).min(1, { error: () => m.accounts_password_repeat_required() })

/** The password-change form: the API's schema plus the repeated new password. */
export const passwordChangeFormSchema = z
  .intersection(passwordChangeSchema, z.object({ confirmPassword: confirmPasswordField }))
  .superRefine((value, context) => {
    if (value.confirmPassword && value.confirmPassword !== value.newPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: confirmPasswordMessage() })
    }
  })

/** The reset form (the token comes from the link): the new password, twice. */
export const passwordResetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: confirmPasswordField })
  .superRefine((value, context) => {
    if (value.confirmPassword && value.confirmPassword !== value.password) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: confirmPasswordMessage() })
    }
  })

export const profileUpdateSchema = z.object({ displayName: displayNameSchema })
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>

/** The profile's language: one the app has, or null for "as my browser asks" (decision 046). */
export const languageChoiceSchema = z.object({
  language: z.enum(languages, { error: () => m.accounts_language_choose() }).nullable(),
})
export type LanguageChoice = z.infer<typeof languageChoiceSchema>

export const emailChangeSchema = z.object({
  newEmail: emailSchema,
  password: currentPasswordSchema,
})
export type EmailChange = z.infer<typeof emailChangeSchema>

export const grades = ['1', '2', '3', '4', 'graduate', 'incoming'] as const

export const profileSchema = z.object({
  user: sessionUserSchema,
  /** 1st–4th year, then graduate (SPEC §4), from the enrollment year and the current term. */
  grade: z.enum(grades),
  gradeLabel: z.string(),
  /** Positions held in any term, newest term first. */
  positions: z.array(z.object({ name: z.string(), termYear: z.number().int(), current: z.boolean() })),
  /** Bands the member plays in (SPEC §5.4). */
  bands: z.array(z.object({ id: z.uuid(), name: z.string() })),
})
export type Profile = z.infer<typeof profileSchema>

export const userResponseSchema = z.object({ user: sessionUserSchema })

export function passwordIsEmail(password: string, email: string) {
  return sameAsEmail(password, email)
}
