import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { delay, http } from 'msw'
import { server } from '../../mocks/server'
import {
  buildPublicEntry,
  buildPublicSchedule,
  buildSchedulePeriod,
  buildScheduleRoom,
  createRoomScheduleApi,
} from '../../mocks/handlers/room-schedule'
import { renderApp } from '../../support/render-app'

const studioA = buildScheduleRoom({ name: 'Studio A' })
const studioB = buildScheduleRoom({ name: 'Studio B' })
const first = buildSchedulePeriod({ label: '1st', startsAt: '09:00', endsAt: '10:30' })
const second = buildSchedulePeriod({ label: '2nd', startsAt: '13:00', endsAt: '14:30' })

function setup() {
  const publicSchedule = buildPublicSchedule({
    clubName: 'Hill University Music Club',
    rooms: [studioA, studioB],
    periods: [first, second],
    entries: [
      buildPublicEntry({ room: studioA, date: '2026-05-13', period: first }, { label: 'The Night Owls' }),
      buildPublicEntry({ room: studioB, date: '2026-05-13', period: first }, { kind: 'personal', label: 'Personal practice' }),
      buildPublicEntry({ room: studioA, date: '2026-05-14', period: second }, { kind: 'block', label: 'Closed' }),
    ],
    blackouts: [{ date: '2026-05-16', roomId: null, reason: 'Campus festival' }],
  })
  const api = createRoomScheduleApi({ publicSchedule })
  server.use(...api.handlers)
  return api
}

const slotWith = (text: string) => screen.getAllByText(text)[0]!.closest<HTMLElement>('[data-slot-row]')!

describe('/room-schedule-external', () => {
  it('shows the published week to visitors, read-only, without signing in', async () => {
    const api = setup()
    renderApp('/room-schedule-external')
    expect(await screen.findByRole('heading', { name: 'Room schedule', level: 1 })).toBeInTheDocument()
    // The heading does not wait for the week; the club's name comes with it.
    expect(await screen.findByText('Hill University Music Club')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in to book a room' })).toHaveAttribute('href', expect.stringMatching(/^\/login\?redirect=/))
    // No app layout for visitors.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()

    const table = await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })
    expect(within(table).queryAllByRole('link')).toHaveLength(0)
    expect(slotWith('The Night Owls')).toHaveTextContent('Wed 13 May, 1st: Studio A: The Night Owls')
    // Personal practice never names the person (the server sends only this label).
    expect(slotWith('Personal practice')).toHaveTextContent(/^Wed 13 May, 1st: Studio B: Personal practice$/)
    expect(slotWith('Campus festival')).toHaveTextContent('Sat 16 May, 1st: Studio A: Closed: Campus festival')
    expect(within(table).getAllByText('Closed').length).toBeGreaterThan(0)
    expect(within(table).queryByText('Mine')).not.toBeInTheDocument()
    expect(within(table).getAllByText('Free').length).toBeGreaterThan(0)
    // The call is anonymous: no token, even though the page works the same for members.
    expect(api.state.publicRequests[0]!.headers.get('authorization')).toBeNull()
  })

  describe('at noon in the club on 12 May', () => {
    afterEach(() => vi.useRealTimers())

    it('marks today’s periods that have started as Past, as the signed-in grid does, and later ones Free', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2026-05-12T03:00:00.000Z'))
      setup()
      renderApp('/room-schedule-external')
      const table = await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })
      const slot = (name: string) => [...table.querySelectorAll<HTMLElement>('[data-slot-row]')].find((row) => row.textContent?.startsWith(name))!
      expect(slot('Mon 11 May, 2nd: Studio A')).toHaveTextContent(/: Past$/)
      expect(slot('Tue 12 May, 1st: Studio A')).toHaveTextContent(/: Past$/)
      expect(slot('Tue 12 May, 2nd: Studio A')).toHaveTextContent(/: Free$/)
      expect(slot('Wed 13 May, 2nd: Studio B')).toHaveTextContent(/: Free$/)
    })
  })

  it('shows its heading while the week is still on its way', async () => {
    setup()
    server.use(http.get('/api/public/room-schedule', () => delay('infinite')))
    renderApp('/room-schedule-external')
    expect(await screen.findByRole('heading', { name: 'Room schedule', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading the room schedule…')
    expect(screen.getByRole('link', { name: 'Sign in to book a room' })).toBeInTheDocument()
  })

  it('filters by room and moves between weeks through a shareable URL', async () => {
    const api = setup()
    const { user, router } = renderApp('/room-schedule-external')
    const table = await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })
    expect(within(table).getAllByText('Studio A').length).toBeGreaterThan(0)

    await user.selectOptions(screen.getByLabelText('Room'), 'Studio B')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ room: studioB.id }))
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Studio A')).not.toBeInTheDocument())
    expect(within(screen.getByRole('table')).getAllByText('Studio B').length).toBeGreaterThan(0)

    await user.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ week: '2026-05-18', room: studioB.id }))
    expect(await screen.findByRole('table', { name: 'Room schedule, 18–24 May 2026' })).toBeInTheDocument()
    expect(new URL(api.state.publicRequests.at(-1)!.url).searchParams.get('week')).toBe('2026-05-18')
    expect(router.state.location.href).toBe(`/room-schedule-external?room=${studioB.id}&week=2026-05-18`)

    await user.selectOptions(screen.getByLabelText('Room'), 'All rooms')
    await waitFor(() => expect(router.state.location.search.room).toBeUndefined())
  })

  it('opens a shared link with its week and room', async () => {
    setup()
    renderApp(`/room-schedule-external?week=2026-05-13&room=${studioA.id}`)
    const table = await screen.findByRole('table', { name: 'Room schedule, 11–17 May 2026' })
    expect(screen.getByLabelText('Room')).toHaveValue(studioA.id)
    expect(within(table).queryByText('Studio B')).not.toBeInTheDocument()
    expect(within(table).getByText('The Night Owls')).toBeInTheDocument()
  })

  it('says so inline when the room is not on the public schedule', async () => {
    setup()
    const { user, router } = renderApp(`/room-schedule-external?room=${crypto.randomUUID()}`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This room is not on the public schedule.')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    await user.click(within(alert).getByRole('button', { name: 'Show all rooms' }))
    await waitFor(() => expect(router.state.location.search.room).toBeUndefined())
    expect(await screen.findByRole('table')).toBeInTheDocument()
  })

  it('tells visitors when the club has not published its schedule', async () => {
    server.use(...createRoomScheduleApi().handlers)
    renderApp('/room-schedule-external')
    expect(await screen.findByText('The club has not published its room schedule.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in to book a room' })).toBeInTheDocument()
  })

  it('shows a failed call inline with a retry, never an error page', async () => {
    const api = setup()
    api.state.failure = { status: 500, code: 'INTERNAL', message: 'Something went wrong on the server.' }
    const { user } = renderApp('/room-schedule-external')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The room schedule could not be loaded.')
    api.state.failure = null
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table')).toBeInTheDocument()
  })
})
