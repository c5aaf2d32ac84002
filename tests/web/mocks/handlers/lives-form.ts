import { http, HttpResponse } from 'msw'
import type { Band } from '@/contract/bands'
import type { Application, ApplicationInput, ApplicationUpdate, LiveEvent } from '@/contract/lives'
import { buildApiError } from '../../support/factories'
import { buildApplication, summaryOf } from './lives'

type ErrorAnswer = { status: number; code: string; message: string; fields?: Record<string, string> }

/**
 * A small in-memory lives API for the application forms and the "Apply" shortcuts: the events
 * (the current one of a kind is the first listed that is not archived), my bands, and the
 * applications. Tests read `listRequests`, `submitted`, `updates` and `withdrawn` to see what
 * the screens asked for; `nextError` makes the next submit, update or withdrawal fail with that
 * answer. A second application of a band to an event is refused like the server does (409).
 */
export function createLivesFormApi({
  events = [] as LiveEvent[],
  bands = [] as Band[],
  applications = [] as Application[],
  academicYear = 2026,
  me = { id: crypto.randomUUID(), displayName: 'Me' },
}: {
  events?: LiveEvent[]
  bands?: Band[]
  applications?: Application[]
  academicYear?: number
  me?: { id: string; displayName: string }
} = {}) {
  const rows = new Map(applications.map((application) => [application.id, structuredClone(application)]))
  const state = {
    rows,
    listRequests: [] as URL[],
    eventListRequests: [] as URL[],
    submitted: [] as Array<{ eventId: string; body: ApplicationInput }>,
    updates: [] as Array<{ applicationId: string; body: ApplicationUpdate }>,
    withdrawn: [] as string[],
    nextError: null as ErrorAnswer | null,
  }
  const takeError = () => {
    const error = state.nextError
    state.nextError = null
    return error ? HttpResponse.json(buildApiError(error.code, error.message, error.fields), { status: error.status }) : null
  }
  const notFound = () => HttpResponse.json(buildApiError('NOT_FOUND', 'There is no such application.'), { status: 404 })

  const handlers = [
    http.get('/api/club', () => HttpResponse.json({ clubName: 'Bandroom Music Club', timeZone: 'Asia/Tokyo', language: 'en', academicYearStartMonth: 4, currentTerm: academicYear })),
    http.get('/api/bands/mine', () => HttpResponse.json({ items: bands })),
    http.get('/api/events/current', ({ request }) => {
      const params = new URL(request.url).searchParams
      const event = events.find(
        (candidate) =>
          candidate.kind === params.get('kind') &&
          (candidate.kind !== 'seasonal' || candidate.season === params.get('season')) &&
          candidate.academicYear === academicYear &&
          candidate.status !== 'archived',
      )
      return HttpResponse.json({ academicYear, event: event ?? null })
    }),
    http.get('/api/events', ({ request }) => {
      const url = new URL(request.url)
      state.eventListRequests.push(url)
      const onlyOpen = url.searchParams.get('open') === 'true'
      return HttpResponse.json({ items: events.filter((event) => !onlyOpen || event.applicationWindow.state === 'open') })
    }),
    http.get('/api/events/:eventId', ({ params }) => {
      const event = events.find((candidate) => candidate.id === params.eventId)
      return event ? HttpResponse.json(event) : HttpResponse.json(buildApiError('NOT_FOUND', 'There is no such live.'), { status: 404 })
    }),
    http.get('/api/events/:eventId/applications', ({ request, params }) => {
      const url = new URL(request.url)
      state.listRequests.push(url)
      const event = events.find((candidate) => candidate.id === params.eventId)
      if (!event) return HttpResponse.json(buildApiError('NOT_FOUND', 'There is no such live.'), { status: 404 })
      const ofEvent = [...rows.values()].filter((application) => application.eventId === event.id)
      const bandId = url.searchParams.get('bandId')
      const items = ofEvent.filter((application) => !bandId || application.band.id === bandId)
      return HttpResponse.json({ items, total: items.length, summary: summaryOf(event, ofEvent) })
    }),
    http.post('/api/events/:eventId/applications', async ({ request, params }) => {
      const body = (await request.json()) as ApplicationInput
      const error = takeError()
      if (error) return error
      const eventId = String(params.eventId)
      if ([...rows.values()].some((application) => application.eventId === eventId && application.band.id === body.bandId && application.status !== 'withdrawn')) {
        return HttpResponse.json(buildApiError('APPLICATION_EXISTS', 'This band has already applied to this live. Edit that application instead.'), { status: 409 })
      }
      state.submitted.push({ eventId, body })
      const band = bands.find((candidate) => candidate.id === body.bandId)
      const now = new Date().toISOString()
      const application = buildApplication({
        eventId,
        band: { id: body.bandId, name: band?.name ?? 'Band' },
        submittedBy: me,
        songs: body.songs.map((song) => ({ title: song.title, artist: song.artist ?? '', length: song.length })),
        requestedMinutes: body.requestedMinutes,
        preferredDay: body.preferredDay ?? null,
        unavailable: (body.unavailable ?? []).map((window) => ({ ...window, reason: window.reason ?? '' })),
        needs: body.needs ?? '',
        message: body.message ?? '',
        submittedAt: now,
        updatedAt: now,
      })
      rows.set(application.id, application)
      return HttpResponse.json(application, { status: 201 })
    }),
    http.put('/api/applications/:applicationId', async ({ request, params }) => {
      const body = (await request.json()) as ApplicationUpdate
      const error = takeError()
      if (error) return error
      const application = rows.get(String(params.applicationId))
      if (!application) return notFound()
      state.updates.push({ applicationId: application.id, body })
      Object.assign(application, {
        songs: body.songs.map((song) => ({ title: song.title, artist: song.artist ?? '', length: song.length })),
        requestedMinutes: body.requestedMinutes,
        preferredDay: body.preferredDay ?? null,
        unavailable: (body.unavailable ?? []).map((window) => ({ ...window, reason: window.reason ?? '' })),
        needs: body.needs ?? '',
        message: body.message ?? '',
        updatedAt: new Date().toISOString(),
      })
      return HttpResponse.json(application)
    }),
    http.post('/api/applications/:applicationId/withdraw', ({ params }) => {
      const error = takeError()
      if (error) return error
      const application = rows.get(String(params.applicationId))
      if (!application) return notFound()
      state.withdrawn.push(application.id)
      Object.assign(application, { status: 'withdrawn', canEdit: false, updatedAt: new Date().toISOString() })
      return HttpResponse.json(application)
    }),
  ]
  return { handlers, state }
}
