import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  improvementSchema,
  improvementViewSchema,
  proposalSchema,
  storedTimetableSchema,
  timetableViewSchema,
  type DraftInput,
  type GenerateInput,
  type ImproveInput,
  type PublishInput,
} from '@/contract/live-schedule'
import { api } from '@/lib/api-client'

/**
 * Keys are rooted at `live-schedule`. Saving or publishing also invalidates `lives` (the
 * accepted-band list shows published times, the event's status changes on publishing).
 */
export const liveScheduleKeys = {
  all: ['live-schedule'] as const,
  view: (eventId: string) => ['live-schedule', 'view', eventId] as const,
  improvement: (eventId: string) => ['live-schedule', 'improvement', eventId] as const,
}

/** How often the screen asks how "Keep improving" is doing while it runs. */
export const IMPROVEMENT_POLL_MS = 1_000

/** The live's latest "Keep improving" run (null: none yet), asked again each second while it runs. */
export const improvementQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: liveScheduleKeys.improvement(eventId),
    queryFn: async () => improvementViewSchema.parse(await api(`/api/events/${eventId}/timetable/improvement`)).improvement,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPROVEMENT_POLL_MS : false),
  })

/** The accepted performances, the latest published timetable and (executives) the draft. */
export const timetableViewQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: liveScheduleKeys.view(eventId),
    queryFn: async () => timetableViewSchema.parse(await api(`/api/events/${eventId}/timetable`)),
  })

function useScheduleMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: liveScheduleKeys.all }), queryClient.invalidateQueries({ queryKey: ['lives'] })]),
  })
}

/** A proposal from the generator (not saved; nothing to invalidate). */
export const useGenerateTimetable = () =>
  useMutation({
    mutationFn: ({ eventId, input }: { eventId: string; input: GenerateInput }) =>
      api(`/api/events/${eventId}/timetable/generate`, { method: 'POST', body: input }).then((body) => proposalSchema.parse(body)),
  })

export const useSaveDraft = () =>
  useScheduleMutation(({ eventId, input }: { eventId: string; input: DraftInput }) =>
    api(`/api/events/${eventId}/timetable/draft`, { method: 'PUT', body: input }).then((body) => storedTimetableSchema.parse(body)),
  )

export const usePublishTimetable = () =>
  useScheduleMutation(({ eventId, input }: { eventId: string; input: PublishInput }) =>
    api(`/api/events/${eventId}/timetable/publish`, { method: 'POST', body: input }).then((body) => storedTimetableSchema.parse(body)),
  )

/** Starts "Keep improving"; the status query takes the answer at once and polls from there. */
export function useStartImprovement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ eventId, input }: { eventId: string; input: ImproveInput }) =>
      api(`/api/events/${eventId}/timetable/improvement`, { method: 'POST', body: input }).then((body) => improvementSchema.parse(body)),
    onSuccess: (improvement, { eventId }) => queryClient.setQueryData(liveScheduleKeys.improvement(eventId), improvement),
  })
}

export function useStopImprovement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ eventId }: { eventId: string }) => api(`/api/events/${eventId}/timetable/improvement/stop`, { method: 'POST', body: {} }).then((body) => improvementSchema.parse(body)),
    onSuccess: (improvement, { eventId }) => queryClient.setQueryData(liveScheduleKeys.improvement(eventId), improvement),
  })
}
