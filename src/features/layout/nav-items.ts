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
import { m } from '@/i18n/paraglide/messages.js'

export interface NavItem {
  to: LinkProps['to']
  /** The entry's words, in the language shown. */
  label: () => string
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
  { to: '/dashboard', label: () => m.layout_nav_dashboard(), icon: LayoutDashboard },
  { to: '/dashboard2', label: () => m.layout_nav_club_overview(), icon: Gauge },
  { to: '/profile', label: () => m.layout_nav_profile(), icon: CircleUserRound },
  { to: '/intro', label: () => m.layout_nav_intro(), icon: IdCard },
  { to: '/intro-list', label: () => m.layout_nav_intro_list(), icon: Users },
  { to: '/additional-info', label: () => m.layout_nav_additional_info(), icon: ClipboardList },
  { to: '/user-bands', label: () => m.layout_nav_user_bands(), icon: Guitar },
  { to: '/band-list', label: () => m.layout_nav_band_list(), icon: ListMusic },
  { to: '/band-registration-form', label: () => m.layout_nav_band_registration(), icon: CirclePlus },
  { to: '/room-schedule', label: () => m.layout_nav_room_schedule(), icon: CalendarDays },
  { to: '/room-booking-form', label: () => m.layout_nav_room_booking(), icon: CalendarPlus },
  { to: '/room-booking-list', label: () => m.layout_nav_room_booking_list(), icon: ListChecks },
  { to: '/room-allocation-list', label: () => m.layout_nav_room_allocation(), icon: Dices },
  { to: '/festival-application-list', label: () => m.layout_nav_festival(), icon: PartyPopper },
  {
    to: '/seasonal-live-application-list/$season',
    label: () => m.layout_nav_seasonal_lives(),
    icon: Mic,
    link: ({ now, timeZone }) => seasonalListLink(seasonOfMonth(zonedDate(now, timeZone).month)),
  },
  { to: '/christmas-live-application-list', label: () => m.layout_nav_christmas_live(), icon: Gift },
  { to: '/festival-schedule', label: () => m.layout_nav_timetable(), icon: Clock },
  { to: '/feedback-list', label: () => m.layout_nav_feedback(), icon: MessageSquare },
  { to: '/feedback-form', label: () => m.layout_nav_send_feedback(), icon: MessageSquarePlus },
  { to: '/files', label: () => m.layout_nav_files(), icon: FolderOpen },
  { to: '/festival-schedule-generator', label: () => m.layout_nav_timetable_generator(), icon: Sparkles, access: 'executive' },
  { to: '/user-list', label: () => m.layout_nav_user_list(), icon: UserCog, access: 'executive' },
  { to: '/user-delete', label: () => m.layout_nav_user_delete(), icon: UserX, access: 'admin' },
  { to: '/executive-management', label: () => m.layout_nav_executives(), icon: ShieldCheck, access: 'admin' },
  { to: '/system-settings', label: () => m.layout_nav_system_settings(), icon: SettingsIcon, access: 'admin' },
  { to: '/activity-log', label: () => m.layout_nav_activity_log(), icon: History, access: 'admin' },
]

export function visibleNavItems(user: SessionUser | null) {
  return navItems.filter((item) => {
    if (!item.access) return true
    if (item.access === 'admin') return user?.role === 'admin'
    return user?.role === 'admin' || user?.isExecutive === true
  })
}
