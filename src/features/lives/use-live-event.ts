import { useQuery, type QueryClient } from '@tanstack/react-query'
import { currentEventQueryOptions, eventQueryOptions, type LiveKindRef } from './lives-queries'

/**
 * The event a lives screen is about: `?eventId=` when given, else the current event of its
 * kind. `event` is null when the kind has no current event (the screen says so, and offers
 * executives to create it).
 */
export function useLiveEvent(live: LiveKindRef, eventId: string | undefined) {
  const byId = useQuery({ ...eventQueryOptions(eventId ?? ''), enabled: eventId !== undefined })
  const current = useQuery({ ...currentEventQueryOptions(live), enabled: eventId === undefined })
  const query = eventId !== undefined ? byId : current
  const event = eventId !== undefined ? byId.data : current.data?.event
  return { event: event ?? null, isPending: query.isPending, error: query.error, refetch: query.refetch, academicYear: current.data?.academicYear }
}

/** For route loaders: starts fetching the screen's event (the screen shows its own loading and error states). */
export function prefetchLiveEvent(queryClient: QueryClient, live: LiveKindRef, eventId: string | undefined) {
  return eventId !== undefined ? queryClient.prefetchQuery(eventQueryOptions(eventId)) : queryClient.prefetchQuery(currentEventQueryOptions(live))
}
