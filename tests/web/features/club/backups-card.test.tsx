import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { delay, http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { clubHandlers, clubState } from '../../mocks/handlers/club'
import { backupAttempt, backupsState } from '../../mocks/handlers/backups'
import { buildApiError, buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Admin Person' })

beforeEach(() => {
  clubState.reset()
  backupsState.reset()
  server.use(...clubHandlers)
})
afterEach(() => vi.restoreAllMocks())

async function openCard() {
  const app = renderApp('/system-settings', { user: admin })
  const card = await screen.findByRole('region', { name: 'Backups' })
  return { ...app, card }
}

describe('the backups card', () => {
  it('says there is no backup yet and when the first is due, and "Back up now" makes one and shows it', async () => {
    const { user, card } = await openCard()
    expect(await within(card).findByText('No backup yet')).toBeInTheDocument()
    expect(card).toHaveTextContent(/The first daily backup is due (tomorrow at|.*2026, )04:00/)
    expect(card).toHaveTextContent('0 backups kept on the server (at most 14), in /srv/bandroom/backups.')
    expect(within(card).queryByRole('button', { name: 'Download the newest backup' })).toBeNull()
    // The archive holds the server's secret: the card says so.
    expect(card).toHaveTextContent('the server’s secret key')

    await user.click(within(card).getByRole('button', { name: 'Back up now' }))
    expect(await screen.findByText('Backup made (3.3 MB). Download it to keep a copy off the server.')).toBeInTheDocument()
    expect(within(card).getByText(/^Last backup:/).parentElement).toHaveTextContent(/Last backup: Succeeded .*12:00, 3\.3 MB \(made with “Back up now”\)/)
    expect(card).toHaveTextContent('1 backup kept on the server (at most 14)')
    expect(within(card).getByRole('button', { name: 'Download the newest backup' })).toBeInTheDocument()
    expect(backupsState.posts).toBe(1)
  })

  it('shows the last backup’s failure sentence, and the last one that worked', async () => {
    const good = backupAttempt()
    backupsState.status = {
      ...backupsState.status,
      kept: 3,
      lastSuccess: good,
      lastAttempt: backupAttempt({
        startedAt: '2026-06-02T19:00:00Z',
        ok: false,
        fileName: null,
        bytes: null,
        error: 'No backup was made: the disk holding the backups folder /srv/bandroom/backups is full. Free some space, keep fewer backups, or set BACKUPS_DIR to a folder on another disk.',
      }),
    }
    const { card } = await openCard()
    expect(await within(card).findByText('Failed')).toBeInTheDocument()
    expect(card).toHaveTextContent('Last backup: Failed Wed 3 Jun 2026, 04:00 (daily backup)')
    expect(within(card).getByText(/the disk holding the backups folder \/srv\/bandroom\/backups is full/)).toBeInTheDocument()
    expect(card).toHaveTextContent('Last successful backup: Tue 2 Jun 2026, 04:00, 3.2 MB')
  })

  it('tells the failure of "Back up now" in a toast and on the card', async () => {
    backupsState.nextAttempt = backupAttempt({ trigger: 'now', ok: false, fileName: null, bytes: null, error: 'No backup was made: the server may not write in the backups folder /srv/bandroom/backups.' })
    const { user, card } = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Back up now' }))
    expect(await screen.findAllByText('No backup was made: the server may not write in the backups folder /srv/bandroom/backups.')).toHaveLength(2)
    expect(card).toHaveTextContent('Last successful backup: none yet')
  })

  it('says so when a backup is already being made (409)', async () => {
    backupsState.busy = true
    const { user, card } = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Back up now' }))
    expect(await screen.findByText('A backup is already being made (started Tue 2 Jun 2026, 04:00). Wait until it has finished.')).toBeInTheDocument()

    expect(backupsState.posts).toBe(1)
  })

  it('shows "Backing up…" while the backup is made, and is used from the keyboard', async () => {
    server.use(
      http.post('/api/backups', async () => {
        await delay(150)
        const attempt = backupAttempt({ trigger: 'now' })
        return HttpResponse.json({ attempt, status: { ...backupsState.status, lastAttempt: attempt, lastSuccess: attempt, kept: 1 } })
      }),
    )
    const { user, card } = await openCard()
    const button = await within(card).findByRole('button', { name: 'Back up now' })
    button.focus()
    await user.keyboard('{Enter}')
    expect(await within(card).findByRole('button', { name: 'Backing up…' })).toBeDisabled()
    expect(await screen.findByText('Backup made (3.2 MB). Download it to keep a copy off the server.')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Back up now' })).toBeEnabled()
  })

  it('while a backup is being made, says so and offers no second one', async () => {
    backupsState.status = { ...backupsState.status, running: { trigger: 'daily', startedAt: '2026-06-01T19:00:00Z' } }
    const { card } = await openCard()
    expect(await within(card).findByText(/^A backup is being made \(started .*04:00\)…$/)).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Back up now' })).toBeDisabled()
  })

  it('downloads the newest backup through a personal link, saved by the browser', async () => {
    backupsState.status = { ...backupsState.status, kept: 2, lastAttempt: backupAttempt(), lastSuccess: backupAttempt() }
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '')
    })
    const { user, card } = await openCard()
    await user.click(await within(card).findByRole('button', { name: 'Download the newest backup' }))
    await waitFor(() => expect(clicked).toEqual(['/api/backups/download?token=t0ken']))
    expect(backupsState.links).toBe(1)
  })

  it('says offline that backing up and downloading need a connection', async () => {
    backupsState.status = { ...backupsState.status, kept: 1, lastAttempt: backupAttempt(), lastSuccess: backupAttempt() }
    const { user, card } = await openCard()
    const download = await within(card).findByRole('button', { name: 'Download the newest backup' })
    act(() => onlineManager.setOnline(false))
    try {
      await user.click(download)
      await user.click(within(card).getByRole('button', { name: 'Back up now' }))
      expect(await screen.findAllByText('Backing up and downloading need a connection. Try again when you are back online.')).not.toHaveLength(0)
      expect(backupsState.posts + backupsState.links).toBe(0)
    } finally {
      act(() => onlineManager.setOnline(true))
    }
  })

  it('shows an error with a retry when the status cannot be loaded', async () => {
    let fail = true
    server.use(http.get('/api/backups', () => (fail ? HttpResponse.json(buildApiError('UNAVAILABLE', 'The server is busy. Try again in a minute.'), { status: 503 }) : HttpResponse.json(backupsState.status))))
    const { user, card } = await openCard()
    const alert = await within(card).findByRole('alert')
    expect(alert).toHaveTextContent('The backups could not be loaded.The server is busy. Try again in a minute.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(card).findByText('No backup yet')).toBeInTheDocument()
  })
})

describe('the daily backup settings', () => {
  it('switch it off, set the time and how many to keep, refusing 0', async () => {
    const { user } = renderApp('/system-settings', { user: admin })
    const form = await screen.findByRole('form', { name: 'Club settings' })
    const section = within(form).getByRole('region', { name: 'Daily backup' })
    const on = within(section).getByLabelText('Make a backup every day')
    const time = within(section).getByLabelText('Back up every day at')
    const keep = within(section).getByLabelText('Backups to keep')
    expect(on).toBeChecked()
    expect(time).toHaveValue('04:00')
    expect(keep).toHaveValue(14)

    await user.clear(keep)
    await user.type(keep, '0')
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    expect(await within(section).findByText('Keep at least 1 backup')).toBeInTheDocument()
    expect(clubState.settings.backups.keep).toBe(14)

    await user.clear(keep)
    await user.type(keep, '30')
    await user.clear(time)
    await user.type(time, '03:15')
    await user.click(on)
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    await screen.findByText('Settings saved. They apply from now on.')
    expect(clubState.settings.backups).toEqual({ enabled: false, dailyAt: '03:15', keep: 30 })
  })
})
