import { useCallback, useSyncExternalStore } from 'react'

/** `true` when the query matches; environments without matchMedia (tests, old engines) count as a match. */
export function useMediaQuery(query: string) {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    [query],
  )
  const getSnapshot = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true)
  return useSyncExternalStore(subscribe, getSnapshot, () => true)
}
