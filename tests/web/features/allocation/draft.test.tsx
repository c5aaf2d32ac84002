import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { DraftChange, Round } from '@/contract/allocation-rounds'
import { server } from '../../mocks/server'
import { buildBandWishes, buildCell, buildDraft, buildDraftBand, buildRound, createAllocationApi, periods, rooms } from '../../mocks/handlers/allocation'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })
const monday = '2026-11-30'
const tuesday = '2026-12-01'

const blueHour = { bandId: crypto.randomUUID(), bandName: 'Blue Hour' }
const midnightTrain = { bandId: crypto.randomUUID(), bandName: 'Midnight Train' }
const nightOwls = { bandId: crypto.randomUUID(), bandName: 'Night Owls' }

const renBreak = 'Ren would be in Room B, Mon 30 Nov, 6th period with Blue Hour and in Room B with Night Owls at the same time.'

function draftOf(round: Round) {
  return buildDraft(round, {
    figures: { bandsWithWishes: 3, bandsServed: 3, firstWishesMet: 2, periodsAsked: 4, periodsGiven: 3, cellsLeft: 25 },
    cells: [
      buildCell({ ...blueHour, roomId: rooms.studioA.id, roomName: 'Studio A', date: monday, periodId: periods.sixth.id, periodLabel: '6th', rank: 1 }),
      buildCell({ ...midnightTrain, roomId: rooms.roomB.id, roomName: 'Room B', date: monday, periodId: periods.sixth.id, periodLabel: '6th', rank: 1 }),
      buildCell({ ...nightOwls, roomId: rooms.roomB.id, roomName: 'Room B', date: tuesday, periodId: periods.sixth.id, periodLabel: '6th', rank: 2 }),
    ],
    bands: [
      buildDraftBand({ ...blueHour, asked: 1, received: 1, firstWishMet: true, pointsBefore: 6, pointsAfter: 3, termRounds: 3, termRoundsWithNothing: 2, termPeriods: 1 }),
      buildDraftBand({ ...midnightTrain, asked: 1, received: 1, firstWishMet: true, pointsBefore: 0, pointsAfter: 0, termRounds: 3, termPeriods: 5 }),
      buildDraftBand({
        ...nightOwls,
        asked: 2,
        received: 1,
        firstWishMet: false,
        pointsBefore: 1,
        pointsAfter: 1,
        unmet: [{ rank: 1, roomId: rooms.studioA.id, roomName: 'Studio A', date: monday, periodId: periods.sixth.id, periodLabel: '6th', reason: 'Studio A, Mon 30 Nov, 6th period went to Blue Hour (higher priority: they missed out the last two weeks).' }],
      }),
    ],
  })
}

function setup({ status = 'draft' as Round['status'] } = {}) {
  const round = buildRound({
    status,
    canManage: true,
    wishesEditable: status === 'open',
    closesAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    ranAt: status === 'draft' ? new Date().toISOString() : null,
  })
  const draft = draftOf(round)
  const api = createAllocationApi({
    current: round,
    myBands: [],
    draft: status === 'draft' ? draft : null,
    allWishes: {
      bands: [
        {
          ...buildBandWishes({ ...blueHour, wants: 1, standing: true, wishes: [{ rank: 1, roomId: rooms.studioA.id, roomName: 'Studio A', date: monday, periodId: periods.sixth.id, periodLabel: '6th' }] }),
          points: 6,
          members: [{ id: crypto.randomUUID(), displayName: 'Ren Aoki' }],
        },
      ],
    },
  })
  api.state.afterRun = draft
  // Swapping Blue Hour with Night Owls would put Ren in two places; every other change keeps the rules.
  api.state.check = (change: DraftChange) =>
    change.action === 'swap' && change.b.date === tuesday ? { allowed: false, breaks: [{ rule: 'person-twice', bandId: blueHour.bandId, message: renBreak }] } : { allowed: true, breaks: [] }
  server.use(...api.handlers)
  return { api, round }
}

