import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { buildEvent, buildParticipant } from '../../mocks/handlers/lives'
import { buildParticipantList, createParticipantsApi } from '../../mocks/handlers/lives-participants'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'
import { asPhone } from '../../support/phone'

const member = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })

const summer = buildEvent({ kind: 'seasonal', season: 'summer', title: 'Summer Live 2026' })
const festival = buildEvent({ kind: 'festival', season: null, title: 'Campus Festival 2026' })
const pastFestival = buildEvent({ kind: 'festival', season: null, title: 'Campus Festival 2025', academicYear: 2025, status: 'archived', createdAt: '2025-05-01T00:00:00.000Z' })

const scones = { id: crypto.randomUUID(), name: 'The Rolling Scones' }
const beatles = { id: crypto.randomUUID(), name: 'Beetles' }
const queen = { id: crypto.randomUUID(), name: 'Quiche' }

/** Three people; Hana plays in three bands and must appear once, with the three. */
function people() {
  return [
    buildParticipant({
      displayName: 'Hana Sato',
      grade: '2nd year',
      parts: ['Guitar', 'Vocals'],
      bands: [
        { ...scones, part: 'Guitar' },
        { ...beatles, part: 'Vocals' },
        { ...queen, part: 'Guitar' },
      ],
      details: { fullName: '佐藤 花', nameKana: 'サトウ ハナ', studentNumber: 'S2400123', faculty: 'Letters', department: 'History', phone: '090-1234-5678' },
    }),
    buildParticipant({
      displayName: 'Kenji Mori',
      grade: '1st year',
      parts: ['Drums'],
      bands: [{ ...scones, part: 'Drums' }],
      details: { fullName: '森 健二', nameKana: 'モリ ケンジ', studentNumber: 'S2500456', faculty: 'Science', department: null, phone: null },
    }),
    buildParticipant({ displayName: 'Aoi Ueda', grade: '2nd year', parts: ['Bass'], bands: [{ ...beatles, part: 'Bass' }], details: null }),
  ]
}

function setup({ withDetails = false, items = people() } = {}) {
  const api = createParticipantsApi({
    current: [summer, festival],
    events: [pastFestival],
    participants: {
      [summer.id]: buildParticipantList(items, { withDetails }),
      [pastFestival.id]: buildParticipantList([buildParticipant({ displayName: 'Old Timer', grade: '4th year' })], { withDetails }),
    },
  })
  server.use(...api.handlers)
  return api
}

const table = () => screen.findByRole('table', { name: 'Participants' })
const countsRegion = () => screen.getByRole('region', { name: 'Participants by grade' })

