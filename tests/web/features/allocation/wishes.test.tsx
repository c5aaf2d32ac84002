import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Contest, Round } from '@/contract/allocation-rounds'
import { server } from '../../mocks/server'
import { WEEK_START, buildBandWishes, buildRound, createAllocationApi, periods, rooms } from '../../mocks/handlers/allocation'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })
const monday = WEEK_START
const tuesday = '2026-12-01'
const wednesday = '2026-12-02'

/** Two days and a minute from now, so the countdown reads "in 2 days" whenever the test runs. */
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000 + 60_000).toISOString()

const blueHour = () =>
  buildBandWishes({
    bandName: 'Blue Hour',
    wants: 2,
    wishes: [
      { rank: 1, roomId: rooms.studioA.id, roomName: 'Studio A', date: monday, periodId: periods.sixth.id, periodLabel: '6th' },
      { rank: 2, roomId: null, roomName: null, date: tuesday, periodId: periods.sixth.id, periodLabel: '6th' },
    ],
  })

const contest: Contest = {
  cells: [
    { roomId: rooms.studioA.id, date: monday, periodId: periods.sixth.id, bands: 3, firstWishes: 2 },
    { roomId: rooms.studioA.id, date: tuesday, periodId: periods.sixth.id, bands: 2, firstWishes: 0 },
    { roomId: rooms.roomB.id, date: tuesday, periodId: periods.sixth.id, bands: 1, firstWishes: 0 },
  ],
}

function setup({ round = buildRound({ closesAt: inTwoDays() }) as Round, bands = [blueHour()] } = {}) {
  const api = createAllocationApi({ current: round, myBands: bands, contest })
  server.use(...api.handlers)
  return api
}

async function open() {
  const rendered = renderApp('/room-allocation-list', { user: me })
  await screen.findByRole('heading', { level: 1, name: 'Room allocation' })
  return rendered
}

const wish = (place: string) => screen.getByRole('group', { name: `${place} wish` })
const selected = (group: HTMLElement, label: string) => (within(group).getByLabelText(label) as HTMLSelectElement).value

