import { z } from 'zod'
import { text } from './text'
import { isValidTimeZone } from './terms'
import { fileKindIds } from './files'

export const registrationModes = ['approval', 'invite', 'open', 'closed'] as const
export type RegistrationMode = (typeof registrationModes)[number]

/**
 * The club's settings (SPEC §5.3) other than rooms, periods and blackouts, which are tables.
 * Every field has a default, so a new club works before anyone opens the settings screen.
 */
export const clubSettingsSchema = z
  .object({
    clubName: text({ min: 1, max: 80, empty: 'Enter the club name' }).default('Bandroom Music Club'),
    timeZone: z.string().refine(isValidTimeZone, 'Choose a valid IANA time zone, e.g. Asia/Tokyo').default('Asia/Tokyo'),
    academicYearStartMonth: z.number().int().min(1, 'Choose a month').max(12, 'Choose a month').default(4),
    registration: z
      .object({
        mode: z.enum(registrationModes).default('approval'),
        inviteCode: text({ max: 64 }).default(''),
      })
      .prefault({}),
    booking: z
      .object({
        horizonDays: z.number().int().min(1, 'At least 1 day').max(365, 'At most 365 days').default(14),
        bandPeriodsPerWeek: z.number().int().min(0).max(100).default(4),
        personalPeriodsPerWeek: z.number().int().min(0).max(100).default(2),
        personalPracticeAllowed: z.boolean().default(true),
      })
      .prefault({}),
    publicSchedule: z
      .object({
        enabled: z.boolean().default(true),
        showBandNames: z.boolean().default(true),
      })
      .prefault({}),
    uploadLimitMb: z.number().int().min(1, 'At least 1 MB').max(1024, 'At most 1024 MB').default(25),
    /** The kinds of file executives may upload (src/contract/files.ts `fileKinds`); all by default. */
    allowedFileKinds: z
      .array(z.enum(fileKindIds, { error: 'Choose kinds from the list' }))
      .max(fileKindIds.length)
      .refine((kinds) => new Set(kinds).size === kinds.length, 'Choose each kind once')
      .default([...fileKindIds]),
    anonymousFeedbackAllowed: z.boolean().default(true),
  })
  .superRefine((value, context) => {
    if (value.registration.mode === 'invite' && value.registration.inviteCode.length < 4) {
      context.addIssue({ code: 'custom', path: ['registration', 'inviteCode'], message: 'Invite mode needs a code of at least 4 characters' })
    }
  })
export type ClubSettings = z.output<typeof clubSettingsSchema>
export const defaultClubSettings: ClubSettings = clubSettingsSchema.parse({})
