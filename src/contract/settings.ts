import { z } from 'zod'
import { text } from './text'
import { isValidTimeZone } from './terms'
import { fileKindIds } from './files'
import { baseLanguage, languages } from '../i18n/language'

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
const weekdaySchema = z.number('Choose a day').int('Choose a day').min(1, 'Choose a day').max(7, 'Choose a day')
const clockTimeSchema = z.string('Enter a time').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM, e.g. 20:00')

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
    /** The language of members who chose none and whose browser asks for none the app has (decision 046). */
    language: z.enum(languages).default(baseLanguage),
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
    /**
     * Room allocation rounds (issue 15, decision 020). Wishes for a week open and close in the
     * week before it (e.g. Monday 00:00 to Thursday 20:00, club time). Empty `roomIds` /
     * `periodIds` mean every active room / every period takes part; `periodsPerBand` null
     * means the weekly band quota (`booking.bandPeriodsPerWeek`).
     */
    allocation: z
      .object({
        enabled: z.boolean().default(false),
        opensWeekday: weekdaySchema.default(1),
        opensAt: clockTimeSchema.default('00:00'),
        closesWeekday: weekdaySchema.default(4),
        closesAt: clockTimeSchema.default('20:00'),
        wishesPerBand: z.number('Enter a number').int('Enter a whole number').min(1, 'At least 1 wish').max(10, 'At most 10 wishes').default(5),
        periodsPerBand: z.number('Enter a number').int('Enter a whole number').min(1, 'At least 1 period').max(50, 'At most 50 periods').nullable().default(null),
        roomIds: z.array(z.uuid('Choose a room')).max(50, 'At most 50 rooms').default([]),
        periodIds: z.array(z.uuid('Choose a period')).max(24, 'At most 24 periods').default([]),
      })
      .prefault({}),
    notices: z
      .object({
        /** When, the evening before, members are reminded of the next day's bookings (club time). */
        bookingReminderAt: z
          .string('Enter a time')
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM, e.g. 20:00')
          .default('20:00'),
      })
      .prefault({}),
    /** The daily backup (issue 34, decision 041): when it runs (club time) and how many archives are kept. */
    backups: z
      .object({
        enabled: z.boolean().default(true),
        dailyAt: clockTimeSchema.default('04:00'),
        keep: z.number('Enter a number').int('Enter a whole number').min(1, 'Keep at least 1 backup').max(365, 'At most 365 backups').default(14),
      })
      .prefault({}),
    /** The activity log (issue 34, decision 042): entries older than this are deleted. */
    activityLog: z
      .object({
        keepDays: z.number('Enter a number').int('Enter a whole number').min(30, 'Keep at least 30 days').max(3650, 'At most 3650 days (10 years)').default(730),
      })
      .prefault({}),
  })
  .superRefine((value, context) => {
    if (value.registration.mode === 'invite' && value.registration.inviteCode.length < 4) {
      context.addIssue({ code: 'custom', path: ['registration', 'inviteCode'], message: 'Invite mode needs a code of at least 4 characters' })
    }
    const { opensWeekday, opensAt, closesWeekday, closesAt } = value.allocation
    if (closesWeekday * 10_000 + Number(closesAt.replace(':', '')) <= opensWeekday * 10_000 + Number(opensAt.replace(':', ''))) {
      context.addIssue({ code: 'custom', path: ['allocation', 'closesAt'], message: 'Wishes must close after they open, in the same week' })
    }
  })
export type ClubSettings = z.output<typeof clubSettingsSchema>
export const defaultClubSettings: ClubSettings = clubSettingsSchema.parse({})
