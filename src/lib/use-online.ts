import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/**
 * Whether the device says it is online, from React Query's `onlineManager` so the screens and
 * the queries agree on it (the query client seeds it from `navigator.onLine`).
 */
export function useOnline() {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  )
}
