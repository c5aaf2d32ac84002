import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  clubFeedbackPageSchema,
  clubFeedbackSchema,
  feedbackOptionsSchema,
  myFeedbackPageSchema,
  myFeedbackSchema,
  receivedFeedbackPageSchema,
  type ClubFeedbackQuery,
  type FeedbackInput,
  type FeedbackStatus,
} from '@/contract/feedback'
import { api } from '@/lib/api-client'
import { compactQuery } from '@/lib/compact-query'
import { keepPreviousWhileOnline } from '@/lib/query-client'

/** Keys are rooted at `feedback`; every change invalidates the prefix (all three lists show a change). */
export const feedbackKeys = {
  all: ['feedback'] as const,
  options: () => ['feedback', 'options'] as const,
  mine: (page: number) => ['feedback', 'mine', page] as const,
  received: (page: number) => ['feedback', 'received', page] as const,
  club: (query: ClubFeedbackQuery) => ['feedback', 'club', query] as const,
}

export const feedbackOptionsQueryOptions = () =>
  queryOptions({
    queryKey: feedbackKeys.options(),
    queryFn: async () => feedbackOptionsSchema.parse(await api('/api/feedback/options')),
  })

export const myFeedbackQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: feedbackKeys.mine(page),
    queryFn: async () => myFeedbackPageSchema.parse(await api('/api/feedback/mine', { query: { page, pageSize } })),
    placeholderData: keepPreviousWhileOnline,
  })

export const receivedFeedbackQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: feedbackKeys.received(page),
    queryFn: async () => receivedFeedbackPageSchema.parse(await api('/api/feedback/received', { query: { page, pageSize } })),
    placeholderData: keepPreviousWhileOnline,
  })

export const clubFeedbackQueryOptions = (query: ClubFeedbackQuery) =>
  queryOptions({
    queryKey: feedbackKeys.club(query),
    queryFn: async () => clubFeedbackPageSchema.parse(await api('/api/feedback', { query: compactQuery(query) })),
    placeholderData: keepPreviousWhileOnline,
  })

function useFeedbackMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }) })
}

export const useSendFeedback = () => useFeedbackMutation(async (input: FeedbackInput) => myFeedbackSchema.parse(await api('/api/feedback', { method: 'POST', body: input })))

export const useSetFeedbackStatus = () =>
  useFeedbackMutation(async ({ id, status }: { id: string; status: FeedbackStatus }) => clubFeedbackSchema.parse(await api(`/api/feedback/${id}/status`, { method: 'PUT', body: { status } })))

export const useReplyToFeedback = () =>
  useFeedbackMutation(async ({ id, reply }: { id: string; reply: string }) => clubFeedbackSchema.parse(await api(`/api/feedback/${id}/reply`, { method: 'PUT', body: { reply } })))

export const useHideFeedback = () =>
  useFeedbackMutation(async ({ id, hidden }: { id: string; hidden: boolean }) => clubFeedbackSchema.parse(await api(`/api/feedback/${id}/hidden`, { method: 'PUT', body: { hidden } })))
