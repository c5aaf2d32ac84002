import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { buildDashboard } from '../../mocks/handlers/dashboard'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'
import { timeLeft } from '@/features/dashboard/dashboard-cards'
import type { Dashboard } from '@/contract/dashboard'

const me = buildUser({ displayName: 'Hana Sato' })
const ben = { id: crypto.randomUUID(), displayName: 'Ben Ito' }
const owls = { id: crypto.randomUUID(), name: 'Night Owls' }
const HOUR = 60 * 60 * 1000

function fullDashboard(): Dashboard {
  return buildDashboard({
    user: me,
    bookings: [
      { id: crypto.randomUUID(), date: '2026-06-02', periodLabel: '3rd', startsAt: '13:00', endsAt: '14:30', roomName: 'Studio A', kind: 'band', band: owls, people: [{ id: me.id, displayName: 'Hana Sato' }, ben] },
      { id: crypto.randomUUID(), date: '2026-06-03', periodLabel: '1st', startsAt: '09:00', endsAt: '10:30', roomName: 'Hall', kind: 'personal', band: null, people: [{ id: me.id, displayName: 'Hana Sato' }] },
    ],
    bands: [{ ...owls, status: 'active', part: 'Bass', isLeader: true, members: [{ id: me.id, displayName: 'Hana Sato', part: 'Bass' }, { ...ben, part: 'Drums' }] }],
    openLives: [
      {
        id: crypto.randomUUID(),
        kind: 'seasonal',
        season: 'summer',
        title: 'Summer Live',
        firstDay: '2026-07-18',
        applicationClosesAt: new Date(Date.now() + 2 * 24 * HOUR + 5 * HOUR + 30_000).toISOString(),
        closesLabel: '23:59 on Wed 3 Jun',
        applications: [{ id: crypto.randomUUID(), band: owls, status: 'submitted' }],
      },
      { id: crypto.randomUUID(), kind: 'festival', season: null, title: 'School Festival', firstDay: '2026-11-02', applicationClosesAt: new Date(Date.now() + 10 * 24 * HOUR).toISOString(), closesLabel: '23:59 on Fri 12 Jun', applications: [] },
    ],
    performances: [{ applicationId: crypto.randomUUID(), event: { id: crypto.randomUUID(), title: 'Spring Live' }, band: owls, date: '2026-07-18', stage: 'Main', start: '14:00', end: '14:25' }],
    feedback: [{ id: crypto.randomUUID(), event: { id: crypto.randomUUID(), title: 'Spring Live' }, band: owls, body: 'Loved the second song!', author: null, createdAt: '2026-05-31T10:00:00Z' }],
    allocationRounds: [{ id: crypto.randomUUID(), weekStart: '2026-06-08', closesAt: new Date(Date.now() + 5 * HOUR + 30_000).toISOString(), closesLabel: '23:59 on Wed 3 Jun', wishes: [{ band: owls, count: 2, wants: 1 }] }],
    notices: { unread: 4, latest: [{ id: crypto.randomUUID(), title: 'Night Owls received feedback', link: '/feedback-list?tab=received', createdAt: '2026-05-31T10:00:00Z' }] },
    newFiles: [{ id: crypto.randomUUID(), name: 'Rules 2026.pdf', createdAt: '2026-05-30T00:00:00Z' }],
    missingInfo: ['studentNumber'],
  })
}

const region = (name: string) => screen.findByRole('region', { name })

