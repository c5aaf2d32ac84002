import { queryOptions } from '@tanstack/react-query'
import { weekStartOf } from '@/contract/calendar'
import { publicScheduleSchema } from '@/contract/public-schedule'
import { api } from '@/lib/api-client'
import { keepPreviousWhileOnline } from '@/lib/query-client'

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
    queryFn: async () => {
      // The contract loads beside the request, not before it: this module is in the visitors'
      // first load, which has no zod (decision 016).
      const [{ weekScheduleSchema }, body] = await Promise.all([import('@/contract/bookings'), api('/api/room-schedule', { query: weekStart ? { week: weekStart } : {} })])
      return weekScheduleSchema.parse(body)
    },
    // Changing weeks keeps the old grid on screen (dimmed) until the new one arrives.
    placeholderData: keepPreviousWhileOnline,
  })
}

/**
 * The visitors' grid goes through `api.public()`, not `api()`: no member's token is sent or
 * refreshed (a refused refresh would sign them out from a public page), and failures stay on
 * this page instead of loading the signed-in `/dashboard4xx` pages a visitor cannot open.
 * Its answer is checked by the contract's zod-free copy (`public-schedule.ts`): a visitor's
 * first load downloads and builds no zod (decision 016).
 */
async function fetchPublicSchedule(weekStart: string | undefined) {
  return publicScheduleSchema.parse(await api.public('/api/public/room-schedule', { query: weekStart ? { week: weekStart } : {} }))
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
    placeholderData: keepPreviousWhileOnline,
  })
}
