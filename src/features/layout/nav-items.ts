import { Gauge, LayoutDashboard, type LucideIcon } from 'lucide-react'

/** Only screens that exist; each release adds its own entries. */
export const navItems: ReadonlyArray<{ to: '/dashboard' | '/dashboard2'; label: string; icon: LucideIcon }> = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/dashboard2', label: 'Club overview', icon: Gauge },
]
