import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import { buildListUser, createUsersApi } from '../../mocks/handlers/users'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Club Admin' })

function setup() {
  const me = buildListUser({ id: admin.id, displayName: 'Club Admin', role: 'admin' })
  const a = buildListUser({ displayName: 'Kenji Ueda', enrollmentYear: 2019, grade: 'graduate' })
  const b = buildListUser({ displayName: 'Nao Fujita', enrollmentYear: 2018, grade: 'graduate' })
  const c = buildListUser({ displayName: 'Stays Here' })
  const api = createUsersApi([me, a, b, c])
  server.use(...api.handlers)
  return { api, a, b, c }
}

describe('/user-delete', () => {
  it('deletes the selected accounts after a dialog that names the count', async () => {
    const { api, a, b } = setup()
    const { user } = renderApp('/user-delete', { user: admin })
    await screen.findByRole('table')
    expect(screen.getByRole('checkbox', { name: /Club Admin \(you cannot delete yourself\)/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Delete selected…' })).toBeDisabled()

    await user.click(screen.getByRole('checkbox', { name: 'Select Kenji Ueda' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Nao Fujita' }))
    expect(screen.getByText('2 accounts selected.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete selected…' }))

    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 accounts?' })
    expect(within(dialog).getByText(/Deleted user/)).toBeInTheDocument()
    expect(within(dialog).getByText('Kenji Ueda')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 accounts' }))

    await waitFor(() => expect(api.state.deleted).toEqual([[a.id, b.id]]))
    expect(await screen.findByText('2 accounts deleted.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.queryByText('Kenji Ueda')).not.toBeInTheDocument())
    expect(screen.getByText('No account selected.')).toBeInTheDocument()
  })

  it('selects every row on the page except the admin themself', async () => {
    setup()
    const { user } = renderApp('/user-delete', { user: admin })
    await screen.findByRole('table')
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }))
    expect(screen.getByText('3 accounts selected.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete selected…' }))
    expect(await screen.findByRole('dialog', { name: 'Delete 3 accounts?' })).toBeInTheDocument()
  })

  it('shows the server’s refusal in the dialog and deletes nothing', async () => {
    const { api } = setup()
    api.state.deleteError = { status: 409, code: 'LAST_ADMIN', message: 'This would leave the club without an active admin.' }
    const { user } = renderApp('/user-delete', { user: admin })
    await screen.findByRole('table')
    await user.click(screen.getByRole('checkbox', { name: 'Select Stays Here' }))
    await user.click(screen.getByRole('button', { name: 'Delete selected…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 account?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete 1 account' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This would leave the club without an active admin.')
    expect(api.state.deleted).toEqual([])
    expect(screen.getByText('1 account selected.')).toBeInTheDocument()
  })

  it('keeps its filters in the URL', async () => {
    const { api } = setup()
    const { user, router } = renderApp('/user-delete', { user: admin })
    await screen.findByRole('table')
    await user.selectOptions(screen.getByLabelText('Grade'), 'graduate')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ grade: 'graduate' }))
    await waitFor(() => expect(api.state.requests.at(-1)?.searchParams.get('grade')).toBe('graduate'))
  })

  it('is for admins only', async () => {
    setup()
    renderApp('/user-delete', { user: buildUser({ isExecutive: true }) })
    expect(await screen.findByRole('heading', { name: /403/ })).toBeInTheDocument()
  })
})
