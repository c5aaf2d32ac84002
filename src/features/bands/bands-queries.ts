import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { bandHistorySchema, bandPageSchema, bandSchema, type BandAdminInput, type BandInput } from '@/contract/bands'
import { accountsKeys } from '@/features/accounts/accounts-queries'
import { api } from '@/lib/api-client'
import { compactQuery } from '@/lib/compact-query'
import type { BandListRequest } from './band-search'
import { keepPreviousWhileOnline } from '@/lib/query-client'

/** Keys are rooted at `bands`; every change invalidates the whole area. */
export const bandsKeys = {
  all: ['bands'] as const,
  list: (query: BandListRequest) => ['bands', 'list', query] as const,
  detail: (bandId: string) => ['bands', 'detail', bandId] as const,
  history: (bandId: string) => ['bands', 'history', bandId] as const,
}

export const bandListQueryOptions = (query: BandListRequest) =>
  queryOptions({
    queryKey: bandsKeys.list(query),
    queryFn: async () => bandPageSchema.parse(await api('/api/bands', { query: compactQuery(query) })),
    // Typing in the search box keeps the old cards on screen until the new ones arrive.
    placeholderData: keepPreviousWhileOnline,
  })

export const bandQueryOptions = (bandId: string) =>
  queryOptions({
    queryKey: bandsKeys.detail(bandId),
    queryFn: async () => bandSchema.parse(await api(`/api/bands/${bandId}`)),
  })

export const bandHistoryQueryOptions = (bandId: string) =>
  queryOptions({
    queryKey: bandsKeys.history(bandId),
    queryFn: async () =>
      // Newest first, whatever order the server sends.
      bandHistorySchema.parse(await api(`/api/bands/${bandId}/history`)).items.toSorted((a, b) => b.at.localeCompare(a.at)),
  })

function useBandMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: async () => {
      // The profile lists the member's bands too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: bandsKeys.all }), queryClient.invalidateQueries({ queryKey: accountsKeys.profile() })])
    },
  })
}

export const useRegisterBand = () => useBandMutation(async (input: BandInput) => bandSchema.parse(await api('/api/bands', { method: 'POST', body: input })))

export const useUpdateBand = () =>
  useBandMutation(async ({ bandId, input }: { bandId: string; input: BandInput }) => bandSchema.parse(await api(`/api/bands/${bandId}`, { method: 'PATCH', body: input })))

export const useAdminUpdateBand = () =>
  useBandMutation(async ({ bandId, input }: { bandId: string; input: BandAdminInput }) =>
    bandSchema.parse(await api(`/api/bands/${bandId}/admin`, { method: 'PUT', body: input })),
  )

/** No refresh here: see `useRefreshBands`. */
export const useLeaveBand = () =>
  useMutation({
    mutationFn: async (bandId: string) => {
      await api(`/api/bands/${bandId}/leave`, { method: 'POST' })
    },
  })

/** No refresh here: see `useRefreshBands`. */
export const useDisbandBand = () =>
  useMutation({
    mutationFn: async (bandId: string) => {
      await api(`/api/bands/${bandId}/disband`, { method: 'POST' })
    },
  })

/**
 * After leaving or disbanding, the screen is left first and the area refreshed afterwards: a
 * refetch of the band while its screen is still open could answer 403 (no longer a member).
 */
export function useRefreshBands() {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: bandsKeys.all }), queryClient.invalidateQueries({ queryKey: accountsKeys.profile() })])
  }
}
