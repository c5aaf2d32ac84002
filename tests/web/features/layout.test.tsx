import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../mocks/server'
import { knownUser } from '../mocks/handlers/auth'
import { renderApp } from '../support/render-app'
import { asPhone } from '../support/phone'
import { seasonOfMonth } from '@/features/layout/nav-items'

async function renderSignedIn(path = '/dashboard') {
  const app = renderApp(path, { user: knownUser })
  await screen.findByRole('heading', { name: `Hello, ${knownUser.displayName}` })
  return app
}

describe('layout', () => {
  it('switches between light and dark theme and remembers the choice', async () => {
    const { user } = await renderSignedIn()
    expect(document.documentElement).not.toHaveClass('dark')

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }))
    expect(document.documentElement).toHaveClass('dark')
    expect(localStorage.getItem('theme')).toBe('dark')

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }))
    expect(document.documentElement).not.toHaveClass('dark')
    expect(localStorage.getItem('theme')).toBe('light')
  })

  it('hides and shows the sidebar', async () => {
    const { user } = await renderSignedIn()
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()

    await user.click(toggle)
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('opens the navigation as a drawer on phones', async () => {
    asPhone()
    const { user } = await renderSignedIn()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle)
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' })
    await user.click(within(drawer).getByRole('link', { name: 'Club overview' }))
    expect(await screen.findByRole('heading', { name: 'Club overview' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('offers a skip link to the main content', async () => {
    await renderSignedIn()
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main')
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
  })

  it('shows the account email and signs out to /login', async () => {
    let loggedOut = false
    server.use(
      http.post('/api/logout', () => {
        loggedOut = true
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user, router } = await renderSignedIn()
    const menuButton = screen.getByRole('button', { name: /^Account menu/ })
    expect(menuButton).toHaveTextContent(knownUser.displayName)

    await user.click(menuButton)
    expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText(knownUser.email)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign out' }))

    expect(await screen.findByRole('heading', { name: 'Sign in to Bandroom' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(loggedOut).toBe(true)
    expect(localStorage.getItem('user')).toBeNull()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('signs out locally even when the server cannot be reached', async () => {
    server.use(http.post('/api/logout', () => HttpResponse.error()))
    const { user, router } = await renderSignedIn()
    await user.click(screen.getByRole('button', { name: /^Account menu/ }))
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in to Bandroom' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('clears cached data on sign-out', async () => {
    const { user, queryClient } = await renderSignedIn()
    await waitFor(() => expect(queryClient.getQueryData(['dashboard', 'mine'])).toMatchObject({ user: knownUser }))
    await user.click(screen.getByRole('button', { name: /^Account menu/ }))
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    await screen.findByRole('heading', { name: 'Sign in to Bandroom' })
    expect(queryClient.getQueryData(['dashboard', 'mine'])).toBeUndefined()
  })

  it('offers "Install app" once the browser allows installing', async () => {
    const { captureInstallPrompt } = await import('@/lib/install-prompt')
    captureInstallPrompt(window)
    await renderSignedIn()
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()

    let prompted = false
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        prompted = true
      },
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    })
    act(() => {
      window.dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(true)
    const install = screen.getByRole('button', { name: 'Install app' })
    await act(async () => install.click())
    expect(prompted).toBe(true)
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
  })

  it('shows an offline banner while the connection is lost', async () => {
    await renderSignedIn()
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!
    try {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false })
      act(() => {
        window.dispatchEvent(new Event('offline'))
      })
      const banner = screen.getByRole('status')
      expect(within(banner).getByText(/You are offline/)).toBeInTheDocument()
      expect(banner).toHaveTextContent('actions that need the server will not work')
    } finally {
      Object.defineProperty(Navigator.prototype, 'onLine', onLine)
      act(() => {
        window.dispatchEvent(new Event('online'))
      })
    }
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument()
  })

  it('links to the lives, the seasonal one for the season of today in the club’s zone', async () => {
    // 16:00 UTC on 31 August is already 1 September in Tokyo: autumn.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-08-31T16:00:00.000Z'))
    await renderSignedIn()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'School festival' })).toHaveAttribute('href', '/festival-application-list')
    expect(within(nav).getByRole('link', { name: 'Seasonal lives' })).toHaveAttribute('href', '/seasonal-live-application-list/autumn')
    expect(within(nav).getByRole('link', { name: 'Christmas live' })).toHaveAttribute('href', '/christmas-live-application-list')
  })

  it('names the season of each month', () => {
    const byMonth = Array.from({ length: 12 }, (_, index) => seasonOfMonth(index + 1))
    expect(byMonth).toEqual(['winter', 'winter', 'spring', 'spring', 'spring', 'summer', 'summer', 'summer', 'autumn', 'autumn', 'autumn', 'winter'])
  })
})
