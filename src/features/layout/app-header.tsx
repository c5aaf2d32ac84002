import { Download, Menu, Moon, Sun } from 'lucide-react'
import { Link } from '@tanstack/react-router'
import { useUiState } from '@/lib/ui-state'
import { promptInstall } from '@/lib/install-prompt'
import { AccountMenu } from '@/features/layout/account-menu'
import { NoticeBell } from '@/features/notices/notice-bell'
import { m } from '@/i18n/paraglide/messages.js'

const iconButton = 'inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-surface-2'

export function AppHeader({ navExpanded, onToggleNav }: { navExpanded: boolean; onToggleNav: () => void }) {
  const { theme, isInstallable, set } = useUiState()
  const nextTheme = theme === 'dark' ? 'light' : 'dark'

  return (
    <header className="sticky top-0 z-20 flex h-14 print:hidden items-center gap-0 border-b border-line bg-surface px-2 sm:gap-2 sm:px-4">
      <button
        type="button"
        aria-label={m.layout_toggle_navigation()}
        aria-expanded={navExpanded}
        aria-controls="app-navigation"
        onClick={onToggleNav}
        className={iconButton}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {/* Whole at 360 px with every button (the account menu is an icon on phones); min-w-0 +
          truncate only for narrower screens still, where the name gives way, never the buttons. */}
      <Link to="/dashboard" className="mr-auto min-w-0 truncate rounded-md px-1 text-lg font-bold text-ink">
        Bandroom
      </Link>
      {isInstallable ? (
        // Icon only on phones: with its words the header outgrew a 360 px screen.
        <button
          type="button"
          aria-label={m.layout_install_app()}
          onClick={() => void promptInstall()}
          className="inline-flex min-h-10 min-w-10 items-center justify-center gap-2 rounded-md px-2 text-sm text-ink hover:bg-surface-2"
        >
          <Download aria-hidden="true" className="size-5" />
          <span aria-hidden="true" className="hidden sm:inline">
            {m.layout_install_app()}
          </span>
        </button>
      ) : null}
      <button
        type="button"
        aria-label={nextTheme === 'dark' ? m.layout_theme_to_dark() : m.layout_theme_to_light()}
        onClick={() => set({ theme: nextTheme })}
        className={iconButton}
      >
        {theme === 'dark' ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
      </button>
      <NoticeBell />
      <AccountMenu />
    </header>
  )
}
