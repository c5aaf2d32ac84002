import { http, HttpResponse } from 'msw'
import type { CalendarFeed, Notice, NoticePreferences } from '@/contract/notices'
import { noticeKinds } from '@/contract/notices'

/** The notice centre's server side, in memory: tests seed `noticesState` and read it back. */
export const noticesState = {
  notices: [] as Notice[],
  preferences: { preferences: Object.fromEntries(noticeKinds.map((kind) => [kind, 'mail'])) } as NoticePreferences,
  feed: null as CalendarFeed['feed'],
  feedsMade: 0,
  reset() {
    this.notices = []
    this.preferences = { preferences: Object.fromEntries(noticeKinds.map((kind) => [kind, 'mail'])) } as NoticePreferences
    this.feed = null
    this.feedsMade = 0
  },
}

let sequence = 0
export function buildNotice(overrides: Partial<Notice> = {}): Notice {
  sequence += 1
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    kind: 'application-decision',
    title: `Notice ${sequence}`,
    body: '',
    link: null,
    createdAt: new Date(Date.now() - sequence * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  }
}

const unread = () => noticesState.notices.filter((notice) => notice.readAt === null).length

export const noticesHandlers = [
  http.get('/api/notices/unread-count', () => HttpResponse.json({ unread: unread() })),
  http.get('/api/notices', ({ request }) => {
    const url = new URL(request.url)
    const page = Number(url.searchParams.get('page') ?? 1)
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20)
    const items = noticesState.notices.slice((page - 1) * pageSize, page * pageSize)
    return HttpResponse.json({ items, total: noticesState.notices.length, unread: unread() })
  }),
  http.post('/api/notices/read-all', () => {
    noticesState.notices = noticesState.notices.map((notice) => ({ ...notice, readAt: notice.readAt ?? new Date().toISOString() }))
    return HttpResponse.json({ unread: 0 })
  }),
  http.post('/api/notices/:noticeId/read', ({ params }) => {
    const index = noticesState.notices.findIndex((notice) => notice.id === params.noticeId)
    if (index < 0) return HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'That notice is not yours or no longer exists.' } }, { status: 404 })
    const notice = { ...noticesState.notices[index]!, readAt: noticesState.notices[index]!.readAt ?? new Date().toISOString() }
    noticesState.notices[index] = notice
    return HttpResponse.json(notice)
  }),
  http.get('/api/me/notice-preferences', () => HttpResponse.json(noticesState.preferences)),
  http.put('/api/me/notice-preferences', async ({ request }) => {
    noticesState.preferences = (await request.json()) as NoticePreferences
    return HttpResponse.json(noticesState.preferences)
  }),
  http.get('/api/me/calendar-feed', () => HttpResponse.json({ feed: noticesState.feed })),
  http.post('/api/me/calendar-feed', () => {
    noticesState.feedsMade += 1
    const url = `https://club.example/api/calendar/${String(noticesState.feedsMade).repeat(43).slice(0, 43)}.ics`
    noticesState.feed = { url, webcalUrl: url.replace('https://', 'webcal://'), createdAt: new Date().toISOString() }
    return HttpResponse.json({ feed: noticesState.feed })
  }),
  http.delete('/api/me/calendar-feed', () => {
    noticesState.feed = null
    return new HttpResponse(null, { status: 204 })
  }),
]
