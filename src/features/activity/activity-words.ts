import type { ActivityArea } from '@/contract/activity'
import { m } from '@/i18n/paraglide/messages.js'

/** The areas in the words of the club, for the filter and each entry. */
export const activityAreaLabels: Record<ActivityArea, () => string> = {
  'sign-in': () => m.activity_area_sign_in(),
  accounts: () => m.activity_area_accounts(),
  people: () => m.activity_area_people(),
  users: () => m.activity_area_users(),
  members: () => m.activity_area_members(),
  bands: () => m.activity_area_bands(),
  bookings: () => m.activity_area_bookings(),
  allocation: () => m.activity_area_allocation(),
  lives: () => m.activity_area_lives(),
  feedback: () => m.activity_area_feedback(),
  files: () => m.activity_area_files(),
  notices: () => m.activity_area_notices(),
  club: () => m.activity_area_club(),
  settings: () => m.activity_area_settings(),
  mail: () => m.activity_area_mail(),
  backups: () => m.activity_area_backups(),
}

/** The kinds of thing an entry names, as the server stores them ("band"); another kind is shown as stored. */
const objectTypeLabels: Record<string, () => string> = {
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
}

export const objectTypeText = (type: string) => (Object.hasOwn(objectTypeLabels, type) ? objectTypeLabels[type]!() : type)

const accountStatusLabels: Record<string, () => string> = {
  pending: () => m.activity_status_pending(),
  suspended: () => m.activity_status_suspended(),
  deleted: () => m.activity_status_deleted(),
}

/**
 * What was done, in the reader's language. The entries are stored in English (decision 042):
 * the sign-in entries the server words itself are known sentences and are put in the reader's
 * words here; a route's summary ("Update a band") is shown as stored.
 */
export function actionText(action: string) {
  if (action === 'Signed in') return m.activity_action_signed_in()
  if (action === 'Sign-in refused: wrong password') return m.activity_action_wrong_password()
  const refused = /^Sign-in refused: the account is (\w+)$/.exec(action)
  if (refused) return m.activity_action_account_status({ status: accountStatusLabels[refused[1]!]?.() ?? refused[1]! })
  const locked = /^Sign-in locked for (\d+) minutes after (\d+) wrong passwords$/.exec(action)
  if (locked) return m.activity_action_locked({ minutes: locked[1]!, count: locked[2]! })
  return action
}
