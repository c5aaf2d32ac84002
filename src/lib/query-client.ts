import { QueryClient } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { ApiError } from '@/lib/api-client'

const DAY_MS = 24 * 60 * 60 * 1000

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept at least as long as the persisted copy, or restored data would be dropped at once.
        gcTime: DAY_MS,
        // Only a lost connection may heal by asking again; an answer (4xx/5xx) or a malformed body will not.
        retry: (failureCount, error) => error instanceof ApiError && error.status === 0 && failureCount < 2,
      },
      mutations: { retry: false },
    },
  })
}

export const QUERY_CACHE_KEY = 'bandroom-query-cache'
export const PERSIST_MAX_AGE = DAY_MS

export function createQueryPersister(storage: Storage = window.localStorage) {
  return createSyncStoragePersister({ storage, key: QUERY_CACHE_KEY })
}
