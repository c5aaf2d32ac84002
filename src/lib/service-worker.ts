import { wantToaster } from '@/lib/lazy-toaster'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * Registers the service worker (dist/sw.js, written by vite-plugin-pwa) with the browser's own
 * API: workbox-window did the same for ~2 KB of the first load (decision 016). Prompt-to-update:
 * a new worker waits until the member chooses to reload, since a silent update could leave
 * this tab requesting chunks that no longer exist. The worker skips waiting when told
 * `{ type: 'SKIP_WAITING' }` (workbox's generated worker listens for it).
 */
export function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker, url = '/sw.js') {
  if (!container) return Promise.resolve()
  return container.register(url, { scope: '/' }).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // Browsers always give a registration; a browser under automation that blocks workers gives none.
      if (!registration) return
      // A worker already waiting from an earlier visit, or one installed while this tab is open.
      if (registration.waiting && container.controller) offerUpdate(container, registration.waiting)
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && container.controller) offerUpdate(container, installing)
        })
      })
    },
    // The app works without a service worker, only not offline.
    (error: unknown) => console.error('Service worker registration failed', error),
  )
}

function offerUpdate(container: ServiceWorkerContainer, worker: ServiceWorker) {
  wantToaster()
  void import('sonner').then(({ toast }) =>
    toast(m.layout_update_available(), {
      duration: Infinity,
      action: {
        label: m.common_reload(),
        onClick: () => {
          container.addEventListener('controllerchange', () => window.location.reload(), { once: true })
          worker.postMessage({ type: 'SKIP_WAITING' })
        },
      },
    }),
  )
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
