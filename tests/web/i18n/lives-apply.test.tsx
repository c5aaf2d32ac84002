import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { Application, LiveEvent } from '@/contract/lives'
import { server } from '../mocks/server'
import { bandMember, buildBand } from '../mocks/handlers/bands'
import { buildApplication, buildEvent, buildParticipant } from '../mocks/handlers/lives'
import { createLivesFormApi } from '../mocks/handlers/lives-form'
import { buildParticipantList, createParticipantsApi } from '../mocks/handlers/lives-participants'
import { createLivesReviewApi } from '../mocks/handlers/lives-review'
import { buildUser } from '../support/factories'
import { renderApp } from '../support/render-app'
import { expectAllTranslated, recordApiData } from '../support/translated'
import { asPhone } from '../support/phone'

// The lives application forms, review lists and participant lists in Japanese (issue 36): each
// route for each role that can open it, in the states people meet. The check covers the screen's
// own content (<main>) and its dialogs; the shell around it is another area's.
let recording: ReturnType<typeof recordApiData> | undefined
afterEach(() => {
  recording?.stop()
})

const member = buildUser({ displayName: 'Hana Sato' })
const executive = buildUser({ displayName: 'Exec Person', isExecutive: true })
const admin = buildUser({ displayName: 'Club Admin', role: 'admin' })
const reviewers = { executive, admin }

const owls = buildBand({ name: 'The Night Owls', members: [bandMember(member, 'Bass', true)] })
const scones = buildBand({ name: 'The Rolling Scones', members: [bandMember(member, 'Guitar')] })

const festival = buildEvent({ kind: 'festival', season: null, title: 'Campus Festival 2026', venue: 'Student hall', bandLimit: 2 })
const summer = buildEvent({ kind: 'seasonal', season: 'summer', title: 'Summer Live 2026' })
const christmas = buildEvent({
  kind: 'christmas',
  season: null,
  title: 'Christmas Live 2026',
  status: 'closed',
  applicationWindow: { state: 'closed', message: 'Applications for Christmas Live 2026 closed at 23:59 on Mon 15 Jun.' },
})

function applicationOf(event: LiveEvent, band: { id: string; name: string }, overrides: Partial<Application> = {}) {
  return buildApplication({
    eventId: event.id,
    band: { id: band.id, name: band.name },
    submittedBy: { id: member.id, displayName: member.displayName },
    members: [{ id: member.id, displayName: member.displayName, part: 'Bass', isLeader: true }],
    songs: [
      { title: 'Sunrise', artist: 'The Owls', length: '4:30' },
      { title: 'Moonlight', artist: '', length: '3:50' },
    ],
    requestedMinutes: 25,
    preferredDay: event.days[1]!.date,
    unavailable: [{ date: event.days[0]!.date, from: '13:00', to: '14:00', reason: 'Seminar' }],
    needs: 'Two guitar amps',
    message: 'Thank you!',
    ...overrides,
  })
}

const main = () => screen.getByRole('main')

