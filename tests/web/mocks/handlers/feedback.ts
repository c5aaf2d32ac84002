import { http, HttpResponse } from 'msw'
import type { ClubFeedback, FeedbackInput, FeedbackOptions, MyFeedback, ReceivedFeedback } from '@/contract/feedback'
import { buildApiError } from '../../support/factories'

let sequence = 0

export function buildMyFeedback(overrides: Partial<MyFeedback> = {}): MyFeedback {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    target: 'club',
    category: 'rooms',
    event: null,
    band: null,
    body: `Feedback ${sequence}`,
    anonymous: false,
    createdAt: '2026-06-01T09:00:00.000Z',
    status: 'new',
    reply: null,
    hidden: false,
    ...overrides,
  }
}

export function buildReceivedFeedback(overrides: Partial<ReceivedFeedback> = {}): ReceivedFeedback {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    target: 'performance',
    event: { id: crypto.randomUUID(), title: 'Spring Live', firstDay: '2026-05-30' },
    band: { id: crypto.randomUUID(), name: 'Night Owls' },
    body: `Feedback ${sequence}`,
    anonymous: false,
    createdAt: '2026-06-01T09:00:00.000Z',
    author: { id: crypto.randomUUID(), displayName: `Writer ${sequence}` },
    ...overrides,
  }
}

export function buildClubFeedback(overrides: Partial<ClubFeedback> = {}): ClubFeedback {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    target: 'club',
    category: 'equipment',
    event: null,
    band: null,
    body: `Feedback ${sequence}`,
    anonymous: false,
    createdAt: '2026-06-01T09:00:00.000Z',
    author: { id: crypto.randomUUID(), displayName: `Writer ${sequence}` },
    status: 'new',
    reply: null,
    hidden: null,
    ...overrides,
  }
}

type ErrorAnswer = { status: number; code: string; message: string; fields?: Record<string, string>; retryAfter?: number }

/**
 * A small in-memory feedback API. Tests read `posted`, `statusChanges`, `replies`, `hiddenChanges`
 * and `clubRequests` to see what the screens sent; `nextError` makes the next write fail.
 */
export function createFeedbackApi({
  options = { anonymousAllowed: true, events: [] } as FeedbackOptions,
  mine = [] as MyFeedback[],
  received = [] as ReceivedFeedback[],
  club = [] as ClubFeedback[],
  me = { id: crypto.randomUUID(), displayName: 'Exec Eri' },
} = {}) {
  const rows = new Map(club.map((item) => [item.id, structuredClone(item)]))
  const state = {
    posted: [] as FeedbackInput[],
    statusChanges: [] as Array<{ id: string; status: string }>,
    replies: [] as Array<{ id: string; reply: string }>,
    hiddenChanges: [] as Array<{ id: string; hidden: boolean }>,
    clubRequests: [] as URL[],
    nextError: null as ErrorAnswer | null,
    failLists: false,
  }
  const takeError = () => {
    const error = state.nextError
    state.nextError = null
    return error
      ? HttpResponse.json(buildApiError(error.code, error.message, error.fields), { status: error.status, headers: error.retryAfter ? { 'retry-after': String(error.retryAfter) } : {} })
      : null
  }
  const page = <T>(items: T[], url: URL) => {
    const number = Number(url.searchParams.get('page') ?? 1)
    const size = Number(url.searchParams.get('pageSize') ?? 25)
    return HttpResponse.json({ items: items.slice((number - 1) * size, number * size), total: items.length })
  }
  const listError = () => (state.failLists ? HttpResponse.json(buildApiError('UNAVAILABLE', 'The database is not answering.'), { status: 503 }) : null)

  const handlers = [
    http.get('/api/feedback/options', () => HttpResponse.json(options)),
    http.get('/api/feedback/mine', ({ request }) => listError() ?? page(mine, new URL(request.url))),
    http.get('/api/feedback/received', ({ request }) => listError() ?? page(received, new URL(request.url))),
    http.get('/api/feedback', ({ request }) => {
      const url = new URL(request.url)
      state.clubRequests.push(url)
      const status = url.searchParams.get('status')
      const target = url.searchParams.get('target')
      const q = url.searchParams.get('q')?.toLowerCase()
      return listError() ?? page([...rows.values()].filter((item) => (!status || item.status === status) && (!target || item.target === target) && (!q || item.body.toLowerCase().includes(q))), url)
    }),
    http.post('/api/feedback', async ({ request }) => {
      const body = (await request.json()) as FeedbackInput
      const error = takeError()
      if (error) return error
      state.posted.push(body)
      const event = options.events.find((item) => item.id === body.eventId)
      const band = event?.bands.find((item) => item.id === body.bandId)
      const created = buildMyFeedback({
        target: body.target,
        category: body.category ?? null,
        event: event ? { id: event.id, title: event.title, firstDay: event.firstDay } : null,
        band: band ?? null,
        body: body.body,
        anonymous: body.anonymous ?? false,
      })
      mine.unshift(created)
      return HttpResponse.json(created, { status: 201 })
    }),
    http.put('/api/feedback/:feedbackId/status', async ({ request, params }) => {
      const { status } = (await request.json()) as { status: ClubFeedback['status'] }
      const error = takeError()
      if (error) return error
      const item = rows.get(String(params.feedbackId))!
      state.statusChanges.push({ id: item.id, status })
      item.status = status
      return HttpResponse.json(item)
    }),
    http.put('/api/feedback/:feedbackId/reply', async ({ request, params }) => {
      const { reply } = (await request.json()) as { reply: string }
      const error = takeError()
      if (error) return error
      const item = rows.get(String(params.feedbackId))!
      state.replies.push({ id: item.id, reply })
      item.reply = { text: reply, by: me, at: '2026-06-02T10:00:00.000Z' }
      return HttpResponse.json(item)
    }),
    http.put('/api/feedback/:feedbackId/hidden', async ({ request, params }) => {
      const { hidden } = (await request.json()) as { hidden: boolean }
      const error = takeError()
      if (error) return error
      const item = rows.get(String(params.feedbackId))!
      state.hiddenChanges.push({ id: item.id, hidden })
      item.hidden = hidden ? { by: me, at: '2026-06-02T10:00:00.000Z' } : null
      return HttpResponse.json(item)
    }),
  ]
  return { handlers, state, rows }
}
