import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import { clubHandlers, clubState } from '../../mocks/handlers/club'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Admin Person' })

beforeEach(() => {
  clubState.reset()
  clubState.positions = [{ id: crypto.randomUUID(), name: 'Treasurer', description: 'Keeps the money', sortOrder: 0, holders: [] }]
  clubState.members = [
    { id: crypto.randomUUID(), displayName: 'Aoi Tanaka', enrollmentYear: 2024, grade: 3 },
    { id: crypto.randomUUID(), displayName: 'Aoba Mori', enrollmentYear: 2025, grade: 2 },
  ]
  server.use(...clubHandlers)
})

describe('executive management', () => {
  it('assigns a member with the keyboard through the search picker', async () => {
    const { user } = renderApp('/executive-management', { user: admin })
    await screen.findByRole('heading', { name: 'Executive management' })
    expect(screen.getByText(/executive rights exactly while they hold a position/)).toBeInTheDocument()
    const picker = await screen.findByRole('combobox', { name: 'Assign member to Treasurer' })
    await user.click(picker)
    await user.keyboard('ao')
    const list = await screen.findByRole('listbox', { name: 'Assign member to Treasurer results' })
    await within(list).findByRole('option', { name: /Aoi Tanaka/ })
    expect(within(list).getByRole('option', { name: /Aoi Tanaka/ })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}')
    expect(within(list).getByRole('option', { name: /Aoba Mori/ })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowUp}{Enter}')

    const holders = await screen.findByRole('list', { name: 'Treasurer holders' })
    expect(within(holders).getByText('Aoi Tanaka')).toBeInTheDocument()
    expect(clubState.positions[0]!.holders.map((holder) => holder.displayName)).toEqual(['Aoi Tanaka'])
  })

  it('shows the server’s refusal under the picker', async () => {
    clubState.positions[0]!.holders.push({ id: crypto.randomUUID(), userId: clubState.members[0]!.id, displayName: 'Aoi Tanaka', enrollmentYear: 2024, grade: 3, status: 'active' })
    const { user } = renderApp('/executive-management', { user: admin })
    const picker = await screen.findByRole('combobox', { name: 'Assign member to Treasurer' })
    await user.click(picker)
    await user.keyboard('aoi')
    await screen.findByRole('option', { name: /Aoi Tanaka/ })
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Already holds this position in this term')).toBeInTheDocument()
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'))
  })

  it('tells when nobody matches', async () => {
    const { user } = renderApp('/executive-management', { user: admin })
    const picker = await screen.findByRole('combobox', { name: 'Assign member to Treasurer' })
    await user.click(picker)
    await user.keyboard('zz')
    expect(await screen.findByText('No active member matches “zz”.')).toBeInTheDocument()
  })

  it('lists terms from next term back and shows the chosen term', async () => {
    const { user } = renderApp('/executive-management', { user: admin })
    const select = await screen.findByLabelText('Term')
    expect(within(select).getByRole('option', { name: '2027–28 (next)' })).toBeInTheDocument()
    expect(select).toHaveValue('2026')
    await user.selectOptions(select, '2025')
    await waitFor(() => expect(screen.getByText('Nobody holds this position in 2025–26.')).toBeInTheDocument())
  })
})
