import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { BandHistoryEntry } from '@/contract/bands'
import type { MemberSummary } from '@/contract/members'
import { server } from '../../mocks/server'
import { bandMember, buildBand, createBandsApi } from '../../mocks/handlers/bands'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const leader = buildUser({ displayName: 'Hana Sato' })
const drummer = buildUser({ displayName: 'Aoi Tanaka' })
const outsider = buildUser({ displayName: 'Ren Ito' })
const executive = buildUser({ displayName: 'Exec Person', isExecutive: true })
const aoba: MemberSummary = { id: crypto.randomUUID(), displayName: 'Aoba Mori', enrollmentYear: 2025, grade: 2 }

function setup(viewer: { id: string; displayName: string }) {
  const band = buildBand({
    name: 'The Night Owls',
    genre: 'City pop',
    description: 'Fridays.',
    members: [bandMember(leader, 'Vocal', true), bandMember(drummer, 'Drums')],
  })
  const history: BandHistoryEntry[] = [
    { id: crypto.randomUUID(), at: '2026-05-01T03:00:00.000Z', actor: { id: leader.id, displayName: 'Hana Sato' }, action: 'created', summary: 'Hana Sato registered the band' },
    { id: crypto.randomUUID(), at: '2026-05-02T15:30:00.000Z', actor: { id: leader.id, displayName: 'Hana Sato' }, action: 'member-added', summary: 'Aoi Tanaka joined as Drums' },
  ]
  const api = createBandsApi({ bands: [band], people: [aoba], history: { [band.id]: history }, me: viewer })
  server.use(...api.handlers)
  return { api, band }
}

