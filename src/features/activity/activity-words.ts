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
