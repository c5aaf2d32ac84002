import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../mocks/server'
import { buildClubDashboard, buildDashboard } from '../mocks/handlers/dashboard'
import { knownProfile } from '../mocks/handlers/accounts'
import { buildApiError, buildUser } from '../support/factories'
import { renderApp } from '../support/render-app'
import { expectAllTranslated, recordApiData } from '../support/translated'
import { currentLanguage } from '@/i18n/client'

// The app shell, the dashboard and the account screens in Japanese (issue 36): each screen,
// for each role that sees it, shows only catalogue words once its data is in.
let recording: ReturnType<typeof recordApiData> | undefined
afterEach(() => recording?.stop())

beforeAll(() => {
  // jsdom lays nothing out; recharts' `responsive` charts watch their size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})

const member = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Emi Exec', isExecutive: true })
const admin = buildUser({ displayName: 'Ada Admin', role: 'admin' })
const owls = { id: crypto.randomUUID(), name: 'Night Owls' }
const HOUR = 60 * 60 * 1000

/** Every card with something in it, but nothing worded by other areas (a band's or an application's status). */
function fullDashboard() {
  return buildDashboard({
    bookings: [
      { id: crypto.randomUUID(), date: '2026-06-02', periodLabel: '3rd', startsAt: '13:00', endsAt: '14:30', roomName: 'Studio A', kind: 'band', band: owls, people: [{ id: member.id, displayName: 'Hana Sato' }] },
      { id: crypto.randomUUID(), date: '2026-06-03', periodLabel: '1st', startsAt: '09:00', endsAt: '10:30', roomName: 'Hall', kind: 'personal', band: null, people: [{ id: member.id, displayName: 'Hana Sato' }] },
    ],
    bands: [{ ...owls, status: 'active', part: 'Bass', isLeader: true, members: [{ id: member.id, displayName: 'Hana Sato', part: 'Bass' }, { id: crypto.randomUUID(), displayName: 'Ben Ito', part: 'Drums' }] }],
    openLives: [
      { id: crypto.randomUUID(), kind: 'seasonal', season: 'summer', title: 'Summer Live', firstDay: '2026-07-18', applicationClosesAt: new Date(Date.now() + 2 * 24 * HOUR + 5 * HOUR).toISOString(), closesLabel: '6月3日(水) 23:59', applications: [] },
    ],
    performances: [{ applicationId: crypto.randomUUID(), event: { id: crypto.randomUUID(), title: 'Spring Live' }, band: owls, date: '2026-07-18', stage: 'Main', start: '14:00', end: '14:25' }],
    feedback: [{ id: crypto.randomUUID(), event: { id: crypto.randomUUID(), title: 'Spring Live' }, band: owls, body: 'Loved the second song!', author: null, createdAt: '2026-05-31T10:00:00Z' }],
    allocationRounds: [{ id: crypto.randomUUID(), weekStart: '2026-06-08', closesAt: new Date(Date.now() + 5 * HOUR).toISOString(), closesLabel: '6月3日(水) 23:59', wishes: [{ band: owls, count: 2, wants: 1 }] }],
    notices: { unread: 4, latest: [{ id: crypto.randomUUID(), title: 'Night Owls received feedback', link: '/feedback-list?tab=received', createdAt: '2026-05-31T10:00:00Z' }] },
    newFiles: [{ id: crypto.randomUUID(), name: 'Rules 2026.pdf', createdAt: '2026-05-30T00:00:00Z' }],
  })
}

/**
 * Words of other areas on these screens, translated by their own helpers (issue 36): the
 * notices bell in the header, and the notice choices and calendar cards the notices area adds
 * to /profile. Marked here so this file checks the shell's, the dashboard's and the accounts'
 * own words.
 */
function setAsideOtherAreas() {
  for (const element of document.querySelectorAll('a[aria-label^="Notices"], section[aria-label="Notices"], section[aria-label="Calendar"]')) {
    element.setAttribute('data-untranslated', '')
  }
  // The charts are hidden from screen readers (their numbers are in the tables): recharts'
  // own "… legend icon" labels are never heard.
  for (const chart of document.querySelectorAll('figure > [aria-hidden]')) chart.setAttribute('data-untranslated', '')
}

/** The screen's own words only, with the signed-in member's name and email as data. */
function expectShellTranslated(signedIn?: { displayName: string; email: string }) {
  setAsideOtherAreas()
  const data = new Set(recording?.strings)
  if (signedIn) {
    data.add(signedIn.displayName)
    data.add(signedIn.email)
  }
  expectAllTranslated(document.body, data)
}

async function openAccountMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: /^アカウントメニュー/ }))
  await screen.findByRole('button', { name: 'ログアウト' })
}

