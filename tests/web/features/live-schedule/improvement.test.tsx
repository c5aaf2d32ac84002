import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { PlacementOut } from '@/contract/live-schedule'
import { timetablePresets } from '@/contract/timetable'
import { improvementQualityText } from '@/features/live-schedule/improvement-panel'
import { server } from '../../mocks/server'
import { buildEvent } from '../../mocks/handlers/lives'
import { buildImprovement, buildPerformance, buildStoredTimetable, createGeneratorApi } from '../../mocks/handlers/live-generator'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

/**
 * "Keep improving" on the generator screen (issue 35, decision 045): started from a proposal
 * (with none, from the draft with the parameter form's settings) with a time limit; then the penalty points, how good the timetable is in words, the time used,
 * the draft as it improves (the status is asked again each second) and Stop.
 */

const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })
const festival = buildEvent({
  kind: 'festival',
  season: null,
  title: 'Campus Festival 2026',
  days: [{ date: '2026-12-05', stages: [{ name: 'Main hall', opensAt: '12:00', closesAt: '18:00' }] }],
  capacityMinutes: 360,
})
const blueTrain = buildPerformance({ bandName: 'Blue Train' })
const nightOwls = buildPerformance({ bandName: 'Night Owls', minutes: 25 })
const performances = [blueTrain, nightOwls]

const SAVED = '2026-10-01T03:00:05.000Z'
const placement = (performanceId: string, start: string, end: string): PlacementOut => ({ performanceId, date: '2026-12-05', stage: 'Main hall', start, end, pinned: false })

function setup() {
  const api = createGeneratorApi({ event: festival, performances })
  server.use(...api.handlers)
  return api
}

async function openAndGenerate() {
  const rendered = renderApp('/festival-schedule-generator', { user: executive })
  await screen.findByRole('heading', { level: 1, name: 'Campus Festival 2026: timetable generator' })
  await rendered.user.click(await screen.findByRole('button', { name: 'Generate' }))
  await screen.findByRole('article', { name: 'Proposal 1' })
  return rendered
}

const panel = () => screen.getByRole('region', { name: 'Keep improving' })
const progressbar = () => within(panel()).getByRole('progressbar', { name: 'Time used' })
/** The status is polled each second: allow a few polls. */
const polled = { timeout: 4_000 }

