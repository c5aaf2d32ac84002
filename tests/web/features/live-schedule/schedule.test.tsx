import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { SchedulePlacement } from '@/contract/live-schedule'
import { server } from '../../mocks/server'
import { buildEvent } from '../../mocks/handlers/lives'
import { buildSchedulePerformance, createScheduleApi } from '../../mocks/handlers/live-schedule'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })
const member = buildUser({ displayName: 'Hana Sato' })

const festival = buildEvent({
  kind: 'festival',
  season: null,
  title: 'Campus Festival 2026',
  days: [
    {
      date: '2026-12-05',
      stages: [
        { name: 'Main', opensAt: '12:00', closesAt: '18:00' },
        { name: 'Studio', opensAt: '13:00', closesAt: '17:00' },
      ],
    },
    { date: '2026-12-06', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] },
  ],
  changeoverMinutes: 5,
  musicianGapMinutes: 30,
})
const summer = buildEvent({ kind: 'seasonal', season: 'summer', title: 'Summer Live 2026' })

const blueTrain = buildSchedulePerformance({ bandName: 'Blue Train', preferredDay: '2026-12-05' })
const nightOwls = buildSchedulePerformance({ bandName: 'Night Owls' })
const sunny = buildSchedulePerformance({ bandName: 'Sunny Days', mine: true, minutes: 25 })
const extra = buildSchedulePerformance({ bandName: 'Late Comers' })
const performances = [blueTrain, nightOwls, sunny, extra]

const at = (performanceId: string, date: string, stage: string, start: string, pinned = false): SchedulePlacement => ({ performanceId, date, stage, start, pinned })
const draft = () => [
  at(blueTrain.id, '2026-12-05', 'Main', '12:00'),
  at(nightOwls.id, '2026-12-05', 'Main', '12:25'),
  at(sunny.id, '2026-12-06', 'Main', '12:00', true),
]

function setup(options: Partial<Parameters<typeof createScheduleApi>[0]> = {}) {
  const api = createScheduleApi({ event: festival, others: [summer], performances, draft: draft(), executive: true, ...options })
  server.use(...api.handlers)
  return api
}

