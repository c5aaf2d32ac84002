import type { ActivityArea } from '@/contract/activity'

/** The areas in the words of the club, for the filter and each entry. */
export const activityAreaLabels: Record<ActivityArea, string> = {
  'sign-in': 'Sign-in',
  accounts: 'Accounts and passwords',
  people: 'Intros and member details',
  users: 'User accounts',
  members: 'Members',
  bands: 'Bands',
  bookings: 'Room bookings',
  allocation: 'Room allocation',
  lives: 'Lives',
  feedback: 'Feedback',
  files: 'Files',
  notices: 'Notices',
  club: 'Rooms, periods and executives',
  settings: 'System settings',
  mail: 'Mail',
  backups: 'Backups',
}
