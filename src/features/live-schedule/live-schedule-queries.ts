import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  proposalSchema,
  storedTimetableSchema,
  timetableViewSchema,
  type DraftInput,
  type GenerateInput,
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
}

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
