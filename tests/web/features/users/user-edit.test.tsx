import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import { buildListUser, createUsersApi } from '../../mocks/handlers/users'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Club Admin' })

function setup() {
  const target = buildListUser({ displayName: 'Yuto Abe', email: 'yuto@club.example' })
  const other = buildListUser({ email: 'taken@club.example' })
  const api = createUsersApi([target, other])
  server.use(...api.handlers)
  return { api, target }
}

describe('/user-edit', () => {
  it('saves the changed fields and shows the server’s field error for a taken email', async () => {
    const { api, target } = setup()
    const { user } = renderApp(`/user-edit?userId=${target.id}`, { user: admin })
    const name = await screen.findByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'Yuto Abe (Bass)')
    await user.selectOptions(screen.getByLabelText('Role'), 'admin')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument()
    expect(api.state.rows.get(target.id)).toMatchObject({ displayName: 'Yuto Abe (Bass)', role: 'admin' })

    const email = screen.getByLabelText('Email')
    await user.clear(email)
    await user.type(email, 'taken@club.example')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('This email is already in use')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(api.state.rows.get(target.id)!.email).toBe('yuto@club.example')
  })

  it('checks the form before calling the server', async () => {
    const { api, target } = setup()
    const { user } = renderApp(`/user-edit?userId=${target.id}`, { user: admin })
    const year = await screen.findByLabelText('Enrollment year')
    await user.clear(year)
    await user.type(year, '1800')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Enter a year from 1950')).toBeInTheDocument()
    expect(api.state.rows.get(target.id)!.enrollmentYear).toBe(2024)
  })

  it('suspends after a confirmation dialog', async () => {
    const { api, target } = setup()
    const { user } = renderApp(`/user-edit?userId=${target.id}`, { user: admin })
    await user.click(await screen.findByRole('button', { name: 'Suspend' }))
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Yuto Abe?' })
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(await screen.findByText('Account suspended and signed out everywhere.')).toBeInTheDocument()
    expect(api.state.rows.get(target.id)!.status).toBe('suspended')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument())
  })

  it('does not let admins change their own role or status', async () => {
    const self = buildListUser({ id: admin.id, displayName: 'Club Admin', role: 'admin' })
    server.use(...createUsersApi([self]).handlers)
    renderApp(`/user-edit?userId=${admin.id}`, { user: admin })
    expect(await screen.findByLabelText('Role')).toBeDisabled()
    expect(screen.getByLabelText('Status')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument()
  })
})
