import { beforeEach, describe, expect, it } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { onlineManager } from '@tanstack/react-query'
import { server } from '../../mocks/server'
import { knownUser } from '../../mocks/handlers/auth'
import { buildNotice, noticesState } from '../../mocks/handlers/notices'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

beforeEach(() => noticesState.reset())

const bell = (unread: string) => screen.findByRole('link', { name: `Notices, ${unread}` })

describe('the bell and the notice list', () => {
  it('counts unread notices in the header and opens the list, where one or all are marked read', async () => {
    noticesState.notices = [
      buildNotice({ title: 'Summer Live 2026: Night Owls is accepted', body: 'Night Owls is accepted for Summer Live 2026.' }),
      buildNotice({ kind: 'timetable', title: 'The timetable of Summer Live 2026 is out' }),
      buildNotice({ kind: 'booking-tomorrow', title: 'Tomorrow: You practise in Studio A', readAt: new Date().toISOString() }),
    ]
    const { user } = renderApp('/dashboard', { user: knownUser })
    await user.click(await bell('2 unread'))

    await screen.findByRole('heading', { name: 'Notices' })
    const list = await screen.findByRole('list', { name: 'Notices' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Unread: Summer Live 2026: Night Owls is accepted'),
      expect.stringContaining('Unread: The timetable of Summer Live 2026 is out'),
      expect.not.stringContaining('Unread'),
    ])
    expect(rows[0]).toHaveTextContent('Night Owls is accepted for Summer Live 2026.')
    expect(screen.getByText('2 unread notices.')).toBeInTheDocument()

    await user.click(within(rows[0]!).getByRole('button', { name: 'Mark as read' }))
    await screen.findByText('1 unread notice.')
    expect(await bell('1 unread')).toBeInTheDocument()
    expect(noticesState.notices[0]!.readAt).not.toBeNull()

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))
    await screen.findByText('All read.')
    expect(await bell('none unread')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument()
  })

  it('says nothing about a count it does not know yet', async () => {
    server.use(http.get('/api/notices/unread-count', () => delay('infinite')))
    renderApp('/dashboard', { user: knownUser })
    const link = await screen.findByRole('link', { name: /^Notices/ })
    expect(link).toHaveAccessibleName('Notices')
  })

  it('opens a notice’s link in the app and marks it read on the way', async () => {
    noticesState.notices = [buildNotice({ title: 'Choose how you hear from us', link: '/profile' })]
    const { user } = renderApp('/notices', { user: knownUser })
    await user.click(await screen.findByRole('link', { name: 'Open: Choose how you hear from us' }))
    await screen.findByRole('heading', { name: 'Your profile' })
    expect(await bell('none unread')).toBeInTheDocument()
    expect(noticesState.notices[0]!.readAt).not.toBeNull()
  })

  it('says so when there are no notices yet', async () => {
    renderApp('/notices', { user: knownUser })
    expect(await screen.findByText('No notices yet')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument()
    expect(await bell('none unread')).toBeInTheDocument()
  })

  it('says when the list cannot be loaded, and loads it on “Try again”', async () => {
    let fail = true
    server.use(
      http.get('/api/notices', () =>
        fail ? HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'The server is busy. Try again in a moment.' } }, { status: 503 }) : undefined,
      ),
    )
    noticesState.notices = [buildNotice({ title: 'Back again' })]
    const { user } = renderApp('/notices', { user: knownUser })
    expect(await screen.findByText('Your notices could not be loaded.')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Back again')).toBeInTheDocument()
  })

  it('shows the list and the bell as last seen when the connection goes, marked as such', async () => {
    noticesState.notices = [buildNotice({ title: 'Seen before the tunnel' })]
    renderApp('/notices', { user: knownUser })
    await screen.findByText('Seen before the tunnel')
    await bell('1 unread')
    act(() => onlineManager.setOnline(false))
    try {
      expect(await screen.findByText(/You are offline: these are your notices as last seen at/)).toBeInTheDocument()
      expect(screen.getByText('Seen before the tunnel')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Notices, 1 unread (as last seen, you are offline)' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Mark as read' })).toBeDisabled()
    } finally {
      act(() => onlineManager.setOnline(true))
    }
    expect(await bell('1 unread')).toBeInTheDocument()
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument()
  })
})

describe('the profile’s notice choices and calendar link', () => {
  it('saves how each kind of notice reaches me', async () => {
    const { user } = renderApp('/profile', { user: knownUser })
    const form = await screen.findByRole('form', { name: 'Notice choices' })
    // Not an executive: no choice about files shared with executives or suggestions to them.
    expect(within(form).queryByLabelText(/Files shared with executives/)).not.toBeInTheDocument()
    expect(within(form).queryByLabelText(/Suggestions to the club/)).not.toBeInTheDocument()
    await user.selectOptions(within(form).getByLabelText(/Live timetables/), 'In the app only')
    await user.selectOptions(within(form).getByLabelText(/Bookings tomorrow/), 'Off')
    await user.click(within(form).getByRole('button', { name: 'Save notice choices' }))
    expect(await screen.findByText('Your notice choices are saved.')).toBeInTheDocument()
    expect(noticesState.preferences.preferences).toMatchObject({ timetable: 'app', 'booking-tomorrow': 'off', 'application-decision': 'mail' })
  })

  it('offers executives the choices about files shared with them and suggestions to the club', async () => {
    renderApp('/profile', { user: buildUser({ displayName: 'Riku Exec', isExecutive: true }) })
    const form = await screen.findByRole('form', { name: 'Notice choices' })
    expect(within(form).getByLabelText(/Files shared with executives/)).toBeInTheDocument()
    expect(within(form).getByLabelText(/Suggestions to the club/)).toHaveValue('mail')
  })

  it('makes, copies, replaces and turns off my calendar link', async () => {
    const { user } = renderApp('/profile', { user: knownUser })
    await user.click(await screen.findByRole('button', { name: 'Make my calendar link' }))
    const link = await screen.findByLabelText('Calendar link')
    const first = (link as HTMLInputElement).value
    expect(first).toMatch(/^webcal:\/\/club\.example\/api\/calendar\/.+\.ics$/)
    expect(screen.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', first)

    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(first)
    expect(await screen.findByText('Calendar link copied.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Make a new link' }))
    const confirm = await screen.findByRole('dialog', { name: 'Make a new calendar link?' })
    await user.click(within(confirm).getByRole('button', { name: 'Make a new link' }))
    expect(await screen.findByText('A new calendar link is ready. The old one no longer works.')).toBeInTheDocument()
    expect((screen.getByLabelText('Calendar link') as HTMLInputElement).value).not.toBe(first)

    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    const off = await screen.findByRole('dialog', { name: 'Turn off your calendar link?' })
    await user.click(within(off).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByRole('button', { name: 'Make my calendar link' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Calendar link')).not.toBeInTheDocument()
    expect(noticesState.feed).toBeNull()
  })
})