describe('/dashboard', () => {
  it('shows a member’s cards from one request: bookings with who plays, lives with a countdown, times, bands, feedback', async () => {
    let calls = 0
    server.use(
      http.get('/api/dashboard', () => {
        calls += 1
        return HttpResponse.json(fullDashboard())
      }),
    )
    renderApp('/dashboard', { user: me })
    expect(await screen.findByRole('heading', { name: 'Hello, Hana Sato' })).toBeInTheDocument()

    const bookings = within(await region('My next bookings')).getAllByRole('listitem')
    expect(bookings.map((item) => item.textContent)).toEqual(['Tue 2 Jun, 13:00–14:30 · Studio ANight Owls: Hana Sato, Ben Ito', 'Wed 3 Jun, 09:00–10:30 · HallPersonal practice: Hana Sato'])

    const lives = within(await region('Lives taking applications'))
    expect(lives.getByText('Closes in 2 days 5 hours (23:59 on Wed 3 Jun)')).toBeInTheDocument()
    expect(lives.getByText('Applications close at 23:59 on Fri 12 Jun.')).toBeInTheDocument()
    expect(lives.getByText('Night Owls: submitted')).toBeInTheDocument()
    expect(lives.getByRole('link', { name: 'Open the application form for Summer Live' }).getAttribute('href')).toMatch(/^\/seasonal-live-application\/summer\?eventId=/)
    expect(lives.getByRole('link', { name: 'Apply to School Festival' }).getAttribute('href')).toMatch(/^\/festival-application-form\?eventId=/)

    expect(within(await region('My performance times')).getByRole('listitem')).toHaveTextContent('Sat 18 Jul, 14:00–14:25 · MainNight Owls at Spring Live')
    const bands = within(await region('My bands'))
    expect(bands.getByRole('link', { name: 'Night Owls' })).toHaveAttribute('href', `/bands/edit/${owls.id}`)
    expect(bands.getByText('Leader, Bass · 2 members')).toBeInTheDocument()
    expect(within(await region('Feedback my bands received')).getByRole('listitem')).toHaveTextContent('Night Owls at Spring Live · AnonymousLoved the second song!')
    expect(screen.getByRole('heading', { name: 'Complete your details for the university' })).toBeInTheDocument()
    expect(screen.getByText('Still missing: student number.')).toBeInTheDocument()

    const allocation = within(await region('Room allocation'))
    expect(allocation.getByText('Wishes close in 5 hours (23:59 on Wed 3 Jun)')).toBeInTheDocument()
    expect(allocation.getByText('Night Owls: 2 wishes for 1 period')).toBeInTheDocument()
    expect(allocation.getByRole('link', { name: 'Send or change your wishes' }).getAttribute('href')).toMatch(/^\/room-allocation-list\?round=/)
    const notices = within(await region('Notices'))
    expect(notices.getByText('4 unread notices')).toBeInTheDocument()
    expect(notices.getByRole('link', { name: 'Night Owls received feedback' })).toHaveAttribute('href', '/feedback-list?tab=received')
    expect(within(await region('New files')).getByRole('listitem')).toHaveTextContent('Rules 2026.pdfSat 30 May')
    expect(calls).toBe(1)
  })

  it('gives a new member each card’s empty state with the action that fills it', async () => {
    renderApp('/dashboard', { user: me })
    const bookings = await region('My next bookings')
    expect(within(bookings).getByText('No room booked for you or your bands.')).toBeInTheDocument()
    expect(within(bookings).getByRole('link', { name: 'Book a room' })).toHaveAttribute('href', '/room-booking-form')
    expect(within(await region('My bands')).getByRole('link', { name: 'Register your first band' })).toHaveAttribute('href', '/band-registration-form')
    expect(within(await region('Lives taking applications')).getByText('No live is taking applications right now.')).toBeInTheDocument()
    expect(within(await region('My performance times')).getByText('No performance times published for your bands yet.')).toBeInTheDocument()
    expect(within(await region('Feedback my bands received')).getByRole('link', { name: 'Register a band' })).toHaveAttribute('href', '/band-registration-form')
    expect(screen.queryByRole('heading', { name: 'Complete your details for the university' })).not.toBeInTheDocument()
    expect(within(await region('Room allocation')).getByRole('link', { name: 'See the rounds and their results' })).toHaveAttribute('href', '/room-allocation-list')
    expect(within(await region('Notices')).getByText('No unread notices.')).toBeInTheDocument()
    expect(within(await region('New files')).getByRole('link', { name: 'Browse the club’s files' })).toHaveAttribute('href', '/files')
  })

  it('follows a notice’s link inside the app', async () => {
    const dashboard = fullDashboard()
    dashboard.notices.latest = [{ id: crypto.randomUUID(), title: 'Your band changed', link: '/user-bands?from=notice', createdAt: '2026-05-31T10:00:00Z' }]
    server.use(http.get('/api/dashboard', () => HttpResponse.json(dashboard)))
    const { user, router } = renderApp('/dashboard', { user: me })
    await user.click(within(await region('Notices')).getByRole('link', { name: 'Your band changed' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-bands'))
    expect(await screen.findByRole('heading', { name: 'My bands' })).toBeInTheDocument()
  })

  it('asks a member without a band to register one before applying', async () => {
    const dashboard = fullDashboard()
    server.use(http.get('/api/dashboard', () => HttpResponse.json({ ...dashboard, bands: [], openLives: [{ ...dashboard.openLives[1]! }] })))
    renderApp('/dashboard', { user: me })
    const lives = within(await region('Lives taking applications'))
    expect(lives.getByRole('link', { name: 'Register a band to apply' })).toHaveAttribute('href', '/band-registration-form')
    expect(lives.queryByRole('link', { name: /Apply to/ })).not.toBeInTheDocument()
  })

  it('says when the dashboard could not be loaded, and tries again', async () => {
    let fail = true
    server.use(
      http.get('/api/dashboard', () =>
        fail ? HttpResponse.json({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Try again in a minute.' } }, { status: 429 }) : HttpResponse.json(fullDashboard()),
      ),
    )
    const { user } = renderApp('/dashboard', { user: me })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your dashboard could not be loaded.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await region('My next bookings')).toBeInTheDocument()
  })

  it('shows the last-seen dashboard offline, marked as such', async () => {
    server.use(http.get('/api/dashboard', () => HttpResponse.json(fullDashboard())))
    renderApp('/dashboard', { user: me })
    await region('My next bookings')
    act(() => onlineManager.setOnline(false))
    try {
      expect(await screen.findByRole('note')).toHaveTextContent(/^Offline: this is your dashboard as last seen at \d\d:\d\d\.$/)
      expect(screen.getByRole('region', { name: 'My next bookings' })).toHaveTextContent('Studio A')
    } finally {
      act(() => onlineManager.setOnline(true))
    }
  })

  it('says offline that a dashboard never saved needs a connection', async () => {
    // The app reads navigator.onLine when it starts, as a phone opened offline would.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      renderApp('/dashboard', { user: me })
      expect(await screen.findByText(/Your dashboard has not been saved on this device yet/)).toBeInTheDocument()
      expect(screen.queryByRole('region', { name: 'My next bookings' })).not.toBeInTheDocument()
    } finally {
      onLine.mockRestore()
      act(() => onlineManager.setOnline(true))
    }
  })

  it('links executives to the club at a glance, not members', async () => {
    renderApp('/dashboard', { user: buildUser({ displayName: 'Emi Exec', isExecutive: true }) })
    expect(await screen.findByRole('link', { name: 'See the club at a glance' })).toHaveAttribute('href', '/dashboard2')
  })
})

describe('timeLeft', () => {
  it('says the time left in days and hours, hours and minutes, or minutes', () => {
    expect(timeLeft(2 * 24 * HOUR + 5 * HOUR + 59_000)).toBe('2 days 5 hours')
    expect(timeLeft(24 * HOUR)).toBe('1 day')
    expect(timeLeft(3 * HOUR + 12 * 60_000)).toBe('3 hours 12 minutes')
    expect(timeLeft(HOUR)).toBe('1 hour')
    expect(timeLeft(30_000)).toBe('1 minute')
  })
})
