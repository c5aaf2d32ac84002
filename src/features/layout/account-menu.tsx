import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { ChevronDown, LogOut, UserRound } from 'lucide-react'
import { api } from '@/lib/api-client'
import { useSession } from '@/lib/session-context'
import { m } from '@/i18n/paraglide/messages.js'

/** A disclosure rather than an ARIA menu: two items do not need roving focus. */
export function AccountMenu() {
  const { user, logout } = useSession()
  const router = useRouter()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  async function signOut() {
    setSigningOut(true)
    try {
      await api('/api/logout', { method: 'POST' })
    } catch {
      // Signing out locally must work even when the server is unreachable; the server ends
      // an abandoned session after 30 idle minutes anyway.
    }
    logout()
    await router.invalidate()
    await navigate({ to: '/login' })
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={m.layout_account_menu({ name: user?.displayName ?? '' })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 items-center gap-2 rounded-md px-2 py-1 text-ink hover:bg-surface-2"
      >
        <UserRound aria-hidden="true" className="size-5" />
        {/* Phones show the icon only (the button's name says who): with the name, the header
            cut the app's own name to "Bandr…" at 360 px. */}
        <span className="hidden max-w-[12rem] truncate text-sm sm:inline">{user?.displayName}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-64 max-w-[calc(100vw-1rem)] rounded-md border border-line bg-surface p-3 shadow-lg"
        >
          <p className="text-sm text-ink-muted">{m.layout_signed_in_as()}</p>
          <p className="truncate text-sm font-medium text-ink">{user?.email}</p>
          <button
            type="button"
            onClick={() => void signOut()}
            disabled={signingOut}
            className="mt-3 flex w-full items-center justify-center gap-2 rounded-md border border-line px-3 py-2 text-sm text-ink hover:bg-surface-2 disabled:opacity-60"
          >
            <LogOut aria-hidden="true" className="size-4" />
            {m.layout_sign_out()}
          </button>
        </div>
      ) : null}
    </div>
  )
}
