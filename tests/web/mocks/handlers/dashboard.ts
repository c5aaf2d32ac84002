import { http, HttpResponse } from 'msw'
import type { ClubDashboard, Dashboard } from '@/contract/dashboard'
import type { SessionUser } from '@/contract/auth'
import { knownUser } from './auth'

/**
 * The signed-in user, as the server would know them from the token: tests sign people in
 * through localStorage (render-app.tsx), so the answer names whoever the test signed in.
 */
function signedInUser(): SessionUser {
  const saved = localStorage.getItem('user')
  return saved ? (JSON.parse(saved) as SessionUser) : knownUser
}

/** A dashboard with every card empty (a new member), with the given parts filled in. */
export function buildDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    user: signedInUser(),
    today: '2026-06-01',
    now: new Date().toISOString(),
    bookings: [],
    bands: [],
    openLives: [],
    performances: [],
    feedback: [],
    allocationRounds: [],
    notices: { unread: 0, latest: [] },
    newFiles: [],
    missingInfo: [],
    ...overrides,
  }
}

export function buildClubDashboard(overrides: Partial<ClubDashboard> = {}): ClubDashboard {
  const days = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07']
  return {
    weekStart: days[0]!,
    days,
    periods: [],
    roomUse: [],
    weeks: ['2026-04-13', '2026-04-20', '2026-04-27', '2026-05-04', '2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01'],
    bookingsPerBand: [],
    membersByPart: [],
    activeMembers: 0,
    applicationsPerLive: [],
    allocationRounds: [],
    ...overrides,
  }
}

export const dashboardHandlers = [
  http.get('/api/health', () => HttpResponse.json({ status: 'ok', database: 'up' })),
  http.get('/api/dashboard', () => HttpResponse.json(buildDashboard())),
  http.get('/api/dashboard/club', () => HttpResponse.json(buildClubDashboard())),
]
