import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { knownUser } from '../../mocks/handlers/auth'
import { directoryMembers } from '../../mocks/handlers/people'
import { renderApp } from '../../support/render-app'

function recordDirectoryCalls() {
  const calls: URLSearchParams[] = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname === '/api/intros') calls.push(url.searchParams)
  })
  return calls
}

describe('the members directory', () => {
  it('lists members as cards linking to their intro', async () => {
    const { user, router } = renderApp('/intro-list', { user: knownUser })
    const list = await screen.findByRole('list', { name: 'Members' })
    expect(within(list).getAllByRole('listitem').filter((item) => item.parentElement === list)).toHaveLength(2)
    expect(screen.getByText('2 members')).toBeInTheDocument()
    expect(within(list).getByText(/Looking for a band/)).toBeInTheDocument()

    await user.click(within(list).getByRole('link', { name: 'Aiko Drum' }))
    await screen.findByRole('heading', { name: 'Member intro' })
    expect(router.state.location.pathname).toBe('/intro')
    expect(router.state.location.search).toEqual({ userId: directoryMembers[0]!.userId })
    expect(await screen.findByRole('heading', { name: /Aiko Drum/ })).toBeInTheDocument()
  })

  it('puts the filters and the search in the URL and asks the server with them', async () => {
    const calls = recordDirectoryCalls()
    const { user, router } = renderApp('/intro-list', { user: knownUser })
    await screen.findByRole('list', { name: 'Members' })

    await user.selectOptions(screen.getByLabelText('Part'), 'Drums')
    await expect.poll(() => router.state.location.search).toEqual({ part: 'Drums' })
    await expect.poll(() => screen.getByText('1 member')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Grade'), '1')
    await user.selectOptions(screen.getByLabelText('Looking for a band'), 'true')
    await user.type(screen.getByLabelText('Name or nickname'), 'aiko{Enter}')
    await expect.poll(() => router.state.location.search).toEqual({ part: 'Drums', grade: 1, lookingForBand: true, q: 'aiko' })
    expect(router.state.location.href).toContain('grade=1')
    expect(router.state.location.href).toContain('lookingForBand=true')

    await expect
      .poll(() => calls.at(-1)?.toString())
      .toBe('q=aiko&part=Drums&grade=1&lookingForBand=true&page=1&pageSize=24')
  })

  it('reads filters from the URL, ignoring values that make no sense', async () => {
    const calls = recordDirectoryCalls()
    renderApp('/intro-list?part=Drums&grade=9&lookingForBand=maybe', { user: knownUser })
    await screen.findByRole('list', { name: 'Members' })
    expect(screen.getByLabelText('Part')).toHaveValue('Drums')
    expect(screen.getByLabelText('Grade')).toHaveValue('')
    expect(calls.at(-1)?.get('part')).toBe('Drums')
    expect(calls.at(-1)?.has('grade')).toBe(false)
  })

  it('says when nobody matches and offers to clear the filters', async () => {
    server.use(http.get('/api/intros', () => HttpResponse.json({ items: [], total: 0 })))
    const { user, router } = renderApp('/intro-list?part=Other', { user: knownUser })
    expect(await screen.findByText('No members match these filters')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Clear the filters' }))
    await expect.poll(() => router.state.location.search).toEqual({})
  })

  it('shows an error with a retry when the list cannot be loaded', async () => {
    server.use(http.get('/api/intros', () => HttpResponse.json({ error: { code: 'RATE_LIMITED', message: 'Slow down.' } }, { status: 429 })))
    renderApp('/intro-list', { user: knownUser })
    expect(await screen.findByText('The directory could not be loaded.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
