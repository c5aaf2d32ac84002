import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { server } from '../../mocks/server'
import { buildActivityEntry, createActivityApi } from '../../mocks/handlers/activity'
import { buildListUser, createUsersApi } from '../../mocks/handlers/users'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'
import { asPhone } from '../../support/phone'

const admin = buildUser({ role: 'admin', displayName: 'Club Admin' })
const aoi = buildListUser({ displayName: 'Aoi Tanaka', email: 'aoi@club.example', role: 'admin' })
const ren = buildListUser({ displayName: 'Ren Sato', email: 'ren@club.example', isExecutive: true })

const list = () => screen.findByRole('list', { name: 'Activity' })
const lastRequest = (api: ReturnType<typeof createActivityApi>) => api.state.requests.at(-1)?.searchParams

/** The entries as the server sends them: what was done, kinds and field names already in the reader's words. */
function setup(entries = [
  buildActivityEntry({ at: '2026-06-01T03:00:00.000Z', actor: { id: ren.id, name: 'Ren Sato' }, area: 'bookings', action: 'Cancel a booking', object: { type: 'booking', id: null, label: 'Studio A, Mon 1 Jun' }, changes: [{ field: 'Status', before: 'active', after: 'cancelled' }] }),
  buildActivityEntry({ at: '2026-06-02T15:30:00.000Z', actor: { id: aoi.id, name: 'Aoi Tanaka' }, area: 'bands', action: 'Update a band', object: { type: 'band', id: null, label: 'The Night Owls' }, changes: [{ field: 'Name', before: 'Night Owls', after: 'The Night Owls' }] }),
  buildActivityEntry({ at: '2026-06-03T00:10:00.000Z', actor: null, area: 'sign-in', action: 'Sign-in refused', object: { type: 'account', id: null, label: 'who@club.example' }, changes: [] }),
]) {
  const api = createActivityApi(entries)
  const users = createUsersApi([aoi, ren])
  server.use(...api.handlers, ...users.handlers)
  return { api, users }
}

