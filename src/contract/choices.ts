/**
 * The fixed lists of choices (statuses, kinds, sorts, parts), the names screens give them and
 * the calendar years any date must fall in, with no zod: the router's URL parsers need them at start-up, and importing them from the
 * schema files would put all of zod into a visitor's first load (decision 016). The schema
 * files build their enums from these and re-export them.
 */

import { m } from '../i18n/paraglide/messages.js'

/** Years any calendar day must fall in (see text.ts `calendarDate()`). */
export const CALENDAR_YEARS = { min: 1900, max: 2200 } as const

// auth
export const roles = ['member', 'admin'] as const
export const userStatuses = ['pending', 'active', 'suspended', 'deleted'] as const

// users
export const userGradeFilters = ['1', '2', '3', '4', 'graduate', 'incoming'] as const
export const userSorts = ['name', '-name', 'email', '-email', 'enrollmentYear', '-enrollmentYear', 'createdAt', '-createdAt'] as const

// people
export const parts = ['Vocal', 'Guitar', 'Bass', 'Drums', 'Keyboard', 'Other'] as const

const partWords: Record<(typeof parts)[number], () => string> = {
  Vocal: () => m.people_part_vocal(),
  Guitar: () => m.people_part_guitar(),
  Bass: () => m.people_part_bass(),
  Drums: () => m.people_part_drums(),
  Keyboard: () => m.people_part_keyboard(),
  Other: () => m.people_part_other(),
}

/**
 * A part as the reader says it. Parts are stored as the list's English words; a part that is
 * not one of them (typed by a member, or kept from older data) is shown as it was typed.
 */
export function partLabel(part: string): string {
  return Object.hasOwn(partWords, part) ? partWords[part as keyof typeof partWords]() : part
}

// bands
export const bandStatuses = ['active', 'inactive', 'disbanded'] as const

// bookings
export const bookingKinds = ['band', 'personal', 'block'] as const
export const bookingStatuses = ['active', 'cancelled'] as const
export const bookingWhens = ['upcoming', 'past', 'any'] as const

// lives
export const eventKinds = ['festival', 'seasonal', 'christmas'] as const
export type EventKind = (typeof eventKinds)[number]
export const seasons = ['spring', 'summer', 'autumn', 'winter'] as const
export type Season = (typeof seasons)[number]
export const applicationStatuses = ['submitted', 'accepted', 'waitlisted', 'rejected', 'withdrawn'] as const
export const applicationSorts = ['submitted', '-submitted', 'band', '-band', 'minutes', '-minutes', 'status', '-status'] as const

/**
 * A table of labels read in the language of the moment it is read (decision 046): each key is a
 * getter calling its message function, so `labels[key]` never keeps the language it was made in.
 */
export function wordedLabels<K extends string>(words: Record<K, () => string>): Readonly<Record<K, string>> {
  const table = {} as Record<K, string>
  for (const key of Object.keys(words) as K[]) Object.defineProperty(table, key, { get: words[key], enumerable: true })
  return table
}

export const seasonLabels = wordedLabels<Season>({ spring: () => m.lives_season_spring(), summer: () => m.lives_season_summer(), autumn: () => m.lives_season_autumn(), winter: () => m.lives_season_winter() })
export const eventKindLabels = wordedLabels<EventKind>({ festival: () => m.lives_kind_festival(), seasonal: () => m.lives_kind_seasonal(), christmas: () => m.lives_kind_christmas() })

export const isSeason = (value: string): value is Season => (seasons as ReadonlyArray<string>).includes(value)

/** "Summer live", "School festival", "Christmas live": how screens name a kind of live. */
export function liveKindName(kind: EventKind, season?: Season | null) {
  if (kind === 'seasonal') return m.lives_kind_season_live({ season: seasonLabels[season ?? 'summer'] })
  return eventKindLabels[kind]
}

// feedback (SPEC §5.7)
export const feedbackTargets = ['club', 'performance'] as const
export type FeedbackTarget = (typeof feedbackTargets)[number]
export const feedbackStatuses = ['new', 'acknowledged', 'resolved'] as const
export type FeedbackStatus = (typeof feedbackStatuses)[number]
export const feedbackCategories = ['rooms', 'equipment', 'lives', 'rules', 'app', 'other'] as const
export type FeedbackCategory = (typeof feedbackCategories)[number]
/** Which of everyone's feedback an executive looks at: what the bands and executives see, what was hidden, or both. */
export const feedbackVisibilities = ['shown', 'hidden', 'all'] as const

// The feedback labels are getters: each read is worded in the language of that moment
// (decision 046), and the screens and the server's notices read them as plain strings.
export const feedbackTargetLabels: Readonly<Record<FeedbackTarget, string>> = {
  get club() {
    return m.feedback_target_club()
  },
  get performance() {
    return m.feedback_target_performance()
  },
}
export const feedbackStatusLabels: Readonly<Record<FeedbackStatus, string>> = {
  get new() {
    return m.feedback_status_new()
  },
  get acknowledged() {
    return m.feedback_status_acknowledged()
  },
  get resolved() {
    return m.feedback_status_resolved()
  },
}
export const feedbackCategoryLabels: Readonly<Record<FeedbackCategory, string>> = {
  get rooms() {
    return m.feedback_category_rooms()
  },
  get equipment() {
    return m.feedback_category_equipment()
  },
  get lives() {
    return m.feedback_category_lives()
  },
  get rules() {
    return m.feedback_category_rules()
  },
  get app() {
    return m.feedback_category_app()
  },
  get other() {
    return m.feedback_category_other()
  },
}
// files (SPEC §5.8)
export const fileVisibilities = ['members', 'executives'] as const
export type FileVisibility = (typeof fileVisibilities)[number]
export const fileSorts = ['name', '-name', 'newest', 'oldest', 'largest', 'smallest'] as const
export type FileSort = (typeof fileSorts)[number]

// activity log (issue 34 §5)
/** The areas an activity-log entry belongs to, for the screen's filter: a route's tag, or `sign-in`. */
export const activityAreas = [
  'sign-in',
  'accounts',
  'people',
  'users',
  'members',
  'bands',
  'bookings',
  'allocation',
  'lives',
  'feedback',
  'files',
  'notices',
  'club',
  'settings',
  'mail',
  'backups',
] as const