describe('the app shell and the dashboard in Japanese', () => {
  it.each([
    ['a member', member],
    ['an executive', executive],
    ['an administrator', admin],
  ])('%s: the menus, the header and a full dashboard', async (_, user) => {
    server.use(http.get('/api/dashboard', () => HttpResponse.json(fullDashboard())))
    recording = recordApiData()
    const app = renderApp('/dashboard', { user, language: 'ja' })
    await screen.findByRole('heading', { name: `こんにちは、${user.displayName}さん` })
    await screen.findByRole('region', { name: '次の予約' })
    expect(screen.getByRole('link', { name: 'ホーム' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'アカウント管理' }) !== null).toBe(user !== member)
    expect(screen.queryByRole('link', { name: 'システム設定' }) !== null).toBe(user === admin)
    await openAccountMenu(app.user)
    expectShellTranslated(user)
  })

  it('a new member’s empty dashboard', async () => {
    recording = recordApiData()
    renderApp('/dashboard', { user: member, language: 'ja' })
    await screen.findByText('未読のお知らせはありません。')
    expectShellTranslated(member)
  })

  it('the dashboard that could not be loaded', async () => {
    server.use(http.get('/api/dashboard', () => HttpResponse.json(buildApiError('CONFLICT', 'ホームを作れませんでした。'), { status: 409 })))
    recording = recordApiData()
    renderApp('/dashboard', { user: member, language: 'ja' })
    await screen.findByText('ホームを読み込めませんでした。')
    expect(screen.getByRole('button', { name: 'もう一度試す' })).toBeInTheDocument()
    expectShellTranslated(member)
  })

  it.each([
    ['an executive', executive],
    ['an administrator', admin],
  ])('%s: the club overview with its charts', async (_, user) => {
    const third = { id: crypto.randomUUID(), label: '3限' }
    server.use(
      http.get('/api/dashboard/club', () =>
        HttpResponse.json(
          buildClubDashboard({
            periods: [third],
            roomUse: [{ room: { id: crypto.randomUUID(), name: 'Studio A' }, cells: [{ date: '2026-06-02', periodId: third.id, kind: 'band' }] }],
            bookingsPerBand: [{ band: owls, counts: [1, 0, 0, 0, 0, 0, 1, 2], total: 4 }],
            membersByPart: [{ part: 'Not given', counts: { 1: 2, 2: 1, 3: 0, 4: 0, graduate: 0, incoming: 1 }, total: 4 }],
            activeMembers: 4,
          }),
        ),
      ),
    )
    recording = recordApiData()
    renderApp('/dashboard2', { user, language: 'ja' })
    await screen.findByRole('heading', { name: 'サークルの概況', level: 1 })
    await screen.findByRole('region', { name: 'バンドごとの予約（過去8週間）' }, { timeout: 10_000 })
    await screen.findByRole('region', { name: 'ライブごとの応募' })
    await waitFor(() => expect(screen.queryByText('…')).not.toBeInTheDocument())
    // "Not given" is the server's key for members without a part, not a word to show.
    recording.strings.delete('Not given')
    expectShellTranslated(user)
  })

  it.each(['/401', '/403', '/404', '/500', '/no-such-page'])('the error page %s', async (path) => {
    recording = recordApiData()
    renderApp(path, { language: 'ja' })
    await screen.findByRole('heading', { level: 1 })
    expectShellTranslated()
  })

  it.each(['/dashboard401', '/dashboard403', '/dashboard404', '/dashboard500'])('the error page %s in the layout', async (path) => {
    recording = recordApiData()
    renderApp(path, { user: member, language: 'ja' })
    await screen.findByRole('heading', { level: 1 })
    expectShellTranslated(member)
  })
})

