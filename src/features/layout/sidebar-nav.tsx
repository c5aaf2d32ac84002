import { Link } from '@tanstack/react-router'
import { visibleNavItems } from '@/features/layout/nav-items'
import { useSession } from '@/lib/session-context'

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession()
  return (
    <ul className="flex flex-col gap-1 p-3">
      {visibleNavItems(user).map(({ to, label, icon: Icon }) => (
        <li key={String(to)}>
          <Link
            to={to}
            onClick={onNavigate}
            className="flex items-center gap-3 rounded-md px-3 py-2 text-ink hover:bg-surface-2"
            activeProps={{ className: 'bg-surface-2 font-semibold text-brand', 'aria-current': 'page' }}
          >
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            <span>{label}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
