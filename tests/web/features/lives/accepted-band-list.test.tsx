import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { AcceptedBand } from '@/contract/lives'
import { server } from '../../mocks/server'
import { buildAcceptedBand, buildEvent } from '../../mocks/handlers/lives'
import { createParticipantsApi } from '../../mocks/handlers/lives-participants'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const member = buildUser({ displayName: 'Hana Sato' })

const festival = buildEvent({ kind: 'festival', season: null, title: 'Campus Festival 2026', capacityMinutes: 600 })
const summer = buildEvent({ kind: 'seasonal', season: 'summer', title: 'Summer Live 2026' })
const christmas = buildEvent({ kind: 'christmas', season: null, title: 'Christmas Live 2026' })

function festivalBands() {
  return [
    buildAcceptedBand({
      name: 'The Rolling Scones',
      requestedMinutes: 25,
      members: [
        { id: crypto.randomUUID(), displayName: 'Hana Sato', part: 'Guitar', isLeader: true },
        { id: crypto.randomUUID(), displayName: 'Kenji Mori', part: 'Drums', isLeader: false },
      ],
    }),
    buildAcceptedBand({
      name: 'Beetles',
      requestedMinutes: 20,
      members: [
        { id: crypto.randomUUID(), displayName: 'Aoi Ueda', part: 'Bass', isLeader: true },
        { id: crypto.randomUUID(), displayName: 'Hana Sato', part: 'Vocals', isLeader: false },
      ],
    }),
  ]
}

function setup({ bands = festivalBands() } = {}) {
  const api = createParticipantsApi({
    current: [festival],
    events: [summer, christmas],
    bands: { [festival.id]: bands, [summer.id]: [buildAcceptedBand({ name: 'Summer Breeze', requestedMinutes: 15 })] },
  })
  server.use(...api.handlers)
  return api
}

const bandList = () => screen.findByRole('list', { name: 'Accepted bands' })

