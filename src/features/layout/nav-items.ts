import {
  CalendarDays,
  CalendarPlus,
  CirclePlus,
  CircleUserRound,
  ClipboardList,
  Clock,
  Dices,
  FolderOpen,
  Guitar,
  History,
  Gauge,
  Gift,
  IdCard,
  LayoutDashboard,
  ListChecks,
  ListMusic,
  MessageSquare,
  MessageSquarePlus,
  Mic,
  PartyPopper,
  Settings as SettingsIcon,
  Sparkles,
  ShieldCheck,
  UserCog,
  Users,
  UserX,
  type LucideIcon,
} from 'lucide-react'
import { linkOptions, type LinkProps } from '@tanstack/react-router'
import type { SessionUser } from '@/contract/auth'
import type { Season } from '@/contract/lives'
import { zonedDate } from '@/contract/terms'

export interface NavItem {
  to: LinkProps['to']
  label: string
  icon: LucideIcon
  /** Who sees the entry; everyone signed in when omitted. The server still checks each call. */
  access?: 'executive' | 'admin'
  /** For a path with parameters: the link, worked out when the sidebar renders (e.g. the season of today's month). */
  link?: (context: NavContext) => NavLinkOptions
}

export interface NavContext {
  now: Date
  /** The club's time zone. */
  timeZone: string
}

const seasonalListLink = (season: Season) => linkOptions({ to: '/seasonal-live-application-list/$season', params: { season } })
/** The links with parameters the sidebar knows; add a screen's here when it needs one. */
type NavLinkOptions = ReturnType<typeof seasonalListLink>

/** The season a month falls in: Mar–May spring, Jun–Aug summer, Sep–Nov autumn, Dec–Feb winter. */
export function seasonOfMonth(month: number): Season {
  if (month >= 3 && month <= 5) return 'spring'
  if (month >= 6 && month <= 8) return 'summer'
  if (month >= 9 && month <= 11) return 'autumn'
  return 'winter'
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
  { to: '/room-allocation-list', label: 'Room allocation', icon: Dices },
  { to: '/festival-application-list', label: 'School festival', icon: PartyPopper },
  {
    to: '/seasonal-live-application-list/$season',
    label: 'Seasonal lives',
    icon: Mic,
    link: ({ now, timeZone }) => seasonalListLink(seasonOfMonth(zonedDate(now, timeZone).month)),
  },
  { to: '/christmas-live-application-list', label: 'Christmas live', icon: Gift },
  { to: '/festival-schedule', label: 'Timetable', icon: Clock },
  { to: '/feedback-list', label: 'Feedback', icon: MessageSquare },
  { to: '/feedback-form', label: 'Send feedback', icon: MessageSquarePlus },
  { to: '/files', label: 'Files', icon: FolderOpen },
  { to: '/festival-schedule-generator', label: 'Timetable generator', icon: Sparkles, access: 'executive' },
  { to: '/user-list', label: 'User accounts', icon: UserCog, access: 'executive' },
  { to: '/user-delete', label: 'Delete accounts', icon: UserX, access: 'admin' },
  { to: '/executive-management', label: 'Executives', icon: ShieldCheck, access: 'admin' },
  { to: '/system-settings', label: 'System settings', icon: SettingsIcon, access: 'admin' },
  { to: '/activity-log', label: 'Activity log', icon: History, access: 'admin' },
]

export function visibleNavItems(user: SessionUser | null) {
  return navItems.filter((item) => {
    if (!item.access) return true
    if (item.access === 'admin') return user?.role === 'admin'
    return user?.role === 'admin' || user?.isExecutive === true
  })
}
