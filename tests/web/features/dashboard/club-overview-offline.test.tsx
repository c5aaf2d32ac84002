import { beforeAll, describe, expect, it } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { buildClubDashboard } from '../../mocks/handlers/dashboard'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

beforeAll(() => {
  // jsdom lays nothing out; recharts' `responsive` charts watch their size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})

const executive = buildUser({ displayName: 'Emi Exec', isExecutive: true })
const status = () => screen.getByRole('region', { name: 'System status' })

describe('/dashboard2 offline', () => {
  // First in the file: the charts' code is not loaded yet, as after reopening the app offline.
  it('never says the page was not opened on this device while the charts’ code loads, and shows the saved charts', async () => {
    server.use(http.get('/api/dashboard/club', () => HttpResponse.json(buildClubDashboard())))
    const { queryClient } = renderApp('/dashboard', { user: executive })
    const link = await screen.findByRole('link', { name: 'See the club at a glance' }, { timeout: 15_000 })
    // Seen before: the status and the charts' numbers are in the saved copy.
    await queryClient.prefetchQuery({ queryKey: ['health'], queryFn: () => ({ status: 'ok', database: 'up' }) })
    await queryClient.prefetchQuery({ queryKey: ['dashboard', 'club'], queryFn: () => buildClubDashboard() })
    act(() => onlineManager.setOnline(false))
    const seen: string[] = []
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''))
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    try {
      await act(async () => link.click())
      expect(await screen.findByText('No rooms or periods are set up yet.', undefined, { timeout: 15_000 })).toBeInTheDocument()
      expect(seen.filter((text) => text.includes('has not been opened on this device'))).toEqual([])
    } finally {
      observer.disconnect()
      act(() => onlineManager.setOnline(true))
    }
  })

  it('says the system status is unknown while offline, not the last answer', async () => {
    renderApp('/dashboard2', { user: executive })
    await screen.findByRole('heading', { name: 'Club overview' })
    expect(within(status()).getByText('Working')).toBeInTheDocument()
    act(() => onlineManager.setOnline(false))
    try {
      expect(status()).toHaveTextContent('Unknown while offline')
      expect(status()).not.toHaveTextContent('Working')
      expect(status()).not.toHaveTextContent('Reachable')
    } finally {
      act(() => onlineManager.setOnline(true))
    }
    expect(within(status()).getByText('Working')).toBeInTheDocument()
    expect(within(status()).getByText('Reachable')).toBeInTheDocument()
  })
})
