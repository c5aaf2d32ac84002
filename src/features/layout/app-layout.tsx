import { useEffect, useState } from 'react'
import { Outlet, useNavigate, useRouter } from '@tanstack/react-router'
import { startIdleWatch } from '@/lib/session'
import { useSession, useSessionStore } from '@/lib/session-context'
import { useUiState } from '@/lib/ui-state'
import { useMediaQuery } from '@/lib/use-media-query'
import { AppHeader } from '@/features/layout/app-header'
import { SidebarNav } from '@/features/layout/sidebar-nav'
import { MobileDrawer } from '@/features/layout/mobile-drawer'
import { m } from '@/i18n/paraglide/messages.js'

export function AppLayout() {
  const store = useSessionStore()
  const { isAuthenticated } = useSession()
  const router = useRouter()
  const navigate = useNavigate()
  const { sidebarShow, set } = useUiState()
  const isDesktop = useMediaQuery('(min-width: 768px)')
  // The phone drawer starts closed whatever `sidebarShow` says: an open drawer would cover the page.
  const [drawerOpen, setDrawerOpen] = useState(false)

  useEffect(() => startIdleWatch(store, () => void navigate({ to: '/login' })), [store, navigate])

  // A session can also end outside this screen (failed token refresh): let the guard send
  // the user to sign in, remembering where they were.
  useEffect(() => {
    if (!isAuthenticated) void router.invalidate()
  }, [isAuthenticated, router])

  const navExpanded = isDesktop ? sidebarShow : drawerOpen
  const toggleNav = () => (isDesktop ? set({ sidebarShow: !sidebarShow }) : setDrawerOpen((open) => !open))

  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand px-4 py-2 text-brand-ink focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {m.layout_skip_to_main()}
      </a>
      <AppHeader navExpanded={navExpanded} onToggleNav={toggleNav} />
      <div className="flex flex-1">
        {isDesktop && sidebarShow ? (
          <nav id="app-navigation" aria-label={m.layout_main_navigation()} className="w-56 shrink-0 border-r border-line bg-surface">
            <SidebarNav />
          </nav>
        ) : null}
        {!isDesktop ? <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} /> : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
