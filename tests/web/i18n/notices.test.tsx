import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { knownUser } from '../mocks/handlers/auth'
import { buildNotice, noticesState } from '../mocks/handlers/notices'
import { renderApp } from '../support/render-app'
import { expectAllTranslated, recordApiData, untranslatedTexts } from '../support/translated'

// The notices screen and the bell in Japanese (issue 36). The check looks at the screen's own
// part of the page and the bell: the header's other words belong to the layout's area, and the
// shared pager (src/components/ui/page.tsx, "Pages", "Previous", "Next") to the common words.
let recording: ReturnType<typeof recordApiData> | undefined
beforeEach(() => noticesState.reset())
afterEach(() => recording?.stop())

const main = () => document.getElementById('main')!
/** The screen without the shared pager. */
function screenOwnPart() {
  const copy = main().cloneNode(true) as Element
  copy.querySelectorAll('nav').forEach((nav) => nav.remove())
  return copy
}

describe('the notices screen in Japanese', () => {
  it('shows a member’s notices, the unread count and the bell only in catalogue words', async () => {
    noticesState.notices = [
      buildNotice({ title: '明日：Studio Aで練習します（3rd period、13:00–14:30）', body: '来られない場合は、予約を取り消してください。', link: '/room-booking-list' }),
      buildNotice({ kind: 'timetable', title: 'Summer Live 2026のタイムテーブルが公開されました' }),
      buildNotice({ kind: 'feedback', title: 'Night Owls received feedback', readAt: new Date().toISOString() }),
    ]
    recording = recordApiData()
    renderApp('/notices', { user: knownUser, language: 'ja' })
    await screen.findByRole('heading', { name: 'お知らせ' })
    const list = await screen.findByRole('list', { name: 'お知らせ' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByText('未読のお知らせが2件あります。')).toBeInTheDocument()
    expect(within(list).getAllByRole('button', { name: '既読にする' })).toHaveLength(2)
    const bell = await screen.findByRole('link', { name: 'お知らせ、未読2件' })
    expectAllTranslated(screenOwnPart(), recording.strings)
    expectAllTranslated(bell, recording.strings)
  })

  it('says there are no notices yet in Japanese', async () => {
    recording = recordApiData()
    renderApp('/notices', { user: knownUser, language: 'ja' })
    await screen.findByText('お知らせはまだありません')
    expectAllTranslated(main(), recording.strings)
    expect(await screen.findByRole('link', { name: 'お知らせ、未読なし' })).toBeInTheDocument()
  })

  it('the check would catch the English screen', async () => {
    noticesState.notices = [buildNotice({ title: 'お知らせの例' })]
    renderApp('/notices', { user: knownUser })
    await screen.findByRole('heading', { name: 'Notices' })
    await screen.findByText('1 unread notice.')
    expect(untranslatedTexts(main())).toEqual(expect.arrayContaining(['Notices', '1 unread notice.', 'Mark as read']))
  })
})