describe('/room-allocation-list: my bands’ wishes', { timeout: 20_000 }, () => {
  it('shows the open round, when it closes, and how contested each wish is', async () => {
    setup()
    await open()
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of 30 Nov – 6 Dec 2026' })).toBeInTheDocument()
    expect(screen.getAllByText('Open for wishes').length).toBeGreaterThan(0)
    expect(screen.getByText(/^Wishes close .* \(in 2 days\)\.$/)).toBeInTheDocument()
    expect(screen.getByText(/Each band may list up to 5 wishes and receive up to 2 periods/)).toBeInTheDocument()

    await screen.findByRole('heading', { level: 3, name: 'Blue Hour' })
    await waitFor(() => expect(wish('1st')).toHaveTextContent('3 bands asked so far, 2 as their first wish.'))
    expect(selected(wish('1st'), 'Room')).toBe(rooms.studioA.id)
    expect(wish('2nd')).toHaveTextContent('At this time: 2 bands asked for the busiest room, 1 for the quietest.')
    expect(selected(wish('2nd'), 'Room')).toBe('any')
    // Only the wishes' own screen: members get no executive controls.
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument()
  })

  it('adds a wish, moves it to the top with the keyboard, and saves the ranked list', async () => {
    const api = setup()
    const { user } = await open()
    await screen.findByRole('heading', { level: 3, name: 'Blue Hour' })

    await user.click(screen.getByRole('button', { name: 'Add a wish for Blue Hour' }))
    const third = wish('3rd')
    expect(within(third).getByLabelText('Room')).toHaveFocus()
    await user.selectOptions(within(third).getByLabelText('Room'), rooms.roomB.id)
    await user.selectOptions(within(third).getByLabelText('Day'), wednesday)
    await user.selectOptions(within(third).getByLabelText('Period'), periods.fifth.id)
    expect(third).toHaveTextContent('No band has asked for this yet.')

    // Keyboard only: the focus follows the wish as it climbs.
    screen.getByRole('button', { name: 'Move the 3rd wish up' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Move the 2nd wish up' })).toHaveFocus()
    expect(selected(wish('2nd'), 'Room')).toBe(rooms.roomB.id)
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Move the 1st wish up' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move the 1st wish down' })).toHaveFocus()
    expect(selected(wish('1st'), 'Room')).toBe(rooms.roomB.id)
    expect(selected(wish('2nd'), 'Room')).toBe(rooms.studioA.id)

    await user.click(screen.getByRole('checkbox', { name: 'Keep as our standing wish' }))
    await user.click(screen.getByRole('button', { name: 'Save wishes' }))
    await waitFor(() => expect(api.state.saved).toHaveLength(1))
    expect(api.state.saved[0]!.body).toEqual({
      wishes: [
        { roomId: rooms.roomB.id, date: wednesday, periodId: periods.fifth.id },
        { roomId: rooms.studioA.id, date: monday, periodId: periods.sixth.id },
        { roomId: null, date: tuesday, periodId: periods.sixth.id },
      ],
      wants: 2,
      standing: true,
    })
    expect(await screen.findByText('Saved the wishes of Blue Hour')).toBeInTheDocument()
    expect(await screen.findByText(/^Saved .* by Hana Sato$/)).toBeInTheDocument()
  })

  it('removes a wish and keeps the focus in the list', async () => {
    const api = setup()
    const { user } = await open()
    await screen.findByRole('heading', { level: 3, name: 'Blue Hour' })
    await user.click(screen.getByRole('button', { name: 'Remove the 1st wish' }))
    expect(screen.queryByRole('group', { name: '2nd wish' })).not.toBeInTheDocument()
    expect(within(wish('1st')).getByLabelText('Room')).toHaveFocus()
    expect(selected(wish('1st'), 'Room')).toBe('any')
    await user.click(screen.getByRole('button', { name: 'Save wishes' }))
    await waitFor(() => expect(api.state.saved).toHaveLength(1))
    expect(api.state.saved[0]!.body.wishes).toEqual([{ roomId: null, date: tuesday, periodId: periods.sixth.id }])
  })

  it('takes focus to a wish listed twice when Save is refused', async () => {
    const round = buildRound({ closesAt: inTwoDays(), wishesPerBand: 3, periodsPerBand: 2 })
    const api = setup({ round })
    const { user } = await open()
    await screen.findByRole('heading', { level: 3, name: 'Blue Hour' })
    await user.selectOptions(within(wish('2nd')).getByLabelText('Room'), rooms.studioA.id)
    await user.selectOptions(within(wish('2nd')).getByLabelText('Day'), monday)
    await user.click(screen.getByRole('button', { name: 'Save wishes' }))
    const message = await within(wish('2nd')).findByText('This wish is listed twice')
    await waitFor(() => expect(message).toHaveFocus())
    expect(api.state.saved).toEqual([])
  })

  it('keeps to the round’s limits before sending anything', async () => {
    const round = buildRound({
      closesAt: inTwoDays(),
      wishesPerBand: 3,
      periodsPerBand: 2,
      closedCells: [{ roomId: rooms.studioA.id, date: wednesday, periodId: periods.fifth.id, reason: 'Closed: Open Campus' }],
    })
    const api = setup({ round })
    const { user } = await open()
    await screen.findByRole('heading', { level: 3, name: 'Blue Hour' })
    expect(screen.getByText(/^2 of 3 wishes\./)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add a wish for Blue Hour' }))
    expect(screen.getByRole('button', { name: 'Add a wish for Blue Hour' })).toBeDisabled()
    expect(screen.getByText('This round takes at most 3 wishes.')).toBeInTheDocument()

    // A closed cell says so at once, and blocks saving.
    const third = wish('3rd')
    await user.selectOptions(within(third).getByLabelText('Room'), rooms.studioA.id)
    await user.selectOptions(within(third).getByLabelText('Day'), wednesday)
    await user.selectOptions(within(third).getByLabelText('Period'), periods.fifth.id)
    expect(third).toHaveTextContent('Closed: Open Campus: this room cannot be given out then.')
    // The same wish twice.
    await user.selectOptions(within(wish('2nd')).getByLabelText('Room'), rooms.studioA.id)
    await user.selectOptions(within(wish('2nd')).getByLabelText('Day'), monday)

    const wants = screen.getByRole('spinbutton', { name: 'Periods wanted in all' })
    await user.clear(wants)
    await user.type(wants, '3')
    await user.click(screen.getByRole('button', { name: 'Save wishes' }))

    expect(await screen.findByText('A band can receive at most 2 periods in this round')).toBeInTheDocument()
    expect(wants).toHaveAttribute('aria-invalid', 'true')
    expect(wish('2nd')).toHaveTextContent('This wish is listed twice')
    expect(wish('3rd')).toHaveTextContent('Choose another time or room.')
    expect(api.state.saved).toEqual([])

    // Put right, the list goes.
    await user.click(screen.getByRole('button', { name: 'Remove the 3rd wish' }))
    await user.selectOptions(within(wish('2nd')).getByLabelText('Day'), tuesday)
    await user.clear(wants)
    await user.type(wants, '2')
    await user.click(screen.getByRole('button', { name: 'Save wishes' }))
    await waitFor(() => expect(api.state.saved).toHaveLength(1))
    expect(api.state.saved[0]!.body).toMatchObject({ wants: 2, wishes: [{ roomId: rooms.studioA.id, date: monday }, { roomId: rooms.studioA.id, date: tuesday }] })
  })

  it('shows the server’s refusal under the wish it names, and changes nothing', async () => {
    const api = setup()
    const { user } = await open()
    await screen.findByRole('heading', { level: 3, name: 'Blue Hour' })
    api.state.nextError = {
      status: 400,
      code: 'WISH_NOT_IN_ROUND',
      message: 'One of the wishes cannot be given out in this round.',
      fields: { 'wishes.1': 'Every room is booked on Tue 1 Dec, 6th period.' },
    }
    await user.click(screen.getByRole('button', { name: 'Save wishes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('One of the wishes cannot be given out in this round.')
    expect(wish('2nd')).toHaveTextContent('Every room is booked on Tue 1 Dec, 6th period.')
    expect(wish('1st')).not.toHaveTextContent('Every room is booked')
    expect(api.state.saved).toEqual([])

    // Moving the wishes forgets the message: it named a place in the list, not a wish.
    await user.click(screen.getByRole('button', { name: 'Move the 2nd wish up' }))
    expect(screen.queryByText('Every room is booked on Tue 1 Dec, 6th period.')).not.toBeInTheDocument()
  })

  it('says so when the round closed while the wishes were being changed, and shows them as saved', async () => {
    const round = buildRound({ closesAt: inTwoDays() })
    const api = setup({ round })
    const { user } = await open()
    await screen.findByRole('heading', { level: 3, name: 'Blue Hour' })
    Object.assign(api.rounds.get(round.id)!, { status: 'closed', wishesEditable: false })
    api.state.nextError = { status: 409, code: 'ROUND_NOT_OPEN', message: 'Wishes for this week closed on Thu 26 Nov at 20:00.' }
    await user.click(screen.getByRole('button', { name: 'Remove the 2nd wish' }))
    await user.click(screen.getByRole('button', { name: 'Save wishes' }))
    expect(await screen.findByText('Wishes for this week closed on Thu 26 Nov at 20:00.')).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Wishes of Blue Hour' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Save wishes' })).not.toBeInTheDocument()
    expect(api.state.saved).toEqual([])
  })

  it('says when a band’s wishes were copied from its standing wish', async () => {
    setup({ bands: [{ ...blueHour(), standing: true, fromStanding: true }] })
    await open()
    expect(await screen.findByRole('note')).toHaveTextContent('Copied from your band’s standing wish.')
    expect(screen.getByRole('checkbox', { name: 'Keep as our standing wish' })).toBeChecked()
  })

  it('shows the wishes without a form once the round is closed', async () => {
    setup({ round: buildRound({ status: 'draft', wishesEditable: false, ranAt: new Date().toISOString() }) })
    await open()
    const list = await screen.findByRole('list', { name: 'Wishes of Blue Hour' })
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1st: Studio A, Mon 30 Nov, 6th period', '2nd: Any room, Tue 1 Dec, 6th period'])
    expect(screen.getByText('Wishes are closed. Your results show here once the executives publish the round.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save wishes' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument()
  })

  it('says when wishes open for a round that is not open yet, and shows the standing wish without a form', async () => {
    const opensAt = new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString()
    setup({ round: buildRound({ status: 'upcoming', wishesEditable: false, opensAt, closesAt: new Date(Date.now() + 6 * 86_400_000).toISOString() }), bands: [{ ...blueHour(), standing: true, fromStanding: true }] })
    await open()
    expect(await screen.findByText(/^Wishes open .* \(in 3 days\) and close /)).toBeInTheDocument()
    expect(screen.getByText('Wishes can be listed once they open.')).toBeInTheDocument()
    expect(await screen.findByRole('list', { name: 'Wishes of Blue Hour' })).toHaveTextContent('1st: Studio A, Mon 30 Nov, 6th period')
    expect(screen.getByText('2 periods wanted in all · kept as the standing wish.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save wishes' })).not.toBeInTheDocument()
  })

  it('says so when rounds are off, when there is no round, and when I play in no band', async () => {
    const off = createAllocationApi({ enabled: false, current: null })
    server.use(...off.handlers)
    const first = await open()
    expect(await screen.findByText('Rounds are off.')).toBeInTheDocument()
    first.unmount()

    const none = createAllocationApi({ current: null })
    server.use(...none.handlers)
    const second = await open()
    expect(await screen.findByText('No round this week.')).toBeInTheDocument()
    second.unmount()

    setup({ bands: [] })
    await open()
    const empty = (await screen.findByText('You play in no active band.')).parentElement!
    expect(within(empty).getByRole('link', { name: 'Register a band' })).toHaveAttribute('href', '/band-registration-form')
  })

  it('offers a retry when the round cannot be loaded', async () => {
    setup()
    let failing = true
    server.use(
      http.get('/api/allocation/rounds', () => (failing ? HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'The server is busy. Try again in a minute.' } }, { status: 503 }) : undefined)),
    )
    const { user } = await open()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The rounds could not be loaded.')
    expect(alert).toHaveTextContent('The server is busy. Try again in a minute.')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 3, name: 'Blue Hour' })).toBeInTheDocument()
  })
})
