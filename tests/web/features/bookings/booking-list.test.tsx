import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { addDays, dayLabel } from '@/contract/calendar'
import { server } from '../../mocks/server'
import { buildBooking, buildRoom, clubToday, createBookingsApi } from '../../mocks/handlers/bookings'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })
const studioA = buildRoom({ name: 'Studio A' })
const studioB = buildRoom({ name: 'Studio B' })
const soon = addDays(clubToday(), 2)
const lastWeek = addDays(clubToday(), -7)

function setup() {
  const upcoming = buildBooking({
    roomId: studioA.id,
    roomName: 'Studio A',
    date: soon,
    periodLabel: '1st',
    kind: 'band',
    band: { id: crypto.randomUUID(), name: 'The Rolling Scones' },
    bookedBy: { id: me.id, displayName: 'Hana Sato' },
  })
  const past = buildBooking({ roomId: studioB.id, roomName: 'Studio B', date: lastWeek, periodLabel: '3rd', startsAt: '13:00', endsAt: '14:30', canCancel: false })
  const api = createBookingsApi({ rooms: [studioA, studioB], bookings: [upcoming, past], me })
  server.use(...api.handlers)
  return { api, upcoming, past }
}

async function open(path: string, user = me) {
  const rendered = renderApp(path, { user })
  await screen.findByRole('heading', { name: 'Room bookings', level: 1 })
  return rendered
}

describe('/room-booking-list', () => {
  it('shows my upcoming bookings, and my past ones on request', async () => {
    const { api } = setup()
    const { user, router } = await open('/room-booking-list')
    const table = await screen.findByRole('table', { name: 'Bookings' })
    const row = within(table).getByRole('row', { name: /The Rolling Scones/ })
    expect(row).toHaveTextContent(`${dayLabel(soon)} · 1st period · 09:00–10:30`)
    expect(row).toHaveTextContent('Studio A')
    expect(row).toHaveTextContent('Hana Sato')
    expect(Object.fromEntries(api.state.listRequests.at(-1)!.searchParams)).toMatchObject({ scope: 'mine', when: 'upcoming', page: '1' })
    expect(screen.getByRole('button', { name: 'Upcoming' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(screen.getByRole('button', { name: 'Past' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ when: 'past' }))
    await waitFor(() => expect(api.state.listRequests.at(-1)?.searchParams.get('when')).toBe('past'))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Bookings' })).getByText('Studio B')).toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Past' })).toHaveAttribute('aria-pressed', 'true')
    // A past booking cannot be cancelled.
    expect(within(screen.getByRole('table', { name: 'Bookings' })).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument()
  })

  it('cancels a booking after asking, then shows it cancelled', async () => {
    const { api, upcoming } = setup()
    const { user } = await open('/room-booking-list')
    const slot = `Studio A, 1st period, ${dayLabel(soon)}`
    await user.click(await screen.findByRole('button', { name: `Cancel ${slot}` }))

    const dialog = await screen.findByRole('dialog', { name: `Cancel the booking of ${slot}?` })
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.state.cancelled).toEqual([])

    await user.click(screen.getByRole('button', { name: `Cancel ${slot}` }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel booking' }))
    await waitFor(() => expect(api.state.cancelled).toEqual([upcoming.id]))
    expect(await screen.findByText(`Cancelled ${slot}`)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const row = within(screen.getByRole('table', { name: 'Bookings' })).getByRole('row', { name: /The Rolling Scones/ })
    expect(within(row).getByText('Cancelled')).toBeInTheDocument()
    expect(within(row).queryByRole('button')).not.toBeInTheDocument()
  })

  it('keeps the dialog open with the server’s reason when cancelling is refused', async () => {
    const { api } = setup()
    const { user } = await open('/room-booking-list')
    await user.click(await screen.findByRole('button', { name: /^Cancel Studio A/ }))
    api.state.nextError = { status: 409, code: 'BOOKING_STARTED', message: 'This booking has already started and can no longer be cancelled.' }
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This booking has already started and can no longer be cancelled.')
    expect(api.state.cancelled).toEqual([])
  })

  it('gives members neither “Everyone” nor filters, even from a hand-edited URL', async () => {
    const { api } = setup()
    await open('/room-booking-list?scope=all&kind=band&when=any')
    await screen.findByRole('table', { name: 'Bookings' })
    expect(screen.queryByRole('button', { name: 'Everyone' })).not.toBeInTheDocument()
    expect(screen.queryByRole('search', { name: 'Filter bookings' })).not.toBeInTheDocument()
    expect(Object.fromEntries(api.state.listRequests.at(-1)!.searchParams)).toEqual({ scope: 'mine', when: 'upcoming', page: '1', pageSize: '20' })
  })

  it('lets executives see everyone’s bookings, filtered, with the filters in the URL', async () => {
    const { api } = setup()
    const { user, router } = await open('/room-booking-list', executive)
    await screen.findByRole('table', { name: 'Bookings' })
    expect(screen.getByRole('button', { name: 'Mine' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(screen.getByRole('button', { name: 'Everyone' }))
    await waitFor(() => expect(api.state.listRequests.at(-1)?.searchParams.get('scope')).toBe('all'))

    const filters = screen.getByRole('search', { name: 'Filter bookings' })
    await user.selectOptions(within(filters).getByLabelText('Room'), studioA.id)
    await user.selectOptions(within(filters).getByLabelText('Kind'), 'band')
    await user.type(within(filters).getByLabelText('Band or person'), 'scones')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ scope: 'all', roomId: studioA.id, kind: 'band', q: 'scones' }))
    await waitFor(() =>
      expect(Object.fromEntries(api.state.listRequests.at(-1)!.searchParams)).toMatchObject({ scope: 'all', roomId: studioA.id, kind: 'band', q: 'scones' }),
    )
  })

  describe('CSV export', () => {
    // jsdom has no blob URLs and cannot follow a download link: stand-ins, restored afterwards.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL }
    let click: MockInstance
    beforeEach(() => {
      URL.createObjectURL = vi.fn(() => 'blob:bookings')
      URL.revokeObjectURL = vi.fn()
      click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    })
    afterEach(() => {
      Object.assign(URL, original)
      click.mockRestore()
    })

    it('exports with the current filters', async () => {
      const { api } = setup()
      const { user } = await open(`/room-booking-list?scope=all&when=past&roomId=${studioB.id}&status=cancelled`, executive)
      await screen.findByText('No bookings match.')
      await user.click(screen.getByRole('button', { name: 'Export CSV' }))
      await waitFor(() => expect(api.state.exportRequests).toHaveLength(1))
      expect(Object.fromEntries(api.state.exportRequests[0]!.searchParams)).toEqual({ scope: 'all', when: 'past', roomId: studioB.id, status: 'cancelled' })
      expect(URL.createObjectURL).toHaveBeenCalled()
      expect(click).toHaveBeenCalledTimes(1)
    })
  })

  it('invites to book a room when there is nothing upcoming', async () => {
    const api = createBookingsApi({ me })
    server.use(...api.handlers)
    await open('/room-booking-list')
    const empty = (await screen.findByText('No upcoming bookings.')).parentElement!
    expect(within(empty).getByRole('link', { name: 'Book a room' })).toHaveAttribute('href', '/room-booking-form')
  })
})
