import type { accessTable } from '../http/access-table'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { getLocale } from '../../../src/i18n/paraglide/runtime.js'
import { formatDay, weekdayName } from '../../../src/contract/date-format'
import { roleLabels, statusLabels as userStatusLabels } from '../../../src/contract/users'
import { applicationStatusLabels, eventKindLabels, eventStatusLabels, seasonLabels } from '../../../src/contract/lives'
import { feedbackStatusLabels, partLabel, wordedLabels } from '../../../src/contract/choices'
import { fileKinds, fileVisibilityLabels } from '../../../src/contract/files'
import { bandStatusLabels } from '../../../src/contract/bands'
import { bookingStatusLabels } from '../../../src/contract/bookings'
import { registrationModeLabels, weekdays } from '../../../src/contract/settings'
import { roundStatusLabels } from '../../../src/contract/allocation-rounds'
import { languageNames } from '../../../src/i18n/language'
import { DELETED_MEMBER_NAME, deletedMemberName } from '../users/deleted-member'

/**
 * The activity log's words (decisions 042, 046): an entry stores what was done as a code — the
 * route's key ("PATCH /api/rooms/:roomId") or what a service noted ("booking.block") — and
 * object kinds and field names as the code's own names; `GET /api/activity` words them in the
 * reader's language. Rows stored before (an English sentence in `action`) are shown as stored,
 * except the sign-in sentences, which were always recognised and worded when read.
 */

export type RouteKey = keyof typeof accessTable

/**
 * One message per logged write route: every executive or admin write that is not
 * `activity: 'none'` or `'when-noted'` (tests/server/i18n/activity.test.ts walks the routes).
 */
export const routeActions: Partial<Record<RouteKey, () => string>> = {
  'PUT /api/settings': () => m.activity_action_settings_replace(),
  'POST /api/rooms': () => m.activity_action_room_add(),
  'PATCH /api/rooms/:roomId': () => m.activity_action_room_change(),
  'DELETE /api/rooms/:roomId': () => m.activity_action_room_delete(),
  'POST /api/periods': () => m.activity_action_period_add(),
  'PATCH /api/periods/:periodId': () => m.activity_action_period_change(),
  'DELETE /api/periods/:periodId': () => m.activity_action_period_delete(),
  'POST /api/blackouts': () => m.activity_action_blackout_add(),
  'DELETE /api/blackouts/:blackoutId': () => m.activity_action_blackout_delete(),
  'POST /api/positions': () => m.activity_action_position_add(),
  'PUT /api/positions/order': () => m.activity_action_position_order(),
  'PATCH /api/positions/:positionId': () => m.activity_action_position_change(),
  'DELETE /api/positions/:positionId': () => m.activity_action_position_delete(),
  'POST /api/positions/:positionId/holders': () => m.activity_action_holder_add(),
  'DELETE /api/position-holders/:holderId': () => m.activity_action_holder_delete(),
  'POST /api/users/delete': () => m.activity_action_users_delete(),
  'PATCH /api/users/:userId': () => m.activity_action_user_edit(),
  'POST /api/users/:userId/approve': () => m.activity_action_user_approve(),
  'POST /api/users/:userId/sessions/revoke': () => m.activity_action_user_sign_out(),
  'POST /api/users/:userId/password-reset': () => m.activity_action_user_password_reset(),
  'PUT /api/bands/:bandId/admin': () => m.activity_action_band_edit(),
  'POST /api/events': () => m.activity_action_event_add(),
  'PUT /api/events/:eventId': () => m.activity_action_event_edit(),
  'POST /api/applications/:applicationId/review': () => m.activity_action_application_review(),
  'POST /api/events/:eventId/applications/review': () => m.activity_action_applications_review(),
  'PUT /api/events/:eventId/timetable/draft': () => m.activity_action_timetable_draft(),
  'POST /api/events/:eventId/timetable/improvement': () => m.activity_action_timetable_improve(),
  'POST /api/events/:eventId/timetable/improvement/stop': () => m.activity_action_timetable_improve_stop(),
  'POST /api/events/:eventId/timetable/publish': () => m.activity_action_timetable_publish(),
  'PUT /api/feedback/:feedbackId/status': () => m.activity_action_feedback_status(),
  'PUT /api/feedback/:feedbackId/reply': () => m.activity_action_feedback_reply(),
  'PUT /api/feedback/:feedbackId/hidden': () => m.activity_action_feedback_hidden(),
  'POST /api/allocation/rounds/:roundId/run': () => m.activity_action_allocation_run(),
  'POST /api/allocation/rounds/:roundId/draft/changes': () => m.activity_action_allocation_draft_change(),
  'POST /api/allocation/rounds/:roundId/publish': () => m.activity_action_allocation_publish(),
  'POST /api/files/folders': () => m.activity_action_folder_add(),
  'PATCH /api/files/folders/:folderId': () => m.activity_action_folder_change(),
  'DELETE /api/files/folders/:folderId': () => m.activity_action_folder_delete(),
  'PATCH /api/files/:fileId': () => m.activity_action_file_change(),
  'DELETE /api/files/:fileId': () => m.activity_action_file_trash(),
  'POST /api/files/:fileId/restore': () => m.activity_action_file_restore(),
  'DELETE /api/files/uploads/:uploadId': () => m.activity_action_upload_cancel(),
  'POST /api/backups': () => m.activity_action_backup_now(),
}