describe('/bands/edit/{bandId}', () => {
  it('prefills the form and shows the history newest first in the club’s time zone', async () => {
    const { band } = setup(leader)
    renderApp(`/bands/edit/${band.id}`, { user: leader })
    expect(await screen.findByRole('heading', { name: 'Edit The Night Owls' })).toBeInTheDocument()
    expect(screen.getByLabelText('Band name')).toHaveValue('The Night Owls')
    expect(screen.getByLabelText('Genre or artist covered')).toHaveValue('City pop')
    expect(screen.getByLabelText('Description')).toHaveValue('Fridays.')
    expect(screen.getByRole('combobox', { name: 'Part for Aoi Tanaka' })).toHaveValue('Drums')
    expect(screen.getByRole('radio', { name: 'Leader: Hana Sato' })).toBeChecked()

    const history = await screen.findByRole('list', { name: 'Band history' })
    const entries = within(history).getAllByRole('listitem')
    expect(entries[0]).toHaveTextContent('Aoi Tanaka joined as Drums')
    // 15:30 UTC is 00:30 the next day in Tokyo.
    expect(entries[0]).toHaveTextContent('3 May 2026, 00:30 · by Hana Sato')
    expect(entries[1]).toHaveTextContent('Hana Sato registered the band')
  })

  it('saves changes with a new member', async () => {
    const { api, band } = setup(leader)
    const { user } = renderApp(`/bands/edit/${band.id}`, { user: leader })
    await screen.findByRole('heading', { name: 'Edit The Night Owls' })
    await user.click(screen.getByRole('combobox', { name: 'Add a member' }))
    await user.keyboard('aoba')
    await screen.findByRole('option', { name: /Aoba Mori/ })
    await user.keyboard('{Enter}')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part for Aoba Mori' }), 'Keyboard')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument()
    expect(api.state.updates).toEqual([
      {
        bandId: band.id,
        admin: false,
        body: {
          name: 'The Night Owls',
          genre: 'City pop',
          description: 'Fridays.',
          members: [
            { userId: leader.id, part: 'Vocal', isLeader: true },
            { userId: drummer.id, part: 'Drums', isLeader: false },
            { userId: aoba.id, part: 'Keyboard', isLeader: false },
          ],
        },
      },
    ])
  })

  it('lets the leader disband after confirming by name', async () => {
    const { api, band } = setup(leader)
    const { user, router } = renderApp(`/bands/edit/${band.id}`, { user: leader })
    await user.click(await screen.findByRole('button', { name: 'Disband band' }))
    const dialog = await screen.findByRole('dialog', { name: 'Disband The Night Owls?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.state.disbanded).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Disband band' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Disband The Night Owls?' })).getByRole('button', { name: 'Disband band' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-bands'))
    expect(api.state.disbanded).toEqual([band.id])
    expect(await screen.findByText('The Night Owls is disbanded.')).toBeInTheDocument()
  })

  it('shows the server’s refusal when the leader tries to leave', async () => {
    const { api, band } = setup(leader)
    const { user } = renderApp(`/bands/edit/${band.id}`, { user: leader })
    await user.click(await screen.findByRole('button', { name: 'Leave band' }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave The Night Owls?' })
    api.state.nextError = { status: 409, code: 'LEADER_MUST_HAND_OVER', message: 'Make someone else the leader before you leave.' }
    await user.click(within(dialog).getByRole('button', { name: 'Leave band' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Make someone else the leader before you leave.')
    expect(api.state.left).toEqual([])
  })

  it('lets a member leave, and hides Disband from non-leaders', async () => {
    const { api, band } = setup(drummer)
    const { user, router } = renderApp(`/bands/edit/${band.id}`, { user: drummer })
    await screen.findByRole('heading', { name: 'Edit The Night Owls' })
    expect(screen.queryByRole('button', { name: 'Disband band' })).not.toBeInTheDocument()
    // A member cannot remove themselves from the form (they leave instead), nor the leader.
    expect(screen.queryByRole('button', { name: 'Remove Aoi Tanaka' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove Hana Sato' })).not.toBeInTheDocument()
    // Only the leader hands over leadership.
    expect(screen.getByRole('radio', { name: 'Leader: Hana Sato' })).toBeDisabled()
    expect(screen.getByText(/only the leader can choose a new leader/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Leave band' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave The Night Owls?' })).getByRole('button', { name: 'Leave band' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-bands'))
    expect(api.state.left).toEqual([band.id])
    expect(await screen.findByText('You have left The Night Owls.')).toBeInTheDocument()
    expect(await screen.findByText('You are not in any band yet.')).toBeInTheDocument()
  })

  it('sends people outside the band to the 403 page', async () => {
    const { band } = setup(outsider)
    renderApp(`/bands/edit/${band.id}`, { user: outsider })
    expect(await screen.findByRole('heading', { name: /403/ })).toBeInTheDocument()
  })

  it('shows the 404 page for an id that is not a band id', async () => {
    setup(leader)
    renderApp('/bands/edit/not-a-band', { user: leader })
    expect(await screen.findByRole('heading', { name: /404/ })).toBeInTheDocument()
  })
})

describe('/bands/edit-admin/{bandId}', () => {
  it('sends members to the 403 page', async () => {
    const { band } = setup(leader)
    renderApp(`/bands/edit-admin/${band.id}`, { user: leader })
    expect(await screen.findByRole('heading', { name: /403/ })).toBeInTheDocument()
  })

  it('lets an executive change the status too', async () => {
    const { api, band } = setup(executive)
    const { user } = renderApp(`/bands/edit-admin/${band.id}`, { user: executive })
    expect(await screen.findByRole('heading', { name: 'Edit The Night Owls (admin)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove Hana Sato' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Leader: Aoi Tanaka' })).toBeEnabled()
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect((await screen.findAllByText('Changes saved.'))[0]).toBeInTheDocument()
    expect(api.state.updates).toMatchObject([{ bandId: band.id, admin: true, body: { status: 'inactive', name: 'The Night Owls' } }])
    expect(await screen.findByRole('list', { name: 'Band history' })).toBeInTheDocument()
  })
})
