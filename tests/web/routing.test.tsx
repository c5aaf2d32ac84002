import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { server } from './mocks/server'
import { knownPassword, knownUser } from './mocks/handlers/auth'
import { renderApp } from './support/render-app'
import { buildUser } from './support/factories'
import { buildEvent } from './mocks/handlers/lives'
import { buildDashboard } from './mocks/handlers/dashboard'
import { expectConsole } from './support/console-guard'

describe('guard and routing', () => {
  it('sends a visitor from /dashboard to sign in, then back to /dashboard', async () => {
    const { router, user } = renderApp('/dashboard')

    expect(await screen.findByRole('heading', { name: 'Sign in to Bandroom' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/dashboard' })

    await user.type(screen.getByLabelText('Email'), knownUser.email)
    await user.type(screen.getByLabelText('Password'), knownPassword)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('heading', { name: `Hello, ${knownUser.displayName}` })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(localStorage.getItem('token')).toBeTruthy()
  })

  it('shows a signed-in member the dashboard with their name', async () => {
    const member = buildUser({ displayName: 'Ren Sato' })
    server.use(http.get('/api/me', () => HttpResponse.json({ user: member })))
    renderApp('/dashboard', { user: member })

    expect(await screen.findByRole('heading', { name: 'Hello, Ren Sato' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Club overview' })).toBeInTheDocument()
  })

  it('sends a signed-in member away from /login', async () => {
    const { router } = renderApp('/login?redirect=%2Fdashboard2', { user: knownUser })
    expect(await screen.findByRole('heading', { name: 'Club overview' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard2')
  })

  it('ignores a redirect to another site', async () => {
    const { router, user } = renderApp('/login?redirect=%2F%2Fevil.example%2F')
    await user.type(await screen.findByLabelText('Email'), knownUser.email)
    await user.type(screen.getByLabelText('Password'), knownPassword)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await screen.findByRole('heading', { name: `Hello, ${knownUser.displayName}` })
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('signs out a member idle for more than 30 minutes when the app opens', async () => {
    const { router } = renderApp('/dashboard', { user: knownUser, lastActivity: Date.now() - 31 * 60_000 })
    expect(await screen.findByRole('heading', { name: 'Sign in to Bandroom' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('sends the member to sign in when the session cannot be refreshed', async () => {
    server.use(http.post('/api/refresh', () => HttpResponse.json({ error: { code: 'SESSION_EXPIRED', message: 'Ended' } }, { status: 401 })))
    const { router } = renderApp('/dashboard', { user: knownUser })
    expect(await screen.findByRole('heading', { name: 'Sign in to Bandroom' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/dashboard' })
  })

  it('shows the 404 page for an unknown URL', async () => {
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { name: '404 — Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })

  it('shows the public and in-layout error pages', async () => {
    renderApp('/403')
    expect(await screen.findByRole('heading', { name: '403 — Not allowed' })).toBeInTheDocument()
  })

  it('shows the in-layout 403 page to a signed-in member', async () => {
    renderApp('/dashboard403', { user: knownUser })
    expect(await screen.findByRole('heading', { name: '403 — Not allowed' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Account menu/ })).toBeInTheDocument()
  })

  it('shows "Unexpected Application Error" when a route fails', async () => {
    // The router reports the failure on the console; that is expected here.
    expectConsole('warn')
    expectConsole('error')
    server.use(http.get('/api/health', () => HttpResponse.json({ unexpected: 'shape' })))
    renderApp('/dashboard2', { user: knownUser })
    expect(await screen.findByText('Unexpected Application Error')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Club overview' })).not.toBeInTheDocument()
  })

  it('shows the club overview with server health and the account', async () => {
    renderApp('/dashboard2', { user: knownUser })
    expect(await screen.findByRole('heading', { name: 'Club overview' })).toBeInTheDocument()
    expect(screen.getByText('Reachable')).toBeInTheDocument()
    expect(screen.getByText(knownUser.email)).toBeInTheDocument()
    expect(screen.queryByText(/will appear here|no club data/i)).not.toBeInTheDocument()
  })

  it('shows the club in numbers on the overview: bands by status and lives taking applications', async () => {
    server.use(
      http.get('/api/bands', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status')
        return HttpResponse.json({ items: [], total: status === 'active' ? 12 : status === 'inactive' ? 3 : 0 })
      }),
      http.get('/api/events', () => HttpResponse.json({ items: [buildEvent({ title: 'Summer Live 2026' })] })),
    )
    renderApp('/dashboard2', { user: knownUser })
    const numbers = await screen.findByRole('region', { name: 'The club now' })
    await waitFor(() => expect(numbers).toHaveTextContent('Active bands12Resting bands3Lives taking applications1'))
  })

  it('lists on the dashboard the lives taking applications, with their deadline and a way to apply', async () => {
    const summer = buildEvent({ title: 'Summer Live 2026' })
    const live = { id: summer.id, kind: summer.kind, season: summer.season, title: summer.title, firstDay: '2026-07-18', applicationClosesAt: '2099-07-10T14:59:00.000Z', closesLabel: '23:59 on Fri 10 Jul', applications: [] }
    const band = { id: crypto.randomUUID(), name: 'Night Owls', status: 'active' as const, part: 'Bass', isLeader: true, members: [{ id: knownUser.id, displayName: knownUser.displayName, part: 'Bass' }] }
    server.use(http.get('/api/dashboard', () => HttpResponse.json(buildDashboard({ openLives: [live], bands: [band] }))))
    renderApp('/dashboard', { user: knownUser })
    const list = await screen.findByRole('list', { name: 'Lives taking applications' })
    expect(within(list).getByRole('link', { name: 'Apply to Summer Live 2026' })).toHaveAttribute('href', `/seasonal-live-application/summer?eventId=${summer.id}`)
    expect(list).toHaveTextContent('Applications close at 23:59 on Fri 10 Jul.')
    expect(screen.queryByText(/will appear here|as those features are released/i)).not.toBeInTheDocument()
  })

  it('shows the registration form to a visitor, with a link back to sign in', async () => {
    renderApp('/register')
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })

  it('says the dashboard needs a connection when it was never opened on this device and the phone is offline', async () => {
    // The app reads navigator.onLine when it starts, as a phone opened offline would.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      renderApp('/dashboard', { user: knownUser })
      expect(await screen.findByText(/needs a connection/)).toHaveAttribute('role', 'status')
      expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument()
    } finally {
      onLine.mockRestore()
      act(() => onlineManager.setOnline(true))
    }
  })

  it('shows the dashboard error state when /api/dashboard fails', async () => {
    server.use(http.get('/api/dashboard', () => HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'Down' } }, { status: 503 })))
    renderApp('/dashboard', { user: knownUser })
    expect(await screen.findByText('Your dashboard could not be loaded.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled())
  })
})