describe('Keep improving on /festival-schedule-generator', { timeout: 30_000 }, () => {
  it('appears only after a first answer, starts with the proposal’s parameters and the time limit chosen, and shows the run as it improves', async () => {
    const api = setup()
    const { user } = renderApp('/festival-schedule-generator', { user: executive })
    const generate = await screen.findByRole('button', { name: 'Generate' })
    expect(screen.queryByRole('region', { name: 'Keep improving' })).not.toBeInTheDocument()
    await user.click(generate)
    await screen.findByRole('article', { name: 'Proposal 1' })
    expect(panel()).toHaveTextContent('Starts from Proposal 1 (Compact preset · seed 1 · effort 1 · pins kept)')
    expect(within(panel()).getByRole('button', { name: '30 s' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(panel()).getByRole('button', { name: '1 min' }))
    // Keyboard: the start button is a button reached and pressed from the keyboard.
    within(panel()).getByRole('button', { name: 'Keep improving' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(api.state.improveStarts).toEqual([{ preset: 'compact', weights: timetablePresets.compact, seed: 1, effort: 1, keepPins: true, wishes: {}, seconds: 60 }]))

    expect(await within(panel()).findByRole('heading', { name: 'Improving the timetable…' })).toBeInTheDocument()
    expect(panel()).toHaveTextContent('Started by Riku Exec')
    expect(panel()).toHaveTextContent('Looking for a first timetable…')
    expect(progressbar()).toHaveAttribute('aria-valuetext', '0 of 60 seconds')
    expect(within(panel()).queryByRole('button', { name: 'Keep improving' })).not.toBeInTheDocument()

    // A first timetable, saved as the draft; no bound yet.
    api.state.view = { ...api.state.view, draft: buildStoredTimetable([placement(nightOwls.id, '12:00', '12:25'), placement(blueTrain.id, '12:30', '12:50')], { updatedAt: SAVED }) }
    api.state.improvement = buildImprovement({ seconds: 60, secondsDone: 12, searches: 1, improvements: 1, cost: 24, unplaced: 0, savedAt: SAVED })
    expect(await within(panel()).findByText('Checking how good this is…', {}, polled)).toBeInTheDocument()
    expect(panel()).toHaveTextContent('Penalty points (fewer is better)24')
    expect(panel()).toHaveTextContent('No timetable can have fewer thannot known yet')
    expect(progressbar()).toHaveAttribute('aria-valuetext', '12 of 60 seconds')
    expect(panel()).toHaveTextContent('12 s of 60 s · 1 better timetable in 1 try')
    const draft = await within(panel()).findByRole('list', { name: 'Draft: Sat 5 Dec · Main hall' }, polled)
    expect(within(draft).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['12:00–12:25Night Owls', '12:30–12:50Blue Train'])

    // A better one, in place, with a bound: the gap in words, rounded up.
    const BETTER = '2026-10-01T03:00:09.000Z'
    api.state.view = { ...api.state.view, draft: buildStoredTimetable([placement(blueTrain.id, '12:00', '12:20'), placement(nightOwls.id, '12:25', '12:50')], { updatedAt: BETTER }) }
    api.state.improvement = buildImprovement({ seconds: 60, secondsDone: 21, searches: 4, improvements: 2, cost: 23.5, bound: 22.97, gapPercent: 2.307, boundSource: 'calculation', unplaced: 0, savedAt: BETTER })
    expect(await within(panel()).findByText('Within 2.4% of the best possible', {}, polled)).toBeInTheDocument()
    expect(panel()).toHaveTextContent('No timetable can have fewer than23')
    expect(panel()).toHaveTextContent('How we know: a full calculation.')
    await waitFor(() => expect(within(within(panel()).getByRole('list', { name: 'Draft: Sat 5 Dec · Main hall' })).getAllByRole('listitem')[0]).toHaveTextContent('Blue Train'), polled)
    expect(panel()).not.toHaveTextContent('The best possible timetable')

    // Stop: asked once, shown as stopping until the run says it stopped.
    await user.click(within(panel()).getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(api.state.stops).toBe(1))
    expect(await within(panel()).findByRole('button', { name: 'Stopping…' })).toBeDisabled()
    api.state.improvement = { ...api.state.improvement, status: 'stopped', message: 'Stopped before its time limit. The best timetable it found is in the draft.', finishedAt: BETTER }
    expect(await within(panel()).findByRole('heading', { name: 'Stopped' }, polled)).toBeInTheDocument()
    expect(panel()).toHaveTextContent('Stopped before its time limit. The best timetable it found is in the draft.')
    expect(panel()).toHaveTextContent('Ran 21 s of 60 s')
    expect(within(panel()).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument()
    expect(within(panel()).getByRole('button', { name: 'Keep improving again' })).toBeEnabled()
    // Again: it starts from the draft it saved (decision 045, a warm start), with the proposal's settings.
    expect(panel()).toHaveTextContent('starting from the current draft, which only a better one replaces (pinned bands stay where they are)')
    expect(panel()).toHaveTextContent('With the settings of Proposal 1 (Compact preset · seed 1 · effort 1 · pins kept)')
  })

  it('says "the best possible timetable" only when it is proven', async () => {
    const api = setup()
    api.state.improvement = buildImprovement({ status: 'finished', secondsDone: 7.6, searches: 3, improvements: 2, cost: 17, bound: 17, gapPercent: 0, provenOptimal: true, boundSource: 'estimate', unplaced: 0, finishedAt: SAVED })
    renderApp('/festival-schedule-generator', { user: executive })
    // Back on the page after leaving it: the last run is shown without a new proposal.
    expect(await screen.findByRole('heading', { name: 'Finished improving' })).toBeInTheDocument()
    expect(panel()).toHaveTextContent('The best possible timetable')
    expect(panel()).toHaveTextContent('How we know: a quick estimate.')
    expect(panel()).toHaveTextContent('Ran 8 s of 30 s · 2 better timetables in 3 tries')
    // No proposal on the screen: it goes on with the settings in the form above.
    expect(panel()).toHaveTextContent('Starts with the settings under “Parameters” above.')
    expect(within(panel()).getByRole('button', { name: 'Keep improving again' })).toBeEnabled()
    expect(api.state.improveStarts).toEqual([])

    expect(improvementQualityText({ status: 'running', cost: 30, bound: 29.99, gapPercent: 0.03, provenOptimal: false })).toBe('Within 0.1% of the best possible')
    expect(improvementQualityText({ status: 'finished', cost: 30, bound: null, gapPercent: null, provenOptimal: false })).toBe('Could not prove how close this is to the best possible timetable')
    expect(improvementQualityText({ status: 'running', cost: 24, bound: 20, gapPercent: 20, provenOptimal: false })).toBe('Within 20% of the best possible')
    expect(improvementQualityText({ status: 'running', cost: 30, bound: 20, gapPercent: 50, provenOptimal: false })).toBe('Could not prove how close this is to the best possible timetable')
  })

  it('back on the page with a draft and no proposal, keeps improving the draft with the settings in the form, which are checked first', async () => {
    const api = createGeneratorApi({ event: festival, performances, draft: buildStoredTimetable([placement(blueTrain.id, '12:00', '12:20'), placement(nightOwls.id, '12:25', '12:50')], { updatedAt: SAVED }) })
    server.use(...api.handlers)
    const { user } = renderApp('/festival-schedule-generator', { user: executive })
    await screen.findByRole('heading', { level: 1, name: 'Campus Festival 2026: timetable generator' })
    // No run yet, no proposal: the draft alone is something to improve.
    expect(await within(await screen.findByRole('region', { name: 'Keep improving' })).findByRole('button', { name: 'Keep improving' })).toBeEnabled()
    expect(panel()).toHaveTextContent('starting from the current draft, which only a better one replaces')
    expect(panel()).toHaveTextContent('With the settings under “Parameters” above.')
    // Whether pins stay is the form's to say (its box may be unticked), not the panel's.
    expect(panel()).not.toHaveTextContent('pinned bands stay')

    // A setting that needs attention: nothing starts, and the form says which, focused.
    const seed = screen.getByRole('spinbutton', { name: 'Seed' })
    await user.clear(seed)
    await user.click(within(panel()).getByRole('button', { name: 'Keep improving' }))
    await waitFor(() => expect(seed).toHaveFocus())
    expect(seed).toHaveAttribute('aria-invalid', 'true')
    expect(api.state.improveStarts).toEqual([])
    expect(api.state.generated).toEqual([])

    await user.type(seed, '7')
    await user.click(screen.getByRole('radio', { name: /Balanced/ }))
    await user.click(within(panel()).getByRole('button', { name: '10 s' }))
    await user.click(within(panel()).getByRole('button', { name: 'Keep improving' }))
    await waitFor(() => expect(api.state.improveStarts).toEqual([{ preset: 'balanced', weights: timetablePresets.balanced, seed: 7, effort: 1, keepPins: true, wishes: {}, seconds: 10 }]))
    expect(await within(panel()).findByRole('heading', { name: 'Improving the timetable…' })).toBeInTheDocument()
    expect(api.state.generated).toEqual([])
  })

  it('promises the pins stay only when the proposal’s settings keep them', async () => {
    const api = createGeneratorApi({ event: festival, performances, draft: buildStoredTimetable([{ ...placement(blueTrain.id, '12:00', '12:20'), pinned: true }], { updatedAt: SAVED }) })
    server.use(...api.handlers)
    const { user } = renderApp('/festival-schedule-generator', { user: executive })
    await user.click(await screen.findByRole('checkbox', { name: 'Keep pinned performances' }))
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await screen.findByRole('article', { name: 'Proposal 1' })
    expect(panel()).toHaveTextContent('With the settings of Proposal 1')
    expect(panel()).toHaveTextContent('pins ignored')
    expect(panel()).toHaveTextContent('starting from the current draft, which only a better one replaces. Each better one')
    expect(panel()).not.toHaveTextContent('pinned bands stay')
  })

  it('shows the server’s sentence when a run cannot start, and the form stays', async () => {
    const api = setup()
    api.state.failImprove = { status: 409, code: 'IMPROVEMENT_RUNNING', message: 'The timetable of Campus Festival 2026 is already being improved (started by Aoi Tanaka). Stop it first, or wait until it finishes.' }
    const { user } = await openAndGenerate()
    await user.click(within(panel()).getByRole('button', { name: '2 min' }))
    await user.click(within(panel()).getByRole('button', { name: 'Keep improving' }))
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Could not start. The timetable of Campus Festival 2026 is already being improved (started by Aoi Tanaka).')
    expect(api.state.improveStarts).toEqual([expect.objectContaining({ seconds: 120 })])
    expect(within(panel()).getByRole('button', { name: 'Keep improving' })).toBeEnabled()
  })

  it('says so when the progress cannot be loaded, and tries again on request', async () => {
    const api = setup()
    const { user } = await openAndGenerate()
    await user.click(within(panel()).getByRole('button', { name: 'Keep improving' }))
    await within(panel()).findByRole('heading', { name: 'Improving the timetable…' })
    api.state.failImprovementStatus = { status: 503, code: 'UNAVAILABLE', message: 'The server is restarting. Try again in a minute.' }
    expect(await within(panel()).findByText('The improvement’s progress could not be loaded.', {}, polled)).toBeInTheDocument()
    expect(panel()).toHaveTextContent('The server is restarting. Try again in a minute.')
    api.state.failImprovementStatus = null
    // A loose bound (over 20% below): not worth a figure, and not said how it was found.
    api.state.improvement = buildImprovement({ status: 'finished', secondsDone: 30, searches: 9, improvements: 3, cost: 859, bound: 490, gapPercent: 75.3, boundSource: 'estimate', unplaced: 0 })
    await user.click(within(panel()).getByRole('button', { name: 'Try again' }))
    expect(await within(panel()).findByRole('heading', { name: 'Finished improving' })).toBeInTheDocument()
    expect(panel()).toHaveTextContent('Could not prove how close this is to the best possible timetable')
    expect(panel()).not.toHaveTextContent('How we know')
  })
})
