import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { Proposal, SchedulePerformance, StoredTimetable } from '@/contract/live-schedule'
import { timetablePresets } from '@/contract/timetable'
import { server } from '../../mocks/server'
import { buildEvent } from '../../mocks/handlers/lives'
import { buildPerformance, buildStoredTimetable, createGeneratorApi, fakeProposal } from '../../mocks/handlers/live-generator'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'
import { boundText } from '@/features/live-schedule/proposal-card'

const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })

const festival = buildEvent({
  kind: 'festival',
  season: null,
  title: 'Campus Festival 2026',
  days: [
    { date: '2026-12-05', stages: [{ name: 'Main hall', opensAt: '12:00', closesAt: '18:00' }, { name: 'Studio', opensAt: '13:00', closesAt: '17:00' }] },
    { date: '2026-12-06', stages: [{ name: 'Main hall', opensAt: '12:00', closesAt: '18:00' }] },
  ],
  capacityMinutes: 960,
})

const blueTrain = buildPerformance({ bandName: 'Blue Train' })
const nightOwls = buildPerformance({ bandName: 'Night Owls', minutes: 25 })
const scones = buildPerformance({ bandName: 'The Rolling Scones' })
const performances = [blueTrain, nightOwls, scones]

function setup({ bands = performances as SchedulePerformance[], draft = null as StoredTimetable | null } = {}) {
  const api = createGeneratorApi({ event: festival, performances: bands, draft })
  server.use(...api.handlers)
  return api
}

async function open(path = '/festival-schedule-generator') {
  const rendered = renderApp(path, { user: executive })
  await screen.findByRole('heading', { level: 1, name: 'Campus Festival 2026: timetable generator' })
  await screen.findByRole('button', { name: 'Generate' })
  return rendered
}

