import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { userDeleteResponseSchema, userDetailSchema, userPageSchema, type UserPatchInput } from '@/contract/users'
import { api } from '@/lib/api-client'
import { compactQuery } from '@/lib/compact-query'
import type { UserListRequest } from './user-search'
import { keepPreviousWhileOnline } from '@/lib/query-client'

/** Query keys are rooted at `users`; every change invalidates the whole area. */
export const usersKeys = {
  all: ['users'] as const,
  list: (query: UserListRequest) => ['users', 'list', query] as const,
  detail: (userId: string) => ['users', 'detail', userId] as const,
}

export const usersListQueryOptions = (query: UserListRequest) =>
  queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: async () => userPageSchema.parse(await api('/api/users', { query: compactQuery(query) })),
    // Typing in the search box keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousWhileOnline,
  })

export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: usersKeys.detail(userId),
    queryFn: async () => userDetailSchema.parse(await api(`/api/users/${userId}`)),
  })

function useInvalidatingMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  })
}

export const useApproveUser = () =>
  useInvalidatingMutation(async (userId: string) => userDetailSchema.parse(await api(`/api/users/${userId}/approve`, { method: 'POST' })))

export const useUpdateUser = () =>
  useInvalidatingMutation(async ({ userId, patch }: { userId: string; patch: UserPatchInput }) =>
    userDetailSchema.parse(await api(`/api/users/${userId}`, { method: 'PATCH', body: patch })),
  )

export const useRevokeSessions = () =>
  useInvalidatingMutation(async (userId: string) => {
    await api(`/api/users/${userId}/sessions/revoke`, { method: 'POST' })
  })

export const useSendPasswordReset = () =>
  useInvalidatingMutation(async (userId: string) => {
    await api(`/api/users/${userId}/password-reset`, { method: 'POST' })
  })

export const useDeleteUsers = () =>
  useInvalidatingMutation(async (userIds: string[]) =>
    userDeleteResponseSchema.parse(await api('/api/users/delete', { method: 'POST', body: { userIds } })),
  )
