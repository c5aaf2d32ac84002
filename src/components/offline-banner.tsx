import { useSyncExternalStore } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useOnline } from '@/lib/use-online'
import { useDates } from '@/lib/use-dates'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * When the data on screen was fetched: the oldest `dataUpdatedAt` among the queries the page
 * is showing (those with an observer). 0 when the page shows nothing saved, or still waits
 * for some of its data (that part says itself that it needs a connection).
 */
function lastSeenOf(queryClient: QueryClient) {
  let oldest = 0
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!query.isActive()) continue
    if (query.state.data === undefined) return 0
    if (oldest === 0 || query.state.dataUpdatedAt < oldest) oldest = query.state.dataUpdatedAt
  }
  return oldest
}

function useLastSeen(enabled: boolean) {
  const queryClient = useQueryClient()
  return useSyncExternalStore(
    (listener) => (enabled ? queryClient.getQueryCache().subscribe(listener) : () => undefined),
    () => (enabled ? lastSeenOf(queryClient) : 0),
    () => 0,
  )
}

export function OfflineBanner() {
  const online = useOnline()
  const lastSeen = useLastSeen(!online)
  // Only what is cached: observing the club here would make the page's "last seen" wait for it.
  const dates = useDates({ fetch: false })
  if (online) return null
  return (
    <div role="status" className="bg-warn px-4 py-2 text-center text-sm font-medium text-surface">
      {lastSeen > 0 ? (
        m.layout_offline_last_seen({ time: dates.clock(lastSeen) })
      ) : (
        m.layout_offline()
      )}
    </div>
  )
}
