import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { addDays } from '@/contract/calendar'
import { server } from '../mocks/server'
import { buildBooking, buildPeriod, buildQuota, buildRoom, clubToday, createBookingsApi } from '../mocks/handlers/bookings'
import { bandMember, buildBand } from '../mocks/handlers/bands'
import { parts } from '@/contract/choices'
import { fileKinds } from '@/contract/files'
import { buildPublicEntry, buildPublicSchedule, buildScheduleEntry, buildSchedulePeriod, buildScheduleRoom, buildWeekSchedule, createRoomScheduleApi } from '../mocks/handlers/room-schedule'
import { clubHandlers, clubState } from '../mocks/handlers/club'
import { buildListUser, createUsersApi } from '../mocks/handlers/users'
import { knownUser } from '../mocks/handlers/auth'
import { buildUser } from '../support/factories'
import { renderApp } from '../support/render-app'
import { expectAllTranslated, recordApiData } from '../support/translated'

// Bookings, the room schedule (members' and visitors'), system settings and executive
// management in Japanese (issue 36), for each role that opens them. Signed-in screens are
// checked inside <main>: the layout around them is the shell's area, checked by its own test.
let recording: ReturnType<typeof recordApiData> | undefined
afterEach(() => recording?.stop())

const member = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Riku Exec', isExecutive: true })
const admin = buildUser({ role: 'admin', displayName: 'Admin Person' })
const roles = { member, executive, admin }

const main = () => withoutOtherAreas(document.querySelector('main') ?? document.body)

/**
 * What other areas translate, left out of this area's check (each is checked by its owner's
 * tests): the pagination and the toaster (shared components, the shell's), and the backups
 * and mail outbox sections of system settings.
 */
function withoutOtherAreas(root: Element) {
  const copy = root.cloneNode(true) as Element
  for (const title of ['Backups', 'Mail outbox']) copy.querySelector(`section[aria-label="${title}"]`)?.remove()
  copy.querySelectorAll('nav[aria-label="Pages"], section[aria-label^="Notifications"]').forEach((element) => element.remove())
  return copy
}

/**
 * Left out too: the IANA time zones of the settings' list (names that stay as they are), the
 * parts (the bands area words them) and the kinds of file (the files area's).
 */
const kept = [...Intl.supportedValuesOf('timeZone'), ...parts, ...fileKinds.map((kind) => kind.label)]

describe('bookings in Japanese', () => {
  const studioA = buildRoom({ name: 'Studio A' })
  const studioB = buildRoom({ name: 'Studio B', active: false })
  beforeEach(() => {
    const bookings = [
      buildBooking({ roomId: studioA.id, roomName: 'Studio A', date: addDays(clubToday(), 2), periodLabel: '1st', kind: 'band', band: { id: crypto.randomUUID(), name: 'The Rolling Scones' }, bookedBy: { id: member.id, displayName: 'Hana Sato' } }),
      buildBooking({ roomId: studioA.id, roomName: 'Studio A', date: addDays(clubToday(), 3), periodLabel: '2nd', kind: 'personal', status: 'cancelled', canCancel: false }),
      buildBooking({ roomId: studioA.id, roomName: 'Studio A', date: addDays(clubToday(), 4), periodLabel: '3rd', kind: 'block', reason: 'Piano tuning', source: 'allocation' }),
    ]
    server.use(...createBookingsApi({ rooms: [studioA, studioB], bookings, me: member }).handlers)
  })

  for (const [role, user] of Object.entries(roles)) {
    it(`shows the booking list to a ${role} only in catalogue words`, async () => {
      recording = recordApiData()
      renderApp('/room-booking-list', { user, language: 'ja' })
      await screen.findByRole('heading', { name: '練習室の予約', level: 1 })
      await screen.findAllByText('The Rolling Scones')
      expectAllTranslated(main(), recording.strings)
    })

    it(`shows the booking form to a ${role} only in catalogue words`, async () => {
      const first = buildPeriod({ label: '1st', startsAt: '09:00', endsAt: '10:30' })
      const scones = buildBand({ name: 'The Rolling Scones', members: [bandMember(user, 'Bass', true)] })
      server.use(
        ...createBookingsApi({
          rooms: [studioA, studioB],
          periods: [first],
          bands: [scones],
          me: user,
          quota: (day) => buildQuota(day, { personal: { limit: 2, used: 1, remaining: 1, allowed: true }, bands: [{ bandId: scones.id, name: scones.name, limit: 4, used: 2, remaining: 2 }] }),
        }).handlers,
      )
      recording = recordApiData()
      renderApp(`/room-booking-form?roomId=${studioA.id}&date=${addDays(clubToday(), 3)}&periodId=${first.id}&bandId=${scones.id}`, { user, language: 'ja' })
      await screen.findByRole('heading', { name: '練習室を予約する', level: 1 })
      await screen.findByRole('form', { name: '練習室を予約する' })
      await screen.findByText(/の週$/)
      await screen.findByText('このコマは空いています。')
      expectAllTranslated(main(), recording.strings)
    })
  }

  it('says there are no bookings in Japanese', async () => {
    server.use(...createBookingsApi({ rooms: [studioA], bookings: [], me: member }).handlers)
    recording = recordApiData()
    renderApp('/room-booking-list', { user: member, language: 'ja' })
    await screen.findByText('これからの予約はありません。')
    expectAllTranslated(main(), recording.strings)
  })
})

