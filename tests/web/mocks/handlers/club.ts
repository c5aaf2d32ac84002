import { http, HttpResponse } from 'msw'
import { defaultClubSettings, type ClubSettings } from '@/contract/settings'
import type { Position } from '@/contract/club'
import type { MemberSummary } from '@/contract/members'
import { buildApiError } from '../../support/factories'
import { backupsHandlers } from './backups'

/** In-memory club state for the club screens' tests; `clubState.reset()` before each test. */
export const clubState = {
  settings: structuredClone(defaultClubSettings) as ClubSettings,
  positions: [] as Position[],
  members: [] as MemberSummary[],
  reset() {
    this.settings = structuredClone(defaultClubSettings)
    this.positions = []
    this.members = []
  },
}

/** Every screen's dates follow the club's zone (GET /api/club): the club of every test unless one says otherwise. */
export const clubInfoHandler = http.get('/api/club', () =>
  HttpResponse.json({ clubName: 'Bandroom Music Club', timeZone: 'Asia/Tokyo', language: 'en', academicYearStartMonth: 4, currentTerm: 2026 }),
)

export const clubHandlers = [
  http.get('/api/club', () =>
    HttpResponse.json({ clubName: clubState.settings.clubName, timeZone: clubState.settings.timeZone, language: clubState.settings.language ?? 'en', academicYearStartMonth: clubState.settings.academicYearStartMonth, currentTerm: 2026 }),
  ),
  http.get('/api/settings', () => HttpResponse.json(clubState.settings)),
  http.put('/api/settings', async ({ request }) => {
    const body = (await request.json()) as ClubSettings
    if (body.clubName === 'Taken by the server') {
      return HttpResponse.json(buildApiError('VALIDATION_FAILED', 'Some fields need attention.', { clubName: 'The server refused this name' }), { status: 400 })
    }
    clubState.settings = body
    return HttpResponse.json(body)
  }),
  http.get('/api/rooms', () => HttpResponse.json({ items: [] })),
  http.get('/api/periods', () => HttpResponse.json({ items: [] })),
  http.get('/api/blackouts', () => HttpResponse.json({ items: [] })),
  http.get('/api/outbox', () => HttpResponse.json({ items: [], total: 0 })),
  ...backupsHandlers,
  http.get('/api/positions', ({ request }) => {
    const term = Number(new URL(request.url).searchParams.get('term') ?? 2026)
    return HttpResponse.json({ term, currentTerm: 2026, items: clubState.positions })
  }),
  http.get('/api/members/search', ({ request }) => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase()
    return HttpResponse.json({ items: clubState.members.filter((member) => member.displayName.toLowerCase().includes(q)) })
  }),
  http.post('/api/positions/:positionId/holders', async ({ params, request }) => {
    const body = (await request.json()) as { userId: string; termYear: number }
    const position = clubState.positions.find((item) => item.id === params.positionId)
    const member = clubState.members.find((item) => item.id === body.userId)
    if (!position || !member) return HttpResponse.json(buildApiError('NOT_FOUND', 'Not found.'), { status: 404 })
    if (position.holders.some((holder) => holder.userId === member.id)) {
      return HttpResponse.json(
        buildApiError('ALREADY_HOLDS_POSITION', `${member.displayName} already holds this position in ${body.termYear}.`, { userId: 'Already holds this position in this term' }),
        { status: 409 },
      )
    }
    const holder = { id: crypto.randomUUID(), userId: member.id, displayName: member.displayName, enrollmentYear: member.enrollmentYear, grade: member.grade, status: 'active' }
    position.holders.push(holder)
    return HttpResponse.json(holder, { status: 201 })
  }),
]
