import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  acceptedBandListSchema,
  applicationPageSchema,
  applicationSchema,
  bulkReviewResultSchema,
  currentEventSchema,
  eventListSchema,
  eventSchema,
  participantListSchema,
  type ApplicationInput,
  type ApplicationListQuery,
  type ApplicationUpdate,
  type BulkReviewInput,
  type EventInput,
  type EventKind,
  type ReviewInput,
  type Season,
} from '@/contract/lives'
import { api } from '@/lib/api-client'
import { compactQuery } from '@/lib/compact-query'
import { keepPreviousWhileOnline } from '@/lib/query-client'

/** Which live a screen is about: its kind (and season for seasonal lives). */
export interface LiveKindRef {
  kind: EventKind
  season?: Season | null
}

export type ApplicationListRequest = Partial<ApplicationListQuery>

/**
 * Keys are rooted at `lives`; every change invalidates the whole area (events, applications,
 * participants and bands all move together). The caller's bands are read here under the same
 * root, like the other features do.
 */
export const livesKeys = {
  all: ['lives'] as const,
  current: (live: LiveKindRef) => ['lives', 'current', live.kind, live.season ?? null] as const,
  events: (filter: { kind?: EventKind; season?: Season; open?: boolean }) => ['lives', 'events', filter] as const,
  event: (eventId: string) => ['lives', 'event', eventId] as const,
  applications: (eventId: string, query: ApplicationListRequest) => ['lives', 'applications', eventId, query] as const,
  application: (applicationId: string) => ['lives', 'application', applicationId] as const,
  participants: (eventId: string) => ['lives', 'participants', eventId] as const,
  bands: (eventId: string) => ['lives', 'bands', eventId] as const,
}

/** The current event of a kind (newest of this academic year, not archived), or `event: null`. */
export const currentEventQueryOptions = (live: LiveKindRef) =>
  queryOptions({
    queryKey: livesKeys.current(live),
    queryFn: async () => currentEventSchema.parse(await api('/api/events/current', { query: compactQuery({ kind: live.kind, season: live.season }) })),
  })

/** Events of a kind, newest first (the switcher on list screens); `open` only those taking applications now. */
export const eventListQueryOptions = (filter: { kind?: EventKind; season?: Season; open?: boolean }) =>
  queryOptions({
    queryKey: livesKeys.events(filter),
    queryFn: async () => eventListSchema.parse(await api('/api/events', { query: compactQuery(filter) })).items,
  })

export const eventQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: livesKeys.event(eventId), queryFn: async () => eventSchema.parse(await api(`/api/events/${eventId}`)) })

export const applicationListQueryOptions = (eventId: string, query: ApplicationListRequest) =>
  queryOptions({
    queryKey: livesKeys.applications(eventId, query),
    queryFn: async () => applicationPageSchema.parse(await api(`/api/events/${eventId}/applications`, { query: compactQuery(query) })),
    // Switching filters keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousWhileOnline,
  })

export const applicationQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: livesKeys.application(applicationId),
    queryFn: async () => applicationSchema.parse(await api(`/api/applications/${applicationId}`)),
  })

export const participantListQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: livesKeys.participants(eventId),
    queryFn: async () => participantListSchema.parse(await api(`/api/events/${eventId}/participants`)),
  })

export const acceptedBandsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: livesKeys.bands(eventId),
    queryFn: async () => acceptedBandListSchema.parse(await api(`/api/events/${eventId}/bands`)).items,
  })

function useLivesMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: livesKeys.all }) })
}

export const useCreateEvent = () =>
  useLivesMutation((input: EventInput) => api('/api/events', { method: 'POST', body: input }).then((body) => eventSchema.parse(body)))

export const useUpdateEvent = () =>
  useLivesMutation(({ eventId, input }: { eventId: string; input: EventInput }) =>
    api(`/api/events/${eventId}`, { method: 'PUT', body: input }).then((body) => eventSchema.parse(body)),
  )

export const useSubmitApplication = () =>
  useLivesMutation(({ eventId, input }: { eventId: string; input: ApplicationInput }) =>
    api(`/api/events/${eventId}/applications`, { method: 'POST', body: input }).then((body) => applicationSchema.parse(body)),
  )

export const useUpdateApplication = () =>
  useLivesMutation(({ applicationId, input }: { applicationId: string; input: ApplicationUpdate }) =>
    api(`/api/applications/${applicationId}`, { method: 'PUT', body: input }).then((body) => applicationSchema.parse(body)),
  )

export const useWithdrawApplication = () =>
  useLivesMutation((applicationId: string) =>
    api(`/api/applications/${applicationId}/withdraw`, { method: 'POST', body: {} }).then((body) => applicationSchema.parse(body)),
  )

export const useReviewApplication = () =>
  useLivesMutation(({ applicationId, input }: { applicationId: string; input: ReviewInput }) =>
    api(`/api/applications/${applicationId}/review`, { method: 'POST', body: input }).then((body) => applicationSchema.parse(body)),
  )

export const useBulkReview = () =>
  useLivesMutation(({ eventId, input }: { eventId: string; input: BulkReviewInput }) =>
    api(`/api/events/${eventId}/applications/review`, { method: 'POST', body: input }).then((body) => bulkReviewResultSchema.parse(body)),
  )
