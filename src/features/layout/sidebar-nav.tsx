import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { visibleNavItems, type NavContext, type NavItem } from '@/features/layout/nav-items'
import { useSession } from '@/lib/session-context'
import { CLUB_FALLBACK_TIME_ZONE } from '@/contract/date-format'

/** The club's default zone; the sidebar uses the club's own once a screen has loaded it. */
const FALLBACK_TIME_ZONE = CLUB_FALLBACK_TIME_ZONE

const linkClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-ink hover:bg-surface-2'
const activeProps = { className: 'bg-surface-2 font-semibold text-brand', 'aria-current': 'page' } as const

function NavLink({ item, context, onNavigate }: { item: NavItem; context: NavContext; onNavigate?: () => void }) {
  const { icon: Icon, label } = item
  const content = (
    <>
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <span>{label()}</span>
    </>
  )
  return item.link ? (
    <Link {...item.link(context)} onClick={onNavigate} className={linkClass} activeProps={activeProps}>
      {content}
    </Link>
  ) : (
    <Link to={item.to} onClick={onNavigate} className={linkClass} activeProps={activeProps}>
      {content}
    </Link>
  )
}

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession()
  // Read from the cache only: the sidebar is on every screen and must not add a request to each.
  const club = useQuery({ ...clubInfoQueryOptions(), enabled: false })
  const context: NavContext = { now: new Date(), timeZone: club.data?.timeZone ?? FALLBACK_TIME_ZONE }
  return (
    <ul className="flex flex-col gap-1 p-3">
      {visibleNavItems(user).map((item) => (
        <li key={String(item.to)}>
          <NavLink item={item} context={context} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  )
}
