import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import {
  buildScheduleEntry,
  buildSchedulePeriod,
  buildScheduleRoom,
  buildWeekSchedule,
  createRoomScheduleApi,
} from '../../mocks/handlers/room-schedule'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'
import { asPhone } from '../../support/phone'

const me = buildUser({ displayName: 'Hana Sato' })

const studioA = buildScheduleRoom({ name: 'Studio A' })
const studioB = buildScheduleRoom({ name: 'Studio B' })
const oldRoom = buildScheduleRoom({ name: 'Old Room', active: false })
const first = buildSchedulePeriod({ label: '1st', startsAt: '09:00', endsAt: '10:30' })
const second = buildSchedulePeriod({ label: '2nd', startsAt: '13:00', endsAt: '14:30' })

/**
 * Week of Mon 11 May 2026; now is Tue 12 May 12:00 in Tokyo, so Tuesday's 1st period has
 * started and its 2nd has not; bookings open until Sat 16 May.
 */
function setup() {
  const schedule = buildWeekSchedule({
    rooms: [studioA, studioB, oldRoom],
    periods: [first, second],
    entries: [
      buildScheduleEntry({ room: studioA, date: '2026-05-13', period: first }, { label: 'The Night Owls', mine: true }),
      buildScheduleEntry({ room: studioB, date: '2026-05-13', period: first }, { label: 'Morning Larks' }),
      buildScheduleEntry({ room: studioA, date: '2026-05-14', period: second }, { kind: 'personal', label: 'Aoi Tanaka', bandId: null }),
    ],
    blackouts: [
      { date: '2026-05-15', roomId: studioB.id, reason: 'Floor repairs' },
      { date: '2026-05-16', roomId: null, reason: 'Campus festival' },
    ],
  })
  const api = createRoomScheduleApi({ schedule })
  server.use(...api.handlers)
  return api
}

/** The slot element (link or focusable span) that holds a text. */
const slotWith = (text: string) => screen.getAllByText(text)[0]!.closest<HTMLElement>('[data-slot-row]')!