describe('the application forms in Japanese', () => {
  it('/festival-application-form: a new application, its added rows and its refusals, in catalogue words', async () => {
    server.use(...createLivesFormApi({ events: [festival], bands: [owls, scones], me: member }).handlers)
    recording = recordApiData()
    const { user } = renderApp(`/festival-application-form?bandId=${owls.id}`, { user: member, language: 'ja' })
    await screen.findByRole('heading', { level: 1, name: 'Campus Festival 2026' })
    expect(await screen.findByRole('button', { name: '応募を送信' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'バンド' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '出演できない時間を追加' }))
    await user.click(screen.getByRole('button', { name: '曲を追加' }))
    // Empty boxes: each says what to fill in.
    await user.click(screen.getByRole('button', { name: '応募を送信' }))
    expect(await screen.findAllByText('長さを入力してください（例: 4:30）')).not.toHaveLength(0)
    expect(screen.getByText('開始時刻を入力してください')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: '曲 2' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: '出演できない時間 1' })).toBeInTheDocument()
    expectAllTranslated(main(), recording.strings)
  }, 60_000) // the first render loads the app's chunks: well past 20 s on the loaded shared machine

  it('/seasonal-live-application/summer: an application being edited, and the withdrawal dialog', async () => {
    const mine = applicationOf(summer, owls, { requestedMinutes: 40, updatedAt: '2026-06-02T01:00:00.000Z', reviewNote: 'Looking good.' })
    server.use(...createLivesFormApi({ events: [summer], bands: [owls], applications: [mine], me: member }).handlers)
    recording = recordApiData()
    const { user } = renderApp('/seasonal-live-application/summer', { user: member, language: 'ja' })
    await screen.findByRole('heading', { level: 1, name: 'Summer Live 2026' })
    expect(await screen.findByRole('button', { name: '変更を保存' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: '応募の状態' })).toHaveTextContent('応募済み')
    // 40 minutes is not what the songs need: the form suggests its own.
    expect(screen.getByRole('button', { name: '15分にする' })).toBeInTheDocument()
    expectAllTranslated(main(), recording.strings)

    await user.click(screen.getByRole('button', { name: '応募を取り下げる' }))
    const dialog = await screen.findByRole('dialog', { name: 'The Night Owlsの応募を取り下げますか？' })
    expectAllTranslated(dialog, recording.strings)
  })

  it('/christmas-live-application: a closed live shows the application as text, with why', async () => {
    const mine = applicationOf(christmas, owls, { canEdit: false, status: 'accepted' })
    server.use(...createLivesFormApi({ events: [christmas], bands: [owls], applications: [mine], me: member }).handlers)
    recording = recordApiData()
    renderApp('/christmas-live-application', { user: member, language: 'ja' })
    await screen.findByRole('heading', { level: 1, name: 'Christmas Live 2026' })
    const details = await screen.findByRole('region', { name: 'あなたのバンドの応募' })
    expect(details).toHaveTextContent('出演できない時間')
    expect(screen.getByRole('note')).toHaveTextContent('応募はもう変更できません。')
    expectAllTranslated(main(), recording.strings)
  })

  it('a member without an active band is told how to get one', async () => {
    server.use(...createLivesFormApi({ events: [festival], bands: [], me: member }).handlers)
    recording = recordApiData()
    renderApp('/festival-application-form', { user: member, language: 'ja' })
    expect(await screen.findByText('応募するには活動中のバンドが必要です。')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'バンドを登録する' })).toBeInTheDocument()
    expectAllTranslated(main(), recording.strings)
  })
})

describe('the application lists in Japanese', () => {
  function setup(event: LiveEvent, applications: Application[], myBandIds: string[] = []) {
    server.use(...createLivesReviewApi({ events: [event], applications, myBandIds }).handlers)
  }
  const applicationsTo = (event: LiveEvent) => [
    applicationOf(event, owls, { status: 'accepted' }),
    applicationOf(event, scones, { status: 'rejected', reviewNote: 'The programme is full.' }),
    applicationOf(event, { id: crypto.randomUUID(), name: 'Blue Train' }, { status: 'withdrawn', canEdit: false }),
    applicationOf(event, { id: crypto.randomUUID(), name: 'Night Trains' }),
  ]

  it.each(Object.entries(reviewers))('/festival-application-list for an %s: the review, the bulk bar and the review dialog', async (_role, user) => {
    setup(festival, applicationsTo(festival))
    recording = recordApiData()
    const rendered = renderApp('/festival-application-list', { user, language: 'ja' })
    await screen.findByRole('heading', { level: 1, name: '学園祭の応募' })
    const table = await screen.findByRole('table', { name: '応募' })
    expect(screen.getByRole('region', { name: '現在の合計' })).toBeInTheDocument()
    await rendered.user.click(within(table).getByRole('checkbox', { name: 'Night Trainsを選ぶ' }))
    expect(screen.getByRole('region', { name: '選んだ応募' })).toHaveTextContent('1件を選択中')
    expectAllTranslated(main(), recording.strings)

    await rendered.user.click(screen.getByRole('button', { name: '選んだ1件を不採用にする' }))
    const dialog = await screen.findByRole('dialog', { name: '1件の応募を不採用にしますか？' })
    await rendered.user.click(within(dialog).getByRole('button', { name: '不採用' }))
    // A rejection needs a note: the refusal is worded too.
    expect(await within(dialog).findByText('バンドへの理由を書いてください')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('バンドへのメモ（必須）')).toBeInTheDocument()
    expectAllTranslated(dialog, recording.strings)
  }, 60_000)

  it('/christmas-live-application-list for an executive on a phone: the cards and the one-band dialog', async () => {
    asPhone()
    setup(christmas, applicationsTo(christmas))
    recording = recordApiData()
    const { user } = renderApp('/christmas-live-application-list', { user: executive, language: 'ja' })
    await screen.findByRole('heading', { level: 1, name: 'クリスマスライブの応募' })
    const cards = await screen.findByRole('list', { name: '応募' })
    expect(within(cards).getByText('バンドが取り下げました')).toBeInTheDocument()
    expectAllTranslated(main(), recording.strings)

    await user.click(within(cards).getByRole('button', { name: 'Night Trainsを補欠にする' }))
    const dialog = await screen.findByRole('dialog', { name: 'Night Trainsを補欠にしますか？' })
    expectAllTranslated(dialog, recording.strings)
  })

  it('/seasonal-live-application-list/summer for a member: their bands’ applications', async () => {
    const applications = applicationsTo(summer)
    setup(summer, applications, [owls.id, scones.id])
    recording = recordApiData()
    renderApp('/seasonal-live-application-list/summer', { user: member, language: 'ja' })
    await screen.findByRole('heading', { level: 1, name: '夏ライブの応募' })
    const list = await screen.findByRole('list', { name: '所属バンドの応募' })
    expect(list).toHaveTextContent('2曲 · 8:20 · 希望: 25分')
    expect(list).toHaveTextContent('Hana Sato（ベース、リーダー）')
    expectAllTranslated(main(), recording.strings)
  })

  it('an event without applications says so', async () => {
    setup(summer, [])
    recording = recordApiData()
    renderApp('/seasonal-live-application-list/summer', { user: executive, language: 'ja' })
    expect(await screen.findByText('応募はまだありません。')).toBeInTheDocument()
    expectAllTranslated(main(), recording.strings)
  })
})