/** What a service notes instead of its route's action (`noteActivity({ action })`). */
export const notedActions = {
  'booking.block': () => m.activity_action_booking_block(),
  'booking.cancel-other': () => m.activity_action_booking_cancel_other(),
  'file.upload': () => m.activity_action_file_upload(),
} satisfies Record<string, () => string>
export type NotedAction = keyof typeof notedActions

/** The stored code of an entry written by a route, before any service says otherwise. */
export const routeActionCode = (method: string, url: string) => `${method} ${url}`

const accountStatusLabels: Record<string, () => string> = {
  pending: () => m.activity_status_pending(),
  suspended: () => m.activity_status_suspended(),
  deleted: () => m.activity_status_deleted(),
}

/** What was done, in the reader's language; an English sentence stored before the codes is shown as stored. */
export function actionWords(action: string): string {
  if (Object.hasOwn(routeActions, action)) return routeActions[action as RouteKey]!()
  if (Object.hasOwn(notedActions, action)) return notedActions[action as NotedAction]()
  // Sign-ins are stored as these fixed sentences (auth.service.ts).
  if (action === 'Signed in') return m.activity_action_signed_in()
  if (action === 'Sign-in refused: wrong password') return m.activity_action_wrong_password()
  const refused = /^Sign-in refused: the account is (\w+)$/.exec(action)
  if (refused) return m.activity_action_account_status({ status: accountStatusLabels[refused[1]!]?.() ?? refused[1]! })
  const locked = /^Sign-in locked for (\d+) minutes after (\d+) wrong passwords$/.exec(action)
  if (locked) return m.activity_action_locked({ minutes: locked[1]!, count: locked[2]! })
  return action
}

/** The kinds of thing an entry names, as stored ("band", "allocation round"). */
const objectTypes: Record<string, () => string> = {
  user: () => m.activity_object_user(),
  band: () => m.activity_object_band(),
  room: () => m.activity_object_room(),
  period: () => m.activity_object_period(),
  position: () => m.activity_object_position(),
  event: () => m.activity_object_event(),
  file: () => m.activity_object_file(),
  folder: () => m.activity_object_folder(),
  'position holder': () => m.activity_object_position_holder(),
  'allocation round': () => m.activity_object_allocation_round(),
  application: () => m.activity_object_application(),
  booking: () => m.activity_object_booking(),
  settings: () => m.activity_object_settings(),
  blackout: () => m.activity_object_blackout(),
  feedback: () => m.activity_object_feedback(),
  upload: () => m.activity_object_upload(),
  backup: () => m.activity_object_backup(),
  holder: () => m.activity_object_holder(),
}

export const isKnownObjectType = (type: string) => Object.hasOwn(objectTypes, type)

/** An object's kind in words; another kind is shown as stored. */
export function objectTypeWords(type: string): string {
  return isKnownObjectType(type) ? objectTypes[type]!() : type
}

/**
 * An object's name at the time, with the few English words some were stored with worded: an
 * allocation round is named by its week ("2026-06-08"; rows before said "Week of 2026-06-08"),
 * and the settings' old "Club settings" is only their kind.
 */
export function objectLabelWords(type: string, label: string | null): string | null {
  if (label === null) return null
  if (type === 'settings' && label === 'Club settings') return null
  const week = type === 'allocation round' ? /^(?:Week of )?(\d{4}-\d{2}-\d{2})$/.exec(label) : null
  if (week) return m.activity_week_of({ week: formatDay(week[1]!) })
  return label
}

/**
 * The field names an entry stores: the body's fields, what services note, and the settings'
 * dotted paths (each part: `booking.horizonDays`).
 */
