import { beforeEach, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { screen, waitFor, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import { clubHandlers, clubState } from '../../mocks/handlers/club'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Admin Person' })

beforeEach(() => {
  clubState.reset()
  server.use(...clubHandlers)
})

async function openSettings() {
  const app = renderApp('/system-settings', { user: admin })
  await screen.findByRole('heading', { name: 'System settings' })
  const form = await screen.findByRole('form', { name: 'Club settings' })
  return { ...app, form }
}

/** A select's options as [value, words]. */
const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])

describe('system settings', () => {
  it('shows a field error for a bad value and sends nothing', async () => {
    let puts = 0
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT') puts += 1
    })
    const { user, form } = await openSettings()
    const limit = within(form).getByLabelText('Upload size limit (MB)')
    await user.clear(limit)
    await user.type(limit, '0')
    const name = within(form).getByLabelText('Club name')
    await user.clear(name)
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    expect(await within(form).findByText('At least 1 MB')).toBeInTheDocument()
    expect(within(form).getByText('Enter the club name')).toBeInTheDocument()
    expect(within(form).getByLabelText('Club name')).toHaveAttribute('aria-invalid', 'true')
    expect(puts).toBe(0)
    server.events.removeAllListeners()
  })

  it('offers the registration modes in words, in English and in Japanese', async () => {
    const { form, unmount } = await openSettings()
    const english = within(form).getByLabelText('Registration mode')
    expect(english).toHaveValue('approval')
    expect(optionTexts(english)).toEqual([
      ['approval', 'Approval: new accounts wait for an admin'],
      ['invite', 'Invite code: a valid code activates the account'],
      ['open', 'Open: anyone can join at once'],
      ['closed', 'Closed: no new accounts'],
    ])
    unmount()

    renderApp('/system-settings', { user: admin, language: 'ja' })
    const japaneseForm = await screen.findByRole('form', { name: 'サークルの設定' })
    expect(optionTexts(within(japaneseForm).getByLabelText('アカウント作成の方式'))).toEqual([
      ['approval', '承認制：新しいアカウントは管理者の承認を待ちます'],
      ['invite', '招待コード：正しいコードでアカウントが有効になります'],
      ['open', '自由参加：誰でもすぐに参加できます'],
      ['closed', '受付停止：新しいアカウントは作れません'],
    ])
  })

  it('offers the wishes’ weekdays in words, in English and in Japanese', async () => {
    const { form, unmount } = await openSettings()
    expect(optionTexts(within(form).getByLabelText('Wishes open on'))).toEqual([
      ['1', 'Monday'],
      ['2', 'Tuesday'],
      ['3', 'Wednesday'],
      ['4', 'Thursday'],
      ['5', 'Friday'],
      ['6', 'Saturday'],
      ['7', 'Sunday'],
    ])
    unmount()

    renderApp('/system-settings', { user: admin, language: 'ja' })
    const japaneseForm = await screen.findByRole('form', { name: 'サークルの設定' })
    expect(optionTexts(within(japaneseForm).getByLabelText('希望の受付開始日')).map(([, text]) => text)).toEqual(['月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日', '日曜日'])
  })

  it('asks for an invite code in invite mode', async () => {
    const { user, form } = await openSettings()
    await user.selectOptions(within(form).getByLabelText('Registration mode'), 'invite')
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    expect(await within(form).findByText('Invite mode needs a code of at least 4 characters')).toBeInTheDocument()
  })

  it('saves a valid change and shows the server’s field errors', async () => {
    const { user, form } = await openSettings()
    const name = within(form).getByLabelText('Club name')
    await user.clear(name)
    await user.type(name, 'Keion Club')
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(clubState.settings.clubName).toBe('Keion Club'))
    expect(await screen.findByText('Settings saved. They apply from now on.')).toBeInTheDocument()

    await user.clear(name)
    await user.type(name, 'Taken by the server')
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    expect(await within(form).findByText('The server refused this name')).toBeInTheDocument()
    expect(clubState.settings.clubName).toBe('Keion Club')
  })

  it('saves which kinds of file executives may upload', async () => {
    const { user, form } = await openSettings()
    const kinds = within(form).getByRole('group', { name: 'Kinds of file executives may upload' })
    expect(within(kinds).getByLabelText('PDF documents')).toBeChecked()
    await user.click(within(kinds).getByLabelText('ZIP archives'))
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(clubState.settings.allowedFileKinds).toEqual(['pdf', 'image', 'audio', 'video', 'office', 'text']))
  })

  it('turns allocation rounds on with their times, limits and the rooms and periods taking part', async () => {
    const studio = { id: '00000000-0000-4000-8000-00000000000a', name: 'Studio A', capacity: 6, active: true, shownPublicly: true, sortOrder: 1 }
    const evening = { id: '00000000-0000-4000-8000-00000000000b', label: '5th', startsAt: '18:00', endsAt: '19:30' }
    server.use(
      http.get('/api/rooms', () => HttpResponse.json({ items: [studio] })),
      http.get('/api/periods', () => HttpResponse.json({ items: [evening] })),
    )
    const { user, form } = await openSettings()
    await user.click(within(form).getByLabelText('Give out the busiest rooms in a weekly allocation round'))
    // Closing before opening in the week is refused, and nothing is sent.
    await user.selectOptions(within(form).getByLabelText('Wishes open on'), 'Friday')
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    expect(await within(form).findByText('Wishes must close after they open, in the same week')).toBeInTheDocument()
    expect(clubState.settings.allocation.enabled).toBe(false)

    await user.selectOptions(within(form).getByLabelText('Wishes open on'), 'Monday')
    // Fixing the other day forgets the message, which named only the closing time.
    expect(within(form).queryByText('Wishes must close after they open, in the same week')).not.toBeInTheDocument()
    await user.selectOptions(within(form).getByLabelText('Wishes close on'), 'Wednesday')
    await user.type(within(form).getByLabelText('Periods a band may receive in a round'), '2')
    const rooms = within(form).getByRole('group', { name: 'Rooms taking part' })
    expect(within(rooms).getByText('None ticked: every room in use takes part.')).toBeInTheDocument()
    await user.click(await within(rooms).findByLabelText('Studio A'))
    await user.click(within(within(form).getByRole('group', { name: 'Periods taking part' })).getByLabelText('5th (18:00–19:30)'))
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    await waitFor(() =>
      expect(clubState.settings.allocation).toMatchObject({ enabled: true, opensWeekday: 1, closesWeekday: 3, periodsPerBand: 2, roomIds: [studio.id], periodIds: [evening.id] }),
    )
  })

  it('saves the club’s default language, each language named in itself', async () => {
    const { user, form } = await openSettings()
    const language = within(form).getByLabelText('Default language')
    expect(within(language).getByRole('option', { name: 'English' })).toHaveAttribute('lang', 'en')
    expect(within(language).getByRole('option', { name: '日本語' })).toHaveAttribute('lang', 'ja')
    expect(language).toHaveValue('en')
    await user.selectOptions(language, 'ja')
    await user.click(within(form).getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(clubState.settings.language).toBe('ja'))
    expect(await screen.findByText('Settings saved. They apply from now on.')).toBeInTheDocument()
  })

  it('shows the empty states of rooms, periods, blackouts and the outbox', async () => {
    await openSettings()
    expect(await screen.findByText('No rooms yet')).toBeInTheDocument()
    expect(await screen.findByText('No periods yet')).toBeInTheDocument()
    expect(await screen.findByText('No upcoming blackout dates')).toBeInTheDocument()
    expect(await screen.findByText('No mail sent yet')).toBeInTheDocument()
  })

  it('sends members who are not admins to the 403 page', async () => {
    renderApp('/system-settings', { user: buildUser({ isExecutive: true }) })
    expect(await screen.findByRole('heading', { name: /403/ })).toBeInTheDocument()
  })
})
