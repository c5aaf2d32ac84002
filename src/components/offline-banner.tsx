import { useSyncExternalStore } from 'react'

function subscribe(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

const isOnline = () => navigator.onLine
const serverSnapshot = () => true

export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, serverSnapshot)
  if (online) return null
  return (
    <div role="status" className="bg-warn px-4 py-2 text-center text-sm font-medium text-surface">
      You are offline. Saved pages still show, but actions that need the server will not work until you reconnect.
    </div>
  )
}