const block = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name},`) })

describe('/festival-schedule for executives', () => {
  it('shows the draft as a grid per day and stage, with what is not placed yet', async () => {
    setup()
    renderApp('/festival-schedule', { user: executive })
    expect(await screen.findByRole('heading', { name: 'Campus Festival 2026: timetable', level: 1 })).toBeInTheDocument()
    const saturday = await screen.findByRole('group', { name: 'Draft timetable of Sat 5 Dec' })
    const main = within(saturday).getByRole('region', { name: 'Main, Sat 5 Dec, open 12:00–18:00' })
    expect(within(main).getByRole('button', { name: 'Blue Train, 12:00–12:20, Main' })).toBeInTheDocument()
    expect(within(main).getByRole('button', { name: 'Night Owls, 12:25–12:45, Main' })).toBeInTheDocument()
    expect(within(saturday).getByRole('region', { name: 'Studio, Sat 5 Dec, open 13:00–17:00' })).toBeInTheDocument()
    const sunday = screen.getByRole('group', { name: 'Draft timetable of Sun 6 Dec' })
    expect(within(sunday).getByRole('button', { name: 'Sunny Days, 12:00–12:25, Main, pinned' })).toBeInTheDocument()

    expect(screen.getByRole('heading', { name: 'Not in the timetable (1)' })).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Performances to place' })).getByText('Late Comers')).toBeInTheDocument()
    const checks = screen.getByRole('region', { name: 'Checks' })
    expect(checks).toHaveTextContent('No hard rule is broken.')
    expect(screen.getByText('All changes saved')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Generator' })).toHaveAttribute('href', `/festival-schedule-generator?eventId=${festival.id}`)
    expect(screen.getByText('Nothing is published yet: members do not see a timetable.')).toBeInTheDocument()
  })

  it('flags a block moved with the keyboard into the changeover, on that block, and announces it', async () => {
    setup()
    const { user } = renderApp('/festival-schedule', { user: executive })
    const owls = await block('Night Owls')
    owls.focus()
    await user.keyboard('{Enter}')
    expect(await block('Night Owls')).toHaveAccessibleName('Night Owls, 12:25–12:45, Main, picked up')
    await user.keyboard('{ArrowUp}')

    const moved = await block('Night Owls')
    expect(moved).toHaveFocus()
    expect(moved).toHaveAccessibleName('Night Owls, 12:20–12:40, Main, picked up, 1 broken rule')
    const message = 'Night Owls starts 0 min after Blue Train ends on Main; the changeover needs 5 min'
    expect(screen.getByRole('list', { name: 'Broken rules of Night Owls' })).toHaveTextContent(message)
    expect(moved).toHaveAccessibleDescription(new RegExp(message))
    // The pair is shown on both performances, counted once in the summary.
    expect(await block('Blue Train')).toHaveAccessibleName('Blue Train, 12:00–12:20, Main, 1 broken rule')
    expect(screen.getByRole('region', { name: 'Checks' })).toHaveTextContent('1 hard rule is broken.')
    expect(screen.getByText(new RegExp(`Night Owls moved to Main, Sat 5 Dec, 12:20–12:40\\. Breaks: ${message}`))).toBeInTheDocument()
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()

    await user.keyboard('{Enter}')
    expect(await block('Night Owls')).toHaveAccessibleName('Night Owls, 12:20–12:40, Main, 1 broken rule')
    // Picked up again and put back with Escape: the move is undone.
    await user.keyboard('{Enter}{ArrowRight}')
    // Another stage at the same time: before the Studio opens.
    expect(await block('Night Owls')).toHaveAccessibleName('Night Owls, 12:20–12:40, Studio, picked up, 1 broken rule')
    expect(screen.getByRole('list', { name: 'Broken rules of Night Owls' })).toHaveTextContent('outside the opening hours of Studio on Sat')
    expect(await block('Night Owls')).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(await block('Night Owls')).toHaveAccessibleName('Night Owls, 12:20–12:40, Main, 1 broken rule')
  })

  it('moves the selected block with buttons, across stages and days, with its costs', async () => {
    setup()
    const { user } = renderApp('/festival-schedule', { user: executive })
    await user.click(await block('Blue Train'))
    const controls = screen.getByRole('region', { name: 'Selected: Blue Train' })
    expect(controls).toHaveTextContent('Breaks no rule.')
    await user.click(within(controls).getByRole('button', { name: 'Later' }))
    expect(await block('Blue Train')).toHaveAccessibleName('Blue Train, 12:05–12:25, Main, 1 broken rule')
    expect(controls).toHaveTextContent('Changeover: Blue Train ends 0 min before Night Owls starts on Main; the changeover needs 5 min')
    expect(controls).toHaveTextContent('Penalty points 1: Early start 1')

    await user.click(within(controls).getByRole('button', { name: 'Later' }))
    await user.click(within(controls).getByRole('button', { name: 'Next stage' }))
    expect(await block('Blue Train')).toHaveAccessibleName('Blue Train, 12:10–12:30, Studio, 1 broken rule')
    expect(controls).toHaveTextContent('Opening hours: Blue Train (12:10–12:30) is outside the opening hours of Studio')
    await user.click(within(controls).getByRole('button', { name: 'Next stage' }))
    const sunday = screen.getByRole('group', { name: 'Draft timetable of Sun 6 Dec' })
    // Sunny Days plays 12:00–12:25 there: the changeover breaks.
    expect(within(sunday).getByRole('button', { name: 'Blue Train, 12:10–12:30, Main, 1 broken rule' })).toBeInTheDocument()
    // Off its preferred day: the cost says so.
    expect(screen.getByRole('region', { name: 'Selected: Blue Train' })).toHaveTextContent(/Preferred day 30/)
    expect(screen.getByRole('region', { name: 'Checks' })).toHaveTextContent(/Penalty points \d+: Early start \d+, Preferred day 30/)

    await user.click(within(screen.getByRole('region', { name: 'Selected: Blue Train' })).getByRole('button', { name: 'Remove from timetable' }))
    expect(screen.queryByRole('button', { name: /^Blue Train,/ })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Not in the timetable (2)' })).toBeInTheDocument()
  })

  it('pins and unpins a block; a pinned block does not move', async () => {
    setup()
    const { user } = renderApp('/festival-schedule', { user: executive })
    await user.click(await block('Night Owls'))
    const controls = screen.getByRole('region', { name: 'Selected: Night Owls' })
    await user.click(within(controls).getByRole('button', { name: 'Pin' }))
    expect(await block('Night Owls')).toHaveAccessibleName('Night Owls, 12:25–12:45, Main, pinned')
    expect(within(controls).getByRole('button', { name: 'Unpin' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(controls).getByRole('button', { name: 'Earlier' })).toBeDisabled()

    ;(await block('Night Owls')).focus()
    await user.keyboard('{Enter}{ArrowUp}')
    expect(await block('Night Owls')).toHaveAccessibleName('Night Owls, 12:25–12:45, Main, pinned')
    expect(screen.getByText('Night Owls is pinned. Unpin it to move it.')).toBeInTheDocument()

    await user.click(within(controls).getByRole('button', { name: 'Unpin' }))
    expect(await block('Night Owls')).toHaveAccessibleName('Night Owls, 12:25–12:45, Main')
    expect(within(controls).getByRole('button', { name: 'Earlier' })).toBeEnabled()
  })

  it('adds a performance at the first free time and saves every placement, pins included', async () => {
    const api = setup()
    const { user } = renderApp('/festival-schedule', { user: executive })
    await user.click(await screen.findByRole('button', { name: 'Add to the timetable: Late Comers' }))
    expect(await block('Late Comers')).toHaveAccessibleName('Late Comers, 12:50–13:10, Main')
    expect(await block('Late Comers')).toHaveFocus()
    expect(screen.getByRole('heading', { name: 'Not in the timetable (0)' })).toBeInTheDocument()
    await user.click(within(screen.getByRole('region', { name: 'Selected: Late Comers' })).getByRole('button', { name: 'Pin' }))
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(api.state.draftSaves).toHaveLength(1))
    const sorted = api.state.draftSaves[0]!.placements.toSorted((a, b) => a.performanceId.localeCompare(b.performanceId))
    expect(sorted).toEqual([...draft(), at(extra.id, '2026-12-05', 'Main', '12:50', true)].toSorted((a, b) => a.performanceId.localeCompare(b.performanceId)))
    expect(await screen.findByText('All changes saved')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled()
  })

  it('asks before publishing a draft with broken rules, naming them, then sends confirmBreaks', async () => {
    const api = setup()
    const { user } = renderApp('/festival-schedule', { user: executive })
    await user.click(await block('Night Owls'))
    await user.click(within(screen.getByRole('region', { name: 'Selected: Night Owls' })).getByRole('button', { name: 'Earlier' }))
    await user.click(screen.getByRole('button', { name: 'Publish' }))

    const dialog = await screen.findByRole('dialog', { name: 'Publish a timetable that breaks rules?' })
    expect(within(within(dialog).getByRole('list', { name: 'Broken rules' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Night Owls starts 0 min after Blue Train ends on Main; the changeover needs 5 min',
    ])
    expect(api.state.publishRequests).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.state.publishRequests).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Publish' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish with 1 broken rule' }))
    await waitFor(() => expect(api.state.publishRequests).toEqual([{ confirmBreaks: true }]))
    // The unsaved move was saved first, so what is published is what was checked.
    expect(api.state.draftSaves).toHaveLength(1)
    expect(api.state.draftSaves[0]!.placements.find((placement) => placement.performanceId === nightOwls.id)).toMatchObject({ start: '12:20' })
    expect(await screen.findByText('Published version 1 of the timetable. Members see it now.')).toBeInTheDocument()
    expect(await screen.findByText('Members see version 1. Edit the draft and publish it to replace it.')).toBeInTheDocument()
  })

  it('asks before publishing a clean draft, saying what members will see and naming the version', async () => {
    const api = setup()
    const { user } = renderApp('/festival-schedule', { user: executive })
    await block('Blue Train')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    const confirm = await screen.findByRole('dialog', { name: /^Publish version \d+ of the timetable\?$/ })
    expect(confirm).toHaveAccessibleDescription(/^Members will see this timetable \(version \d+\) as soon as you publish it/)
    expect(api.state.publishRequests).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: /^Publish version \d+$/ }))
    await waitFor(() => expect(api.state.publishRequests).toEqual([{ confirmBreaks: false }]))
  })

  it('publishes a clean draft once confirmed, and shows the server’s refusal when it finds breaks', async () => {
    const api = setup()
    api.state.refusePublish = 'Sunny Days is unavailable 12:00–13:00 on Sun 6 Dec. Fix the timetable, or confirm to publish it anyway.'
    const { user } = renderApp('/festival-schedule', { user: executive })
    await block('Blue Train')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    await user.click(within(await screen.findByRole('dialog', { name: /^Publish version/ })).getByRole('button', { name: /^Publish version/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Publish a timetable that breaks rules?' })
    expect(dialog).toHaveTextContent('Sunny Days is unavailable 12:00–13:00 on Sun 6 Dec.')
    expect(api.state.publishRequests).toEqual([{ confirmBreaks: false }])
    await user.click(within(dialog).getByRole('button', { name: /^Publish with/ }))
    await waitFor(() => expect(api.state.publishRequests).toEqual([{ confirmBreaks: false }, { confirmBreaks: true }]))
    expect(api.state.draftSaves).toEqual([])
  })

  it('starts from the generator or by hand when there is no draft', async () => {
    const api = setup({ draft: null })
    const { user } = renderApp('/festival-schedule', { user: executive })
    expect(await screen.findByRole('heading', { name: 'No draft timetable yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the generator' })).toHaveAttribute('href', `/festival-schedule-generator?eventId=${festival.id}`)
    await user.click(screen.getByRole('button', { name: 'Build by hand' }))
    expect(screen.getByRole('heading', { name: 'Not in the timetable (4)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Add to the timetable: Blue Train' }))
    expect(await block('Blue Train')).toHaveAccessibleName('Blue Train, 12:00–12:20, Main')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(api.state.draftSaves).toEqual([{ placements: [at(blueTrain.id, '2026-12-05', 'Main', '12:00')] }]))
  })

  it('asks before leaving with unsaved changes', async () => {
    setup()
    const { user, router } = renderApp('/festival-schedule', { user: executive })
    await user.click(await block('Blue Train'))
    await user.click(within(screen.getByRole('region', { name: 'Selected: Blue Train' })).getByRole('button', { name: 'Pin' }))
    const nav = screen.getByRole('navigation', { name: 'Main' })
    await user.click(within(nav).getByRole('link', { name: 'Bands' }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(router.state.location.pathname).toBe('/festival-schedule')
    expect(await block('Blue Train')).toHaveAccessibleName('Blue Train, 12:00–12:20, Main, pinned')
    // Another day of the same draft is not leaving.
    await user.click(screen.getByRole('button', { name: 'Sun 6 Dec' }))
    expect(await screen.findByRole('group', { name: 'Draft timetable of Sun 6 Dec' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('takes a draft changed elsewhere (a proposal applied) unless there are unsaved moves', async () => {
    const api = setup()
    const { user, queryClient } = renderApp('/festival-schedule', { user: executive })
    await block('Blue Train')
    api.state.draft = [at(blueTrain.id, '2026-12-05', 'Studio', '13:00'), at(nightOwls.id, '2026-12-05', 'Main', '12:00')]
    await queryClient.invalidateQueries({ queryKey: ['live-schedule'] })
    expect(await screen.findByRole('button', { name: 'Blue Train, 13:00–13:20, Studio' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Not in the timetable (2)' })).toBeInTheDocument()
    expect(screen.getByText('All changes saved')).toBeInTheDocument()

    await user.click(await block('Night Owls'))
    await user.click(within(screen.getByRole('region', { name: 'Selected: Night Owls' })).getByRole('button', { name: 'Later' }))
    api.state.draft = draft()
    await queryClient.invalidateQueries({ queryKey: ['live-schedule'] })
    await waitFor(() => expect(api.state.viewRequests).toHaveLength(3))
    expect(await block('Night Owls')).toHaveAccessibleName('Night Owls, 12:05–12:25, Main')
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
  })

  it('shows one day at a time through ?day=', async () => {
    setup()
    const { user, router } = renderApp('/festival-schedule?day=2026-12-06', { user: executive })
    expect(await screen.findByRole('group', { name: 'Draft timetable of Sun 6 Dec' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Draft timetable of Sat 5 Dec' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sun 6 Dec' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'Sat 5 Dec' }))
    expect(await screen.findByRole('group', { name: 'Draft timetable of Sat 5 Dec' })).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({ day: '2026-12-05' })
    expect(screen.getByRole('button', { name: 'Add to Sat 5 Dec: Late Comers' })).toBeInTheDocument()
  })
})

describe('/festival-schedule for members', () => {
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL }
  let click: MockInstance
  const downloads: string[] = []
  beforeEach(() => {
    downloads.length = 0
    URL.createObjectURL = vi.fn(() => 'blob:timetable')
    URL.revokeObjectURL = vi.fn()
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download)
    })
  })
  afterEach(() => {
    Object.assign(URL, original)
    click.mockRestore()
  })

  it('shows the latest published version with their own performances marked “Yours”', async () => {
    const api = setup({ executive: false, published: draft() })
    const { user } = renderApp('/festival-schedule', { user: member })
    const sunday = await screen.findByRole('group', { name: 'Timetable of Sun 6 Dec' })
    const yours = within(sunday).getByRole('article', { name: 'Sunny Days, 12:00–12:25, Main, yours' })
    expect(yours).toHaveTextContent('Yours')
    expect(screen.getByRole('article', { name: 'Blue Train, 12:00–12:20, Main' })).not.toHaveTextContent('Yours')
    expect(screen.getByRole('region', { name: 'Your performances' })).toHaveTextContent('Sunny Days · Sun 6 Dec · Main · 12:00–12:25')
    expect(await screen.findByText(/^Version 1, published/)).toHaveTextContent('Version 1, published Fri 20 Nov 2026, 19:00.')
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Blue Train,/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Late Comers')).not.toBeInTheDocument()

    // The live's feed, for a calendar app to subscribe to (it then follows every new version).
    expect(screen.getByRole('link', { name: 'Subscribe in your calendar' })).toHaveAttribute('href', `webcal://${window.location.host}/api/events/${festival.id}/timetable.ics`)
    await user.click(screen.getByRole('button', { name: 'Download iCal' }))
    await waitFor(() => expect(downloads).toEqual(['Campus Festival 2026.ics']))
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(downloads).toEqual(['Campus Festival 2026.ics', 'Campus Festival 2026.csv']))
    expect(api.state.downloads).toEqual([`${festival.id}.ics`, `${festival.id}.csv`])
  })

  it('says when a version was published on the club’s clock, not the browser’s', async () => {
    // 10:00 UTC is 05:00 in New York; the test browser runs in UTC (or the machine's zone), never New York.
    setup({ executive: false, published: draft(), timeZone: 'America/New_York' })
    renderApp('/festival-schedule', { user: member })
    expect(await screen.findByText(/^Version 1, published .*05:00\.$/)).toHaveTextContent('Version 1, published Fri 20 Nov 2026, 05:00.')
  })

  it('says so when nothing is published yet', async () => {
    setup({ executive: false })
    renderApp('/festival-schedule', { user: member })
    expect(await screen.findByText('The timetable is not published yet')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download iCal' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Subscribe in your calendar' })).not.toBeInTheDocument()
  })

  it('shows another live through ?eventId=', async () => {
    const api = setup({ executive: false })
    renderApp(`/festival-schedule?eventId=${summer.id}`, { user: member })
    expect(await screen.findByRole('heading', { name: 'Summer Live 2026: timetable', level: 1 })).toBeInTheDocument()
    expect(await screen.findByText('The timetable is not published yet')).toBeInTheDocument()
    expect(api.state.viewRequests).toContain(summer.id)
  })

  it('shows the error with a retry when the timetable cannot be loaded', async () => {
    const api = setup({ executive: false })
    api.state.failView = true
    const { user } = renderApp('/festival-schedule', { user: member })
    expect(await screen.findByText('The timetable could not be loaded.')).toBeInTheDocument()
    api.state.failView = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('The timetable is not published yet')).toBeInTheDocument()
  })

  it('prints one section per day, as a plain table of time, stage and band', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    try {
      setup({ executive: false, published: draft() })
      const { user } = renderApp('/festival-schedule?print=true', { user: member })
      const saturday = await screen.findByRole('region', { name: 'Campus Festival 2026 · Sat 5 Dec' })
      const sunday = screen.getByRole('region', { name: 'Campus Festival 2026 · Sun 6 Dec' })
      expect(document.querySelectorAll('.timetable-print-day')).toHaveLength(2)
      const rows = within(within(saturday).getByRole('table')).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
      expect(rows).toEqual([
        ['Time', 'Stage', 'Band'],
        ['12:00–12:20', 'Main', 'Blue Train'],
        ['12:25–12:45', 'Main', 'Night Owls'],
      ])
      expect(within(sunday).getByRole('table')).toHaveTextContent('Sunny Days')
      expect(saturday).toHaveTextContent('Timetable, version 1')
      await user.click(screen.getByRole('button', { name: 'Print' }))
      expect(print).toHaveBeenCalledTimes(1)
      expect(screen.getByRole('link', { name: 'Back to the timetable' })).toHaveAttribute('href', '/festival-schedule')
    } finally {
      print.mockRestore()
    }
  })
})

describe('timetable navigation', () => {
  it('links everyone to the timetable and executives to the generator', async () => {
    setup({ executive: false })
    renderApp('/festival-schedule', { user: member })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Timetable' })).toHaveAttribute('href', '/festival-schedule')
    expect(within(nav).queryByRole('link', { name: 'Timetable generator' })).not.toBeInTheDocument()
  })

  it('shows the generator to executives', async () => {
    setup()
    renderApp('/festival-schedule', { user: executive })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Timetable generator' })).toHaveAttribute('href', '/festival-schedule-generator')
  })
})