describe('/festival-band-list', () => {
  it('lists the accepted bands with members, parts, the leader and their minutes', async () => {
    const api = setup()
    renderApp('/festival-band-list', { user: member })
    expect(await screen.findByRole('heading', { name: 'Campus Festival 2026: accepted bands', level: 1 })).toBeInTheDocument()
    const list = await bandList()
    expect(within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['The Rolling Scones', 'Beetles'])

    const scones = within(list).getByRole('article', { name: 'The Rolling Scones' })
    expect(scones).toHaveTextContent('25 min')
    const members = within(within(scones).getByRole('list', { name: 'Members of The Rolling Scones' })).getAllByRole('listitem')
    expect(members.map((item) => item.textContent)).toEqual(['Hana SatoGuitarLeader', 'Kenji MoriDrums'])

    const numbers = screen.getByRole('region', { name: 'Accepted bands in numbers' })
    expect(numbers).toHaveTextContent('2 bands')
    expect(numbers).toHaveTextContent('45 min requested of 10 h of opening hours')
    expect(screen.getByText(/Times and stages appear here once the timetable is published/)).toBeInTheDocument()
    expect(api.state.bandRequests).toEqual([festival.id])

    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/festival-application-list')
    expect(screen.getByRole('link', { name: 'Participants' })).toHaveAttribute('href', '/festival-participant-list')
  })

  it('finds a band by its name, a member or a part', async () => {
    setup()
    const { user } = renderApp('/festival-band-list', { user: member })
    const list = await bandList()
    const search = within(screen.getByRole('search', { name: 'Filter bands' })).getByLabelText('Band, member or part')

    await user.type(search, 'drums')
    expect(within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['The Rolling Scones'])
    expect(screen.getByText('Showing 1 of 2 bands.')).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, 'hana')
    expect(within(await bandList()).getAllByRole('article')).toHaveLength(2)

    await user.clear(search)
    await user.type(search, 'nobody')
    expect(screen.getByText('No bands match.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear the search' }))
    expect(within(await bandList()).getAllByRole('article')).toHaveLength(2)
  })

  it('shows any live through ?eventId=, with that live’s links', async () => {
    const api = setup()
    renderApp(`/festival-band-list?eventId=${summer.id}`, { user: member })
    expect(await screen.findByRole('heading', { name: 'Summer Live 2026: accepted bands', level: 1 })).toBeInTheDocument()
    expect(within(await bandList()).getByRole('article', { name: 'Summer Breeze' })).toHaveTextContent('15 min')
    expect(api.state.bandRequests).toEqual([summer.id])
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', `/seasonal-live-application-list/summer?eventId=${summer.id}`)
    expect(screen.getByRole('link', { name: 'Participants' })).toHaveAttribute('href', `/seasonal-live-participant-list/summer?eventId=${summer.id}`)
  })

  it('offers no participant list for the Christmas live', async () => {
    setup()
    renderApp(`/festival-band-list?eventId=${christmas.id}`, { user: member })
    expect(await screen.findByText('No accepted bands yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', `/christmas-live-application-list?eventId=${christmas.id}`)
    expect(screen.queryByRole('link', { name: 'Participants' })).not.toBeInTheDocument()
  })

  it('says there are no accepted bands yet', async () => {
    setup({ bands: [] })
    renderApp('/festival-band-list', { user: member })
    const empty = (await screen.findByText('No accepted bands yet')).parentElement!
    expect(within(empty).getByRole('link', { name: 'See the applications' })).toHaveAttribute('href', `/festival-application-list?eventId=${festival.id}`)
    expect(screen.queryByRole('list', { name: 'Accepted bands' })).not.toBeInTheDocument()
  })

  it('shows the notice when there is no current festival', async () => {
    const api = createParticipantsApi({ current: [summer] })
    server.use(...api.handlers)
    renderApp('/festival-band-list', { user: member })
    expect(await screen.findByRole('heading', { name: 'School festival: accepted bands', level: 1 })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: /no current school festival/i })).toBeInTheDocument()
    expect(api.state.bandRequests).toEqual([])
  })

  it('shows an error with a retry when the bands cannot be loaded', async () => {
    const api = setup()
    api.state.failBands = { status: 503, code: 'UNAVAILABLE', message: 'The server is busy. Try again in a minute.' }
    const { user } = renderApp('/festival-band-list', { user: member })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The accepted bands could not be loaded.')
    api.state.failBands = null
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(within(await bandList()).getAllByRole('article')).toHaveLength(2)
  })

  it('shows when and where each band plays once the timetable is published, and links to it', async () => {
    const [scones, beetles] = festivalBands() as [AcceptedBand, AcceptedBand]
    const late = buildAcceptedBand({ name: 'Late Comers' })
    setup({
      bands: [
        {
          ...scones,
          slots: [
            { date: '2026-12-06', stage: 'Studio', start: '15:00', end: '15:25' },
            { date: '2026-12-05', stage: 'Main hall', start: '13:20', end: '13:45' },
          ],
        },
        { ...beetles, slots: [{ date: '2026-12-05', stage: 'Main hall', start: '13:50', end: '14:10' }] },
        late,
      ],
    })
    const { user } = renderApp('/festival-band-list', { user: member })
    const list = await bandList()
    const times = (band: string) =>
      within(within(list).getByRole('list', { name: `When ${band} plays` }))
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    expect(times('The Rolling Scones')).toEqual(['Sat 5 Dec · Main hall · 13:20–13:45', 'Sun 6 Dec · Studio · 15:00–15:25'])
    expect(times('Beetles')).toEqual(['Sat 5 Dec · Main hall · 13:50–14:10'])
    expect(within(list).getByRole('article', { name: 'Late Comers' })).toHaveTextContent('Not in the published timetable.')
    expect(screen.queryByText(/appear here once the timetable is published/)).not.toBeInTheDocument()
    expect(screen.getByText(/Times and stages are from the published timetable/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the whole timetable' })).toHaveAttribute('href', `/festival-schedule?eventId=${festival.id}`)

    // The search finds a band by its stage or day too.
    await user.type(within(screen.getByRole('search', { name: 'Filter bands' })).getByLabelText('Band, member or part'), 'studio')
    expect(within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['The Rolling Scones'])
  })

  it('shows no times before the timetable is published', async () => {
    setup()
    renderApp('/festival-band-list', { user: member })
    const list = await bandList()
    expect(within(list).queryByRole('list', { name: /^When / })).not.toBeInTheDocument()
    expect(within(list).queryByText('Not in the published timetable.')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'See the whole timetable' })).not.toBeInTheDocument()
  })

})
