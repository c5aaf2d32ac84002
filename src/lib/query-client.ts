import { QueryClient, onlineManager, type DefaultError, type EnsureQueryDataOptions, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { ApiError, networkError } from '@/lib/api-client'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Route loaders await `prefetchQuery`. Offline a query's fetch is paused until the connection
 * returns, so an awaited prefetch would hold the route on the pending screen for good; offline
 * the loader goes on at once and the screen shows the saved copy or says it needs a connection.
 */
class AppQueryClient extends QueryClient {
  override prefetchQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
    options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  ): Promise<void> {
    const done = super.prefetchQuery(options)
    return onlineManager.isOnline() ? done : Promise.resolve()
  }

  override ensureQueryData<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
    options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
  ): Promise<TData> {
    if (!onlineManager.isOnline() && this.getQueryData(options.queryKey) === undefined) return Promise.reject(networkError())
    return super.ensureQueryData(options)
  }
}

export function createQueryClient() {
  // React Query 5 assumes "online" until an `offline` event; an app opened offline gets none.
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine)
  return new AppQueryClient({
    defaultOptions: {
      queries: {
        // Offline, a query keeps its saved data and waits (paused) instead of failing over it;
        // the shared LoadingBlock says when a screen has nothing saved (decision 011).
        networkMode: 'online',
        staleTime: 30_000,
        // Kept at least as long as the persisted copy, or restored data would be dropped at once.
        gcTime: DAY_MS,
        // Only a lost connection may heal by asking again; an answer (4xx/5xx) or a malformed body will not.
        retry: (failureCount, error) => error instanceof ApiError && error.status === 0 && failureCount < 2,
      },
      // An action offline fails at once with "Could not reach the server…" rather than waiting
      // silently with a busy button.
      mutations: { retry: false, networkMode: 'always' },
      // The saved copy keeps every query that has something to show, also when asking again
      // failed: the library saves only queries whose last fetch succeeded, so a refetch that
      // failed as the connection went (before the device said "offline") dropped a page just
      // seen from the copy, and offline it then "had not been opened on this device" (issue 33).
      dehydrate: { shouldDehydrateQuery: (query) => query.state.data !== undefined },
    },
  })
}

/**
 * `placeholderData` for lists and weeks: keeps the previous answer on screen (dimmed) while the
 * next one loads — online only. Offline the next one may never come, and the screen would show
 * another week's or filter's data under the new heading.
 */
export function keepPreviousWhileOnline<T>(previous: T | undefined): T | undefined {
  return onlineManager.isOnline() ? previous : undefined
}

export const QUERY_CACHE_KEY = 'bandroom-query-cache'
export const PERSIST_MAX_AGE = DAY_MS

/**
 * The saved copy of the Query cache (decision 011). The library writes it a second after a
 * change, at most once a second; `flush` writes the latest copy now, and main.tsx calls it when
 * the app is hidden or left, so a screen glanced at and closed within that second is in the copy
 * (a phone may end a hidden app without another event). Nothing to flush after `removeClient`
 * (sign-out) until the cache changes again.
 */
export function createQueryPersister(storage: Storage = window.localStorage) {
  const throttled = createSyncStoragePersister({ storage, key: QUERY_CACHE_KEY })
  let latest: PersistedClient | undefined
  return {
    persistClient(client: PersistedClient) {
      latest = asLastSeen(client)
      return throttled.persistClient(latest)
    },
    restoreClient: () => throttled.restoreClient(),
    removeClient() {
      latest = undefined
      return throttled.removeClient()
    },
    flush() {
      if (!latest) return
      try {
        storage.setItem(QUERY_CACHE_KEY, JSON.stringify(latest))
      } catch {
        // Storage full or refused: the copy stays as last written, as with the throttled write.
      }
    },
  } satisfies Persister & { flush(): void }
}

/**
 * A query whose last fetch failed is saved with its data as a success: what the person last
 * saw, not the error of a fetch that may only have lost the connection.
 */
function asLastSeen(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error' && query.state.data !== undefined
      ? { ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
      : query,
  )
  return { ...client, clientState: { ...client.clientState, queries } }
}

/** Writes the saved copy at once when the app is hidden or left (a phone may end a hidden app). */
export function flushWhenHidden(persister: { flush(): void }, target: Window = window) {
  target.addEventListener('pagehide', () => persister.flush())
  target.document.addEventListener('visibilitychange', () => {
    if (target.document.visibilityState === 'hidden') persister.flush()
  })
}
