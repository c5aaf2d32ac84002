import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { Application, LiveEvent } from '@/contract/lives'
import { server } from '../../mocks/server'
import { buildApplication, buildEvent } from '../../mocks/handlers/lives'
import { createLivesReviewApi } from '../../mocks/handlers/lives-review'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'
import { asPhone } from '../../support/phone'

const member = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })

const summerLive = (overrides: Partial<LiveEvent> = {}) => buildEvent({ title: 'Summer Live 2026', ...overrides })

function applicationTo(event: LiveEvent, name: string, overrides: Partial<Application> = {}) {
  return buildApplication({ eventId: event.id, band: { id: crypto.randomUUID(), name }, ...overrides })
}

function setup({
  event = summerLive(),
  applications = [] as Application[],
  events,
  myBandIds = [] as string[],
}: { event?: LiveEvent; applications?: Application[]; events?: LiveEvent[]; myBandIds?: string[] } = {}) {
  const api = createLivesReviewApi({ events: events ?? [event], applications, myBandIds })
  server.use(...api.handlers)
  return { api, event }
}

async function open(path = '/seasonal-live-application-list/summer', user = executive) {
  const rendered = renderApp(path, { user })
  await screen.findByRole('heading', { name: 'Summer live applications', level: 1 })
  return rendered
}

const lastList = (api: ReturnType<typeof setup>['api']) => Object.fromEntries(api.state.listRequests.at(-1)!.searchParams)

