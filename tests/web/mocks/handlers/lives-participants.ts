import { http, HttpResponse } from 'msw'
import type { AcceptedBand, LiveEvent, Participant, ParticipantList } from '@/contract/lives'
import { buildApiError } from '../../support/factories'

/** Grades in the order the server counts them. */
const gradeOrder = ['1st year', '2nd year', '3rd year', '4th year', 'Graduate', 'Incoming']

/** The participant list answer for some people, counting grades as the server does (members get no details). */
export function buildParticipantList(items: Participant[], { withDetails = false } = {}): ParticipantList {
  const counts = new Map<string, number>()
  for (const person of items) counts.set(person.grade, (counts.get(person.grade) ?? 0) + 1)
  return {
    items: withDetails ? items : items.map((person) => ({ ...person, details: null })),
    countsByGrade: gradeOrder.filter((grade) => counts.has(grade)).map((grade) => ({ grade, count: counts.get(grade)! })),
    withDetails,
  }
}

type Failure = { status: number; code: string; message: string }

/**
 * A small in-memory API for the participant and accepted-band screens. `current` are the current
 * events (one per kind/season), `events` any other event reachable by `?eventId=`. Tests read
 * `participantRequests`, `bandRequests` (event ids asked for) and `exportRequests` (URLs);
 * `failParticipants` / `failBands` make those lists answer with an error.
 */
export function createParticipantsApi({
  current = [] as LiveEvent[],
  events = [] as LiveEvent[],
  participants = {} as Record<string, ParticipantList>,
  bands = {} as Record<string, AcceptedBand[]>,
  academicYear = 2026,
} = {}) {
  const byId = new Map([...current, ...events].map((event) => [event.id, event]))
  const state = {
    participantRequests: [] as string[],
    bandRequests: [] as string[],
    exportRequests: [] as URL[],
    failParticipants: null as Failure | null,
    failBands: null as Failure | null,
  }
  const failure = (answer: Failure | null) => (answer ? HttpResponse.json(buildApiError(answer.code, answer.message), { status: answer.status }) : null)
  const missing = () => HttpResponse.json(buildApiError('NOT_FOUND', 'This live does not exist.'), { status: 404 })

  const handlers = [
    http.get('/api/events/current', ({ request }) => {
      const params = new URL(request.url).searchParams
      const event = current.find((candidate) => candidate.kind === params.get('kind') && (candidate.kind !== 'seasonal' || candidate.season === params.get('season')))
      return HttpResponse.json({ academicYear, event: event ?? null })
    }),
    // The switcher's list: every known event of the kind, newest first.
    http.get('/api/events', ({ request }) => {
      const params = new URL(request.url).searchParams
      const items = [...byId.values()]
        .filter((event) => (!params.get('kind') || event.kind === params.get('kind')) && (!params.get('season') || event.season === params.get('season')))
        .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))
      return HttpResponse.json({ items })
    }),
    http.get('/api/events/:eventId/participants/export.csv', ({ request, params }) => {
      state.exportRequests.push(new URL(request.url))
      if (!byId.has(String(params.eventId))) return missing()
      return new HttpResponse('\uFEFFName,Grade,Parts,Bands\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
    }),
    http.get('/api/events/:eventId/participants', ({ params }) => {
      const eventId = String(params.eventId)
      state.participantRequests.push(eventId)
      if (!byId.has(eventId)) return missing()
      return failure(state.failParticipants) ?? HttpResponse.json(participants[eventId] ?? buildParticipantList([]))
    }),
    http.get('/api/events/:eventId/bands', ({ params }) => {
      const eventId = String(params.eventId)
      state.bandRequests.push(eventId)
      if (!byId.has(eventId)) return missing()
      return failure(state.failBands) ?? HttpResponse.json({ items: bands[eventId] ?? [] })
    }),
    http.get('/api/events/:eventId', ({ params }) => {
      const event = byId.get(String(params.eventId))
      return event ? HttpResponse.json(event) : missing()
    }),
  ]
  return { handlers, state }
}
