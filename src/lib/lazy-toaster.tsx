import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { Theme } from '@/lib/ui-state'
import { m } from '@/i18n/paraglide/messages.js'

// sonner (~9 KB compressed) is not part of a visitor's first load (decision 016): only the
// signed-in screens and the update prompt show toasts. Screens import `toast` from 'sonner'
// themselves; a toast made before the Toaster subscribes is shown when it does.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

let wanted = false
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Mounts the Toaster from now on (for a toast outside the signed-in screens, e.g. "update available"). */
export function wantToaster() {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

/** The app's Toaster, loaded once someone signs in or a toast is wanted; then kept (a toast can follow a sign-out). */
export function LazyToaster({ theme, signedIn }: { theme: Theme; signedIn: boolean }) {
  const isWanted = useSyncExternalStore(subscribe, () => wanted, () => wanted)
  useEffect(() => {
    if (signedIn) wantToaster()
  }, [signedIn])
  if (!isWanted && !signedIn) return null
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} position="bottom-center" closeButton customAriaLabel={m.layout_notifications_region()} toastOptions={{ closeButtonAriaLabel: m.layout_close_toast() }} />
    </Suspense>
  )
}