describe('/activity-log', () => {
  it('lists who did what, newest first, with the time in club time and the changes before → after', async () => {
    setup()
    renderApp('/activity-log', { user: admin })
    expect(await screen.findByRole('heading', { name: 'Activity log' })).toBeInTheDocument()
    const [refused, renamed, cancelled] = within(await list()).getAllByRole('listitem').filter((item) => item.parentElement?.getAttribute('aria-label') === 'Activity')
    // 00:10 UTC on 3 June is 09:10 in Tokyo, the club's zone.
    expect(refused).toHaveTextContent('Wed 3 Jun 2026, 09:10')
    expect(refused).toHaveTextContent('Someone not signed in')
    expect(refused).toHaveTextContent('Sign-in refused')
    expect(refused).toHaveTextContent('who@club.example (account)')
    expect(refused).toHaveTextContent('Sign-in')
    // 15:30 UTC on 2 June is already 3 June in Tokyo.
    expect(renamed).toHaveTextContent('Wed 3 Jun 2026, 00:30')
    expect(within(renamed).getByRole('link', { name: 'Aoi Tanaka' })).toBeInTheDocument()
    expect(renamed).toHaveTextContent('Update a band')
    expect(renamed).toHaveTextContent('The Night Owls (band)')
    expect(within(renamed).getByRole('list', { name: 'Changes' })).toHaveTextContent('Name: Night Owls → changed to The Night Owls')
    expect(cancelled).toHaveTextContent('Room bookings')
    expect(cancelled).toHaveTextContent('Status: active → changed to cancelled')
  })

  it('shows stored values as text: markup stays text, objects as JSON, nothing as a dash', async () => {
    setup([
      buildActivityEntry({
        changes: [
          { field: 'Booking › Days ahead bookable', before: 14, after: 21 },
          { field: 'Name', before: '<img src=x onerror="alert(1)">', after: 'Plain' },
          { field: 'Invite code', before: null, after: 'SPRING' },
        ],
      }),
      buildActivityEntry({ changes: [{ field: 'Public schedule', before: { enabled: true }, after: { enabled: false } }] }),
    ])
    const { container } = renderApp('/activity-log', { user: admin })
    const changes = within(await list()).getAllByRole('list', { name: 'Changes' })
    expect(changes[0]).toHaveTextContent('Public schedule: {"enabled":true} → changed to {"enabled":false}')
    expect(changes[1]).toHaveTextContent('Booking › Days ahead bookable: 14 → changed to 21')
    expect(changes[1]).toHaveTextContent('Name: <img src=x onerror="alert(1)"> → changed to Plain')
    expect(changes[1]).toHaveTextContent('Invite code: — → changed to SPRING')
    expect(container.querySelector('img[src="x"]')).toBeNull()
  })

  it('folds many changes away behind a button that works from the keyboard', async () => {
    setup([
      buildActivityEntry({
        area: 'settings',
        action: 'Changed the system settings',
        object: null,
        changes: ['Club name', 'Upload size limit (MB)', 'Time zone', 'Booking › Days ahead bookable'].map((field, index) => ({ field, before: index, after: index + 1 })),
      }),
    ])
    const { user } = renderApp('/activity-log', { user: admin })
    const toggle = await screen.findByRole('button', { name: 'Show the changes (4 fields changed)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('list', { name: 'Changes', hidden: true })).not.toBeVisible()
    toggle.focus()
    await user.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAccessibleName('Hide the changes (4 fields changed)')
    expect(screen.getByRole('list', { name: 'Changes' })).toBeVisible()
    expect(screen.getByRole('list', { name: 'Changes' })).toHaveTextContent('Upload size limit (MB): 1 → changed to 2')
    await user.keyboard(' ')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  it('keeps the area and dates in the URL, asks the server with them, and goes back to page 1', async () => {
    const { api } = setup(Array.from({ length: 30 }, (_, index) => buildActivityEntry({ area: index % 2 ? 'lives' : 'bands' })))
    const { user, router } = renderApp('/activity-log?page=2', { user: admin })
    await list()
    expect(lastRequest(api)?.get('page')).toBe('2')

    await user.selectOptions(screen.getByLabelText('Area'), 'Lives')
    await waitFor(() => expect(router.state.location.search).toEqual({ area: 'lives' }))
    await waitFor(() => expect(lastRequest(api)?.get('area')).toBe('lives'))
    expect(lastRequest(api)?.get('page')).toBe('1')

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-02' } })
    await waitFor(() => expect(router.state.location.search).toEqual({ area: 'lives', from: '2026-06-02' }))
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-02' } })
    await waitFor(() => expect(lastRequest(api)?.get('to')).toBe('2026-06-02'))
    expect(lastRequest(api)?.get('from')).toBe('2026-06-02')
    expect(lastRequest(api)?.get('area')).toBe('lives')
  })

  it('reads its filters from a link', async () => {
    const { api } = setup()
    renderApp(`/activity-log?area=bands&actorId=${aoi.id}&from=2026-06-01&to=2026-06-30`, { user: admin })
    const entries = await list()
    expect(within(entries).getAllByRole('article')).toHaveLength(1)
    expect(screen.getByLabelText('Area')).toHaveValue('bands')
    expect(screen.getByLabelText('From')).toHaveValue('2026-06-01')
    expect(screen.getByRole('group', { name: 'Person' })).toHaveTextContent('Aoi Tanaka')
    expect(Object.fromEntries(lastRequest(api)!)).toEqual({ area: 'bands', actorId: aoi.id, from: '2026-06-01', to: '2026-06-30', page: '1', pageSize: '25' })
  })

  it('finds a person among the club’s accounts, shows only what they did, and goes back to everyone', async () => {
    const { api } = setup()
    const { user, router } = renderApp('/activity-log', { user: admin })
    await list()
    await user.type(screen.getByLabelText('Person'), 'ren')
    await user.click(await within(await screen.findByRole('list', { name: 'People found' })).findByRole('button', { name: /Ren Sato/ }))
    await waitFor(() => expect(router.state.location.search).toEqual({ actorId: ren.id }))
    await waitFor(() => expect(lastRequest(api)?.get('actorId')).toBe(ren.id))
    expect(within(await list()).getAllByRole('article')).toHaveLength(1)
    expect(screen.getByRole('group', { name: 'Person' })).toHaveTextContent('Ren Sato')

    await user.click(screen.getByRole('button', { name: 'Show everyone' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('article')).toHaveLength(3))
  })

  it('shows only one person’s entries from their name on an entry', async () => {
    setup()
    const { user, router } = renderApp('/activity-log', { user: admin })
    await user.click(within(await list()).getByRole('link', { name: 'Aoi Tanaka' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ actorId: aoi.id }))
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('article')).toHaveLength(1))
  })

  it('says when the dates are the wrong way round, and does not ask the server', async () => {
    const { api } = setup()
    renderApp('/activity-log?from=2026-06-10&to=2026-06-01', { user: admin })
    expect(await screen.findByText('The end date must be on or after the start date')).toBeInTheDocument()
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument()
    expect(api.state.requests).toEqual([])
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-30' } })
    await waitFor(() => expect(lastRequest(api)?.get('to')).toBe('2026-06-30'))
    expect(screen.queryByText('The end date must be on or after the start date')).not.toBeInTheDocument()
  })

  it('pages through the log like the outbox', async () => {
    const entries = Array.from({ length: 30 }, (_, index) => buildActivityEntry({ action: `Change number ${index + 1}` }))
    const { api } = setup(entries)
    const { user, router } = renderApp('/activity-log', { user: admin })
    expect(within(await list()).getAllByRole('article')).toHaveLength(25)
    expect(screen.getByText('Page 1 of 2 · 30 in all')).toBeInTheDocument()
    // Newest first: the last one built is the newest.
    expect(within(await list()).getAllByRole('article')[0]).toHaveTextContent('Change number 30')

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }))
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('article')).toHaveLength(5))
    expect(lastRequest(api)?.get('page')).toBe('2')
    expect(screen.getByText('Page 2 of 2 · 30 in all')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('says when nothing is recorded yet', async () => {
    setup([])
    renderApp('/activity-log', { user: admin })
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument()
  })

  it('says when nothing matches the filters, and clears them', async () => {
    setup()
    const { user, router } = renderApp('/activity-log?area=files', { user: admin })
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(within(await list()).getAllByRole('article')).toHaveLength(3)
  })

  it('says when the log could not be loaded, and tries again', async () => {
    const { api } = setup()
    api.state.failWith = { status: 503, code: 'UNAVAILABLE', message: 'The server is busy. Try again in a minute.' }
    const { user } = renderApp('/activity-log', { user: admin })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The activity log could not be loaded.')
    expect(alert).toHaveTextContent('The server is busy. Try again in a minute.')
    api.state.failWith = null
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(within(await list()).getAllByRole('article')).toHaveLength(3)
  })

  it('offline, still shows the page seen before, and says a page never opened needs a connection', async () => {
    setup(Array.from({ length: 30 }, () => buildActivityEntry()))
    const { router } = renderApp('/activity-log', { user: admin })
    expect(within(await list()).getAllByRole('article')).toHaveLength(25)
    act(() => onlineManager.setOnline(false))
    try {
      expect(within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('article')).toHaveLength(25)
      await act(() => router.navigate({ to: '/activity-log', search: { page: 2 } }))
      expect(await screen.findByText(/This page needs a connection/)).toBeInTheDocument()
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    } finally {
      act(() => onlineManager.setOnline(true))
    }
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('article')).toHaveLength(5))
  })

  it('sends members and executives to the 403 page, and shows them no link to it', async () => {
    const { api } = setup()
    renderApp('/activity-log', { user: buildUser({ isExecutive: true }) })
    expect(await screen.findByRole('heading', { name: /403/ })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Activity log' })).not.toBeInTheDocument()
    expect(api.state.requests).toEqual([])
  })

  it('is in the admin’s menu, also in the phone drawer', async () => {
    setup()
    asPhone()
    const { user } = renderApp('/dashboard', { user: admin })
    await user.click(await screen.findByRole('button', { name: 'Toggle navigation' }))
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' })
    await user.click(within(drawer).getByRole('link', { name: 'Activity log' }))
    expect(await screen.findByRole('heading', { name: 'Activity log' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
