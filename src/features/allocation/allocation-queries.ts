import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  allWishesSchema,
  allocationPaths,
  bandWishesSchema,
  contestSchema,
  draftCheckSchema,
  draftSchema,
  myResultsSchema,
  myWishesSchema,
  roundListSchema,
  roundSchema,
  type DraftChange,
  type RunInput,
  type WishesInput,
} from '@/contract/allocation-rounds'
import { ApiError, api } from '@/lib/api-client'
import { m } from '@/i18n/paraglide/messages.js'
import { bandsCount } from './allocation-parts'

/** Keys are rooted at `allocation`; everything of one round sits under `['allocation', 'round', id]`. */
export const allocationKeys = {
  all: ['allocation'] as const,
  rounds: ['allocation', 'rounds'] as const,
  round: (roundId: string) => ['allocation', 'round', roundId] as const,
  detail: (roundId: string) => ['allocation', 'round', roundId, 'detail'] as const,
  myWishes: (roundId: string) => ['allocation', 'round', roundId, 'my-wishes'] as const,
  contest: (roundId: string) => ['allocation', 'round', roundId, 'contest'] as const,
  allWishes: (roundId: string) => ['allocation', 'round', roundId, 'all-wishes'] as const,
  draft: (roundId: string) => ['allocation', 'round', roundId, 'draft'] as const,
  draftCheck: (roundId: string, change: DraftChange | null) => ['allocation', 'round', roundId, 'draft-check', change] as const,
  myResults: (roundId: string) => ['allocation', 'round', roundId, 'my-results'] as const,
}

/** The bookings lists and week grids change when a round is published. */
const bookingViewKeys = [['bookings'], ['room-schedule'], ['public-room-schedule']] as const

export const roundListQueryOptions = () =>
  queryOptions({ queryKey: allocationKeys.rounds, queryFn: async () => roundListSchema.parse(await api(allocationPaths.rounds)) })

/** While a round is closed or running, its run is seconds away: asked again every 5 s until it has a result. */
export const ROUND_POLL_MS = 5_000

export const roundQueryOptions = (roundId: string) =>
  queryOptions({
    queryKey: allocationKeys.detail(roundId),
    queryFn: async () => roundSchema.parse(await api(allocationPaths.round(roundId))),
    refetchInterval: (query) => (query.state.data?.status === 'closed' || query.state.data?.status === 'running' ? ROUND_POLL_MS : false),
  })

export const myWishesQueryOptions = (roundId: string) =>
  queryOptions({ queryKey: allocationKeys.myWishes(roundId), queryFn: async () => myWishesSchema.parse(await api(allocationPaths.myWishes(roundId))) })

/** How contested each cell is; other bands change it at any time, so it is refreshed every minute while shown. */
export const contestQueryOptions = (roundId: string) =>
  queryOptions({
    queryKey: allocationKeys.contest(roundId),
    queryFn: async () => contestSchema.parse(await api(allocationPaths.contest(roundId))),
    staleTime: 15_000,
    refetchInterval: 60_000,
  })

export const allWishesQueryOptions = (roundId: string) =>
  queryOptions({ queryKey: allocationKeys.allWishes(roundId), queryFn: async () => allWishesSchema.parse(await api(allocationPaths.allWishes(roundId))) })

export const draftQueryOptions = (roundId: string) =>
  queryOptions({ queryKey: allocationKeys.draft(roundId), queryFn: async () => draftSchema.parse(await api(allocationPaths.draft(roundId))) })

/** Whether a hand change keeps every hard rule (a POST that changes nothing, so it is read like a query); nothing while there is no change. */
export const draftCheckQueryOptions = (roundId: string, change: DraftChange | null) =>
  queryOptions({
    queryKey: allocationKeys.draftCheck(roundId, change),
    queryFn: async () => draftCheckSchema.parse(await api(allocationPaths.draftCheck(roundId), { method: 'POST', body: change })),
    enabled: change !== null,
    // Another executive may change the draft: never trust an old answer for long.
    staleTime: 5_000,
  })

export const myResultsQueryOptions = (roundId: string) =>
  queryOptions({ queryKey: allocationKeys.myResults(roundId), queryFn: async () => myResultsSchema.parse(await api(allocationPaths.myResults(roundId))) })

export function useSaveWishes(roundId: string, bandId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: WishesInput) => bandWishesSchema.parse(await api(allocationPaths.bandWishes(roundId, bandId), { method: 'PUT', body: input })),
    // Closed (or published) meanwhile: the round on screen is out of date.
    onError: (error) => (error instanceof ApiError && error.status === 409 ? invalidateRound(queryClient, roundId) : undefined),
    onSuccess: (saved) => {
      queryClient.setQueryData(allocationKeys.myWishes(roundId), (current: { bands: Array<{ bandId: string }> } | undefined) =>
        current ? { bands: current.bands.map((band) => (band.bandId === saved.bandId ? saved : band)) } : current,
      )
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: allocationKeys.contest(roundId) }),
        queryClient.invalidateQueries({ queryKey: allocationKeys.allWishes(roundId) }),
        queryClient.invalidateQueries({ queryKey: allocationKeys.rounds }),
      ])
    },
  })
}

/**
 * Everything shown of the round is fetched again. The checks of hand changes are only marked
 * stale: the check of the change just made is still on screen until its dialog closes, and
 * asked again it would be about a draft that no longer has it (a move's `from` cell is empty
 * now: the server answers 400, issue 33). A dialog opened later checks afresh.
 */
function invalidateRound(queryClient: QueryClient, roundId: string) {
  const isCheck = (queryKey: readonly unknown[]) => queryKey[3] === 'draft-check'
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: allocationKeys.round(roundId), predicate: (query) => !isCheck(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: allocationKeys.round(roundId), predicate: (query) => isCheck(query.queryKey), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: allocationKeys.rounds }),
  ])
}

/**
 * Run, hand changes and publishing change the round's status and figures everywhere on the
 * screen. `said` is the confirmation shown when it worked: it is said here, not in the button's
 * own callback, because the new status can replace the button (publishing removes it) before
 * that callback would run, and React Query skips the callbacks of a button that is gone.
 */
function useRoundMutation<Input, Output>(roundId: string, call: (input: Input) => Promise<Output>, { bookings = false, said }: { bookings?: boolean; said?: (output: Output) => string } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: (output) => {
      if (said) toast.success(said(output))
    },
    onSettled: () => Promise.all([invalidateRound(queryClient, roundId), ...(bookings ? bookingViewKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })) : [])]),
  })
}

export function useRunRound(roundId: string) {
  const queryClient = useQueryClient()
  return useRoundMutation(
    roundId,
    async (input: RunInput) => {
      const draft = draftSchema.parse(await api(allocationPaths.run(roundId), { method: 'POST', body: input }))
      queryClient.setQueryData(allocationKeys.draft(roundId), draft)
      return draft
    },
    { said: (draft) => m.allocation_run_done({ served: draft.figures.bandsServed, bands: bandsCount(draft.figures.bandsWithWishes) }) },
  )
}

export function useChangeDraft(roundId: string) {
  const queryClient = useQueryClient()
  return useRoundMutation(roundId, async (change: DraftChange) => {
    const draft = draftSchema.parse(await api(allocationPaths.draftChange(roundId), { method: 'POST', body: change }))
    queryClient.setQueryData(allocationKeys.draft(roundId), draft)
    return draft
  })
}

export function usePublishRound(roundId: string) {
  return useRoundMutation(roundId, async () => api(allocationPaths.publish(roundId), { method: 'POST', body: {} }), { bookings: true, said: () => m.allocation_published_told() })
}