describe('the room schedule in Japanese', () => {
  const studioA = buildScheduleRoom({ name: 'Studio A' })
  const studioB = buildScheduleRoom({ name: 'Studio B' })
  const first = buildSchedulePeriod({ label: '1st', startsAt: '09:00', endsAt: '10:30' })
  const second = buildSchedulePeriod({ label: '2nd', startsAt: '13:00', endsAt: '14:30' })

  beforeEach(() => {
    const week = buildWeekSchedule({
      rooms: [studioA, studioB],
      periods: [first, second],
      entries: [
        buildScheduleEntry({ room: studioA, date: '2026-05-13', period: first }, { label: 'The Night Owls', mine: true }),
        buildScheduleEntry({ room: studioB, date: '2026-05-13', period: first }, { kind: 'personal', label: 'Aoi Tanaka' }),
        buildScheduleEntry({ room: studioA, date: '2026-05-14', period: second }, { kind: 'block', label: 'Piano tuning' }),
      ],
      blackouts: [{ date: '2026-05-16', roomId: null, reason: 'Campus festival' }],
    })
    const publicSchedule = buildPublicSchedule({
      clubName: 'Hill University Music Club',
      rooms: [studioA, studioB],
      periods: [first, second],
      entries: [
        buildPublicEntry({ room: studioA, date: '2026-05-13', period: first }, { label: 'The Night Owls' }),
        buildPublicEntry({ room: studioB, date: '2026-05-13', period: first }, { kind: 'personal', label: '個人練習' }),
        buildPublicEntry({ room: studioA, date: '2026-05-14', period: second }, { kind: 'block', label: '閉室' }),
      ],
      blackouts: [{ date: '2026-05-16', roomId: null, reason: 'Campus festival' }],
    })
    server.use(...createRoomScheduleApi({ schedule: week, publicSchedule }).handlers)
  })

  for (const [role, user] of Object.entries(roles)) {
    it(`shows the members' schedule to a ${role} only in catalogue words`, async () => {
      recording = recordApiData()
      renderApp('/room-schedule?week=2026-05-11', { user, language: 'ja' })
      await screen.findByRole('heading', { name: '練習室の予定', level: 1 })
      await screen.findAllByText('The Night Owls')
      expectAllTranslated(main(), recording.strings)
    })
  }

  it('shows visitors the public schedule only in catalogue words, with the language switch', async () => {
    recording = recordApiData()
    renderApp('/room-schedule-external?week=2026-05-11', { language: 'ja' })
    await screen.findByRole('heading', { name: '練習室の予定', level: 1 })
    await screen.findAllByText('The Night Owls')
    await screen.findByRole('navigation', { name: '言語' })
    expectAllTranslated(withoutOtherAreas(document.body), recording.strings)
  })

  it('tells visitors in Japanese when the club has not published its schedule', async () => {
    server.use(...createRoomScheduleApi({ publicSchedule: { enabled: false, clubName: 'Hill University Music Club' } }).handlers)
    recording = recordApiData()
    renderApp('/room-schedule-external', { language: 'ja' })
    await screen.findByText('サークルは練習室の予定を公開していません。')
    expectAllTranslated(withoutOtherAreas(document.body), recording.strings)
  })
})