describe('/seasonal-live-participant-list/{season}', () => {
  it('lists every participant once, with grade, parts and bands, and counts by grade', async () => {
    const api = setup()
    renderApp('/seasonal-live-participant-list/summer', { user: member })
    expect(await screen.findByRole('heading', { name: 'Summer Live 2026: participants', level: 1 })).toBeInTheDocument()
    const rows = within(await table()).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)

    const hana = within(await table()).getByRole('row', { name: /Hana Sato/ })
    expect(hana).toHaveTextContent('2nd year')
    expect(hana).toHaveTextContent('Guitar, Vocals')
    expect(within(hana).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The Rolling Scones (Guitar)',
      'Beetles (Vocals)',
      'Quiche (Guitar)',
    ])

    const counts = within(countsRegion()).getAllByRole('listitem').map((item) => item.textContent)
    expect(counts).toEqual(['1st year 1', '2nd year 2', 'Total 3'])
    expect(api.state.participantRequests).toEqual([summer.id])
  })

  it('shows members no private columns and no private note', async () => {
    setup()
    renderApp('/seasonal-live-participant-list/summer', { user: member })
    const grid = await table()
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Grade', 'Parts', 'Bands'])
    expect(screen.queryByText(/Private\./)).not.toBeInTheDocument()
    expect(screen.queryByText('S2400123')).not.toBeInTheDocument()
  })

  it('shows executives the university’s private details, with a note and who still misses them', async () => {
    setup({ withDetails: true })
    renderApp('/seasonal-live-participant-list/summer', { user: executive })
    const grid = await table()
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Grade',
      'Parts',
      'Bands',
      'Full name',
      'Student number',
      'Faculty / department',
      'Phone',
    ])
    const hana = within(grid).getByRole('row', { name: /Hana Sato/ })
    for (const text of ['佐藤 花', 'サトウ ハナ', 'S2400123', 'Letters · History']) expect(hana).toHaveTextContent(text)
    expect(within(hana).getByRole('link', { name: '090-1234-5678' })).toHaveAttribute('href', 'tel:09012345678')

    const kenji = within(grid).getByRole('row', { name: /Kenji Mori/ })
    expect(kenji).toHaveTextContent('Science')
    expect(within(kenji).getAllByText('Not given')).toHaveLength(1)
    expect(within(grid).getByRole('row', { name: /Aoi Ueda/ })).toHaveTextContent('No university details filled in yet.')

    const note = screen.getByText(/Only executives see them/)
    // Kenji lacks a department and Aoi filled in nothing.
    expect(note).toHaveTextContent('2 participants have not filled in all their university details yet.')
  })

  it('filters by name, band or part, and by grade, on the screen', async () => {
    setup()
    const { user } = renderApp('/seasonal-live-participant-list/summer', { user: member })
    await table()
    const filters = screen.getByRole('search', { name: 'Filter participants' })

    await user.type(within(filters).getByLabelText('Name or band'), 'beetles')
    let names = within(await table()).getAllByRole('rowheader').map((cell) => cell.textContent)
    expect(names).toEqual(['Hana Sato', 'Aoi Ueda'])
    expect(screen.getByText('Showing 2 of 3 participants.')).toBeInTheDocument()

    await user.selectOptions(within(filters).getByLabelText('Grade'), '2nd year')
    await user.clear(within(filters).getByLabelText('Name or band'))
    await user.type(within(filters).getByLabelText('Name or band'), 'ＢＡＳＳ')
    names = within(await table()).getAllByRole('rowheader').map((cell) => cell.textContent)
    expect(names).toEqual(['Aoi Ueda'])

    await user.selectOptions(within(filters).getByLabelText('Grade'), '1st year')
    expect(screen.getByText('No participants match.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }))
    expect(within(await table()).getAllByRole('rowheader')).toHaveLength(3)
    expect(within(filters).getByLabelText('Grade')).toHaveValue('')
  })

  it('links back to the applications and on to the accepted bands', async () => {
    setup()
    renderApp('/seasonal-live-participant-list/summer', { user: member })
    await table()
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/seasonal-live-application-list/summer')
    expect(screen.getByRole('link', { name: 'Accepted bands' })).toHaveAttribute('href', `/festival-band-list?eventId=${summer.id}`)
  })

  it('says there are no accepted bands yet', async () => {
    setup({ items: [] })
    renderApp('/seasonal-live-participant-list/summer', { user: member })
    const empty = (await screen.findByText('No accepted bands yet')).parentElement!
    expect(within(empty).getByRole('link', { name: 'See the applications' })).toHaveAttribute('href', '/seasonal-live-application-list/summer')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument()
  })

  it('shows the notice, and asks for no list, when the season has no current live', async () => {
    const api = setup()
    renderApp('/seasonal-live-participant-list/winter', { user: member })
    expect(await screen.findByRole('heading', { name: 'Winter live: participants', level: 1 })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: /no current winter live/i })).toBeInTheDocument()
    expect(api.state.participantRequests).toEqual([])
  })

  it('shows an error with a retry when the list cannot be loaded', async () => {
    const api = setup()
    api.state.failParticipants = { status: 503, code: 'UNAVAILABLE', message: 'The server is busy. Try again in a minute.' }
    const { user } = renderApp('/seasonal-live-participant-list/summer', { user: member })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The participants could not be loaded.')
    expect(alert).toHaveTextContent('The server is busy. Try again in a minute.')

    api.state.failParticipants = null
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(within(await table()).getAllByRole('rowheader')).toHaveLength(3)
  })

  it('shows cards on a phone, with the private details for executives', async () => {
    asPhone()
    setup({ withDetails: true })
    renderApp('/seasonal-live-participant-list/summer', { user: executive })
    const list = await screen.findByRole('list', { name: 'Participants' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const hana = within(list).getByRole('listitem', { name: 'Hana Sato' })
    expect(hana).toHaveTextContent('2nd year')
    expect(hana).toHaveTextContent('Beetles (Vocals)')
    expect(within(hana).getByText('Student number').nextElementSibling).toHaveTextContent('S2400123')
    expect(within(hana).getByText('Faculty / department').nextElementSibling).toHaveTextContent('Letters · History')
    expect(within(list).getByRole('listitem', { name: 'Aoi Ueda' })).toHaveTextContent('No university details filled in yet.')
  })
})

