import { beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { OutboxMail } from '@/contract/mail'
import { server } from '../../mocks/server'
import { clubHandlers, clubState } from '../../mocks/handlers/club'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Admin Person' })

const mail = (overrides: Partial<OutboxMail>): OutboxMail => ({
  id: crypto.randomUUID(),
  to: 'aoi@example.ac.jp',
  subject: 'Tomorrow: You practise in Studio A',
  text: 'Hello Aoi,',
  kind: 'booking-tomorrow',
  createdAt: '2026-06-01T11:00:00Z',
  sentAt: null,
  error: null,
  state: 'queued',
  ...overrides,
})

beforeEach(() => {
  clubState.reset()
  server.use(...clubHandlers)
})

describe('the mail outbox', () => {
  it('shows each mail’s state: sent, waiting, failing or given up with the last error, or kept without a mail server', async () => {
    server.use(
      http.get('/api/outbox', () =>
        HttpResponse.json({
          items: [
            mail({ subject: 'Sent one', state: 'sent', sentAt: '2026-06-01T11:00:05Z' }),
            mail({ subject: 'Waiting one', state: 'queued' }),
            mail({ subject: 'Failing one', state: 'failing', error: 'Error: 451 try again later' }),
            mail({ subject: 'Kept one', state: 'kept' }),
            mail({ subject: 'Given up one', state: 'failed', error: 'Error: 550 no such mailbox' }),
          ],
          total: 5,
        }),
      ),
    )
    renderApp('/system-settings', { user: admin })
    const list = await screen.findByRole('list', { name: 'Mail' })
    const [sent, waiting, failing, kept, failed] = within(list).getAllByRole('listitem')
    expect(sent).toHaveTextContent('Sent')
    expect(sent).toHaveTextContent(/sent .*2026/)
    expect(waiting).toHaveTextContent('Waiting to be sent')
    expect(failing).toHaveTextContent('Not sent yet, trying again')
    expect(failing).toHaveTextContent('last try failed: Error: 451 try again later')
    expect(kept).toHaveTextContent('Kept here (no mail server set)')
    expect(failed).toHaveTextContent('Not sent: given up')
    expect(failed).toHaveTextContent('every try failed, the last: Error: 550 no such mailbox')
  })
})

describe('the booking reminder time', () => {
  it('is set in the system settings as a time of day, and a time that is not HH:MM is refused before sending', async () => {
    const { user } = renderApp('/system-settings', { user: admin })
    const form = await screen.findByRole('form', { name: 'Club settings' })
    const time = within(form).getByLabelText('Remind members of tomorrow’s bookings at')
    expect(time).toHaveValue('20:00')
    await user.clear(time)
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    expect(await within(form).findByText('Use HH:MM, e.g. 20:00')).toBeInTheDocument()
    expect(clubState.settings.notices.bookingReminderAt).toBe('20:00')
    await user.type(time, '18:30')
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    await screen.findByText('Settings saved. They apply from now on.')
    expect(clubState.settings.notices.bookingReminderAt).toBe('18:30')
  })
})
