import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import { buildBandResult, buildBandWishes, buildCell, buildRound, createAllocationApi, periods, rooms } from '../../mocks/handlers/allocation'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })

const lostReason = 'Studio A, Tue 1 Dec, 6th period went to Midnight Train (higher priority: they missed out the last two weeks).'

function publishedRound(weekStart = '2026-11-30') {
  return buildRound({ weekStart, status: 'published', wishesEditable: false, ranAt: '2026-11-26T11:00:05Z', publishedAt: '2026-11-26T12:00:00Z', bandsServed: 2 })
}

const blueHourResult = () =>
  buildBandResult({
    bandName: 'Blue Hour',
    asked: 2,
    received: 1,
    pointsBefore: 0,
    pointsAfter: 1,
    periods: [buildCell({ bandName: 'Blue Hour', roomId: rooms.roomB.id, roomName: 'Room B', date: '2026-11-30', periodId: periods.sixth.id, periodLabel: '6th', rank: 2 })],
    unmet: [{ rank: 1, roomId: rooms.studioA.id, roomName: 'Studio A', date: '2026-12-01', periodId: periods.sixth.id, periodLabel: '6th', reason: lostReason }],
  })

async function open(path = '/room-allocation-list') {
  const rendered = renderApp(path, { user: me })
  await screen.findByRole('heading', { level: 1, name: 'Room allocation' })
  return rendered
}

describe('/room-allocation-list: my results', { timeout: 20_000 }, () => {
  it('shows what each band received and why each lost wish went elsewhere', async () => {
    const api = createAllocationApi({ current: publishedRound(), results: [blueHourResult(), buildBandResult({ bandName: 'Night Owls', asked: 1, received: 0, pointsBefore: 4, pointsAfter: 6 })] })
    server.use(...api.handlers)
    await open()
    expect(await screen.findByRole('heading', { level: 2, name: 'Your bands’ results' })).toBeInTheDocument()

    const blueHour = await screen.findByRole('region', { name: 'Blue Hour' })
    expect(blueHour).toHaveTextContent('Received 1 period of the 2 asked for.')
    expect(within(within(blueHour).getByRole('list', { name: 'Rooms for Blue Hour' })).getByRole('listitem')).toHaveTextContent('Room B, Mon 30 Nov, 6th period (your 2nd wish)')
    const lost = within(within(blueHour).getByRole('list', { name: 'Wishes not met for Blue Hour' })).getByRole('listitem')
    expect(lost).toHaveTextContent('1st wish: Studio A, Tue 1 Dec, 6th period')
    expect(lost).toHaveTextContent(lostReason)
    expect(blueHour).toHaveTextContent('Priority points 0 → 1: your band’s wishes weigh more in the next rounds.')
    expect(within(blueHour).getByRole('link', { name: 'See them in your bookings' })).toHaveAttribute('href', '/room-booking-list')

    const nightOwls = screen.getByRole('region', { name: 'Night Owls' })
    expect(nightOwls).toHaveTextContent('No room this week (1 period asked for).')
    expect(nightOwls).toHaveTextContent('Priority points 4 → 6')
  })

  it('opens a past round from the list of rounds and comes back to this week’s', async () => {
    const current = buildRound({ weekStart: '2026-12-07', closesAt: new Date(Date.now() + 86_400_000).toISOString() })
    const past = publishedRound('2026-11-30')
    const api = createAllocationApi({ current, past: [past], myBands: [buildBandWishes({ bandName: 'Blue Hour' })], results: [blueHourResult()] })
    server.use(...api.handlers)
    const { user, router } = await open()
    await screen.findByRole('heading', { level: 3, name: 'Blue Hour' })

    const rounds = screen.getByRole('navigation', { name: 'Rounds' })
    expect(within(rounds).getByRole('link', { name: 'Week of 7–13 Dec 2026 (this round)' })).toHaveAttribute('aria-current', 'page')
    await user.click(within(rounds).getByRole('link', { name: 'Week of 30 Nov – 6 Dec 2026' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ round: past.id }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of 30 Nov – 6 Dec 2026' })).toBeInTheDocument()
    expect(await screen.findByText(lostReason)).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Back to this week’s round' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of 7–13 Dec 2026' })).toBeInTheDocument()
  })

  it('says so when my bands listed no wishes in a published round', async () => {
    const api = createAllocationApi({ current: publishedRound(), results: [] })
    server.use(...api.handlers)
    await open()
    expect(await screen.findByText('Your bands listed no wishes in this round.')).toBeInTheDocument()
  })
})