describe('/seasonal-live-application-list/{season}', () => {
  it('shows members their own bands’ applications with the decision and the note, read-only', async () => {
    const event = summerLive()
    const mine = applicationTo(event, 'The Rolling Scones', {
      status: 'rejected',
      reviewNote: 'The programme is full this time.',
      members: [{ id: member.id, displayName: 'Hana Sato', part: 'Vocals', isLeader: true }],
      requestedMinutes: 25,
      songs: [
        { title: 'One', artist: 'A', length: '4:30' },
        { title: 'Two', artist: 'B', length: '3:45' },
      ],
      canEdit: false,
    })
    const theirs = applicationTo(event, 'Someone Else')
    const { api } = setup({ event, applications: [mine, theirs], myBandIds: [mine.band.id] })
    await open('/seasonal-live-application-list/summer', member)

    const list = await screen.findByRole('list', { name: 'Your bands’ applications' })
    expect(within(list).getByRole('heading', { name: 'The Rolling Scones' })).toBeInTheDocument()
    expect(list).toHaveTextContent('Rejected')
    expect(list).toHaveTextContent('Note: The programme is full this time.')
    expect(list).toHaveTextContent('2 songs · 8:15 · asks for 25 min')
    expect(list).toHaveTextContent('Hana Sato (Vocals, leader)')
    expect(screen.queryByText('Someone Else')).not.toBeInTheDocument()
    expect(lastList(api)).toMatchObject({ scope: 'mine' })

    // Nothing to review, filter or manage.
    expect(screen.queryByRole('button', { name: /^(Accept|Reject|Waitlist)/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('search', { name: 'Filter applications' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit live' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New live' })).not.toBeInTheDocument()
    expect(screen.queryByRole('meter')).not.toBeInTheDocument()
    // The live's screens are one click away.
    const links = screen.getByRole('navigation', { name: 'This live' })
    expect(within(links).getByRole('link', { name: 'Application form' })).toHaveAttribute('href', '/seasonal-live-application/summer')
    expect(within(links).getByRole('link', { name: 'Participants' })).toHaveAttribute('href', '/seasonal-live-participant-list/summer')
    expect(within(links).getByRole('link', { name: 'Accepted bands' })).toHaveAttribute('href', `/festival-band-list?eventId=${event.id}`)
  })

  it('shows the event: title, status, days and stages, venue and the application window', async () => {
    setup({ event: summerLive({ venue: 'Student hall', bandLimit: 12 }) })
    await open()
    const card = screen.getByRole('region', { name: 'Summer Live 2026' })
    expect(card).toHaveTextContent('Open')
    expect(card).toHaveTextContent('Applications close at 23:59 on Mon 15 Jun.')
    expect(card).toHaveTextContent('Sat 18 Jul: Main 12:00–18:00')
    expect(card).toHaveTextContent('Student hall')
    expect(card).toHaveTextContent('12 bands')
    const seasons = screen.getByRole('navigation', { name: 'Seasons' })
    expect(within(seasons).getByRole('link', { name: 'Summer' })).toHaveAttribute('aria-current', 'page')
    expect(within(seasons).getByRole('link', { name: 'Winter' })).toHaveAttribute('href', '/seasonal-live-application-list/winter')
  })

  it('lets executives filter by status and band and sort, through the URL and the request', async () => {
    const event = summerLive()
    const applications = [
      applicationTo(event, 'Alpha Beats', { requestedMinutes: 20, submittedAt: '2026-06-01T01:00:00.000Z' }),
      applicationTo(event, 'Blue Scones', { requestedMinutes: 40, status: 'accepted', submittedAt: '2026-06-02T01:00:00.000Z' }),
      applicationTo(event, 'Scone Age', { requestedMinutes: 30, status: 'accepted', submittedAt: '2026-06-03T01:00:00.000Z' }),
    ]
    const { api } = setup({ event, applications })
    const { user, router } = await open()

    const table = await screen.findByRole('table', { name: 'Applications' })
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      expect.stringContaining('Alpha Beats'),
      expect.stringContaining('Blue Scones'),
      expect.stringContaining('Scone Age'),
    ])
    expect(lastList(api)).toMatchObject({ scope: 'all', sort: 'submitted', page: '1', pageSize: '20' })

    await user.selectOptions(screen.getByLabelText('Status'), 'Accepted')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'accepted' }))
    await waitFor(() => expect(lastList(api)).toMatchObject({ scope: 'all', status: 'accepted' }))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Applications' })).queryByText('Alpha Beats')).not.toBeInTheDocument())

    await user.type(screen.getByRole('searchbox', { name: 'Band' }), 'scone')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'accepted', q: 'scone' }))
    await waitFor(() => expect(lastList(api)).toMatchObject({ q: 'scone', status: 'accepted' }))

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Requested minutes, most first')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: '-minutes' }))
    await waitFor(() => expect(lastList(api)).toMatchObject({ sort: '-minutes' }))
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Applications' })).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
        expect.stringContaining('Blue Scones'),
        expect.stringContaining('Scone Age'),
      ]),
    )

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('status'))
    expect(router.state.location.search).not.toHaveProperty('q')
    expect(screen.getByRole('searchbox', { name: 'Band' })).toHaveValue('')
  })

  it('reads filters, sort and page from the URL and pages through 20 at a time', async () => {
    const event = summerLive()
    const applications = Array.from({ length: 23 }, (_, index) =>
      applicationTo(event, `Band ${String(index + 1).padStart(2, '0')}`, { submittedAt: `2026-06-01T${String(index).padStart(2, '0')}:00:00.000Z` }),
    )
    const { api } = setup({ event, applications })
    const { user, router } = await open('/seasonal-live-application-list/summer?sort=band&page=2')
    const table = await screen.findByRole('table', { name: 'Applications' })
    expect(within(table).getAllByRole('rowheader')).toHaveLength(3)
    expect(lastList(api)).toMatchObject({ sort: 'band', page: '2' })
    expect(screen.getByText('Page 2 of 2 · 23 in all')).toBeInTheDocument()
    expect(screen.getByLabelText('Sort by')).toHaveValue('band')

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('page'))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Applications' })).getAllByRole('rowheader')).toHaveLength(20))
  })

  it('accepts one application with an optional note and updates the running total', async () => {
    const event = summerLive()
    const scones = applicationTo(event, 'The Rolling Scones', { requestedMinutes: 30, message: 'We would love the first day.', needs: 'Two guitar amps' })
    const { api } = setup({ event, applications: [scones] })
    const { user } = await open()

    const row = await screen.findByRole('row', { name: /The Rolling Scones/ })
    expect(row).toHaveTextContent('We would love the first day.')
    expect(row).toHaveTextContent('Two guitar amps')
    expect(screen.getByRole('region', { name: 'Running total' })).toHaveTextContent('Accepted 0 bands · 0 min + 0 min changeovers of 720 min')

    await user.click(within(row).getByRole('button', { name: 'Accept The Rolling Scones' }))
    const dialog = await screen.findByRole('dialog', { name: 'Accept The Rolling Scones?' })
    expect(within(dialog).getByLabelText('Note for the band (optional)')).toHaveValue('')
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }))

    await waitFor(() => expect(api.state.reviews).toEqual([{ applicationId: scones.id, body: { status: 'accepted', note: '' } }]))
    expect(await screen.findByText('Accepted The Rolling Scones.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('region', { name: 'Running total' })).toHaveTextContent('Accepted 1 band · 30 min + 0 min changeovers of 720 min'))
    expect(within(screen.getByRole('row', { name: /The Rolling Scones/ })).getByText('Accepted')).toBeInTheDocument()
  })

  it('asks for a note before rejecting', async () => {
    const event = summerLive()
    const scones = applicationTo(event, 'The Rolling Scones')
    const { api } = setup({ event, applications: [scones] })
    const { user } = await open()

    await user.click(await screen.findByRole('button', { name: 'Reject The Rolling Scones' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject The Rolling Scones?' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await within(dialog).findByText('Say why, for the band')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Note for the band (required)')).toHaveAttribute('aria-invalid', 'true')
    expect(api.state.reviews).toEqual([])

    await user.type(within(dialog).getByLabelText('Note for the band (required)'), 'Too many bands this time')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(api.state.reviews).toEqual([{ applicationId: scones.id, body: { status: 'rejected', note: 'Too many bands this time' } }]))
    await waitFor(() => expect(screen.getByRole('row', { name: /The Rolling Scones/ })).toHaveTextContent('Note: Too many bands this time'))
  })

  it('accepts the selected applications together', async () => {
    const event = summerLive()
    const [alpha, beta, gamma] = [applicationTo(event, 'Alpha'), applicationTo(event, 'Beta'), applicationTo(event, 'Gamma')]
    const withdrawn = applicationTo(event, 'Gone Band', { status: 'withdrawn' })
    const { api } = setup({ event, applications: [alpha!, beta!, gamma!, withdrawn] })
    const { user } = await open()
    await screen.findByRole('table', { name: 'Applications' })
    // A withdrawn application cannot be reviewed, so it cannot be selected.
    expect(screen.queryByRole('checkbox', { name: 'Select Gone Band' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('row', { name: /Gone Band/ })).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }))
    expect(screen.getByRole('region', { name: 'Selected applications' })).toHaveTextContent('3 selected')
    await user.click(screen.getByRole('checkbox', { name: 'Select Gamma' }))
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty('indeterminate', true)

    await user.click(screen.getByRole('button', { name: 'Accept 2 selected' }))
    const dialog = await screen.findByRole('dialog', { name: 'Accept 2 applications?' })
    expect(dialog).toHaveTextContent('Alpha, Beta.')
    await user.type(within(dialog).getByLabelText('Note for the band (optional)'), 'See you there')
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }))

    await waitFor(() =>
      expect(api.state.bulkReviews).toEqual([{ eventId: event.id, body: { applicationIds: [alpha!.id, beta!.id], status: 'accepted', note: 'See you there' } }]),
    )
    expect(await screen.findByText('Accepted 2 applications.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected applications' })).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('region', { name: 'Running total' })).toHaveTextContent('Accepted 2 bands'))
  })

  it('warns when the accepted bands need more time than the stages are open', async () => {
    // 720 min over two stage-days; nine bands of 70 min and one of 85 need 715 min + 8 changeovers of 5.
    const event = summerLive({ changeoverMinutes: 5 })
    const applications = [
      ...Array.from({ length: 9 }, (_, index) => applicationTo(event, `Accepted ${index + 1}`, { status: 'accepted' as const, requestedMinutes: 70 })),
      applicationTo(event, 'Accepted 10', { status: 'accepted', requestedMinutes: 85 }),
      applicationTo(event, 'Waiting', { status: 'waitlisted' }),
    ]
    setup({ event, applications })
    await open()
    const total = await screen.findByRole('region', { name: 'Running total' })
    expect(total).toHaveTextContent('Accepted 10 bands · 715 min + 40 min changeovers of 720 min')
    expect(total).toHaveTextContent('Over by 35 min')
    const meter = within(total).getByRole('meter', { name: 'Accepted minutes against the opening hours' })
    expect(meter).toHaveAttribute('aria-valuetext', expect.stringContaining('over by 35 min'))
    expect(meter.firstElementChild).toHaveClass('bg-warn')
    const counts = within(total).getByRole('list', { name: 'Applications by status' })
    expect(counts).toHaveTextContent('Accepted 10')
    expect(counts).toHaveTextContent('Waitlisted 1')
    expect(counts).toHaveTextContent('Submitted 0')
  })

  it('shows the server’s refusal when the band limit is reached', async () => {
    const event = summerLive({ bandLimit: 1 })
    const taken = applicationTo(event, 'First In', { status: 'accepted' })
    const late = applicationTo(event, 'Late Comers')
    const { api } = setup({ event, applications: [taken, late] })
    const { user } = await open()
    const total = await screen.findByRole('region', { name: 'Running total' })
    expect(total).toHaveTextContent('Band limit: 1 of 1 accepted. Waitlist the others.')

    await user.click(await screen.findByRole('button', { name: 'Accept Late Comers' }))
    const dialog = await screen.findByRole('dialog', { name: 'Accept Late Comers?' })
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This live takes at most 1 bands and that many are accepted. Waitlist the band instead.')
    expect(api.state.reviews).toHaveLength(1)
    // Behind the modal: nothing changed.
    expect(within(screen.getByRole('row', { name: /Late Comers/, hidden: true })).getByText('Submitted')).toBeInTheDocument()

    // Waitlisting it instead works.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Waitlist Late Comers' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Waitlist Late Comers?' })).getByRole('button', { name: 'Waitlist' }))
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Late Comers/ })).getByText('Waitlisted')).toBeInTheDocument())
  })

  it('shows a bulk refusal for a band that withdrew meanwhile', async () => {
    const event = summerLive()
    const alpha = applicationTo(event, 'Alpha')
    const { api } = setup({ event, applications: [alpha] })
    const { user } = await open()
    await user.click(await screen.findByRole('checkbox', { name: 'Select Alpha' }))
    api.state.nextError = { status: 409, code: 'APPLICATION_WITHDRAWN', message: 'Alpha withdrew its application, so it cannot be reviewed.' }
    await user.click(screen.getByRole('button', { name: 'Waitlist 1 selected' }))
    const dialog = await screen.findByRole('dialog', { name: 'Waitlist 1 application?' })
    await user.click(within(dialog).getByRole('button', { name: 'Waitlist' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Alpha withdrew its application, so it cannot be reviewed.')
    // The selection stays, to try again or change it.
    expect(screen.getByRole('checkbox', { name: 'Select Alpha', hidden: true })).toBeChecked()
  })

  it('switches to another event of the kind through ?eventId=', async () => {
    const current = summerLive({ createdAt: '2026-05-01T00:00:00.000Z' })
    const older = summerLive({ title: 'Summer Live 2025', academicYear: 2025, status: 'archived', createdAt: '2025-05-01T00:00:00.000Z' })
    const oldBand = applicationTo(older, 'Last Year’s Band', { status: 'accepted' })
    const { api } = setup({ event: current, events: [current, older], applications: [oldBand] })
    const { user, router } = await open()
    expect(await screen.findByRole('heading', { name: 'Summer Live 2026' })).toBeInTheDocument()
    expect(await screen.findByText('No applications yet.')).toBeInTheDocument()

    await user.selectOptions(await screen.findByLabelText('Live'), 'Summer Live 2025 · 2025 · Archived')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ eventId: older.id }))
    expect(await screen.findByRole('heading', { name: 'Summer Live 2025' })).toBeInTheDocument()
    expect(await screen.findByRole('row', { name: /Last Year’s Band/ })).toBeInTheDocument()
    expect(api.state.listRequests.at(-1)!.pathname).toBe(`/api/events/${older.id}/applications`)
    expect(screen.getByRole('link', { name: 'Application form' })).toHaveAttribute('href', `/seasonal-live-application/summer?eventId=${older.id}`)
  })

  it('says when the kind has no current event, and offers executives to create it', async () => {
    setup({ events: [] })
    await open()
    expect(await screen.findByText('There is no current Summer live for the 2026 academic year.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create the Summer live' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit live' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'New live' })).toBeInTheDocument()
  })

  it('tells members there is no current event without offering to create one', async () => {
    setup({ events: [] })
    await open('/seasonal-live-application-list/summer', member)
    expect(await screen.findByText('There is no current Summer live for the 2026 academic year.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create the Summer live' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New live' })).not.toBeInTheDocument()
  })

  it('tells members when none of their bands has applied, with a way to apply', async () => {
    setup({ applications: [] })
    await open('/seasonal-live-application-list/summer', member)
    expect(await screen.findByText('None of your bands has applied to this live.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Apply for a band' })).toHaveAttribute('href', '/seasonal-live-application/summer')
  })

  it('says when no application matches the filters', async () => {
    const event = summerLive()
    setup({ event, applications: [applicationTo(event, 'Alpha')] })
    await open('/seasonal-live-application-list/summer?status=rejected')
    expect(await screen.findByText('No applications match.')).toBeInTheDocument()
  })

  it('shows cards instead of a wide table on phones', async () => {
    asPhone()
    const event = summerLive()
    const { api } = setup({ event, applications: [applicationTo(event, 'Alpha', { preferredDay: '2026-07-18' })] })
    const { user } = await open()
    const cards = await screen.findByRole('list', { name: 'Applications' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(within(cards).getByRole('heading', { name: 'Alpha' })).toBeInTheDocument()
    expect(cards).toHaveTextContent('Preferred daySat 18 Jul')
    await user.click(within(cards).getByRole('button', { name: 'Accept Alpha' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(api.state.reviews).toHaveLength(1))
  })

  it('serves the festival and the Christmas live lists too', async () => {
    const festival = buildEvent({ kind: 'festival', season: null, title: 'Campus Festival 2026' })
    const christmas = buildEvent({ kind: 'christmas', season: null, title: 'Christmas Live 2026' })
    setup({ event: festival, events: [festival, christmas] })
    renderApp('/festival-application-list', { user: executive })
    expect(await screen.findByRole('heading', { name: 'School festival applications', level: 1 })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Campus Festival 2026' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Seasons' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Participants' })).toHaveAttribute('href', '/festival-participant-list')
  })

  it('has no participant list link for the Christmas live', async () => {
    const christmas = buildEvent({ kind: 'christmas', season: null, title: 'Christmas Live 2026' })
    setup({ event: christmas })
    renderApp('/christmas-live-application-list', { user: executive })
    expect(await screen.findByRole('heading', { name: 'Christmas Live 2026' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Application form' })).toHaveAttribute('href', '/christmas-live-application')
    expect(screen.queryByRole('link', { name: 'Participants' })).not.toBeInTheDocument()
  })
})
