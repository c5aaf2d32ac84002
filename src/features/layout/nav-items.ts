import {
  CalendarDays,
  CalendarPlus,
  CirclePlus,
  CircleUserRound,
  ClipboardList,
  Guitar,
  Gauge,
  IdCard,
  LayoutDashboard,
  ListChecks,
  ListMusic,
  Settings as SettingsIcon,
  ShieldCheck,
  UserCog,
  Users,
  UserX,
  type LucideIcon,
} from 'lucide-react'
import type { LinkProps } from '@tanstack/react-router'
import type { SessionUser } from '@/contract/auth'

export interface NavItem {
  to: LinkProps['to']
  label: string
  icon: LucideIcon
  /** Who sees the entry; everyone signed in when omitted. The server still checks each call. */
  access?: 'executive' | 'admin'
}

/** Only screens that exist; each release adds its own entries, in sidebar order. */
export const navItems: ReadonlyArray<NavItem> = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/dashboard2', label: 'Club overview', icon: Gauge },
  { to: '/profile', label: 'Profile', icon: CircleUserRound },
  { to: '/intro', label: 'My intro', icon: IdCard },
  { to: '/intro-list', label: 'Members directory', icon: Users },
  { to: '/additional-info', label: 'University details', icon: ClipboardList },
  { to: '/user-bands', label: 'My bands', icon: Guitar },
  { to: '/band-list', label: 'Bands', icon: ListMusic },
  { to: '/band-registration-form', label: 'Register a band', icon: CirclePlus },
  { to: '/room-schedule', label: 'Room schedule', icon: CalendarDays },
  { to: '/room-booking-form', label: 'Book a room', icon: CalendarPlus },
  { to: '/room-booking-list', label: 'My bookings', icon: ListChecks },
  { to: '/user-list', label: 'User accounts', icon: UserCog, access: 'executive' },
  { to: '/user-delete', label: 'Delete accounts', icon: UserX, access: 'admin' },
  { to: '/executive-management', label: 'Executives', icon: ShieldCheck, access: 'admin' },
  { to: '/system-settings', label: 'System settings', icon: SettingsIcon, access: 'admin' },
]

export function visibleNavItems(user: SessionUser | null) {
  return navItems.filter((item) => {
    if (!item.access) return true
    if (item.access === 'admin') return user?.role === 'admin'
    return user?.role === 'admin' || user?.isExecutive === true
  })
}
