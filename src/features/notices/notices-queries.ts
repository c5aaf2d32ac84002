import { queryOptions } from '@tanstack/react-query'
import type { CalendarFeed, Notice, NoticePage, NoticePreferences, UnreadCount } from '@/contract/notices'
import { api } from '@/lib/api-client'

export const NOTICE_PAGE_SIZE = 20

export const noticesKeys = {
  all: ['notices'] as const,
  unread: () => ['notices', 'unread'] as const,
  lists: () => ['notices', 'list'] as const,
  list: (page: number) => ['notices', 'list', page] as const,
  preferences: () => ['notices', 'preferences'] as const,
  calendarFeed: () => ['notices', 'calendar-feed'] as const,
}

/**
 * The bell's count. It is in the header of every screen, so no zod here (it would load with
 * the app; the answer is one number the server wrote). Asked again every minute while the app
 * is open and when the window regains focus; writes invalidate it.
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: noticesKeys.unread(),
    // Polled: an idle member must still be signed out after 30 minutes (decision 001).
    queryFn: () => api<UnreadCount>('/api/notices/unread-count', { background: true }),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    // One indexed count: cheap enough to ask whenever the app comes back to the front.
    staleTime: 0,
  })

export const noticeListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: noticesKeys.list(page),
    queryFn: () => api<NoticePage>('/api/notices', { query: { page, pageSize: NOTICE_PAGE_SIZE } }),
    refetchOnWindowFocus: true,
  })

export const noticePreferencesQueryOptions = () =>
  queryOptions({
    queryKey: noticesKeys.preferences(),
    queryFn: () => api<NoticePreferences>('/api/me/notice-preferences'),
  })

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: noticesKeys.calendarFeed(),
    queryFn: () => api<CalendarFeed>('/api/me/calendar-feed'),
  })

export const markNoticeRead = (noticeId: string) => api<Notice>(`/api/notices/${noticeId}/read`, { method: 'POST' })
export const markAllNoticesRead = () => api<UnreadCount>('/api/notices/read-all', { method: 'POST' })
export const saveNoticePreferences = (input: NoticePreferences) => api<NoticePreferences>('/api/me/notice-preferences', { method: 'PUT', body: input })
export const regenerateCalendarFeed = () => api<CalendarFeed>('/api/me/calendar-feed', { method: 'POST' })
export const revokeCalendarFeed = () => api<void>('/api/me/calendar-feed', { method: 'DELETE' })
