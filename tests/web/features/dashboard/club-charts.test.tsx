import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { buildClubDashboard } from '../../mocks/handlers/dashboard'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const executive = buildUser({ displayName: 'Emi Exec', isExecutive: true })
const studio = { id: crypto.randomUUID(), name: 'Studio A' }
const hall = { id: crypto.randomUUID(), name: 'Hall' }
const third = { id: crypto.randomUUID(), label: '3rd' }
const owls = { id: crypto.randomUUID(), name: 'Night Owls' }

beforeAll(() => {
  // jsdom lays nothing out; recharts' `responsive` charts watch their size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})

const club = buildClubDashboard({
  periods: [third],
  roomUse: [
    { room: studio, cells: [{ date: '2026-06-02', periodId: third.id, kind: 'band' }] },
    { room: hall, cells: [{ date: '2026-06-02', periodId: third.id, kind: 'personal' }, { date: '2026-06-03', periodId: third.id, kind: 'block' }] },
  ],
  bookingsPerBand: [{ band: owls, counts: [1, 0, 0, 0, 0, 0, 1, 2], total: 4 }],
  membersByPart: [
    { part: 'Vocal', counts: { 1: 2, 2: 1, 3: 0, 4: 0, graduate: 0, incoming: 0 }, total: 3 },
    { part: 'Drums', counts: { 1: 0, 2: 0, 3: 0, 4: 1, graduate: 0, incoming: 0 }, total: 1 },
  ],
  activeMembers: 4,
  applicationsPerLive: [{ event: { id: crypto.randomUUID(), title: 'Summer Live' }, counts: { submitted: 3, accepted: 2, waitlisted: 1, rejected: 0, withdrawn: 1 } }],
  allocationRounds: [
    { id: crypto.randomUUID(), weekStart: '2026-06-08', status: 'open', bands: 5, asked: 9, offered: 40, given: null },
    { id: crypto.randomUUID(), weekStart: '2026-06-01', status: 'published', bands: 7, asked: 12, offered: 38, given: 10 },
  ],
})

describe('/dashboard2 account', () => {
  it('gives an executive’s position as the role, not “Member”', async () => {
    server.use(
      http.get('/api/dashboard/club', () => HttpResponse.json(club)),
      http.get('/api/profile', () =>
        HttpResponse.json({
          user: executive,
          grade: '3',
          gradeLabel: '3rd year',
          positions: [
            { name: 'President', termYear: 2026, current: true },
            { name: 'Treasurer', termYear: 2025, current: false },
          ],
          bands: [],
        }),
      ),
    )
    renderApp('/dashboard2', { user: executive })
    const account = await screen.findByRole('region', { name: 'Your account' }, { timeout: 15_000 })
    const role = () => within(account).getByText('Role').nextElementSibling
    await waitFor(() => expect(role()).toHaveTextContent(/^President$/))
  })
})

describe('/dashboard2 charts', () => {
  it('shows an executive room use as a heat map table, per room on request', async () => {
    server.use(http.get('/api/dashboard/club', () => HttpResponse.json(club)))
    const { user } = renderApp('/dashboard2', { user: executive })
    // The first test of the file pays the cold import of the lazy route and its charts chunk:
    // 4.4 s once in a full suite on a slow machine, so this first wait is longer.
    const heat = await screen.findByRole('region', { name: 'Room use this week' }, { timeout: 15_000 })
    const table = within(heat).getByRole('table')
    const row = within(table).getByRole('row', { name: /^3rd/ })
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0/2', '2/2', '1/2', '0/2', '0/2', '0/2', '0/2'])
    await user.selectOptions(within(heat).getByLabelText('Room'), 'Hall')
    expect(within(within(heat).getByRole('row', { name: /^3rd/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Free', 'Personal', 'Closed', 'Free', 'Free', 'Free', 'Free'])
  })

  it('gives every chart its numbers as a table behind a keyboard toggle', async () => {
    server.use(http.get('/api/dashboard/club', () => HttpResponse.json(club)))
    const { user } = renderApp('/dashboard2', { user: executive })
    const perBand = await screen.findByRole('region', { name: 'Bookings per band, last 8 weeks' })
    expect(perBand).toHaveTextContent('4 band bookings by 1 bands; the busiest: Night Owls (4).')
    const toggle = within(perBand).getByRole('button', { name: 'Show as a table' })
    expect(within(perBand).queryByRole('table')).not.toBeInTheDocument()
    toggle.focus()
    await user.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const owlsRow = within(within(perBand).getByRole('table')).getByRole('row', { name: /^Night Owls/ })
    expect(within(owlsRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '0', '0', '0', '0', '0', '1', '2', '4'])

    const members = screen.getByRole('region', { name: 'Members by part and grade' })
    await user.click(within(members).getByRole('button', { name: 'Show as a table' }))
    const memberTable = within(members).getByRole('table')
    expect(within(memberTable).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Part', '1st year', '2nd year', '4th year', 'Total'])
    expect(within(within(memberTable).getByRole('row', { name: /^Vocal/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '1', '0', '3'])

    const lives = screen.getByRole('region', { name: 'Applications per live' })
    await user.click(within(lives).getByRole('button', { name: 'Show as a table' }))
    expect(within(within(lives).getByRole('table')).getByRole('row', { name: /^Summer Live/ })).toHaveTextContent('Summer Live32101')

    const rounds = screen.getByRole('region', { name: 'Allocation rounds: demand and supply' })
    expect(rounds).toHaveTextContent('Latest round, w/c 8 Jun (open for wishes): 5 bands asked for 9 periods, with 40 free in the rooms of the round; nothing given yet.')
    await user.click(within(rounds).getByRole('button', { name: 'Show as a table' }))
    const roundTable = within(rounds).getByRole('table')
    expect(within(roundTable).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Round', 'Periods asked', 'Periods free', 'Periods given'])
    expect(within(within(roundTable).getByRole('row', { name: /^w\/c 8 Jun/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['9', '40', 'Not yet'])
    expect(within(within(roundTable).getByRole('row', { name: /^w\/c 1 Jun/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['12', '38', '10'])
  })

  it('shows each chart’s empty state when the club has no data yet', async () => {
    renderApp('/dashboard2', { user: executive })
    expect(await screen.findByText('No rooms or periods are set up yet.')).toBeInTheDocument()
    expect(screen.getByText('No band has booked a room in the last 8 weeks.')).toBeInTheDocument()
    expect(screen.getByText('No active members yet.')).toBeInTheDocument()
    expect(screen.getByText('No live is planned yet.')).toBeInTheDocument()
    expect(screen.getByText('No allocation round has opened yet.')).toBeInTheDocument()
  })

  it('says when the charts could not be loaded', async () => {
    server.use(http.get('/api/dashboard/club', () => HttpResponse.json({ error: { code: 'RATE_LIMITED', message: 'Too many requests.' } }, { status: 429 })))
    renderApp('/dashboard2', { user: executive })
    expect(await screen.findByText('The club’s charts could not be loaded.')).toBeInTheDocument()
  })

  it('shows members the overview without the charts, and never asks for them', async () => {
    let asked = false
    server.use(
      http.get('/api/dashboard/club', () => {
        asked = true
        return HttpResponse.json(club)
      }),
    )
    renderApp('/dashboard2', { user: buildUser() })
    expect(await screen.findByRole('heading', { name: 'Club overview' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'The club at a glance' })).not.toBeInTheDocument()
    expect(asked).toBe(false)
  })
})