export const fieldLabels: Record<string, () => string> = {
  name: () => m.activity_field_name(),
  capacity: () => m.activity_field_capacity(),
  active: () => m.activity_field_active(),
  shownPublicly: () => m.activity_field_shown_publicly(),
  sortOrder: () => m.activity_field_sort_order(),
  label: () => m.activity_field_label(),
  startsAt: () => m.activity_field_starts_at(),
  endsAt: () => m.activity_field_ends_at(),
  startsOn: () => m.activity_field_starts_on(),
  endsOn: () => m.activity_field_ends_on(),
  roomIds: () => m.activity_field_room_ids(),
  reason: () => m.activity_field_reason(),
  description: () => m.activity_field_description(),
  positionIds: () => m.activity_field_position_ids(),
  userId: () => m.activity_field_user_id(),
  termYear: () => m.activity_field_term_year(),
  userIds: () => m.activity_field_user_ids(),
  displayName: () => m.activity_field_display_name(),
  email: () => m.activity_field_email(),
  enrollmentYear: () => m.activity_field_enrollment_year(),
  role: () => m.activity_field_role(),
  status: () => m.activity_field_status(),
  genre: () => m.activity_field_genre(),
  members: () => m.activity_field_members(),
  kind: () => m.activity_field_kind(),
  season: () => m.activity_field_season(),
  title: () => m.activity_field_title(),
  academicYear: () => m.activity_field_academic_year(),
  venue: () => m.activity_field_venue(),
  days: () => m.activity_field_days(),
  defaultPerformanceMinutes: () => m.activity_field_default_performance_minutes(),
  changeoverMinutes: () => m.activity_field_changeover_minutes(),
  musicianGapMinutes: () => m.activity_field_musician_gap_minutes(),
  applicationOpensAt: () => m.activity_field_application_opens_at(),
  applicationClosesAt: () => m.activity_field_application_closes_at(),
  bandLimit: () => m.activity_field_band_limit(),
  note: () => m.activity_field_note(),
  applicationIds: () => m.activity_field_application_ids(),
  placements: () => m.activity_field_placements(),
  preset: () => m.activity_field_preset(),
  weights: () => m.activity_field_weights(),
  seed: () => m.activity_field_seed(),
  effort: () => m.activity_field_effort(),
  keepPins: () => m.activity_field_keep_pins(),
  wishes: () => m.activity_field_wishes(),
  seconds: () => m.activity_field_seconds(),
  evaluations: () => m.activity_field_evaluations(),
  confirmBreaks: () => m.activity_field_confirm_breaks(),
  reply: () => m.activity_field_reply(),
  hidden: () => m.activity_field_hidden(),
  action: () => m.activity_field_action(),
  from: () => m.activity_field_from(),
  to: () => m.activity_field_to(),
  a: () => m.activity_field_a(),
  b: () => m.activity_field_b(),
  cell: () => m.activity_field_cell(),
  bandId: () => m.activity_field_band_id(),
  parentId: () => m.activity_field_parent_id(),
  visibility: () => m.activity_field_visibility(),
  folderId: () => m.activity_field_folder_id(),
  'timetable version': () => m.activity_field_timetable_version(),
  'bands placed': () => m.activity_field_bands_placed(),
  'rules broken (confirmed)': () => m.activity_field_rules_broken_confirmed(),
  'bookings made': () => m.activity_field_bookings_made(),
  bands: () => m.activity_field_bands(),
  size: () => m.activity_field_size(),
  folder: () => m.activity_field_folder(),
  'booked for': () => m.activity_field_booked_for(),
  value: () => m.activity_field_value(),
  clubName: () => m.activity_field_club_name(),
  timeZone: () => m.activity_field_time_zone(),
  language: () => m.activity_field_language(),
  academicYearStartMonth: () => m.activity_field_academic_year_start_month(),
  registration: () => m.activity_field_registration(),
  mode: () => m.activity_field_mode(),
  inviteCode: () => m.activity_field_invite_code(),
  booking: () => m.activity_field_booking(),
  horizonDays: () => m.activity_field_horizon_days(),
  bandPeriodsPerWeek: () => m.activity_field_band_periods_per_week(),
  personalPeriodsPerWeek: () => m.activity_field_personal_periods_per_week(),
  personalPracticeAllowed: () => m.activity_field_personal_practice_allowed(),
  publicSchedule: () => m.activity_field_public_schedule(),
  enabled: () => m.activity_field_enabled(),
  showBandNames: () => m.activity_field_show_band_names(),
  uploadLimitMb: () => m.activity_field_upload_limit_mb(),
  allowedFileKinds: () => m.activity_field_allowed_file_kinds(),
  anonymousFeedbackAllowed: () => m.activity_field_anonymous_feedback_allowed(),
  allocation: () => m.activity_field_allocation(),
  opensWeekday: () => m.activity_field_opens_weekday(),
  opensAt: () => m.activity_field_opens_at(),
  closesWeekday: () => m.activity_field_closes_weekday(),
  closesAt: () => m.activity_field_closes_at(),
  wishesPerBand: () => m.activity_field_wishes_per_band(),
  periodsPerBand: () => m.activity_field_periods_per_band(),
  periodIds: () => m.activity_field_period_ids(),
  notices: () => m.activity_field_notices(),
  bookingReminderAt: () => m.activity_field_booking_reminder_at(),
  backups: () => m.activity_field_backups(),
  dailyAt: () => m.activity_field_daily_at(),
  keep: () => m.activity_field_keep(),
  activityLog: () => m.activity_field_activity_log(),
  keepDays: () => m.activity_field_keep_days(),
}

