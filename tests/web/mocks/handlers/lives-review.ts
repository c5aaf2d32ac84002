import { http, HttpResponse } from 'msw'
import {
  applicationSorts,
  bulkReviewInputSchema,
  eventInputSchema,
  minutesOfDay,
  reviewInputSchema,
  type Application,
  type ApplicationSort,
  type LiveEvent,
} from '@/contract/lives'
import { fieldErrors } from '@/contract/errors'
import { buildApiError } from '../../support/factories'
import { buildEvent, summaryOf } from './lives'

type ErrorAnswer = { status: number; code: string; message: string; fields?: Record<string, string> }

const statusOrder: Record<Application['status'], number> = { submitted: 0, accepted: 1, waitlisted: 2, rejected: 3, withdrawn: 4 }

function compare(sort: ApplicationSort) {
  const key = sort.replace(/^-/, '')
  const direction = sort.startsWith('-') ? -1 : 1
  return (a: Application, b: Application) => {
    const order =
      key === 'band'
        ? a.band.name.localeCompare(b.band.name)
        : key === 'minutes'
          ? a.requestedMinutes - b.requestedMinutes
          : key === 'status'
            ? statusOrder[a.status] - statusOrder[b.status]
            : a.submittedAt.localeCompare(b.submittedAt)
    return order * direction
  }
}

const capacityOf = (days: LiveEvent['days']) =>
  days.reduce((total, day) => total + day.stages.reduce((sum, stage) => sum + minutesOfDay(stage.closesAt) - minutesOfDay(stage.opensAt), 0), 0)

/**
 * An in-memory lives API for the review list and the event dialog: events of every kind (the
 * current one of a kind is the newest of `academicYear` that is not archived), applications,
 * reviews with the band limit and withdrawn rules, and club info in Tokyo. Tests read
 * `listRequests`, `reviews`, `bulkReviews`, `createdEvents` and `updatedEvents`; `nextError`
 * makes the next write fail with that answer.
 */
