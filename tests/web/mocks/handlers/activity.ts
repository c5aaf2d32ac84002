import { http, HttpResponse } from 'msw'
import type { ActivityEntry } from '@/contract/activity'
import { buildApiError } from '../../support/factories'

let sequence = 0

/**
 * One entry of the activity log as the server sends it (what was done, kinds and field names in
 * the reader's words); by default an admin renaming a band, an hour apart from the last one built.
 */
export function buildActivityEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    at: new Date(Date.UTC(2026, 5, 1, 3, 0) + sequence * 60 * 60 * 1000).toISOString(),
    actor: { id: crypto.randomUUID(), name: `Admin ${sequence}` },
    area: 'bands',
    action: 'Edited a band',
    object: { type: 'band', id: crypto.randomUUID(), label: `Band ${sequence}` },
    changes: [{ field: 'Name', before: `Old name ${sequence}`, after: `Band ${sequence}` }],
    ...overrides,
  }
}

/** The club day (Asia/Tokyo, the tests' club) of an instant, as the server filters `from` / `to`. */
const clubDay = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant))

/**
 * GET /api/activity over an in-memory log: filtered by person, area and club dates, newest
 * first, paged. Tests read `requests` to see what the screen asked for; set `failWith` to make
 * the next answers an error.
 */
export function createActivityApi(entries: ActivityEntry[]) {
  const state = {
    entries,
    requests: [] as URL[],
    failWith: null as null | { status: number; code: string; message: string },
  }
  const handlers = [
    http.get('/api/activity', ({ request }) => {
      const url = new URL(request.url)
      state.requests.push(url)
      if (state.failWith) return HttpResponse.json(buildApiError(state.failWith.code, state.failWith.message), { status: state.failWith.status })
      const actorId = url.searchParams.get('actorId')
      const area = url.searchParams.get('area')
      const from = url.searchParams.get('from')
      const to = url.searchParams.get('to')
      const page = Number(url.searchParams.get('page') ?? 1)
      const pageSize = Number(url.searchParams.get('pageSize') ?? 25)
      const matching = state.entries
        .filter(
          (entry) =>
            (!actorId || entry.actor?.id === actorId) &&
            (!area || entry.area === area) &&
            (!from || clubDay(entry.at) >= from) &&
            (!to || clubDay(entry.at) <= to),
        )
        .sort((a, b) => b.at.localeCompare(a.at))
      return HttpResponse.json({ items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length })
    }),
  ]
  return { state, handlers }
}