describe('club settings in Japanese', () => {
  beforeEach(() => {
    clubState.reset()
    server.use(...clubHandlers)
  })

  it('shows system settings to an admin only in catalogue words', async () => {
    recording = recordApiData()
    renderApp('/system-settings', { user: admin, language: 'ja' })
    await screen.findByRole('heading', { name: 'システム設定', level: 1 })
    await screen.findByRole('form', { name: 'サークルの設定' })
    await screen.findByText('練習室がまだありません')
    expectAllTranslated(main(), [...recording.strings, ...kept])
  })

  it('shows executive management to an admin only in catalogue words', async () => {
    recording = recordApiData()
    renderApp('/executive-management', { user: admin, language: 'ja' })
    await screen.findByRole('heading', { name: '幹部の管理', level: 1 })
    await screen.findByText('役職がまだありません')
    expectAllTranslated(main(), recording.strings)
  })
})

describe('user accounts in Japanese', () => {
  const pending = buildListUser({ displayName: 'Sora Kato', status: 'pending' })
  const active = buildListUser({ displayName: 'Yuto Abe', email: 'yuto@club.example', isExecutive: true })
  beforeEach(() => {
    server.use(...createUsersApi([pending, active]).handlers)
  })

  for (const [role, user] of Object.entries({ executive, admin })) {
    it(`shows the account list to an ${role} only in catalogue words`, async () => {
      recording = recordApiData()
      renderApp('/user-list', { user, language: 'ja' })
      await screen.findByRole('heading', { name: 'アカウント', level: 1 })
      await screen.findAllByText('Sora Kato')
      expectAllTranslated(main(), recording.strings)
    })
  }

  it('shows an admin the edit and delete screens only in catalogue words', async () => {
    recording = recordApiData()
    const edit = renderApp(`/user-edit?userId=${pending.id}`, { user: admin, language: 'ja' })
    await screen.findByRole('heading', { name: 'Sora Katoさんを編集', level: 1 })
    expectAllTranslated(main(), recording.strings)
    edit.unmount()

    renderApp('/user-delete', { user: admin, language: 'ja' })
    await screen.findByRole('heading', { name: 'アカウントの削除', level: 1 })
    await screen.findAllByText('Yuto Abe')
    expectAllTranslated(main(), recording.strings)
  })
})

describe('people in Japanese', () => {
  it('shows the members directory, an intro and the university details only in catalogue words', async () => {
    recording = recordApiData()
    const list = renderApp('/intro-list', { user: knownUser, language: 'ja' })
    await screen.findByRole('heading', { name: '部員名簿', level: 1 })
    await screen.findByRole('list', { name: '部員' })
    expectAllTranslated(main(), [...recording.strings, ...kept])
    list.unmount()

    const own = renderApp('/intro', { user: knownUser, language: 'ja' })
    await screen.findByRole('heading', { name: '自分の自己紹介', level: 1 })
    await waitFor(() => expect(screen.queryByText('自己紹介を読み込んでいます…')).not.toBeInTheDocument())
    expectAllTranslated(main(), [...recording.strings, ...kept])
    own.unmount()

    renderApp('/additional-info', { user: knownUser, language: 'ja' })
    await screen.findByRole('form', { name: '大学に届け出る情報' })
    expectAllTranslated(main(), recording.strings)
  })
})
