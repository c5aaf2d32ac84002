import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { OutboxMail } from '@/contract/mail'
import { server } from '../mocks/server'
import { clubHandlers, clubState } from '../mocks/handlers/club'
import { bandMember, buildBand, createBandsApi } from '../mocks/handlers/bands'
import { buildSchedulePeriod, buildScheduleRoom, buildWeekSchedule, createRoomScheduleApi } from '../mocks/handlers/room-schedule'
import { buildUser } from '../support/factories'
import { renderApp } from '../support/render-app'
import { asPhone } from '../support/phone'
import { expectAllTranslated, recordApiData } from '../support/translated'

// The leftovers of issue 36 (decision 046) in Japanese: the mail outbox's states, the parts, the phone's day picker.
let recording: ReturnType<typeof recordApiData> | undefined
afterEach(() => recording?.stop())

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

describe('the mail outbox in Japanese', () => {
  beforeEach(() => {
    clubState.reset()
    server.use(...clubHandlers)
  })

  it('words every state and its line in Japanese, keeping the mail server’s own error as it came', async () => {
    server.use(
      http.get('/api/outbox', () =>
        HttpResponse.json({
          items: [
            mail({
              subject: 'Sent one',
              state: 'sent',
              sentAt: '2026-06-01T11:00:05Z',
            }),
            mail({ subject: 'Waiting one', state: 'queued' }),
            mail({
              subject: 'Failing one',
              state: 'failing',
              error: 'Error: 451 try again later',
            }),
            mail({ subject: 'Kept one', state: 'kept' }),
            mail({ subject: 'Given up one', state: 'failed' }),
          ],
          total: 5,
        }),
      ),
    )
    recording = recordApiData()
    renderApp('/system-settings', { user: admin, language: 'ja' })
    const list = await screen.findByRole('list', { name: 'メール' })
    const [sent, waiting, failing, kept, failed] = within(list).getAllByRole('listitem')
    expect(sent).toHaveTextContent('送信済み')
    expect(sent).toHaveTextContent(/宛先: aoi@example\.ac\.jp/)
    expect(sent).toHaveTextContent(/2026.*に送信/)
    expect(waiting).toHaveTextContent('送信待ち')
    expect(failing).toHaveTextContent('前回の送信に失敗しました: Error: 451 try again later')
    expect(kept).toHaveTextContent('保管のみ（メールサーバー未設定）')
    expect(failed).toHaveTextContent('すべての送信に失敗しました。最後のエラー: 不明なエラー')
    expectAllTranslated(list, recording.strings)
  })
})

describe('parts in Japanese', () => {
  it('names the list’s parts in the reader’s language on the band list and its part filter', async () => {
    const hana = buildUser({ displayName: 'Hana Sato' })
    const band = buildBand({ name: 'Night Owls', members: [bandMember(hana, 'Bass', true), bandMember({ id: crypto.randomUUID(), displayName: 'Ren Abe' }, 'Drums')] })
    server.use(...createBandsApi({ bands: [band], me: hana }).handlers)
    renderApp('/band-list', { user: hana, language: 'ja' })
    const members = await screen.findByRole('list', { name: /Night Owls/ })
    expect(members).toHaveTextContent('ベース')
    expect(members).toHaveTextContent('ドラム')
    expect(members).not.toHaveTextContent('Bass')
    const filter = screen.getByRole('combobox', { name: 'パート' })
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['すべてのパート', 'ボーカル', 'ギター', 'ベース', 'ドラム', 'キーボード', 'その他'])
  })
})

describe('the phone’s day picker in Japanese', () => {
  it('shows each day’s weekday and date from Intl’s parts, and names the whole day for screen readers', async () => {
    asPhone()
    const schedule = buildWeekSchedule({ rooms: [buildScheduleRoom({ name: 'Studio A' })], periods: [buildSchedulePeriod({ label: '1st', startsAt: '09:00', endsAt: '10:30' })] })
    server.use(...createRoomScheduleApi({ schedule }).handlers)
    renderApp('/room-schedule', { user: buildUser({ displayName: 'Hana Sato' }), language: 'ja' })
    const days = await screen.findByRole('group', { name: '日' })
    const buttons = within(days).getAllByRole('button')
    expect(buttons).toHaveLength(7)
    const tuesday = within(days).getByRole('button', { name: '5月12日(火)' })
    const shown = [...tuesday.querySelectorAll('[aria-hidden="true"]')].map((part) => part.textContent)
    expect(shown).toEqual(['火', '12'])
    expect(buttons.map((button) => button.querySelector('[aria-hidden="true"]')!.textContent)).toEqual(['月', '火', '水', '木', '金', '土', '日'])
  })
})