describe('/room-schedule (wide screens: the week table)', () => {
  it('shows rooms × days × periods with bookings, my booking marked, closures and free slots', async () => {
    setup()
    renderApp('/room-schedule', { user: me })
    expect(await screen.findByRole('heading', { name: 'Room schedule', level: 1 })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })
    expect(screen.getByRole('heading', { name: '11–17 May 2026', level: 2 })).toBeInTheDocument()

    const columns = within(table).getAllByRole('columnheader').map((header) => header.textContent)
    expect(columns).toEqual(['Period', 'Mon 11 May', 'Tue 12 MayToday', 'Wed 13 May', 'Thu 14 May', 'Fri 15 May', 'Sat 16 May', 'Sun 17 May'])
    expect(within(table).getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['1st09:00–10:30', '2nd13:00–14:30'])

    // Mine: in words, not only by colour; others' bookings are not marked.
    expect(slotWith('The Night Owls')).toHaveTextContent('Wed 13 May, 1st: Studio A: The Night OwlsMine')
    expect(slotWith('Morning Larks')).not.toHaveTextContent('Mine')
    expect(slotWith('Aoi Tanaka')).toHaveTextContent('Aoi Tanaka: Personal practice')
    expect(within(table).getAllByText('Mine')).toHaveLength(1)

    // Closures: a room's blackout, an all-rooms blackout, an inactive room.
    expect(slotWith('Floor repairs')).toHaveTextContent('Fri 15 May, 1st: Studio B: Closed: Floor repairs')
    expect(within(table).getAllByText('Campus festival')).toHaveLength(6)
    expect(within(table).getAllByText('Room closed').length).toBeGreaterThan(0)

    // A free slot opens the booking form with the slot filled in.
    const free = screen.getByRole('link', { name: 'Book Studio A, 2nd period, Tue 12 May' })
    const href = new URL(free.getAttribute('href')!, 'http://localhost')
    expect(href.pathname).toBe('/room-booking-form')
    expect(Object.fromEntries(href.searchParams)).toEqual({ roomId: studioA.id, date: '2026-05-12', periodId: second.id })

    // Started, past and beyond the horizon: plain text, never a link.
    expect(screen.queryByRole('link', { name: 'Book Studio A, 1st period, Tue 12 May' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Mon 11 May$/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Sun 17 May$/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Old Room/ })).not.toBeInTheDocument()
    expect(within(table).getAllByText('Not open yet')).toHaveLength(4)
    // Free: Tue 2nd (A, B), Wed 2nd (A, B), Thu 1st (A, B) and 2nd (B), Fri 1st and 2nd (A).
    expect(within(table).getAllByRole('link')).toHaveLength(9)
  })

  it('marks the cells held for an allocation round and says why and when they open', async () => {
    const message =
      'The rooms and periods marked for the allocation round are given out by the allocation round for the week of 11–17 May 2026; what no band receives opens for booking when the results are published.'
    const schedule = buildWeekSchedule({
      rooms: [studioA, studioB],
      periods: [first, second],
      entries: [buildScheduleEntry({ room: studioA, date: '2026-05-13', period: second }, { label: 'The Night Owls', mine: true })],
      blackouts: [{ date: '2026-05-15', roomId: null, reason: 'Campus festival' }],
      allocationHold: { roomIds: [studioA.id], periodIds: [second.id], message },
    })
    server.use(...createRoomScheduleApi({ schedule }).handlers)
    renderApp('/room-schedule', { user: me })
    const table = await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })

    // The sentence once, above the grid, with the way to the round.
    const note = screen.getByText(message)
    expect(within(note).getByRole('link', { name: 'Open the room allocation' })).toHaveAttribute('href', '/room-allocation-list')

    // Studio A's 2nd period is held every day it is not booked, closed or past, even beyond the booking horizon.
    expect(screen.queryByRole('link', { name: 'Book Studio A, 2nd period, Tue 12 May' })).not.toBeInTheDocument()
    const held = within(table).getAllByText('Held').map((item) => item.closest<HTMLElement>('[data-slot-row]')!.textContent)
    expect(held).toEqual([
      'Tue 12 May, 2nd: Studio A: Held: Allocation round',
      'Thu 14 May, 2nd: Studio A: Held: Allocation round',
      'Sat 16 May, 2nd: Studio A: Held: Allocation round',
      'Sun 17 May, 2nd: Studio A: Held: Allocation round',
    ])
    expect(slotWith('The Night Owls')).toHaveTextContent('Wed 13 May, 2nd: Studio A: The Night OwlsMine')
    expect(within(table).getAllByText('Campus festival')).toHaveLength(4)
    // Other rooms and periods stay first-come.
    expect(screen.getByRole('link', { name: 'Book Studio B, 2nd period, Tue 12 May' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Book Studio A, 1st period, Wed 13 May' })).toBeInTheDocument()
  })

  it('shows no hold when the week has none', async () => {
    setup()
    renderApp('/room-schedule', { user: me })
    await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })
    expect(screen.queryByText('Held')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Open the room allocation' })).not.toBeInTheDocument()
  })

  it('moves between weeks through the URL and asks for that week', async () => {
    const api = setup()
    const { user, router } = renderApp('/room-schedule', { user: me })
    await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })
    expect(new URL(api.state.requests[0]!.url).searchParams.get('week')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ week: '2026-05-18' }))
    expect(await screen.findByRole('table', { name: 'Room schedule, 18–24 May 2026' })).toBeInTheDocument()
    expect(new URL(api.state.requests.at(-1)!.url).searchParams.get('week')).toBe('2026-05-18')
    expect(screen.getByRole('heading', { name: '18–24 May 2026' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Previous week' }))
    await user.click(screen.getByRole('button', { name: 'Previous week' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ week: '2026-05-04' }))
    expect(await screen.findByRole('table', { name: 'Room schedule, 4–10 May 2026' })).toBeInTheDocument()
    expect(new URL(api.state.requests.at(-1)!.url).searchParams.get('week')).toBe('2026-05-04')

    await user.click(screen.getByRole('button', { name: 'This week' }))
    await waitFor(() => expect(router.state.location.search.week).toBeUndefined())
    expect(await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })).toBeInTheDocument()
  })

  it('reads the week from the URL, any day of it', async () => {
    const api = setup()
    renderApp('/room-schedule?week=2026-05-20', { user: me })
    expect(await screen.findByRole('table', { name: 'Room schedule, 18–24 May 2026' })).toBeInTheDocument()
    expect(new URL(api.state.requests[0]!.url).searchParams.get('week')).toBe('2026-05-18')
  })

  it('moves focus between slots with the arrow keys', async () => {
    setup()
    const { user } = renderApp('/room-schedule', { user: me })
    const start = await screen.findByRole('link', { name: 'Book Studio A, 2nd period, Tue 12 May' })
    start.focus()

    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('link', { name: 'Book Studio A, 2nd period, Wed 13 May' })).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement).toHaveTextContent('Wed 13 May, 1st: Old Room: Room closed')
    await user.keyboard('{ArrowUp}')
    expect(slotWith('Morning Larks')).toHaveFocus()
    // The focused slot is the grid's Tab stop; the others are reached with the arrows.
    expect(slotWith('Morning Larks')).toHaveAttribute('tabindex', '0')
    await user.keyboard('{ArrowUp}')
    expect(slotWith('The Night Owls')).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(slotWith('The Night Owls')).toHaveFocus()
    await user.keyboard('{ArrowDown}{ArrowLeft}')
    expect(document.activeElement).toHaveTextContent('Tue 12 May, 1st: Studio B: Past')
    await user.keyboard('{End}')
    expect(document.activeElement).toHaveTextContent('Sun 17 May, 1st: Studio B: Not open yet')
    await user.keyboard('{Home}')
    expect(document.activeElement).toHaveTextContent('Mon 11 May, 1st: Studio B: Past')
    await user.keyboard('{Control>}{End}{/Control}')
    expect(document.activeElement).toHaveTextContent('Sun 17 May, 2nd: Old Room: Room closed')
    await user.keyboard('{Control>}{Home}{/Control}')
    expect(document.activeElement).toHaveTextContent('Mon 11 May, 1st: Studio A: Past')
  })

  it('shows an error with a retry', async () => {
    const api = setup()
    api.state.failure = { status: 503, code: 'UNAVAILABLE', message: 'The schedule is taking a break.' }
    const { user } = renderApp('/room-schedule', { user: me })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The room schedule could not be loaded.')
    expect(alert).toHaveTextContent('The schedule is taking a break.')

    api.state.failure = null
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })).toBeInTheDocument()
  })

  it('says what to do when no rooms or periods are set up', async () => {
    server.use(...createRoomScheduleApi({ schedule: buildWeekSchedule({ periods: [first] }) }).handlers)
    renderApp('/room-schedule', { user: buildUser({ role: 'admin' }) })
    expect(await screen.findByText('No rooms yet')).toBeInTheDocument()
    expect(screen.getByText(/set up the club's rooms and the day's periods in System settings/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open System settings' })).toHaveAttribute('href', '/system-settings')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})

describe('/room-schedule on a phone (one day at a time)', () => {
  it('shows today by default, picks a day, and keeps the day when the week changes', async () => {
    asPhone()
    const api = setup()
    const { user, router } = renderApp('/room-schedule', { user: me })
    const table = await screen.findByRole('table', { name: 'Room schedule, Tue 12 May' })
    const days = screen.getByRole('group', { name: 'Day' })
    expect(within(days).getAllByRole('button')).toHaveLength(7)
    expect(within(days).getByRole('button', { name: 'Tue 12 May' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(days).getByRole('button', { name: 'Tue 12 May' })).toHaveAttribute('aria-current', 'date')
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Period', 'Studio A', 'Studio B', 'Old Room'])
    expect(within(table).getByRole('link', { name: 'Book Studio B, 2nd period, Tue 12 May' })).toBeInTheDocument()

    await user.click(within(days).getByRole('button', { name: 'Wed 13 May' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ day: 'wed' }))
    const wednesday = await screen.findByRole('table', { name: 'Room schedule, Wed 13 May' })
    expect(within(wednesday).getByText('The Night Owls').closest('[data-slot-row]')).toHaveTextContent('Studio A, 1st: The Night OwlsMine')

    // Arrows: across rooms, then down the periods.
    within(wednesday).getByRole('link', { name: 'Book Studio A, 2nd period, Wed 13 May' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(within(wednesday).getByRole('link', { name: 'Book Studio B, 2nd period, Wed 13 May' })).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement).toHaveTextContent('Studio B, 1st: Morning Larks')

    await user.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ week: '2026-05-18', day: 'wed' }))
    expect(await screen.findByRole('table', { name: 'Room schedule, Wed 20 May' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Wed 20 May' })).toHaveAttribute('aria-pressed', 'true')
    expect(new URL(api.state.requests.at(-1)!.url).searchParams.get('week')).toBe('2026-05-18')
  })
})
