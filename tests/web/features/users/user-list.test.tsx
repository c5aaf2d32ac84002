import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import { buildListUser, createUsersApi } from '../../mocks/handlers/users'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Club Admin' })
const executive = buildUser({ role: 'member', isExecutive: true })

function setup() {
  const pending = buildListUser({ displayName: 'Sora Kato', status: 'pending' })
  const active = buildListUser({ displayName: 'Yuto Abe', email: 'yuto@club.example' })
  const api = createUsersApi([pending, active])
  server.use(...api.handlers)
  return { api, pending, active }
}

describe('/user-list', () => {
  it('shows the accounts with loading state, and an admin approves a pending one', async () => {
    const { api, pending } = setup()
    const { user } = renderApp('/user-list', { user: admin })
    expect(await screen.findByRole('heading', { name: 'User accounts' })).toBeInTheDocument()
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('link', { name: 'Sora Kato' })).toHaveAttribute('href', `/user-edit?userId=${pending.id}`)
    expect(within(table).getByText('yuto@club.example')).toBeInTheDocument()

    await user.click(within(table).getByRole('button', { name: 'Approve Sora Kato' }))
    await waitFor(() => expect(api.state.approved).toEqual([pending.id]))
    expect(await screen.findByText(/Sora Kato is approved/)).toBeInTheDocument()
    // The list was refetched: the row is now active and has no Approve button.
    await waitFor(() => expect(within(screen.getByRole('table')).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument())
  })

  it('keeps filters, search and sort in the URL and asks the server with them', async () => {
    const { api } = setup()
    const { user, router } = renderApp('/user-list', { user: admin })
    await screen.findByRole('table')

    await user.selectOptions(screen.getByLabelText('Status'), 'pending')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'pending' }))
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('status')).toBe('pending'))

    await user.selectOptions(screen.getByLabelText('Grade'), 'graduate')
    await user.selectOptions(screen.getByLabelText('Sort by'), '-createdAt')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'pending', grade: 'graduate', sort: '-createdAt' }))

    await user.type(screen.getByLabelText('Search'), 'sora')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'sora', status: 'pending' }))
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('q')).toBe('sora'))
    // One request for the whole word, not one per keystroke.
    expect(api.state.requests.filter((url) => url.searchParams.get('q')?.startsWith('s')).map((url) => url.searchParams.get('q'))).toEqual(['sora'])
  })

  it('reads its filters from the URL (links and the back button work)', async () => {
    const { api } = setup()
    renderApp('/user-list?status=pending&q=sora&page=1', { user: admin })
    expect(await screen.findByLabelText('Status')).toHaveValue('pending')
    expect(screen.getByLabelText('Search')).toHaveValue('sora')
    await waitFor(() => expect(api.state.requests[0]?.searchParams.get('status')).toBe('pending'))
  })

  it('lets executives view but hides admin actions and edit links', async () => {
    setup()
    renderApp('/user-list', { user: executive })
    const table = await screen.findByRole('table')
    expect(within(table).getByText('Sora Kato')).toBeInTheDocument()
    expect(within(table).queryByRole('link')).not.toBeInTheDocument()
    expect(within(table).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
  })

  it('shows an empty state when nothing matches', async () => {
    const api = createUsersApi([])
    server.use(...api.handlers)
    renderApp('/user-list', { user: admin })
    expect(await screen.findByText('No accounts match')).toBeInTheDocument()
  })

  it('sends members to the 403 page', async () => {
    setup()
    renderApp('/user-list', { user: buildUser() })
    expect(await screen.findByRole('heading', { name: /403/ })).toBeInTheDocument()
  })
})
