import { http, HttpResponse, type HttpHandler } from 'msw'
import type { AcceptedBand, Application, ApplicationSummary, LiveEvent, Participant } from '@/contract/lives'

/**
 * Builders for the lives screens' tests. Each screen's tests build their own stateful fake API
 * beside these (lives-form.ts, lives-review.ts, lives-participants.ts); the defaults below only
 * answer "no current event" and empty lists.
 */
let sequence = 0

export function buildEvent(overrides: Partial<LiveEvent> = {}): LiveEvent {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    kind: 'seasonal',
    season: 'summer',
    title: `Summer Live ${sequence}`,
    academicYear: 2026,
    venue: 'Student hall',
    days: [
      { date: '2026-07-18', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] },
      { date: '2026-07-19', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] },
    ],
    defaultPerformanceMinutes: 20,
    changeoverMinutes: 5,
    musicianGapMinutes: 30,
    applicationOpensAt: '2026-05-24T15:00:00.000Z',
    applicationClosesAt: '2026-06-15T14:59:00.000Z',
    bandLimit: null,
    status: 'open',
    capacityMinutes: 720,
    applicationWindow: { state: 'open', message: 'Applications close at 23:59 on Mon 15 Jun.' },
    createdAt: '2026-05-01T00:00:00.000Z',
    updatedAt: '2026-05-01T00:00:00.000Z',
    ...overrides,
  }
}

export function buildApplication(overrides: Partial<Application> = {}): Application {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    eventId: crypto.randomUUID(),
    band: { id: crypto.randomUUID(), name: `Band ${sequence}` },
    members: [{ id: crypto.randomUUID(), displayName: `Member ${sequence}`, part: 'Guitar', isLeader: true }],
    submittedBy: { id: crypto.randomUUID(), displayName: `Member ${sequence}` },
    songs: [{ title: 'Song', artist: 'Artist', length: '4:00' }],
    requestedMinutes: 20,
    preferredDay: null,
    unavailable: [],
    needs: '',
    message: '',
    status: 'submitted',
    reviewNote: null,
    reviewedBy: null,
    reviewedAt: null,
    submittedAt: '2026-06-01T01:00:00.000Z',
    updatedAt: '2026-06-01T01:00:00.000Z',
    canEdit: true,
    ...overrides,
  }
}

/** The running totals for a list of applications, as the server computes them. */
export function summaryOf(event: LiveEvent, applications: ReadonlyArray<Application>): ApplicationSummary {
  const counts = { submitted: 0, accepted: 0, waitlisted: 0, rejected: 0, withdrawn: 0 }
  for (const application of applications) counts[application.status] += 1
  const stageDays = event.days.reduce((total, day) => total + day.stages.length, 0)
  return {
    counts,
    acceptedMinutes: applications.filter((a) => a.status === 'accepted').reduce((total, a) => total + a.requestedMinutes, 0),
    acceptedChangeoverMinutes: Math.max(0, counts.accepted - stageDays) * event.changeoverMinutes,
    capacityMinutes: event.capacityMinutes,
    bandLimit: event.bandLimit,
  }
}

export function buildParticipant(overrides: Partial<Participant> = {}): Participant {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    displayName: `Member ${sequence}`,
    grade: '2nd year',
    parts: ['Guitar'],
    bands: [{ id: crypto.randomUUID(), name: `Band ${sequence}`, part: 'Guitar' }],
    details: null,
    ...overrides,
  }
}

export function buildAcceptedBand(overrides: Partial<AcceptedBand> = {}): AcceptedBand {
  sequence += 1
  return {
    id: crypto.randomUUID(),
    name: `Band ${sequence}`,
    applicationId: crypto.randomUUID(),
    requestedMinutes: 20,
    members: [{ id: crypto.randomUUID(), displayName: `Member ${sequence}`, part: 'Guitar', isLeader: true }],
    slots: [],
    ...overrides,
  }
}

export const livesHandlers: HttpHandler[] = [
  http.get('/api/events/current', () => HttpResponse.json({ academicYear: 2026, event: null })),
  http.get('/api/events', () => HttpResponse.json({ items: [] })),
]