describe('/festival-participant-list', () => {
  it('shows the current festival, or another one through ?eventId=', async () => {
    const api = setup()
    renderApp(`/festival-participant-list?eventId=${pastFestival.id}`, { user: member })
    expect(await screen.findByRole('heading', { name: 'Campus Festival 2025: participants', level: 1 })).toBeInTheDocument()
    expect(within(await table()).getByRole('row', { name: /Old Timer/ })).toHaveTextContent('4th year')
    expect(api.state.participantRequests).toEqual([pastFestival.id])
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', `/festival-application-list?eventId=${pastFestival.id}`)
  })

  it('switches to another festival with the live picker, in the URL', async () => {
    const api = setup()
    const { user, router } = renderApp('/festival-participant-list', { user: member })
    expect(await screen.findByRole('heading', { name: 'Campus Festival 2026: participants', level: 1 })).toBeInTheDocument()
    await user.selectOptions(await screen.findByLabelText('Live'), pastFestival.id)
    await waitFor(() => expect(router.state.location.search).toEqual({ eventId: pastFestival.id }))
    expect(await screen.findByRole('heading', { name: 'Campus Festival 2025: participants', level: 1 })).toBeInTheDocument()
    expect(within(await table()).getByRole('row', { name: /Old Timer/ })).toBeInTheDocument()
    expect(api.state.participantRequests).toContain(pastFestival.id)
  })

  it('shows the notice when there is no current festival', async () => {
    const api = createParticipantsApi({ current: [summer] })
    server.use(...api.handlers)
    renderApp('/festival-participant-list', { user: member })
    expect(await screen.findByRole('region', { name: /no current school festival/i })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument()
    expect(api.state.participantRequests).toEqual([])
  })
})

describe('participant CSV', () => {
  // jsdom has no blob URLs and cannot follow a download link: stand-ins, restored afterwards.
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL }
  let click: MockInstance
  const downloads: string[] = []
  beforeEach(() => {
    downloads.length = 0
    URL.createObjectURL = vi.fn(() => 'blob:participants')
    URL.revokeObjectURL = vi.fn()
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download)
    })
  })
  afterEach(() => {
    Object.assign(URL, original)
    click.mockRestore()
  })

  it('downloads the event’s CSV under the event’s title', async () => {
    const api = setup({ withDetails: true })
    const { user } = renderApp('/seasonal-live-participant-list/summer', { user: executive })
    await table()
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(downloads).toEqual(['Summer Live 2026 participants.csv']))
    expect(api.state.exportRequests.map((url) => url.pathname)).toEqual([`/api/events/${summer.id}/participants/export.csv`])
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1)
  })

  it('says so when the download fails', async () => {
    const api = setup()
    const { user } = renderApp('/seasonal-live-participant-list/summer', { user: member })
    await table()
    server.use(
      http.get(`/api/events/${summer.id}/participants/export.csv`, () =>
        HttpResponse.json({ error: { code: 'RATE_LIMITED', message: 'Too many downloads. Wait a minute.' } }, { status: 429 }),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(await screen.findByText('The CSV could not be downloaded.')).toBeInTheDocument()
    // The server's own sentence, read out of the refused download's body.
    expect(await screen.findByText('Too many downloads. Wait a minute.')).toBeInTheDocument()
    expect(downloads).toEqual([])
    expect(api.state.exportRequests).toEqual([])
  })
})