const proposalCards = () => within(screen.getByRole('list', { name: 'Proposals' })).getAllByRole('article')
const card = (number: number) => screen.getByRole('article', { name: `Proposal ${number}` })
const cardTitles = () => proposalCards().map((article) => within(article).getByRole('heading', { level: 2 }).textContent)
const weight = (label: string) => screen.getByRole('spinbutton', { name: label })
const timeline = (number: number, day: string) =>
  within(within(card(number)).getByRole('list', { name: `Proposal ${number}: ${day}` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

function proposalWith(overrides: Partial<Proposal>): Proposal {
  const base = fakeProposal(festival, { eventId: festival.id, performances, published: null, draft: null }, { weights: timetablePresets.compact, seed: 1 })
  return { ...base, ...overrides }
}

describe('/festival-schedule-generator', { timeout: 20_000 }, () => {
  it('generates with the compact preset’s weights and seed and shows the proposal with its cost, bound, time and timeline', async () => {
    const api = setup()
    const { user } = await open()
    const numbers = screen.getByRole('region', { name: 'What the generator places' })
    expect(numbers).toHaveTextContent('3 accepted performances')
    expect(numbers).toHaveTextContent('No draft yet')
    expect(screen.getByRole('radio', { name: /Compact/ })).toBeChecked()
    expect(screen.getByRole('radio', { name: /Compact/ })).toHaveAccessibleDescription('Every band as early as possible on its preferred day, and nothing else counts. It usually finds the best possible timetable.')
    expect(weight('Preferred day')).toHaveValue(30)
    expect(screen.getByRole('checkbox', { name: 'Keep pinned performances' })).toBeChecked()
    expect(screen.getByText('No proposals yet')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(api.state.generated).toEqual([{ preset: 'compact', weights: timetablePresets.compact, seed: 1, effort: 1, keepPins: true, wishes: {} }]))
    const proposal = await screen.findByRole('article', { name: 'Proposal 1' })
    expect(proposal).toHaveTextContent('Compact preset · seed 1 · effort 1 · pins kept')
    expect(costOf(proposal, 'Penalty points (fewer is better)')).toBe('17')
    expect(costOf(proposal, 'Early start')).toBe('17')
    expect(costOf(proposal, 'Preferred day')).toBe('0')
    expect(costOf(proposal, 'No idle holes')).toBe('not weighed')
    expect(proposal).toHaveTextContent('The best possible timetable for these goals')
    expect(proposal).toHaveTextContent('3 of 3 performances placed · found in 42 ms')
    expect(timeline(1, 'Sat 5 Dec · Main hall')).toEqual(['12:00–12:25Night Owls', '12:30–12:50The Rolling Scones', '12:55–13:15Blue Train'])
    expect(within(proposal).queryByText(/Not placed/)).not.toBeInTheDocument()
    expect(await screen.findByText('Proposal 1 is ready: 17 penalty points, every performance placed.')).toBeInTheDocument()

    // Another preset fills its weights; the seed goes with the request.
    await user.click(screen.getByRole('radio', { name: /Balanced/ }))
    expect(weight('First or last wish')).toHaveValue(20)
    expect(weight('Lower grades earlier')).toHaveValue(3)
    await user.clear(screen.getByRole('spinbutton', { name: 'Seed' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Seed' }), '7')
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(api.state.generated).toHaveLength(2))
    expect(api.state.generated[1]).toEqual({ preset: 'balanced', weights: timetablePresets.balanced, seed: 7, effort: 1, keepPins: true, wishes: {} })
    expect(await screen.findByRole('article', { name: 'Proposal 2' })).toHaveTextContent('Balanced preset · seed 7 · effort 1 · pins kept')
    expect(cardTitles()).toEqual(['Proposal 1', 'Proposal 2'])
  })

  it('sends the bands chosen to open or close a day', async () => {
    const api = setup()
    const { user } = await open()
    await user.click(screen.getByText(/Bands to open or close a day/))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Night Owls' }), 'Closes a day')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Blue Train' }), 'Opens a day')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Blue Train' }), 'Anywhere')
    expect(screen.getByText(/Bands to open or close a day \(1 chosen\)/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(api.state.generated).toHaveLength(1))
    expect((api.state.generated[0] as { wishes: unknown }).wishes).toEqual({ [nightOwls.id]: 'last' })
  })

  it('switches to custom weights when one is edited, checks them, and sends exactly those', async () => {
    const api = setup()
    const { user } = await open()
    await user.clear(weight('Shared musicians spread out'))
    await user.type(weight('Shared musicians spread out'), '-2')
    expect(screen.getByRole('radio', { name: /Custom/ })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(await screen.findByText('Cannot be negative')).toBeInTheDocument()
    expect(weight('Shared musicians spread out')).toHaveAccessibleDescription(/Cannot be negative/)
    expect(api.state.generated).toEqual([])

    await user.clear(weight('Shared musicians spread out'))
    await user.type(weight('Shared musicians spread out'), '5')
    await user.clear(screen.getByRole('spinbutton', { name: 'Effort' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Effort' }), '3')
    await user.click(screen.getByRole('checkbox', { name: 'Keep pinned performances' }))
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() =>
      expect(api.state.generated).toEqual([{ weights: { ...timetablePresets.compact, musicianSpread: 5 }, seed: 1, effort: 3, keepPins: false, wishes: {} }]),
    )
    const proposal = await screen.findByRole('article', { name: 'Proposal 1' })
    expect(proposal).toHaveTextContent('Custom weights · seed 1 · effort 3 · pins ignored')
    expect(proposal).toHaveTextContent('Shared musicians spread out (× 5)')

    // Back to a preset: its weights again.
    await user.click(screen.getByRole('radio', { name: /Compact/ }))
    expect(weight('Shared musicians spread out')).toHaveValue(0)
  })

  it('keeps three proposals side by side: a fourth replaces the oldest, and one can be removed', async () => {
    const api = setup()
    const { user } = await open()
    for (const seed of ['1', '2', '3']) {
      await user.clear(screen.getByRole('spinbutton', { name: 'Seed' }))
      await user.type(screen.getByRole('spinbutton', { name: 'Seed' }), seed)
      await user.click(screen.getByRole('button', { name: 'Generate' }))
      await screen.findByText(new RegExp(`Proposal ${seed} is ready`))
    }
    expect(cardTitles()).toEqual(['Proposal 1', 'Proposal 2', 'Proposal 3'])
    expect(screen.getByText(/the next one replaces Proposal 1, the oldest/)).toBeInTheDocument()
    expect(timeline(2, 'Sat 5 Dec · Main hall')[0]).toBe('12:00–12:20The Rolling Scones')

    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(await screen.findByText('Proposal 4 is ready: 16 penalty points, every performance placed. It replaced Proposal 1.')).toBeInTheDocument()
    expect(cardTitles()).toEqual(['Proposal 2', 'Proposal 3', 'Proposal 4'])
    expect(api.state.generated).toHaveLength(4)
    expect(screen.getByText(/the next one replaces Proposal 2, the oldest/)).toBeInTheDocument()

    await user.click(within(card(3)).getByRole('button', { name: 'Remove Proposal 3' }))
    expect(cardTitles()).toEqual(['Proposal 2', 'Proposal 4'])
    expect(screen.queryByText(/the next one replaces/)).not.toBeInTheDocument()
  })

  it('reproduces a proposal: its parameters go back into the form and the same seed gives the same timetable', async () => {
    const api = setup()
    const { user } = await open()
    await user.click(screen.getByRole('radio', { name: /Spread/ }))
    await user.clear(screen.getByRole('spinbutton', { name: 'Seed' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Seed' }), '2')
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await screen.findByRole('article', { name: 'Proposal 1' })

    await user.click(screen.getByRole('radio', { name: /Compact/ }))
    await user.click(screen.getByRole('button', { name: 'New seed' }))
    await user.click(within(card(1)).getByRole('button', { name: 'Use these parameters' }))
    expect(screen.getByRole('radio', { name: /Spread/ })).toBeChecked()
    expect(screen.getByRole('spinbutton', { name: 'Seed' })).toHaveValue(2)
    expect(weight('Shared musicians spread out')).toHaveValue(4)

    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await screen.findByRole('article', { name: 'Proposal 2' })
    expect(api.state.generated[1]).toEqual(api.state.generated[0])
    expect(timeline(2, 'Sat 5 Dec · Main hall')).toEqual(timeline(1, 'Sat 5 Dec · Main hall'))
    expect(card(2)).toHaveTextContent('Spread preset · seed 2')
  })

  it('explains in words what could not be placed, and how far from the bound a proposal may be', async () => {
    const api = setup()
    api.state.next = [
      proposalWith({
        placements: proposalWith({}).placements.filter((placement) => placement.performanceId !== nightOwls.id),
        unplaced: [
          { performanceId: nightOwls.id, rule: 'musician-gap', message: 'Kenta plays in Blue Train and Night Owls; with a 30-minute gap no order fits both before 16:00' },
        ],
        lowerBound: null,
        gapPercent: null,
        provenOptimal: false,
      }),
      proposalWith({ lowerBound: 480, gapPercent: 4.2, provenOptimal: false, cost: { total: 500.25, byGoal: { earliness: 500.25 }, byPerformance: {} } }),
    ]
    const { user } = await open()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    const first = await screen.findByRole('article', { name: 'Proposal 1' })
    const unplaced = within(first).getByRole('region', { name: 'Not placed (1)' })
    expect(unplaced).toHaveTextContent(
      'Night Owls — Musician’s gap: Kenta plays in Blue Train and Night Owls; with a 30-minute gap no order fits both before 16:00',
    )
    expect(first).toHaveTextContent('Not every performance could be placed')
    expect(first).toHaveTextContent('2 of 3 performances placed')
    expect(screen.getByText('Proposal 1 is ready: 17 penalty points, 1 performance not placed.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Generate' }))
    const second = await screen.findByRole('article', { name: 'Proposal 2' })
    expect(second).toHaveTextContent('At most 5% from the best possible timetable')
    // The generator's own words stay out of the club's sight.
    for (const card of [first, second]) expect(card).not.toHaveTextContent(/lower bound|above the best|cost|optimal/i)
    expect(costOf(second, 'Penalty points (fewer is better)')).toBe('500.3')
    expect(second).not.toHaveTextContent('The best possible timetable')
  })

  it('applies a proposal to an empty draft with its pinned flags and opens the timetable', async () => {
    const api = setup()
    const { user, router } = await open()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    const proposal = await screen.findByRole('article', { name: 'Proposal 1' })
    await user.click(within(proposal).getByRole('button', { name: 'Apply to draft' }))
    await waitFor(() =>
      expect(api.state.savedDrafts).toEqual([
        {
          placements: [
            { performanceId: nightOwls.id, date: '2026-12-05', stage: 'Main hall', start: '12:00', pinned: false },
            { performanceId: scones.id, date: '2026-12-05', stage: 'Main hall', start: '12:30', pinned: false },
            { performanceId: blueTrain.id, date: '2026-12-05', stage: 'Main hall', start: '12:55', pinned: false },
          ],
        },
      ]),
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/festival-schedule'))
    expect(router.state.location.search).toEqual({ eventId: festival.id })
    expect(await screen.findByText('Proposal 1 is now the draft timetable of Campus Festival 2026.')).toBeInTheDocument()
  })

  it('asks before replacing a draft with edits, keeps its pins, and says how many pins there are', async () => {
    const draft = buildStoredTimetable([
      { performanceId: blueTrain.id, date: '2026-12-06', stage: 'Main hall', start: '15:00', end: '15:20', pinned: true },
      { performanceId: scones.id, date: '2026-12-06', stage: 'Main hall', start: '16:00', end: '16:20', pinned: false },
    ])
    const api = setup({ draft })
    const { user, router } = await open()
    expect(screen.getByRole('region', { name: 'What the generator places' })).toHaveTextContent('Draft: 2 placed, 1 pinned')
    expect(screen.getByRole('checkbox', { name: 'Keep pinned performances' })).toHaveAccessibleDescription(
      'The draft has 1 pinned performance; it stays where it is. Untick to place it freely.',
    )
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    const proposal = await screen.findByRole('article', { name: 'Proposal 1' })
    expect(timeline(1, 'Sun 6 Dec · Main hall')).toEqual(['15:00–15:20Blue Train(pinned)'])

    await user.click(within(proposal).getByRole('button', { name: 'Apply to draft' }))
    let dialog = await screen.findByRole('dialog', { name: 'Replace the draft?' })
    expect(dialog).toHaveTextContent('The draft places 1 performance differently from Proposal 1. Applying replaces the whole draft; those edits are lost.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.state.savedDrafts).toEqual([])

    await user.click(within(proposal).getByRole('button', { name: 'Apply to draft' }))
    dialog = await screen.findByRole('dialog', { name: 'Replace the draft?' })
    await user.click(within(dialog).getByRole('button', { name: 'Replace the draft' }))
    await waitFor(() => expect(api.state.savedDrafts).toHaveLength(1))
    expect(api.state.savedDrafts[0]!.placements).toContainEqual({ performanceId: blueTrain.id, date: '2026-12-06', stage: 'Main hall', start: '15:00', pinned: true })
    expect(api.state.savedDrafts[0]!.placements).toHaveLength(3)
    await waitFor(() => expect(router.state.location.pathname).toBe('/festival-schedule'))
  })

  it('shows why a draft could not be saved and stays on the proposals', async () => {
    const api = setup()
    api.state.failDraft = { status: 409, code: 'NOT_ACCEPTED', message: 'Night Owls is no longer accepted.' }
    const { user, router } = await open()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await user.click(within(await screen.findByRole('article', { name: 'Proposal 1' })).getByRole('button', { name: 'Apply to draft' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Proposal 1 could not be applied. Night Owls is no longer accepted.')
    expect(router.state.location.pathname).toBe('/festival-schedule-generator')
    expect(cardTitles()).toEqual(['Proposal 1'])
  })

  it('shows the server’s error when the generator cannot run', async () => {
    const api = setup()
    api.state.failGenerate = { status: 503, code: 'UNAVAILABLE', message: 'The server is busy. Try again in a minute.' }
    const { user } = await open()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The generator could not run. The server is busy. Try again in a minute.')
    expect(screen.getByText('No proposals yet')).toBeInTheDocument()

    api.state.failGenerate = null
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await screen.findByRole('article', { name: 'Proposal 1' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says there are no accepted bands and links to the applications', async () => {
    setup({ bands: [] })
    renderApp(`/festival-schedule-generator?eventId=${festival.id}`, { user: executive })
    const empty = (await screen.findByText('No accepted bands yet')).parentElement!
    expect(within(empty).getByRole('link', { name: 'See the applications' })).toHaveAttribute('href', `/festival-application-list?eventId=${festival.id}`)
    expect(screen.queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Timetable editor' })).toHaveAttribute('href', `/festival-schedule?eventId=${festival.id}`)
  })

  it('shows an error with a retry when the accepted bands cannot be loaded', async () => {
    const api = setup()
    api.state.failView = { status: 503, code: 'UNAVAILABLE', message: 'The server is busy. Try again in a minute.' }
    const { user } = renderApp('/festival-schedule-generator', { user: executive })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The accepted bands could not be loaded.')
    api.state.failView = null
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Generate' })).toBeInTheDocument()
  })

  it('is for executives only', async () => {
    setup()
    const { router } = renderApp('/festival-schedule-generator', { user: buildUser() })
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/festival-schedule-generator'))
    expect(screen.queryByRole('button', { name: 'Download as JSON' })).not.toBeInTheDocument()
  })

  describe('Download as JSON', () => {
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL }
    let click: MockInstance
    const downloads: string[] = []
    beforeEach(() => {
      downloads.length = 0
      URL.createObjectURL = vi.fn(() => 'blob:live')
      URL.revokeObjectURL = vi.fn()
      click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download)
      })
    })
    afterEach(() => {
      Object.assign(URL, original)
      click.mockRestore()
    })

    it('downloads the live with the parameters in the form, for npm run timetable', async () => {
      const api = setup()
      const { user } = await open()
      await user.click(screen.getByRole('radio', { name: /Spread/ }))
      await user.click(screen.getByRole('button', { name: 'Download as JSON' }))
      await waitFor(() => expect(downloads).toEqual(['Campus Festival 2026.json']))
      expect(api.state.inputDownloads).toEqual([{ preset: 'spread', weights: timetablePresets.spread, seed: 1, effort: 1, keepPins: true, wishes: {} }])
      // Nothing is generated by a download.
      expect(api.state.generated).toEqual([])
    })

    it('downloads nothing while a setting needs attention, and takes the user to it', async () => {
      const api = setup()
      const { user } = await open()
      const seed = screen.getByRole('spinbutton', { name: 'Seed' })
      await user.clear(seed)
      await user.click(screen.getByRole('button', { name: 'Download as JSON' }))
      await waitFor(() => expect(seed).toHaveFocus())
      expect(seed).toHaveAttribute('aria-invalid', 'true')
      expect(downloads).toEqual([])
      expect(api.state.inputDownloads).toEqual([])
      expect(api.state.generated).toEqual([])
    })
  })
})

/** The value beside a label in a proposal's result list. */
function costOf(proposal: HTMLElement, label: string) {
  const term = within(proposal)
    .getAllByRole('term')
    .find((element) => element.textContent?.startsWith(label))
  return term?.nextElementSibling?.textContent
}

describe('how close a proposal is to the best possible timetable, in words', () => {
  const text = (fields: Partial<Pick<Proposal, 'provenOptimal' | 'gapPercent' | 'lowerBound' | 'unplaced'>>) =>
    boundText({ provenOptimal: false, gapPercent: null, lowerBound: null, unplaced: [], ...fields })

  it('says best possible when proven, and otherwise how far it may be at most, rounded up', () => {
    expect(text({ provenOptimal: true, gapPercent: 0, lowerBound: 900 })).toBe('The best possible timetable for these goals')
    expect(text({ gapPercent: 0.4, lowerBound: 900 })).toBe('Within 1% of the best possible timetable')
    expect(text({ gapPercent: 2.1, lowerBound: 900 })).toBe('At most 3% from the best possible timetable')
  })

  it('admits when it cannot say, and when bands are left out', () => {
    expect(text({ gapPercent: null, lowerBound: null })).toBe('Could not prove how close this is to the best possible timetable')
    expect(text({ gapPercent: 35, lowerBound: 100 })).toBe('Could not prove how close this is to the best possible timetable')
    expect(text({ unplaced: [{ performanceId: 'x', rule: 'musician-gap', message: 'Kenta plays in too many bands' }] })).toBe('Not every performance could be placed')
  })
})
