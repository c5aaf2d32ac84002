import { z } from 'zod'
import { says, text } from './text'
import { isValidTimeZone } from './terms'
import { fileKindIds } from './files'
import { baseLanguage, languages } from '../i18n/language'
import { m } from '../i18n/paraglide/messages.js'

/** ISO weekday: 1 = Monday … 7 = Sunday (the allocation settings' opening and closing days; worded by date-format.ts's `weekdayName`). */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const

const weekdaySchema = z.number(says(() => m.club_choose_day())).int(says(() => m.club_choose_day())).min(1, says(() => m.club_choose_day())).max(7, says(() => m.club_choose_day()))
const clockTimeSchema = z.string(says(() => m.club_enter_time())).regex(/^([01]\d|2[0-3]):[0-5]\d$/, says(() => m.club_time_format_2000()))

export const registrationModes = ['approval', 'invite', 'open', 'closed'] as const
export type RegistrationMode = (typeof registrationModes)[number]

/** A registration mode as the reader says it (the settings screen and the activity log). */
export const registrationModeLabels: Record<RegistrationMode, () => string> = {
  approval: () => m.club_mode_approval(),
  invite: () => m.club_mode_invite(),
  open: () => m.club_mode_open(),
  closed: () => m.club_mode_closed(),
}

/**
 * The club's settings (SPEC §5.3) other than rooms, periods and blackouts, which are tables.
 * Every field has a default, so a new club works before anyone opens the settings screen.
 */
export const clubSettingsSchema = z
  .object({
    clubName: text({ min: 1, max: 80, empty: () => m.club_enter_club_name() }).default('Bandroom Music Club'),
    timeZone: z.string().refine(isValidTimeZone, says(() => m.club_valid_time_zone())).default('Asia/Tokyo'),
    /** The language of members who chose none and whose browser asks for none the app has (decision 046). */
    language: z.enum(languages).default(baseLanguage),
    academicYearStartMonth: z.number().int().min(1, says(() => m.club_choose_month())).max(12, says(() => m.club_choose_month())).default(4),
    registration: z
      .object({
        mode: z.enum(registrationModes).default('approval'),
        inviteCode: text({ max: 64 }).default(''),
      })
      .prefault({}),
    booking: z
      .object({
        horizonDays: z.number().int().min(1, says(() => m.club_at_least_1_day())).max(365, says(() => m.club_at_most_365_days())).default(14),
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
    uploadLimitMb: z.number().int().min(1, says(() => m.club_at_least_1_mb())).max(1024, says(() => m.club_at_most_1024_mb())).default(25),
    /** The kinds of file executives may upload (src/contract/files.ts `fileKinds`); all by default. */
    allowedFileKinds: z
      .array(z.enum(fileKindIds, { error: () => m.club_choose_kinds() }))
      .max(fileKindIds.length)
      .refine((kinds) => new Set(kinds).size === kinds.length, says(() => m.club_each_kind_once()))
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
        wishesPerBand: z.number(says(() => m.club_enter_number())).int(says(() => m.club_enter_whole_number())).min(1, says(() => m.club_at_least_1_wish())).max(10, says(() => m.club_at_most_10_wishes())).default(5),
        periodsPerBand: z.number(says(() => m.club_enter_number())).int(says(() => m.club_enter_whole_number())).min(1, says(() => m.club_at_least_1_period())).max(50, says(() => m.club_at_most_50_periods())).nullable().default(null),
        roomIds: z.array(z.uuid(says(() => m.club_choose_room()))).max(50, says(() => m.club_at_most_50_rooms())).default([]),
        periodIds: z.array(z.uuid(says(() => m.club_choose_period()))).max(24, says(() => m.club_at_most_24_periods())).default([]),
      })
      .prefault({}),
    notices: z
      .object({
        /** When, the evening before, members are reminded of the next day's bookings (club time). */
        bookingReminderAt: z
          .string(says(() => m.club_enter_time()))
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, says(() => m.club_time_format_2000()))
          .default('20:00'),
      })
      .prefault({}),
    /** The daily backup (issue 34, decision 041): when it runs (club time) and how many archives are kept. */
    backups: z
      .object({
        enabled: z.boolean().default(true),
        dailyAt: clockTimeSchema.default('04:00'),
        keep: z.number(says(() => m.club_enter_number())).int(says(() => m.club_enter_whole_number())).min(1, says(() => m.club_keep_1_backup())).max(365, says(() => m.club_at_most_365_backups())).default(14),
      })
      .prefault({}),
    /** The activity log (issue 34, decision 042): entries older than this are deleted. */
    activityLog: z
      .object({
        keepDays: z.number(says(() => m.club_enter_number())).int(says(() => m.club_enter_whole_number())).min(30, says(() => m.club_keep_30_days())).max(3650, says(() => m.club_at_most_3650_days())).default(730),
      })
      .prefault({}),
  })
  .superRefine((value, context) => {
    if (value.registration.mode === 'invite' && value.registration.inviteCode.length < 4) {
      context.addIssue({ code: 'custom', path: ['registration', 'inviteCode'], message: m.club_invite_needs_code() })
    }
    const { opensWeekday, opensAt, closesWeekday, closesAt } = value.allocation
    if (closesWeekday * 10_000 + Number(closesAt.replace(':', '')) <= opensWeekday * 10_000 + Number(opensAt.replace(':', ''))) {
      context.addIssue({ code: 'custom', path: ['allocation', 'closesAt'], message: m.club_wishes_close_after_open() })
    }
  })
export type ClubSettings = z.output<typeof clubSettingsSchema>
export const defaultClubSettings: ClubSettings = clubSettingsSchema.parse({})
