import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { FetchError, ofetch } from 'ofetch'
import { publicScheduleSchema, weekScheduleSchema } from '@/contract/bookings'
import { weekStartOf } from '@/contract/calendar'
import { apiErrorSchema } from '@/contract/errors'
import { ApiError, api } from '@/lib/api-client'

/**
 * The two week grids. The roots `room-schedule` and `public-room-schedule` are what the
 * bookings area invalidates after a booking is made or cancelled: keep them.
 * A week is keyed by its Monday (any day of a week asks for the same grid); `current` is
 * "this week" as the server sees it.
 */
export const roomScheduleKeys = {
  all: ['room-schedule'] as const,
  week: (weekStart: string | undefined) => ['room-schedule', 'week', weekStart ?? 'current'] as const,
}
export const publicRoomScheduleKeys = {
  all: ['public-room-schedule'] as const,
  week: (weekStart: string | undefined) => ['public-room-schedule', 'week', weekStart ?? 'current'] as const,
}

/** The Monday of the week a `?week=` names, or undefined for "this week". */
export const normaliseWeek = (week: string | undefined) => (week ? weekStartOf(week) : undefined)

export const roomScheduleQueryOptions = (week: string | undefined) => {
  const weekStart = normaliseWeek(week)
  return queryOptions({
    queryKey: roomScheduleKeys.week(weekStart),
    queryFn: async () => weekScheduleSchema.parse(await api('/api/room-schedule', { query: weekStart ? { week: weekStart } : {} })),
    // Changing weeks keeps the old grid on screen (dimmed) until the new one arrives.
    placeholderData: keepPreviousData,
  })
}

function pageOrigin() {
  return typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null' ? window.location.origin : 'http://localhost'
}

/** The same shape of error `api()` throws, so `QueryErrorBlock` and the query client's retry rule treat it alike. */
function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError && error.response) {
    const parsed = apiErrorSchema.safeParse(error.data)
    const status = error.response.status
    return new ApiError({
      status,
      code: parsed.success ? parsed.data.error.code : `HTTP_${status}`,
      message: parsed.success ? parsed.data.error.message : `The server answered ${status}.`,
      body: error.data,
    })
  }
  // No answer at all: offline, DNS, aborted.
  return new ApiError({ status: 0, code: 'NETWORK', message: 'Could not reach the server. Check your connection and try again.' })
}

/**
 * The visitors' grid is fetched with plain ofetch, not `api()`, on purpose: `api()` sends a
 * signed-in member's token and refreshes it (a refused refresh would sign them out from a
 * public page), and it answers 401/403/404/500 with a full page load to the in-layout
 * `/dashboard4xx` pages, which a visitor cannot open (they bounce to sign-in). This page shows
 * every failure inline instead. The endpoint is public: no token, no cookies needed.
 */
async function fetchPublicSchedule(weekStart: string | undefined) {
  let body: unknown
  try {
    body = await ofetch('/api/public/room-schedule', { baseURL: pageOrigin(), query: weekStart ? { week: weekStart } : {}, retry: 0 })
  } catch (error) {
    throw toApiError(error)
  }
  return publicScheduleSchema.parse(body)
}

/**
 * The whole public week (every room shown publicly). The room filter is applied on the client:
 * one answer per week serves every room, switching rooms is instant, and the room picker can
 * always offer every room (a `room=`-filtered answer would list only that room).
 */
export const publicRoomScheduleQueryOptions = (week: string | undefined) => {
  const weekStart = normaliseWeek(week)
  return queryOptions({
    queryKey: publicRoomScheduleKeys.week(weekStart),
    queryFn: () => fetchPublicSchedule(weekStart),
    placeholderData: keepPreviousData,
  })
}