describe('the participant lists in Japanese', () => {
  const people = () => [
    buildParticipant({
      displayName: 'Hana Sato',
      grade: '2nd year',
      parts: ['Guitar', 'Vocals'],
      bands: [
        { id: owls.id, name: owls.name, part: 'Guitar' },
        { id: scones.id, name: scones.name, part: 'Vocals' },
      ],
      details: { fullName: '佐藤 花', nameKana: 'サトウ ハナ', studentNumber: 'S2400123', faculty: 'Letters', department: null, phone: null },
    }),
    buildParticipant({ displayName: 'Aoi Ueda', grade: '1st year', parts: ['Bass'], details: null }),
  ]
  function setup(withDetails: boolean) {
    server.use(
      ...createParticipantsApi({
        current: [festival, summer],
        participants: { [festival.id]: buildParticipantList(people(), { withDetails }), [summer.id]: buildParticipantList(people(), { withDetails }) },
      }).handlers,
    )
  }

  it('/festival-participant-list for a member', async () => {
    setup(false)
    recording = recordApiData()
    renderApp('/festival-participant-list', { user: member, language: 'ja' })
    await screen.findByRole('heading', { level: 1, name: 'Campus Festival 2026: 出演者' })
    await screen.findByRole('table', { name: '出演者' })
    expect(screen.getByRole('button', { name: 'CSVをダウンロード' })).toBeInTheDocument()
    expectAllTranslated(main(), recording.strings)
  }, 60_000)

  it.each(Object.entries(reviewers))('/seasonal-live-participant-list/summer for an %s, with the university’s details', async (_role, user) => {
    setup(true)
    recording = recordApiData()
    renderApp('/seasonal-live-participant-list/summer', { user, language: 'ja' })
    const table = await screen.findByRole('table', { name: '出演者' })
    expect(within(table).getByRole('columnheader', { name: '学籍番号' })).toBeInTheDocument()
    expect(screen.getByText(/人の出演者が大学に提出する情報をまだすべて入力していません。/)).toBeInTheDocument()
    expectAllTranslated(main(), recording.strings)
  })

  it('/seasonal-live-participant-list/summer for an executive on a phone', async () => {
    asPhone()
    setup(true)
    recording = recordApiData()
    renderApp('/seasonal-live-participant-list/summer', { user: executive, language: 'ja' })
    const cards = await screen.findByRole('list', { name: '出演者' })
    expect(cards).toHaveTextContent('大学に提出する情報はまだ入力されていません。')
    expectAllTranslated(main(), recording.strings)
  })
})