describe('the account screens in Japanese', () => {
  it('the profile', async () => {
    server.use(http.get('/api/profile', () => HttpResponse.json({ ...knownProfile, user: member, gradeLabel: '3年' })))
    recording = recordApiData()
    renderApp('/profile', { user: member, language: 'ja' })
    await screen.findByRole('heading', { name: 'プロフィール', level: 1 })
    await screen.findByRole('region', { name: '言語' })
    expectShellTranslated(member)
  })

  it('the password change, with the server refusing the current password', async () => {
    server.use(
      http.post('/api/me/password', () =>
        HttpResponse.json(buildApiError('PASSWORD_INCORRECT', '現在のパスワードが正しくありません。', { currentPassword: '現在のパスワードが正しくありません' }), { status: 400 }),
      ),
    )
    recording = recordApiData()
    const { user } = renderApp('/password-change', { user: member, language: 'ja' })
    await screen.findByRole('heading', { name: 'パスワードを変更', level: 1 })
    await user.click(screen.getByRole('button', { name: 'パスワードを変更' }))
    await screen.findByText('パスワードを入力してください')
    expectShellTranslated(member)
    await user.type(screen.getByLabelText('現在のパスワード'), 'wrong one')
    await user.type(screen.getByLabelText('新しいパスワード'), 'quiet river maple lantern')
    await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'quiet river maple lantern')
    await user.click(screen.getByRole('button', { name: 'パスワードを変更' }))
    await screen.findByText('現在のパスワードが正しくありません')
    expectShellTranslated(member)
  })

  it('the registration, its refusals and its thanks', async () => {
    recording = recordApiData()
    const { user } = renderApp('/register', { language: 'ja' })
    await screen.findByRole('heading', { name: 'アカウント作成' })
    expect(screen.getByRole('navigation', { name: '言語' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'アカウントを作成' }))
    await screen.findByText('名前を入力してください')
    expectShellTranslated()
    await user.type(screen.getByLabelText('名前'), '田中 葵')
    await user.type(screen.getByLabelText('メールアドレス'), 'aoi@club.example')
    await user.type(screen.getByLabelText('パスワード'), 'quiet river maple lantern')
    await user.click(screen.getByRole('button', { name: 'アカウントを作成' }))
    await screen.findByRole('heading', { name: 'ご登録ありがとうございます' })
    expectShellTranslated()
  })

  it('registration closed', async () => {
    server.use(http.get('/api/registration', () => HttpResponse.json({ mode: 'closed', clubName: 'Bandroom Music Club', enrollmentYears: { min: 2016, max: 2027 } })))
    recording = recordApiData()
    renderApp('/register', { language: 'ja' })
    await screen.findByRole('heading', { name: '現在アカウント作成を受け付けていません' })
    expectShellTranslated()
  })

  it('the password reset: asking for a link, then the link', async () => {
    server.use(http.post('/api/password-reset/request', () => HttpResponse.json({ message: 'リンクを送信しました。' }, { status: 202 })))
    recording = recordApiData()
    const { user } = renderApp('/reset-password', { language: 'ja' })
    await screen.findByRole('heading', { name: 'パスワードの再設定' })
    expect(screen.getByRole('navigation', { name: '言語' })).toBeInTheDocument()
    expectShellTranslated()
    await user.type(screen.getByLabelText('メールアドレス'), 'aoi@club.example')
    await user.click(screen.getByRole('button', { name: '再設定用のリンクを送信' }))
    await screen.findByRole('heading', { name: 'メールを確認してください' })
    expectShellTranslated()
  })

  it('the password reset link: choosing the new password, and a dead link', async () => {
    recording = recordApiData()
    renderApp('/reset-password?token=abc', { language: 'ja' })
    await screen.findByRole('heading', { name: '新しいパスワードを決める' })
    await screen.findByLabelText('新しいパスワード')
    expectShellTranslated()
    recording.stop()

    server.use(http.get('/api/password-reset/check', () => HttpResponse.json({ valid: false })))
    recording = recordApiData()
    renderApp('/reset-password?token=old', { language: 'ja' })
    await screen.findByRole('heading', { name: 'このリンクは使えません' })
    expectShellTranslated()
  })
})

