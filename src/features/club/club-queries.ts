import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  blackoutListSchema,
  positionListSchema,
} from '@/contract/club'
import { outboxPageSchema } from '@/contract/mail'
import { clubSettingsSchema } from '@/contract/settings'
import { api, type ApiRequestOptions } from '@/lib/api-client'
import { keepPreviousWhileOnline } from '@/lib/query-client'
import { referenceKeys } from '@/lib/reference-queries'

/** Keys are rooted at the area so a mutation can invalidate everything it may have changed. */
export const clubKeys = {
  all: ['club'] as const,
  info: referenceKeys.clubInfo,
  settings: ['club', 'settings'] as const,
  blackouts: ['club', 'blackouts'] as const,
  positions: (term: number | undefined) => ['club', 'positions', term ?? 'current'] as const,
  outbox: (page: number) => ['club', 'outbox', page] as const,
}

export { clubInfoQueryOptions } from '@/lib/reference-queries'

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: clubKeys.settings, queryFn: async () => clubSettingsSchema.parse(await api('/api/settings')) })

export const blackoutsQueryOptions = () =>
  queryOptions({ queryKey: clubKeys.blackouts, queryFn: async () => blackoutListSchema.parse(await api('/api/blackouts')).items })

export const positionsQueryOptions = (term?: number) =>
  queryOptions({
    queryKey: clubKeys.positions(term),
    queryFn: async () => positionListSchema.parse(await api('/api/positions', { query: term ? { term } : {} })),
    placeholderData: keepPreviousWhileOnline,
  })

export const OUTBOX_PAGE_SIZE = 20
export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: clubKeys.outbox(page),
    queryFn: async () => outboxPageSchema.parse(await api('/api/outbox', { query: { page, pageSize: OUTBOX_PAGE_SIZE } })),
    placeholderData: keepPreviousWhileOnline,
  })

/** A call that changes club data, then refreshes every club query (and /api/me: rights may follow). */
export function useClubMutation<V>(request: (variables: V) => { path: string; options: ApiRequestOptions }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: V) => {
      const { path, options } = request(variables)
      return api(path, options)
    },
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: clubKeys.all }), queryClient.invalidateQueries({ queryKey: ['me'] })])
    },
  })
}
