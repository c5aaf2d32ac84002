import { queryOptions } from '@tanstack/react-query'
import { activityPageSchema } from '@/contract/activity'
import { api } from '@/lib/api-client'
import { compactQuery } from '@/lib/compact-query'
import { keepPreviousWhileOnline } from '@/lib/query-client'
import type { ActivityRequest } from './activity-request'

/** Keys rooted at `activity`; the log is only read, never changed from the screen. */
export const activityKeys = {
  all: ['activity'] as const,
  list: (query: ActivityRequest) => ['activity', 'list', query] as const,
}

/** GET /api/activity (admins): newest first, one page. */
export const activityListQueryOptions = (query: ActivityRequest) =>
  queryOptions({
    queryKey: activityKeys.list(query),
    queryFn: async () => activityPageSchema.parse(await api('/api/activity', { query: compactQuery(query) })),
    // A new filter or page keeps the old entries on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousWhileOnline,
  })