describe('the language on /profile (issue 36)', () => {
  it('choosing 日本語 saves it on the account and switches the screen at once', async () => {
    let sent: unknown
    const profileAskedIn: Array<string | null> = []
    server.use(
      http.put('/api/profile/language', async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ user: { ...member, language: 'ja' } })
      }),
      // The grade is worded by the server, in the language it is asked in.
      http.get('/api/profile', ({ request }) => {
        const language = request.headers.get('accept-language')
        profileAskedIn.push(language)
        return HttpResponse.json({ ...knownProfile, user: { ...member, language: sent ? 'ja' : null }, gradeLabel: language === 'ja' ? '3年' : '3rd year' })
      }),
    )
    const { user } = renderApp('/profile', { user: member })
    const card = await screen.findByRole('region', { name: 'Language' })
    expect(within(card).getByRole('radio', { name: 'As my browser asks' })).toBeChecked()
    const japanese = within(card).getByRole('radio', { name: '日本語' })
    expect(japanese.nextElementSibling).toHaveAttribute('lang', 'ja')
    await user.click(japanese)
    await user.click(within(card).getByRole('button', { name: 'Save language' }))

    await screen.findByRole('heading', { name: 'プロフィール', level: 1 })
    expect(sent).toEqual({ language: 'ja' })
    expect(currentLanguage()).toBe('ja')
    expect(document.documentElement.lang).toBe('ja')
    expect(JSON.parse(localStorage.getItem('user')!).language).toBe('ja')
    expect(within(screen.getByRole('region', { name: '言語' })).getByRole('radio', { name: '日本語' })).toBeChecked()
    // What the server worded is asked for again, in Japanese.
    await waitFor(() => expect(profileAskedIn.at(-1)).toBe('ja'))
    expect(await screen.findByText('3年')).toBeInTheDocument()
    expect(screen.queryByText('3rd year')).not.toBeInTheDocument()
  })

  it('back to "as my browser asks" follows the browser again', async () => {
    server.use(http.put('/api/profile/language', () => HttpResponse.json({ user: { ...member, language: null } })))
    const { user } = renderApp('/profile', { user: { ...member, language: 'ja' }, language: 'ja' })
    const card = await screen.findByRole('region', { name: '言語' })
    await user.click(within(card).getByRole('radio', { name: 'ブラウザの設定に合わせる' }))
    await user.click(within(card).getByRole('button', { name: '言語を保存' }))
    // jsdom's browser asks for English.
    await screen.findByRole('heading', { name: 'Your profile', level: 1 })
    expect(currentLanguage()).toBe('en')
  })

  it('a refused save keeps the choice shown, with the reason, in the language shown', async () => {
    server.use(http.put('/api/profile/language', () => HttpResponse.json(buildApiError('CONFLICT', 'Try again in a moment.'), { status: 409 })))
    const { user } = renderApp('/profile', { user: member })
    const card = await screen.findByRole('region', { name: 'Language' })
    await user.click(within(card).getByRole('radio', { name: '日本語' }))
    await user.click(within(card).getByRole('button', { name: 'Save language' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent('Try again in a moment.')
    expect(within(card).getByRole('radio', { name: '日本語' })).toBeChecked()
    expect(within(card).getByRole('button', { name: 'Save language' })).toBeEnabled()
    expect(currentLanguage()).toBe('en')
  })

  it('is usable from the keyboard: arrows choose, the Save button sends', async () => {
    let calls = 0
    server.use(
      http.put('/api/profile/language', () => {
        calls += 1
        return HttpResponse.json({ user: { ...member, language: 'en' } })
      }),
    )
    const { user } = renderApp('/profile', { user: member })
    const card = await screen.findByRole('region', { name: 'Language' })
    within(card).getByRole('radio', { name: 'As my browser asks' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(within(card).getByRole('radio', { name: 'English' })).toBeChecked()
    expect(calls).toBe(0)
    await user.tab()
    expect(within(card).getByRole('button', { name: 'Save language' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(calls).toBe(1))
  })
})
