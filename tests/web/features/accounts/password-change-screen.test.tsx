import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { knownPassword, knownUser } from '../../mocks/handlers/auth'
import { renderApp } from '../../support/render-app'

const NEW_PASSWORD = 'copper lantern meadow 5083'

describe('password change form', () => {
  it('changes the password and says other devices were signed out', async () => {
    let sent: unknown
    server.use(
      http.post('/api/me/password', async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ message: 'Your password has been changed. Your other devices have been signed out.' })
      }),
    )
    const { user } = renderApp('/password-change', { user: knownUser })
    await user.type(await screen.findByLabelText('Current password'), knownPassword)
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD)
    expect(await screen.findByRole('meter', { name: 'Password strength' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Repeat the new password'), NEW_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Your other devices have been signed out.')
    expect(sent).toEqual({ currentPassword: knownPassword, newPassword: NEW_PASSWORD })
    expect(screen.getByLabelText('Current password')).toHaveValue('')
  })

  it('shows a wrong current password under that field', async () => {
    const { user } = renderApp('/password-change', { user: knownUser })
    await user.type(await screen.findByLabelText('Current password'), 'not my password')
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD)
    await user.type(screen.getByLabelText('Repeat the new password'), NEW_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.')
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Your current password is not correct')
  })

  it('refuses mismatched new passwords before calling the server', async () => {
    let called = false
    server.use(
      http.post('/api/me/password', () => {
        called = true
        return HttpResponse.json({ message: 'x' })
      }),
    )
    const { user } = renderApp('/password-change', { user: knownUser })
    await user.type(await screen.findByLabelText('Current password'), knownPassword)
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD)
    await user.type(screen.getByLabelText('Repeat the new password'), `${NEW_PASSWORD}x`)
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument()
    expect(called).toBe(false)
  })
})
