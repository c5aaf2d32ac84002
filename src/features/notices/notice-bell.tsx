import { Bell } from 'lucide-react'
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useOnline } from '@/lib/use-online'
import { useSession } from '@/lib/session-context'
import { unreadCountQueryOptions } from './notices-queries'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * The bell in the header: the number of unread notices, opening the notice list. Offline it
 * shows the count as last seen, dimmed, and says so to screen readers and on hover.
 */
export function NoticeBell() {
  // Signing out clears the cache while the header is still on screen: without the session the
  // bell must not ask again (a 401 there sent the member on to a second sign-in page).
  const { isAuthenticated } = useSession()
  const unread = useQuery({ ...unreadCountQueryOptions(), enabled: isAuthenticated })
  const online = useOnline()
  const count = unread.data?.unread ?? 0
  const saved = !online && unread.data !== undefined
  // Until the count has come (or when it could not), the name says nothing about it: "none
  // unread" before loading told screen-reader users something untrue.
  const known = count === 0 ? m.notices_bell_none_unread() : m.notices_bell_unread({ count })
  const label = unread.data === undefined ? m.notices_bell() : saved ? m.notices_bell_offline({ label: known }) : known
  return (
    <Link
      to="/notices"
      aria-label={label}
      title={saved ? m.notices_bell_offline_title() : undefined}
      className="relative inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-surface-2"
    >
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className={`absolute top-0.5 right-0 min-w-5 rounded-full bg-danger px-1 text-center text-xs leading-5 font-semibold text-danger-ink ${saved ? 'opacity-60' : ''}`}
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  )
}