export const hasFieldLabel = (field: string) => Object.hasOwn(fieldLabels, field)

/** A name written in code (`horizonDays`), not a club member's words (a band's name in a bulk review). */
const CODE_NAME = /^[a-z][A-Za-z0-9]*$/

/**
 * A changed field's name in words: "booking.horizonDays" → "Booking › Days ahead bookable".
 * A name not in the list is put in words from its spelling in English and shown as stored in
 * another language; a name that is the club's data (a band's or a person's) stays as it is.
 */
export function fieldWords(field: string): string {
  if (hasFieldLabel(field)) return fieldLabels[field]!()
  const parts = field.split('.')
  if (!parts.every((part) => hasFieldLabel(part) || CODE_NAME.test(part))) return field
  return parts
    .map((part) => {
      if (hasFieldLabel(part)) return fieldLabels[part]!()
      if (getLocale() !== 'en') return part
      const words = part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
      return words.charAt(0).toUpperCase() + words.slice(1)
    })
    .join(' › ')
}

const visibilityLabels = wordedLabels(fileVisibilityLabels)
/** The allocation's opening and closing days, stored as 1…7 (Monday = 1), worded as the settings form words them. */
const weekdayLabels = wordedLabels(Object.fromEntries(weekdays.map((day) => [day, () => weekdayName(day)])))
/** The allowed kinds of file, stored as their ids, with the settings form's labels. */
const fileKindLabels = wordedLabels(Object.fromEntries(fileKinds.map((kind) => [kind.id, () => kind.label])))

/**
 * The stored codes of a few fields, by the kind of thing and the field's last part: a status,
 * a role, a kind, a weekday's number; a list's items each. A value that is not one of the codes
 * (a name, another number, a kind added later) is shown as stored.
 */
const valueLabels: Record<string, Record<string, Readonly<Record<string, string>>>> = {
  user: { status: userStatusLabels, role: roleLabels },
  band: { status: wordedLabels(bandStatusLabels) },
  booking: { status: wordedLabels(bookingStatusLabels) },
  application: { status: applicationStatusLabels },
  event: { status: eventStatusLabels, kind: eventKindLabels, season: seasonLabels },
  feedback: { status: feedbackStatusLabels },
  file: { visibility: visibilityLabels },
  folder: { visibility: visibilityLabels },
  'allocation round': { status: roundStatusLabels },
  settings: {
    mode: wordedLabels(registrationModeLabels),
    language: languageNames,
    opensWeekday: weekdayLabels,
    closesWeekday: weekdayLabels,
    allowedFileKinds: fileKindLabels,
  },
}

/** A band edit's member line as stored: "Mao Endo (Guitar, leader)" (bands.service.ts). */
const MEMBER_LINE = /^(.*) \(([^()]*?)(, leader)?\)$/

function memberLineWords(line: string): string {
  const match = MEMBER_LINE.exec(line)
  if (!match) return line
  const [, stored, part, leader] = match
  const name = stored === DELETED_MEMBER_NAME ? deletedMemberName() : stored!
  return leader ? m.activity_member_line_leader({ name, part: partLabel(part!) }) : m.activity_member_line({ name, part: partLabel(part!) })
}

/**
 * A value before or after a change in the reader's language where it is a code the app wrote
 * (a status, a role, a band's member lines); the club's own words and numbers as stored.
 */
export function valueWords(type: string | null, field: string, value: unknown): unknown {
  const last = field.split('.').at(-1)!
  if (type === 'band' && last === 'members' && Array.isArray(value)) return value.map((line) => (typeof line === 'string' ? memberLineWords(line) : line))
  const labels = type === null ? undefined : valueLabels[type]?.[last]
  if (!labels) return value
  const word = (item: unknown) => {
    // A weekday is stored as a number; its table is keyed by the number's digits.
    const code = typeof item === 'number' ? String(item) : item
    return typeof code === 'string' && Object.hasOwn(labels, code) ? labels[code] : item
  }
  return Array.isArray(value) ? value.map(word) : word(value)
}
