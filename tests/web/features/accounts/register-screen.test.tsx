import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { registrationInfo } from '../../mocks/handlers/accounts'
import { renderApp } from '../../support/render-app'
import { buildApiError } from '../../support/factories'

async function fillForm(user: ReturnType<typeof renderApp>['user'], password = 'violet harbour tram 9142') {
  await user.type(await screen.findByLabelText('Name'), 'Aoi Tanaka')
  await user.type(screen.getByLabelText('Email'), 'aoi@club.example')
  await user.type(screen.getByLabelText('Password'), password)
}

describe('registration form', () => {
  // The first estimate loads zxcvbn's dictionaries (lazily, as in the browser): allow for it.
  it('shows a live, labelled strength meter as the password is typed', { timeout: 30_000 }, async () => {
    const { user } = renderApp('/register')
    await user.type(await screen.findByLabelText('Password'), 'password1')
    const meter = await screen.findByRole('meter', { name: 'Password strength' })
    await expect.poll(() => meter.getAttribute('aria-valuetext'), { timeout: 20_000 }).toBe('Too short')

    await user.clear(screen.getByLabelText('Password'))
    await user.type(screen.getByLabelText('Password'), 'violet harbour tram 9142')
    await expect.poll(() => screen.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuetext'), { timeout: 20_000 }).toMatch(/strong/i)
    expect(Number(screen.getByRole('meter').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(3)
  })

  it('offers the enrollment years the server allows and no invite code outside invite mode', async () => {
    renderApp('/register')
    const select = await screen.findByLabelText('Enrollment year')
    const years = within(select).getAllByRole('option').map((option) => option.textContent)
    expect(years[0]).toBe('2027')
    expect(years.at(-1)).toBe('2016')
    expect(select).toHaveValue('2026')
    expect(screen.queryByLabelText('Invite code')).not.toBeInTheDocument()
  })

  it('asks for the invite code in invite mode and sends it', async () => {
    server.use(http.get('/api/registration', () => HttpResponse.json({ ...registrationInfo, mode: 'invite' })))
    let sent: unknown
    server.use(
      http.post('/api/register', async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ status: 'active', message: 'Your account is ready. You can sign in now.' }, { status: 201 })
      }),
    )
    const { user } = renderApp('/register')
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Enter the invite code you were given')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Invite code'), 'BLUE-NOTE')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument()
    expect(sent).toMatchObject({ displayName: 'Aoi Tanaka', email: 'aoi@club.example', enrollmentYear: 2026, inviteCode: 'BLUE-NOTE' })
    expect(screen.getByRole('link', { name: 'Sign in now' })).toHaveAttribute('href', '/login')
  })

  it('says registration is closed instead of showing the form', async () => {
    server.use(http.get('/api/registration', () => HttpResponse.json({ ...registrationInfo, mode: 'closed' })))
    renderApp('/register')
    expect(await screen.findByRole('heading', { name: 'Registration is closed' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument()
  })

  it("shows the server's field error under its field", async () => {
    server.use(
      http.post('/api/register', () =>
        HttpResponse.json(buildApiError('EMAIL_TAKEN', 'An account with this email already exists.', { email: 'An account with this email already exists.' }), {
          status: 409,
        }),
      ),
    )
    const { user } = renderApp('/register')
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.')
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('An account with this email already exists.')
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
  })

  it('checks the fields with the shared schema before calling the server', async () => {
    let called = false
    server.use(
      http.post('/api/register', () => {
        called = true
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    const { user } = renderApp('/register')
    await user.type(await screen.findByLabelText('Email'), 'aoi@club.example')
    await user.type(screen.getByLabelText('Password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Enter your name')).toBeInTheDocument()
    expect(screen.getByText('Use at least 10 characters')).toBeInTheDocument()
    expect(called).toBe(false)
  })

  it('tells a pending registrant to wait for approval', async () => {
    const { user } = renderApp('/register')
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('heading', { name: 'Thanks for registering' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('An administrator will approve your account; you can sign in after that')
  })
})
