import { queryOptions } from '@tanstack/react-query'
import {
  additionalInfoResponseSchema,
  directoryPageSchema,
  memberIntroSchema,
  type AdditionalInfoInput,
  type DirectoryFilters,
  type IntroInput,
} from '@/contract/people'
import { api } from '@/lib/api-client'
import { keepPreviousWhileOnline } from '@/lib/query-client'

export interface DirectorySearch extends DirectoryFilters {
  page?: number
}

export const DIRECTORY_PAGE_SIZE = 24

/** Query string of the directory call: only the filters that are set. */
export function directoryQueryString(search: DirectorySearch) {
  const params = new URLSearchParams()
  if (search.q) params.set('q', search.q)
  if (search.part) params.set('part', search.part)
  if (search.grade) params.set('grade', search.grade)
  if (search.lookingForBand) params.set('lookingForBand', search.lookingForBand)
  params.set('page', String(search.page ?? 1))
  params.set('pageSize', String(DIRECTORY_PAGE_SIZE))
  return params.toString()
}

export const directoryQueryOptions = (search: DirectorySearch) =>
  queryOptions({
    queryKey: ['people', 'directory', search],
    queryFn: async () => directoryPageSchema.parse(await api(`/api/intros?${directoryQueryString(search)}`)),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousWhileOnline,
  })

export const myIntroQueryOptions = () =>
  queryOptions({
    queryKey: ['people', 'intro', 'me'],
    queryFn: async () => memberIntroSchema.parse(await api('/api/me/intro')),
  })

export const memberIntroQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['people', 'intro', userId],
    queryFn: async () => memberIntroSchema.parse(await api(`/api/intros/${encodeURIComponent(userId)}`)),
  })

export const myAdditionalInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['people', 'additional-info', 'me'],
    queryFn: async () => additionalInfoResponseSchema.parse(await api('/api/me/additional-info')),
    // Always checked again on mount: a copy restored from storage must not keep the dashboard
    // prompt up after the details were completed.
    staleTime: 0,
  })

export async function saveMyIntro(input: IntroInput) {
  return memberIntroSchema.parse(await api('/api/me/intro', { method: 'PUT', body: input }))
}

export async function saveMyAdditionalInfo(input: AdditionalInfoInput) {
  return additionalInfoResponseSchema.parse(await api('/api/me/additional-info', { method: 'PUT', body: input }))
}
