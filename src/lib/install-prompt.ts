import { uiState } from '@/lib/ui-state'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferredPrompt: BeforeInstallPromptEvent | null = null

/**
 * Must run before React renders: Chrome fires `beforeinstallprompt` early and only once, and
 * a listener attached later in an effect can miss it.
 */
export function captureInstallPrompt(target: Window = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferredPrompt = event as BeforeInstallPromptEvent
    uiState.set({ isInstallable: true })
  })
  target.addEventListener('appinstalled', () => {
    deferredPrompt = null
    uiState.set({ isInstallable: false })
  })
}

/** Shows the browser's install dialog; the saved event can be used only once. */
export async function promptInstall() {
  const event = deferredPrompt
  if (!event) return
  deferredPrompt = null
  uiState.set({ isInstallable: false })
  await event.prompt()
  await event.userChoice.catch(() => undefined)
}
