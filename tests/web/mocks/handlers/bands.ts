import { http, HttpResponse } from 'msw'
import type { Band, BandHistoryEntry, BandInput, BandMember } from '@/contract/bands'
import type { MemberSummary } from '@/contract/members'
import { buildApiError } from '../../support/factories'

let sequence = 0

export function buildBand(overrides: Partial<Band> = {}): Band {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    name: `Band ${sequence}`,
    description: '',
    genre: '',
    status: 'active',
    members: [],
    createdAt: '2026-04-01T00:00:00.000Z',
    updatedAt: '2026-04-01T00:00:00.000Z',
    ...overrides,
  }
}

export const bandMember = (person: { id: string; displayName: string }, part: BandMember['part'], isLeader = false): BandMember => ({
  userId: person.id,
  displayName: person.displayName,
  part,
  isLeader,
})

/** What the dashboard needs from the bands area when a test does not set up more. */
export const bandsHandlers = [
  http.get('/api/bands/mine', () => HttpResponse.json({ items: [] })),
  http.get('/api/bands', () => HttpResponse.json({ items: [], total: 0 })),
]

/**
 * A small in-memory bands API. Tests read `requests` (list calls), `created`, `updates`,
 * `left` and `disbanded` to see what the screens asked for; `nextError` makes the next
 * state-changing call fail with that answer.
 */
export function createBandsApi({ bands = [] as Band[], people = [] as MemberSummary[], history = {} as Record<string, BandHistoryEntry[]>, me }: { bands?: Band[]; people?: MemberSummary[]; history?: Record<string, BandHistoryEntry[]>; me: { id: string; displayName: string } }) {
  const rows = new Map(bands.map((band) => [band.id, structuredClone(band)]))
  const state = {
    rows,
    requests: [] as URL[],
    created: [] as BandInput[],
    updates: [] as Array<{ bandId: string; body: unknown; admin: boolean }>,
    left: [] as string[],
    disbanded: [] as string[],
    nextError: null as null | { status: number; code: string; message: string; fields?: Record<string, string> },
  }
  const nameOf = (userId: string) => (userId === me.id ? me.displayName : (people.find((person) => person.id === userId)?.displayName ?? 'Someone'))
  const takeError = () => {
    const error = state.nextError
    state.nextError = null
    return error ? HttpResponse.json(buildApiError(error.code, error.message, error.fields), { status: error.status }) : null
  }
  const toBand = (id: string, input: BandInput & { status?: Band['status'] }, previous?: Band): Band => ({
    id,
    name: input.name,
    genre: input.genre,
    description: input.description,
    status: input.status ?? previous?.status ?? 'active',
    members: input.members.map((member) => ({ ...member, displayName: nameOf(member.userId) })),
    createdAt: previous?.createdAt ?? '2026-05-01T00:00:00.000Z',
    updatedAt: new Date().toISOString(),
  })

  const handlers = [
    http.get('/api/club', () => HttpResponse.json({ clubName: 'Bandroom Music Club', timeZone: 'Asia/Tokyo', language: 'en', academicYearStartMonth: 4, currentTerm: 2026 })),
    http.get('/api/members/search', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase()
      return HttpResponse.json({ items: people.filter((person) => person.displayName.toLowerCase().includes(q)) })
    }),
    http.get('/api/bands/mine', () => HttpResponse.json({ items: [...rows.values()].filter((band) => band.members.some((member) => member.userId === me.id)) })),
    http.get('/api/bands', ({ request }) => {
      const url = new URL(request.url)
      state.requests.push(url)
      const q = url.searchParams.get('q')?.toLowerCase()
      const status = url.searchParams.get('status')
      const part = url.searchParams.get('part')
      const memberId = url.searchParams.get('memberId')
      const items = [...rows.values()].filter(
        (band) =>
          (!q || band.name.toLowerCase().includes(q) || band.genre.toLowerCase().includes(q)) &&
          (!status || band.status === status) &&
          (!part || band.members.some((member) => member.part === part)) &&
          (!memberId || band.members.some((member) => member.userId === memberId)),
      )
      return HttpResponse.json({ items, total: items.length })
    }),
    http.post('/api/bands', async ({ request }) => {
      const body = (await request.json()) as BandInput
      const error = takeError()
      if (error) return error
      state.created.push(body)
      const band = toBand(crypto.randomUUID(), body)
      rows.set(band.id, band)
      return HttpResponse.json(band, { status: 201 })
    }),
    http.get('/api/bands/:bandId', ({ params }) => {
      const band = rows.get(String(params.bandId))
      return band ? HttpResponse.json(band) : HttpResponse.json(buildApiError('NOT_FOUND', 'No such band.'), { status: 404 })
    }),
    http.get('/api/bands/:bandId/history', ({ params }) => HttpResponse.json({ items: history[String(params.bandId)] ?? [] })),
    http.patch('/api/bands/:bandId', async ({ params, request }) => {
      const bandId = String(params.bandId)
      const body = (await request.json()) as BandInput
      const error = takeError()
      if (error) return error
      state.updates.push({ bandId, body, admin: false })
      const band = toBand(bandId, body, rows.get(bandId))
      rows.set(bandId, band)
      return HttpResponse.json(band)
    }),
    http.put('/api/bands/:bandId/admin', async ({ params, request }) => {
      const bandId = String(params.bandId)
      const body = (await request.json()) as BandInput & { status: Band['status'] }
      const error = takeError()
      if (error) return error
      state.updates.push({ bandId, body, admin: true })
      const band = toBand(bandId, body, rows.get(bandId))
      rows.set(bandId, band)
      return HttpResponse.json(band)
    }),
    http.post('/api/bands/:bandId/leave', ({ params }) => {
      const error = takeError()
      if (error) return error
      const bandId = String(params.bandId)
      state.left.push(bandId)
      const band = rows.get(bandId)
      if (band) band.members = band.members.filter((member) => member.userId !== me.id)
      return new HttpResponse(null, { status: 204 })
    }),
    http.post('/api/bands/:bandId/disband', ({ params }) => {
      const error = takeError()
      if (error) return error
      const bandId = String(params.bandId)
      state.disbanded.push(bandId)
      const band = rows.get(bandId)
      if (band) band.status = 'disbanded'
      return new HttpResponse(null, { status: 204 })
    }),
  ]
  return { handlers, state }
}
