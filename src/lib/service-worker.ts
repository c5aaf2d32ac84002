import { registerSW } from 'virtual:pwa-register'
import { wantToaster } from '@/lib/lazy-toaster'

/** Prompt-to-update: a silent update could leave this tab requesting chunks that no longer exist. */
export function registerServiceWorker() {
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      wantToaster()
      void import('sonner').then(({ toast }) =>
        toast('A new version of Bandroom is available.', {
          duration: Infinity,
          action: { label: 'Reload', onClick: () => void updateSW(true) },
        }),
      )
    },
    onRegisterError(error: unknown) {
      // The app works without a service worker, only not offline.
      console.error('Service worker registration failed', error)
    },
  })
}

const RELOAD_MARK = 'bandroom:preload-reload'

/**
 * A chunk from an older deploy is gone: reload once to pick up the new index.html. The
 * timestamp guard stops a reload loop when the server itself is broken.
 */
export function reloadOnPreloadError() {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0)
    if (Date.now() - last < 10_000) return
    event.preventDefault()
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()))
    window.location.reload()
  })
}
