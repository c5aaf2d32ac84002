import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { onlineManager } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSave, type PersistedClient } from '@tanstack/react-query-persist-client'
import { QUERY_CACHE_KEY, createQueryClient, createQueryPersister, flushWhenHidden } from '@/lib/query-client'
import { networkError } from '@/lib/api-client'

/** The saved copy of the Query cache, written now when the app is hidden or left (decision 011). */

const client = (title: string): PersistedClient => ({
  buster: '',
  timestamp: 1,
  clientState: { mutations: [], queries: [{ queryKey: ['lives'], queryHash: '["lives"]', dehydratedAt: 1, state: { data: [{ title }] } as never }] },
})
const saved = () => JSON.parse(localStorage.getItem(QUERY_CACHE_KEY) ?? 'null') as PersistedClient | null

beforeEach(() => {
  vi.useFakeTimers()
  localStorage.clear()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the saved copy of what was seen', () => {
  it('is written a second after a change, or at once when flushed (the app hidden or left)', async () => {
    const persister = createQueryPersister(localStorage)
    await persister.persistClient(client('School festival'))
    expect(saved()).toBeNull()
    persister.flush()
    expect(saved()).toEqual(client('School festival'))

    await persister.persistClient(client('Summer live'))
    vi.advanceTimersByTime(1_000)
    expect(saved()).toEqual(client('Summer live'))
  })

  it('is written when the app is hidden or left, and not while it stays in view', async () => {
    const persister = createQueryPersister(localStorage)
    flushWhenHidden(persister)
    await persister.persistClient(client('School festival'))
    document.dispatchEvent(new Event('visibilitychange'))
    expect(saved()).toBeNull()
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    try {
      document.dispatchEvent(new Event('visibilitychange'))
      expect(saved()).toEqual(client('School festival'))
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    }
    await persister.persistClient(client('Summer live'))
    window.dispatchEvent(new Event('pagehide'))
    expect(saved()).toEqual(client('Summer live'))
  })

  it('after sign-out, leaving the app writes nothing back', async () => {
    const persister = createQueryPersister(localStorage)
    await persister.persistClient(client('School festival'))
    persister.flush()
    await persister.removeClient()
    persister.flush()
    expect(saved()).toBeNull()
  })

  it('a full storage leaves the copy as it was, without an error', async () => {
    const full = {
      ...localStorage,
      getItem: (key: string) => localStorage.getItem(key),
      removeItem: (key: string) => localStorage.removeItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    } as Storage
    localStorage.setItem(QUERY_CACHE_KEY, JSON.stringify(client('School festival')))
    const persister = createQueryPersister(full)
    await persister.persistClient(client('Summer live'))
    expect(() => persister.flush()).not.toThrow()
    expect(saved()).toEqual(client('School festival'))
  })

  it('keeps what was seen when asking again failed (the connection went before the device said so)', async () => {
    vi.useRealTimers()
    const persister = createQueryPersister(localStorage)
    const queryClient = createQueryClient()
    queryClient.setQueryData(['health'], { status: 'ok', database: 'up' })
    // A refetch that fails, as one does when the connection drops before `offline` fires.
    await queryClient.fetchQuery({ queryKey: ['health'], queryFn: () => Promise.reject(networkError()), retry: false, staleTime: 0 }).catch(() => undefined)
    expect(queryClient.getQueryState(['health'])?.status).toBe('error')
    // `as never`: persist-client-core types its own copy of query-core's QueryClient.
    await persistQueryClientSave({ queryClient: queryClient as never, persister })
    persister.flush()

    // Reopened offline: the page has its saved copy, shown as it was last seen.
    onlineManager.setOnline(false)
    try {
      const reopened = createQueryClient()
      await persistQueryClientRestore({ queryClient: reopened as never, persister })
      expect(await reopened.ensureQueryData({ queryKey: ['health'], queryFn: () => Promise.reject(networkError()) })).toEqual({ status: 'ok', database: 'up' })
      expect(reopened.getQueryState(['health'])?.status).toBe('success')
    } finally {
      onlineManager.setOnline(true)
    }
  })
})