async function open() {
  const rendered = renderApp('/room-allocation-list', { user: executive })
  await screen.findByRole('heading', { level: 1, name: 'Room allocation' })
  return rendered
}

const cellsList = () => screen.getByRole('list', { name: 'Rooms given out' })

describe('/room-allocation-list: the executive’s draft', { timeout: 20_000 }, () => {
  it('runs an open round after asking, then shows the draft with its figures and each band’s fairness', async () => {
    const { api } = setup({ status: 'open' })
    const { user } = await open()
    expect(await screen.findByRole('heading', { level: 2, name: 'Running the round' })).toBeInTheDocument()
    const wishes = await screen.findByRole('list', { name: 'Every band’s wishes' })
    expect(wishes).toHaveTextContent('Blue Hour1 wish · wants 1 · 6 priority points · standing wish')
    expect(wishes).toHaveTextContent('Members: Ren Aoki')

    await user.click(screen.getByRole('button', { name: 'Run now' }))
    const dialog = await screen.findByRole('dialog', { name: 'Run the allocation now?' })
    expect(dialog).toHaveTextContent('Wishes close now: bands can no longer change them.')
    await user.click(within(dialog).getByRole('button', { name: 'Run now' }))
    await waitFor(() => expect(api.state.runs).toEqual([{}]))
    expect(await screen.findByText('Allocated: 3 of 3 bands served')).toBeInTheDocument()

    const list = await screen.findByLabelText('Figures')
    expect(list).toHaveTextContent('Bands served3 of 3')
    expect(list).toHaveTextContent('First wishes met2 of 3')
    expect(list).toHaveTextContent('Periods given3 of 4 asked for')
    expect(list).toHaveTextContent('Left for booking25 periods')
    expect(screen.getByText('No other allocation serves more bands or meets their wishes better.')).toBeInTheDocument()

    const bands = screen.getByRole('list', { name: 'Bands' })
    const blue = within(bands).getByText('Blue Hour').closest('li')!
    expect(blue).toHaveTextContent('Receives 1 period of 1 asked for · first wish met')
    expect(blue).toHaveTextContent('Priority points 6 → 3 once published')
    expect(blue).toHaveTextContent('3 earlier rounds this term, without a room in 2; 1 period in all.')
    const owls = within(bands).getByText('Night Owls').closest('li')!
    await user.click(within(owls).getByText('Wishes not met (1)'))
    expect(owls).toHaveTextContent('went to Blue Hour (higher priority: they missed out the last two weeks)')
    expect(screen.getByRole('heading', { level: 2, name: 'Your bands’ wishes' })).toBeInTheDocument()
  })

  it('checks a swap against the rules, shows the broken ones in words, and makes only an allowed one', async () => {
    const { api } = setup()
    const { user } = await open()
    const blueCell = await within(await screen.findByRole('list', { name: 'Rooms given out' })).findByRole('button', { name: 'Move or swap Studio A, Mon 30 Nov, 6th period' })
    await user.click(blueCell)
    const dialog = await screen.findByRole('dialog', { name: 'Move or swap the room of Blue Hour' })
    expect(within(dialog).getByRole('status', { name: 'Rule check' })).toHaveTextContent('Choose another room, day or period.')

    // To Room B on Tuesday, held by Night Owls: a swap that puts Ren in two places.
    await user.selectOptions(within(dialog).getByLabelText('Room'), rooms.roomB.id)
    await user.selectOptions(within(dialog).getByLabelText('Day'), tuesday)
    const check = within(dialog).getByRole('status', { name: 'Rule check' })
    await waitFor(() => expect(check).toHaveTextContent('This would break the rules:'))
    expect(check).toHaveTextContent('Blue Hour gets Room B, Tue 1 Dec, 6th period; Night Owls gets Studio A, Mon 30 Nov, 6th period.')
    expect(check).toHaveTextContent(renBreak)
    expect(within(dialog).getByRole('button', { name: 'Swap' })).toBeDisabled()
    expect(api.state.checks.at(-1)).toEqual({
      action: 'swap',
      a: { roomId: rooms.studioA.id, date: monday, periodId: periods.sixth.id },
      b: { roomId: rooms.roomB.id, date: tuesday, periodId: periods.sixth.id },
    })

    // Room B on Monday, held by Midnight Train: allowed.
    await user.selectOptions(within(dialog).getByLabelText('Day'), monday)
    await waitFor(() => expect(check).toHaveTextContent('This keeps every rule.'))
    expect(check).toHaveTextContent('Blue Hour gets Room B, Mon 30 Nov, 6th period; Midnight Train gets Studio A, Mon 30 Nov, 6th period.')
    await user.click(within(dialog).getByRole('button', { name: 'Swap' }))
    await waitFor(() => expect(api.state.changes).toHaveLength(1))
    expect(api.state.changes[0]).toEqual({
      action: 'swap',
      a: { roomId: rooms.studioA.id, date: monday, periodId: periods.sixth.id },
      b: { roomId: rooms.roomB.id, date: monday, periodId: periods.sixth.id },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(within(cellsList()).getAllByRole('listitem')[0]).toHaveTextContent('Studio A, Mon 30 Nov, 6th periodMidnight Train (placed by hand)'))
    expect(screen.getByText('Changed by hand since the run.')).toBeInTheDocument()
  })

  it('moves a cell to a free one, and shows a refusal from the server in the dialog', async () => {
    const { api } = setup()
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Move or swap Room B, Tue 1 Dec, 6th period' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move or swap the room of Night Owls' })
    await user.selectOptions(within(dialog).getByLabelText('Period'), periods.fifth.id)
    const check = within(dialog).getByRole('status', { name: 'Rule check' })
    await waitFor(() => expect(check).toHaveTextContent('Night Owls moves to Room B, Tue 1 Dec, 5th period; Room B, Tue 1 Dec, 6th period becomes free. This keeps every rule.'))
    api.state.nextError = { status: 409, code: 'ALLOCATION_RULE_BROKEN', message: 'Sora is now booked in Studio A at that time (personal practice).' }
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sora is now booked in Studio A at that time (personal practice).')
    expect(api.state.changes).toEqual([])
  })

  it('moves a cell without checking the move again once it is made (the server refused that check: 400)', async () => {
    const { api } = setup()
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Move or swap Room B, Tue 1 Dec, 6th period' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move or swap the room of Night Owls' })
    await user.selectOptions(within(dialog).getByLabelText('Period'), periods.fifth.id)
    await waitFor(() => expect(within(dialog).getByRole('status', { name: 'Rule check' })).toHaveTextContent('This keeps every rule.'))
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    await waitFor(() => expect(api.state.changes).toHaveLength(1))
    expect(await screen.findByText('Moved')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(cellsList()).toHaveTextContent('Room B, Tue 1 Dec, 5th periodNight Owls (placed by hand)'))
    // Let any refetch the change set off reach the server.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(api.state.refusedChecks).toEqual([])
    expect(api.state.checks).toHaveLength(1)
  })

  it('gives a free room to a band by hand, and frees a held one for booking', async () => {
    const { api } = setup()
    const { user } = await open()
    await screen.findByRole('list', { name: 'Rooms given out' })
    await user.click(screen.getByRole('button', { name: 'Give a room by hand' }))
    let dialog = await screen.findByRole('dialog', { name: 'Give a room by hand' })
    await user.selectOptions(within(dialog).getByLabelText('Band'), nightOwls.bandId)
    await user.selectOptions(within(dialog).getByLabelText('Room'), rooms.studioA.id)
    await user.selectOptions(within(dialog).getByLabelText('Day'), tuesday)
    await user.selectOptions(within(dialog).getByLabelText('Period'), periods.sixth.id)
    const check = within(dialog).getByRole('status', { name: 'Rule check' })
    await waitFor(() => expect(check).toHaveTextContent('Night Owls gets Studio A, Tue 1 Dec, 6th period. This keeps every rule.'))
    await user.click(within(dialog).getByRole('button', { name: 'Give' }))
    await waitFor(() => expect(api.state.changes).toEqual([{ action: 'assign', cell: { roomId: rooms.studioA.id, date: tuesday, periodId: periods.sixth.id }, bandId: nightOwls.bandId }]))
    expect(await screen.findByText('Gave Studio A, Tue 1 Dec, 6th period to Night Owls')).toBeInTheDocument()
    await waitFor(() => expect(cellsList()).toHaveTextContent('Studio A, Tue 1 Dec, 6th periodNight Owls (placed by hand)'))

    await user.click(screen.getByRole('button', { name: 'Give a room by hand' }))
    dialog = await screen.findByRole('dialog', { name: 'Give a room by hand' })
    await user.selectOptions(within(dialog).getByLabelText('Band'), 'nobody')
    await user.selectOptions(within(dialog).getByLabelText('Day'), monday)
    await user.selectOptions(within(dialog).getByLabelText('Period'), periods.sixth.id)
    await waitFor(() => expect(within(dialog).getByRole('status', { name: 'Rule check' })).toHaveTextContent('Studio A, Mon 30 Nov, 6th period is taken from Blue Hour and opens for booking.'))
    await user.click(within(dialog).getByRole('button', { name: 'Free it' }))
    await waitFor(() => expect(api.state.changes).toHaveLength(2))
    expect(api.state.changes[1]).toEqual({ action: 'assign', cell: { roomId: rooms.studioA.id, date: monday, periodId: periods.sixth.id }, bandId: null })
    await waitFor(() => expect(cellsList()).not.toHaveTextContent('Blue Hour (1st wish)'))
  })

  it('publishes after confirming, and keeps a refusal in the dialog', async () => {
    const { api } = setup()
    const { user } = await open()
    await screen.findByRole('list', { name: 'Rooms given out' })
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    let dialog = await screen.findByRole('dialog', { name: 'Publish the rooms for the week of 30 Nov – 6 Dec 2026?' })
    expect(dialog).toHaveTextContent('3 periods become bookings for 3 bands. Every band that listed wishes gets a notice and a mail, and the other 25 periods open for booking.')

    api.state.nextError = { status: 409, code: 'ALLOCATION_RULE_BROKEN', message: 'Room B, Mon 30 Nov, 6th period was booked since the run.' }
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Room B, Mon 30 Nov, 6th period was booked since the run.')
    expect(api.state.published).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    dialog = await screen.findByRole('dialog', { name: /^Publish the rooms/ })
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(api.state.published).toHaveLength(1))
    expect(await screen.findByText('Published: the bands have been told')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: 'The published result' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Move or swap/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument()
  })

  it('does not offer publishing while the draft breaks a rule', async () => {
    const { api } = setup()
    api.state.draft!.breaks = [{ rule: 'unavailable', bandId: blueHour.bandId, message: 'Studio A, Mon 30 Nov, 6th period is closed now: Open Campus.' }]
    await open()
    expect(await screen.findByText('Studio A, Mon 30 Nov, 6th period is closed now: Open Campus.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled()
  })
})

describe('/room-allocation-list: a round being allocated', { timeout: 20_000 }, () => {
  it('says the rooms are being given out, and shows the draft once the run is done', async () => {
    const { api, round } = setup({ status: 'running' })
    await open()
    expect(await screen.findByText('The rooms are being given out; this takes a few seconds.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument()
    // The job finishes on the server.
    const stored = api.rounds.get(round.id)!
    Object.assign(stored, { status: 'draft', ranAt: new Date().toISOString() })
    api.state.draft = draftOf(stored)
    expect(await screen.findByLabelText('Figures', {}, { timeout: 9_000 })).toHaveTextContent('Bands served3 of 3')
  })
})