export function createLivesReviewApi({
  events = [] as LiveEvent[],
  applications = [] as Application[],
  myBandIds = [] as string[],
  academicYear = 2026,
}: {
  events?: LiveEvent[]
  applications?: Application[]
  /** The signed-in member's bands: `scope=mine` answers their applications. */
  myBandIds?: string[]
  academicYear?: number
} = {}) {
  const state = {
    events: events.map((event) => structuredClone(event)),
    applications: new Map(applications.map((application) => [application.id, structuredClone(application)])),
    listRequests: [] as URL[],
    reviews: [] as Array<{ applicationId: string; body: unknown }>,
    bulkReviews: [] as Array<{ eventId: string; body: unknown }>,
    createdEvents: [] as unknown[],
    updatedEvents: [] as Array<{ eventId: string; body: unknown }>,
    nextError: null as ErrorAnswer | null,
  }
  const takeError = () => {
    const error = state.nextError
    state.nextError = null
    return error ? HttpResponse.json(buildApiError(error.code, error.message, error.fields), { status: error.status }) : null
  }
  const notFound = () => HttpResponse.json(buildApiError('NOT_FOUND', 'Not found.'), { status: 404 })
  const eventOf = (id: string) => state.events.find((event) => event.id === id)
  const applicationsOf = (eventId: string) => [...state.applications.values()].filter((application) => application.eventId === eventId)
  const invalid = (issues: Parameters<typeof fieldErrors>[0]) =>
    HttpResponse.json(buildApiError('VALIDATION_FAILED', 'Some fields need attention.', fieldErrors(issues)), { status: 400 })

  /** Accepting past the band limit is refused, as the server does. */
  function limitError(event: LiveEvent, accepting: string[]) {
    if (event.bandLimit === null) return null
    const accepted = applicationsOf(event.id).filter((application) => application.status === 'accepted' || accepting.includes(application.id)).length
    if (accepted <= event.bandLimit) return null
    return HttpResponse.json(
      buildApiError('BAND_LIMIT_REACHED', `This live takes at most ${event.bandLimit} bands and that many are accepted. Waitlist the band instead.`),
      { status: 409 },
    )
  }
  const withdrawnError = (application: Application) =>
    HttpResponse.json(buildApiError('APPLICATION_WITHDRAWN', `${application.band.name} withdrew its application, so it cannot be reviewed.`), { status: 409 })

  function decide(application: Application, status: Application['status'], note: string) {
    application.status = status
    application.reviewNote = note || null
    application.reviewedAt = '2026-06-20T03:00:00.000Z'
    application.reviewedBy = { id: crypto.randomUUID(), displayName: 'Riku Exec' }
  }

  function saveEvent(body: ReturnType<typeof eventInputSchema.parse>, existing?: LiveEvent): LiveEvent {
    const event = buildEvent({
      ...(existing ?? {}),
      ...body,
      season: body.season ?? null,
      venue: body.venue,
      bandLimit: body.bandLimit ?? null,
      applicationOpensAt: new Date(body.applicationOpensAt).toISOString(),
      applicationClosesAt: new Date(body.applicationClosesAt).toISOString(),
      capacityMinutes: capacityOf(body.days),
    })
    if (existing) event.id = existing.id
    return event
  }

  const handlers = [
    http.get('/api/club', () => HttpResponse.json({ clubName: 'Bandroom Music Club', timeZone: 'Asia/Tokyo', language: 'en', academicYearStartMonth: 4, currentTerm: academicYear })),
    http.get('/api/events/current', ({ request }) => {
      const params = new URL(request.url).searchParams
      const current = state.events
        .filter(
          (event) =>
            event.kind === params.get('kind') &&
            (event.kind !== 'seasonal' || event.season === params.get('season')) &&
            event.academicYear === academicYear &&
            event.status !== 'archived',
        )
        .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))[0]
      return HttpResponse.json({ academicYear, event: current ?? null })
    }),
    http.get('/api/events', ({ request }) => {
      const params = new URL(request.url).searchParams
      const items = state.events
        .filter((event) => (!params.get('kind') || event.kind === params.get('kind')) && (!params.get('season') || event.season === params.get('season')))
        .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))
      return HttpResponse.json({ items })
    }),
    http.get('/api/events/:eventId', ({ params }) => {
      const event = eventOf(String(params.eventId))
      return event ? HttpResponse.json(event) : notFound()
    }),
    http.post('/api/events', async ({ request }) => {
      const body = await request.json()
      state.createdEvents.push(body)
      const failure = takeError()
      if (failure) return failure
      const parsed = eventInputSchema.safeParse(body)
      if (!parsed.success) return invalid(parsed.error.issues)
      const event = saveEvent(parsed.data)
      event.createdAt = new Date().toISOString()
      state.events.push(event)
      return HttpResponse.json(event, { status: 201 })
    }),
    http.put('/api/events/:eventId', async ({ params, request }) => {
      const existing = eventOf(String(params.eventId))
      if (!existing) return notFound()
      const body = await request.json()
      state.updatedEvents.push({ eventId: existing.id, body })
      const failure = takeError()
      if (failure) return failure
      const parsed = eventInputSchema.safeParse(body)
      if (!parsed.success) return invalid(parsed.error.issues)
      const event = saveEvent(parsed.data, existing)
      state.events = state.events.map((item) => (item.id === event.id ? event : item))
      return HttpResponse.json(event)
    }),
    http.get('/api/events/:eventId/applications', ({ params, request }) => {
      const event = eventOf(String(params.eventId))
      if (!event) return notFound()
      const url = new URL(request.url)
      state.listRequests.push(url)
      const query = url.searchParams
      const scope = query.get('scope') ?? 'mine'
      const q = (query.get('q') ?? '').toLowerCase()
      const sort = (applicationSorts as ReadonlyArray<string>).includes(query.get('sort') ?? '') ? (query.get('sort') as ApplicationSort) : 'submitted'
      const page = Number(query.get('page') ?? 1)
      const pageSize = Number(query.get('pageSize') ?? 25)
      const all = applicationsOf(event.id)
      const matching = all
        .filter(
          (application) =>
            (scope === 'all' || myBandIds.includes(application.band.id)) &&
            (!query.get('status') || application.status === query.get('status')) &&
            (!q || application.band.name.toLowerCase().includes(q)),
        )
        .toSorted(compare(sort))
      return HttpResponse.json({ items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, summary: summaryOf(event, all) })
    }),
    http.post('/api/applications/:applicationId/review', async ({ params, request }) => {
      const application = state.applications.get(String(params.applicationId))
      if (!application) return notFound()
      const body = await request.json()
      state.reviews.push({ applicationId: application.id, body })
      const failure = takeError()
      if (failure) return failure
      const parsed = reviewInputSchema.safeParse(body)
      if (!parsed.success) return invalid(parsed.error.issues)
      if (application.status === 'withdrawn') return withdrawnError(application)
      const event = eventOf(application.eventId)!
      if (parsed.data.status === 'accepted') {
        const refused = limitError(event, [application.id])
        if (refused) return refused
      }
      decide(application, parsed.data.status, parsed.data.note)
      return HttpResponse.json(application)
    }),
    http.post('/api/events/:eventId/applications/review', async ({ params, request }) => {
      const event = eventOf(String(params.eventId))
      if (!event) return notFound()
      const body = await request.json()
      state.bulkReviews.push({ eventId: event.id, body })
      const failure = takeError()
      if (failure) return failure
      const parsed = bulkReviewInputSchema.safeParse(body)
      if (!parsed.success) return invalid(parsed.error.issues)
      const chosen = parsed.data.applicationIds.map((id) => state.applications.get(id))
      if (chosen.some((application) => !application || application.eventId !== event.id)) {
        return HttpResponse.json(buildApiError('VALIDATION_FAILED', 'An application is not one of this live’s.'), { status: 400 })
      }
      const withdrawn = chosen.find((application) => application!.status === 'withdrawn')
      if (withdrawn) return withdrawnError(withdrawn)
      if (parsed.data.status === 'accepted') {
        const refused = limitError(event, parsed.data.applicationIds)
        if (refused) return refused
      }
      for (const application of chosen) decide(application!, parsed.data.status, parsed.data.note)
      return HttpResponse.json({ updated: chosen.length, summary: summaryOf(event, applicationsOf(event.id)) })
    }),
  ]

  return { state, handlers }
}
