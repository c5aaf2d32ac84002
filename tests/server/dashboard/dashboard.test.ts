import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { additionalInfo, allocationRounds, allocationWishes, blackouts, feedback, files, notices, timetables } from '../../../server/src/db/schema'
import type { ClubDashboard, Dashboard } from '../../../src/contract/dashboard'
import { createApplication, createBand, createBooking, createEvent, createPeriod, createRoom } from '../support/factories'
import { api, expectError, type Caller } from '../lives/support'
import { createTestApp, minutes, type TestApp } from '../support/test-app'

/**
 * GET /api/dashboard (issue 17, decision 025): every card's data for a member with data, an
 * executive and an admin, each seeing their own and nobody else's; a new member's empty
 * dashboard; and the executives' GET /api/dashboard/club. The test clock stands at Monday
 * 2026-06-01, 10:00 in Tokyo.
 */

let t: TestApp
let call: ReturnType<typeof api>
let member: Caller
let bandmate: Caller
let executive: Caller
let admin: Caller
let newcomer: Caller
let other: Caller
const ids: Record<string, string> = {}

const dashboardOf = async (who: Caller) => {
  const response = await call.get(who, '/api/dashboard')
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Dashboard
}

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  member = await t.as('member', { displayName: 'Mina Member' })
  bandmate = await t.as('member', { displayName: 'Ben Bandmate' })
  executive = await t.as('executive', { displayName: 'Emi Exec' })
  admin = await t.as('admin', { displayName: 'Aki Admin' })
  newcomer = await t.as('admin', { displayName: 'Nao New' })
  other = await t.as('member', { displayName: 'Oto Other', enrollmentYear: 2023 })

  const owls = await createBand(t.db, [{ userId: member.user.id, part: 'Vocal' }, { userId: bandmate.user.id, part: 'Drums' }, { userId: admin.user.id, part: 'Bass' }], { name: 'Night Owls' })
  const gone = await createBand(t.db, [{ userId: member.user.id }], { name: 'Old Times', status: 'disbanded' })
  const execBand = await createBand(t.db, [{ userId: executive.user.id, part: 'Keyboard' }], { name: 'Exec Trio' })
  const otherBand = await createBand(t.db, [{ userId: other.user.id }], { name: 'Others' })
  Object.assign(ids, { owls: owls.id, gone: gone.id, execBand: execBand.id, otherBand: otherBand.id })

  const studio = await createRoom(t.db, { name: 'Studio A' })
  const hall = await createRoom(t.db, { name: 'Hall' })
  const third = await createPeriod(t.db, '3rd', '13:00', '14:30')
  const fourth = await createPeriod(t.db, '4th', '14:45', '16:15')
  const booking = (date: string, extra: Partial<Parameters<typeof createBooking>[1]>) => createBooking(t.db, { room: studio, period: third, date, userId: member.user.id, ...extra })
  ids.bandBooking = (await booking('2026-06-02', { bandId: owls.id, userId: bandmate.user.id })).id
  ids.personal = (await booking('2026-06-03', { room: hall })).id
  ids.later = (await booking('2026-06-04', { period: fourth, bandId: owls.id })).id
  await booking('2026-05-29', { bandId: owls.id }) // over
  await booking('2026-06-05', { status: 'cancelled' })
  ids.execBooking = (await booking('2026-06-02', { room: hall, userId: executive.user.id })).id
  ids.otherBooking = (await booking('2026-06-03', { bandId: otherBand.id, userId: other.user.id })).id
  // Seven weeks ago: one booking of the Night Owls in the 8-week chart's first week.
  await booking('2026-04-14', { bandId: owls.id })

  // Lives: one taking applications (the Night Owls applied), one not yet open, one closed, a draft.
  const open = await createEvent(t.db, { title: 'Summer Live', applicationClosesAt: new Date('2026-06-03T23:59:00+09:00') })
  await createEvent(t.db, { title: 'Not Yet', applicationOpensAt: new Date('2026-06-10T00:00:00+09:00'), applicationClosesAt: new Date('2026-06-20T00:00:00+09:00') })
  await createEvent(t.db, { title: 'Closed Live', status: 'closed' })
  await createEvent(t.db, { title: 'Draft Live', status: 'draft' })
  ids.open = open.id
  ids.owlsApplication = (await createApplication(t.db, { eventId: open.id, bandId: owls.id, submittedBy: member.user.id })).id
  await createApplication(t.db, { eventId: open.id, bandId: otherBand.id, submittedBy: other.user.id, status: 'withdrawn' })

  // A published timetable (two versions: the latest counts) with the Night Owls at 14:00 for 25 minutes.
  const festival = await createEvent(t.db, {
    kind: 'festival',
    season: null,
    title: 'School Festival',
    status: 'published',
    applicationOpensAt: new Date('2026-04-01T00:00:00+09:00'),
    applicationClosesAt: new Date('2026-05-01T00:00:00+09:00'),
  })
  const accepted = await createApplication(t.db, { eventId: festival.id, bandId: owls.id, submittedBy: member.user.id, status: 'accepted', requestedMinutes: 25 })
  const otherAccepted = await createApplication(t.db, { eventId: festival.id, bandId: otherBand.id, submittedBy: other.user.id, status: 'accepted' })
  ids.accepted = accepted.id
  ids.festival = festival.id
  const place = (performanceId: string, start: string) => ({ performanceId, date: '2026-07-18', stage: 'Main', start, pinned: false })
  await t.db.insert(timetables).values([
    { eventId: festival.id, status: 'published', version: 1, placements: [place(accepted.id, '12:00'), place(otherAccepted.id, '12:30')], publishedAt: new Date('2026-05-20T00:00:00Z') },
    { eventId: festival.id, status: 'published', version: 2, placements: [place(accepted.id, '14:00'), place(otherAccepted.id, '12:30')], publishedAt: new Date('2026-05-25T00:00:00Z') },
    { eventId: festival.id, status: 'draft', version: 0, placements: [place(accepted.id, '16:00')] },
  ])

  // Feedback to the Night Owls: signed, anonymous, and hidden; and one to another band.
  const held = await createEvent(t.db, { title: 'Spring Live', season: 'spring', days: [{ date: '2026-05-30', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] }], status: 'published' })
  const review = (bandId: string, body: string, at: string, extra: Partial<typeof feedback.$inferInsert> = {}) => ({ target: 'performance' as const, eventId: held.id, bandId, body, authorId: other.user.id, createdAt: new Date(at), ...extra })
  await t.db.insert(feedback).values([
    review(owls.id, 'Signed praise', '2026-05-31T10:00:00Z', { authorId: executive.user.id }),
    review(owls.id, 'Anonymous praise', '2026-05-31T11:00:00Z', { anonymous: true }),
    review(owls.id, 'Hidden insult', '2026-05-31T12:00:00Z', { hiddenAt: new Date('2026-05-31T13:00:00Z') }),
    review(otherBand.id, 'For the others', '2026-05-31T12:00:00Z', { authorId: member.user.id }),
  ])

  // Notices: two unread and one read for the member.
  await t.db.insert(notices).values([
    { userId: member.user.id, kind: 'feedback', title: 'Night Owls received feedback', link: '/feedback-list?tab=received', createdAt: new Date('2026-05-31T10:00:00Z') },
    { userId: member.user.id, kind: 'timetable', title: 'The festival timetable is out', link: null, createdAt: new Date('2026-05-31T12:00:00Z') },
    { userId: member.user.id, kind: 'timetable', title: 'Old news', createdAt: new Date('2026-05-20T12:00:00Z'), readAt: new Date('2026-05-21T00:00:00Z') },
  ])

  // Files: one for members and one for executives this week, one a month old, one replaced, one deleted.
  const file = (name: string, at: string, extra: Partial<typeof files.$inferInsert> = {}) => ({
    name,
    size: 10,
    type: 'application/pdf',
    sha256: 'x'.repeat(64),
    storageKey: `key-${name}`,
    lineageId: crypto.randomUUID(),
    status: 'ready' as const,
    createdAt: new Date(at),
    ...extra,
  })
  await t.db.insert(files).values([
    file('Rules 2026.pdf', '2026-05-30T00:00:00Z'),
    file('Budget.xlsx', '2026-05-31T00:00:00Z', { visibility: 'executives' }),
    file('Old minutes.pdf', '2026-04-20T00:00:00Z'),
    file('Rules draft.pdf', '2026-05-29T00:00:00Z', { replacedAt: new Date('2026-05-30T00:00:00Z') }),
    file('Binned.pdf', '2026-05-29T00:00:00Z', { deletedAt: new Date('2026-05-30T00:00:00Z') }),
  ])

  // An allocation round taking wishes for next week (the Night Owls sent two), and one not open yet.
  const [round] = await t.db
    .insert(allocationRounds)
    .values({ weekStart: '2026-06-08', opensAt: new Date('2026-05-30T00:00:00Z'), closesAt: new Date('2026-06-03T14:59:00Z'), roomIds: [studio.id], periodIds: [third.id], wishesPerBand: 3, periodsPerBand: 2 })
    .returning()
  await t.db.insert(allocationRounds).values({ weekStart: '2026-06-15', opensAt: new Date('2026-06-05T00:00:00Z'), closesAt: new Date('2026-06-10T14:59:00Z'), roomIds: [studio.id], periodIds: [third.id], wishesPerBand: 3, periodsPerBand: 2 })
  ids.round = round!.id
  await t.db.insert(allocationWishes).values([
    // Two wishes for one slot (Studio A, then any room, on Tue 3rd): the Night Owls ask for one period although they want two.
    { roundId: round!.id, bandId: owls.id, wishes: [{ roomId: studio.id, date: '2026-06-09', periodId: third.id }, { roomId: null, date: '2026-06-09', periodId: third.id }], wants: 2 },
    { roundId: round!.id, bandId: otherBand.id, wishes: [{ roomId: studio.id, date: '2026-06-10', periodId: third.id }], wants: 1 },
  ])
  Object.assign(ids, { studio: studio.id, third: third.id })

  // The executive has filled in the university details; the member has not.
  await t.db.insert(additionalInfo).values({ userId: executive.user.id, fullName: 'Emi Exec', nameKana: 'エミ', studentNumber: 'S123', faculty: 'Science', department: 'Physics' })
})
afterAll(() => t.close())

describe('GET /api/dashboard', () => {
  it('asks a visitor to sign in', async () => {
    expectError(await call.get(null, '/api/dashboard'), 401, 'UNAUTHENTICATED')
  })

  it('gives a member their next bookings, soonest first, with the room and who of the band plays', async () => {
    const dashboard = await dashboardOf(member)
    expect(dashboard.today).toBe('2026-06-01')
    expect(dashboard.user).toMatchObject({ id: member.user.id, displayName: 'Mina Member', isExecutive: false })
    expect(dashboard.bookings.map((booking) => booking.id)).toEqual([ids.bandBooking, ids.personal, ids.later])
    const [band, personal] = dashboard.bookings
    expect(band).toMatchObject({ date: '2026-06-02', periodLabel: '3rd', startsAt: '13:00', endsAt: '14:30', roomName: 'Studio A', kind: 'band', band: { id: ids.owls, name: 'Night Owls' } })
    expect(band!.people.map((person) => person.displayName)).toEqual(['Mina Member', 'Ben Bandmate', 'Aki Admin'])
    expect(personal).toMatchObject({ roomName: 'Hall', kind: 'personal', band: null, people: [{ id: member.user.id, displayName: 'Mina Member' }] })
  })

  it('gives a member their bands that play on (not the disbanded one) with their part and the members', async () => {
    const { bands } = await dashboardOf(member)
    expect(bands).toEqual([
      {
        id: ids.owls,
        name: 'Night Owls',
        status: 'active',
        part: 'Vocal',
        isLeader: true,
        members: [
          { id: member.user.id, displayName: 'Mina Member', part: 'Vocal' },
          { id: bandmate.user.id, displayName: 'Ben Bandmate', part: 'Drums' },
          { id: admin.user.id, displayName: 'Aki Admin', part: 'Bass' },
        ],
      },
    ])
  })

  it('lists the lives taking applications now with their deadline and my bands’ applications', async () => {
    const { openLives } = await dashboardOf(member)
    expect(openLives).toEqual([
      {
        id: ids.open,
        kind: 'seasonal',
        season: 'summer',
        title: 'Summer Live',
        firstDay: '2026-07-18',
        applicationClosesAt: '2026-06-03T14:59:00.000Z',
        closesLabel: '23:59 on Wed 3 Jun',
        applications: [{ id: ids.owlsApplication, band: { id: ids.owls, name: 'Night Owls' }, status: 'submitted' }],
      },
    ])
  })

  it('gives my published performance times from the latest published version, not the draft', async () => {
    const { performances } = await dashboardOf(member)
    expect(performances).toEqual([
      { applicationId: ids.accepted, event: { id: ids.festival, title: 'School Festival' }, band: { id: ids.owls, name: 'Night Owls' }, date: '2026-07-18', stage: 'Main', start: '14:00', end: '14:25' },
    ])
  })

  it('shows the latest feedback my bands received, hidden feedback left out, anonymous authors unnamed', async () => {
    const { feedback: received } = await dashboardOf(member)
    expect(received.map((item) => [item.body, item.author?.displayName ?? null])).toEqual([
      ['Anonymous praise', null],
      ['Signed praise', 'Emi Exec'],
    ])
    expect(received[0]).toMatchObject({ band: { id: ids.owls, name: 'Night Owls' }, event: { title: 'Spring Live' } })
  })

  it('shows an admin in the band who wrote anonymous feedback, as everywhere else (decision 022)', async () => {
    const { feedback: received } = await dashboardOf(admin)
    expect(received.map((item) => [item.body, item.author?.displayName ?? null])).toEqual([
      ['Anonymous praise', 'Oto Other'],
      ['Signed praise', 'Emi Exec'],
    ])
  })

  it('gives the open allocation round with my bands’ wishes, not other bands’', async () => {
    const { allocationRounds: rounds } = await dashboardOf(member)
    expect(rounds).toEqual([{ id: ids.round, weekStart: '2026-06-08', closesAt: '2026-06-03T14:59:00.000Z', closesLabel: '23:59 on Wed 3 Jun', wishes: [{ band: { id: ids.owls, name: 'Night Owls' }, count: 2, wants: 2 }] }])
    const exec = await dashboardOf(executive)
    expect(exec.allocationRounds.map((round) => [round.id, round.wishes])).toEqual([[ids.round, []]])
  })

  it('counts my unread notices and shows the latest, and nobody else’s', async () => {
    const { notices: mine } = await dashboardOf(member)
    expect(mine.unread).toBe(2)
    expect(mine.latest.map((notice) => [notice.title, notice.link])).toEqual([
      ['The festival timetable is out', null],
      ['Night Owls received feedback', '/feedback-list?tab=received'],
    ])
    expect((await dashboardOf(executive)).notices).toEqual({ unread: 0, latest: [] })
  })

  it('lists the files of the last two weeks: files for executives to executives and admins only', async () => {
    expect((await dashboardOf(member)).newFiles.map((item) => item.name)).toEqual(['Rules 2026.pdf'])
    expect((await dashboardOf(executive)).newFiles.map((item) => item.name)).toEqual(['Budget.xlsx', 'Rules 2026.pdf'])
    expect((await dashboardOf(newcomer)).newFiles.map((item) => item.name)).toEqual(['Budget.xlsx', 'Rules 2026.pdf'])
  })

  it('asks the member for the missing university details, and an executive who gave them nothing', async () => {
    expect((await dashboardOf(member)).missingInfo).toEqual(['fullName', 'nameKana', 'studentNumber', 'faculty', 'department'])
    expect((await dashboardOf(executive)).missingInfo).toEqual([])
  })

  it('gives an executive their own cards, not the club’s', async () => {
    const dashboard = await dashboardOf(executive)
    expect(dashboard.user).toMatchObject({ id: executive.user.id, isExecutive: true })
    expect(dashboard.bookings.map((booking) => booking.id)).toEqual([ids.execBooking])
    expect(dashboard.bands.map((band) => band.name)).toEqual(['Exec Trio'])
    expect(dashboard.openLives.map((live) => [live.title, live.applications])).toEqual([['Summer Live', []]])
    expect(dashboard.performances).toEqual([])
    expect(dashboard.feedback).toEqual([])
  })

  it('gives the band’s admin the band’s bookings, and a new member empty cards', async () => {
    const shared = await dashboardOf(admin)
    expect(shared.bookings.map((booking) => booking.id)).toEqual([ids.bandBooking, ids.later])
    expect(shared.bands[0]).toMatchObject({ name: 'Night Owls', part: 'Bass', isLeader: false })

    const empty = await dashboardOf(newcomer)
    expect(empty).toMatchObject({ bookings: [], bands: [], performances: [], feedback: [], notices: { unread: 0, latest: [] } })
    expect(empty.allocationRounds.map((round) => round.wishes)).toEqual([[]])
    expect(empty.openLives.map((live) => live.title)).toEqual(['Summer Live'])
    expect(empty.missingInfo).toHaveLength(5)
  })

  it('keeps to the next five bookings and drops a booking once its slot is over', async () => {
    const studio = await createRoom(t.db, { name: 'Studio Z' })
    const period = await createPeriod(t.db, '1st', '09:00', '10:30')
    for (const date of ['2026-06-08', '2026-06-09', '2026-06-10']) await createBooking(t.db, { room: studio, period, date, userId: bandmate.user.id, bandId: ids.owls })
    const before = await dashboardOf(bandmate)
    expect(before.bookings).toHaveLength(5)
    expect(before.bookings[0]!.id).toBe(ids.bandBooking)
    t.clock.advance(30 * 60 * 60 * 1000) // Tuesday 16:00 in Tokyo: the 13:00–14:30 slot is over
    const after = await dashboardOf(await signIn(bandmate))
    t.clock.advance(-30 * 60 * 60 * 1000)
    expect(after.bookings.map((booking) => booking.id)).not.toContain(ids.bandBooking)
    expect(after.bookings[0]!.id).toBe(ids.later)
  })
})

async function signIn(who: Caller): Promise<Caller> {
  const { access_token } = await t.signIn(who.user.email, who.user.password)
  return { ...who, token: access_token, headers: { authorization: `Bearer ${access_token}` } }
}

describe('GET /api/dashboard/club', () => {
  it('is for executives and admins only', async () => {
    expectError(await call.get(null, '/api/dashboard/club'), 401, 'UNAUTHENTICATED')
    expectError(await call.get(member, '/api/dashboard/club'), 403, 'FORBIDDEN')
    expect((await call.get(admin, '/api/dashboard/club')).statusCode).toBe(200)
  })

  it('gives room use this week, bookings per band over 8 weeks, members by part and grade, and applications per live', async () => {
    const response = await call.get(executive, '/api/dashboard/club')
    expect(response.statusCode, response.body).toBe(200)
    const club = response.json() as ClubDashboard
    expect(club.weekStart).toBe('2026-06-01')
    expect(club.days).toHaveLength(7)
    expect(club.weeks).toEqual(['2026-04-13', '2026-04-20', '2026-04-27', '2026-05-04', '2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01'])
    const studio = club.roomUse.find((row) => row.room.name === 'Studio A')!
    // This week's active bookings in Studio A: Tue band, Wed other band, Thu band (4th); the cancelled Friday one is not there.
    expect(studio.cells.map((cell) => `${cell.date} ${cell.kind}`).sort()).toEqual(['2026-06-02 band', '2026-06-03 band', '2026-06-04 band'])
    const hall = club.roomUse.find((row) => row.room.name === 'Hall')!
    expect(hall.cells).toHaveLength(2)

    const owls = club.bookingsPerBand.find((row) => row.band.name === 'Night Owls')!
    expect(owls.counts).toEqual([1, 0, 0, 0, 0, 0, 1, 2])
    expect(owls.total).toBe(4)
    expect(club.bookingsPerBand[0]!.band.name).toBe('Night Owls')

    // Six active accounts, none with an intro: all "Not given"; Oto (enrolled 2023) is in 4th year in 2026, the rest in 2nd.
    expect(club.activeMembers).toBe(6)
    const notGiven = club.membersByPart.find((row) => row.part === 'Not given')!
    expect(notGiven.total).toBe(6)
    expect(notGiven.counts).toMatchObject({ 2: 5, 4: 1 })

    const summer = club.applicationsPerLive.find((row) => row.event.title === 'Summer Live')!
    expect(summer.counts).toEqual({ submitted: 1, accepted: 0, waitlisted: 0, rejected: 0, withdrawn: 1 })
    expect(club.applicationsPerLive.find((row) => row.event.title === 'School Festival')!.counts.accepted).toBe(2)
    expect(club.applicationsPerLive.find((row) => row.event.title === 'Draft Live')!.counts.submitted).toBe(0)
  })

  it('gives allocation demand vs supply for the rounds that have opened, newest first', async () => {
    // A published round two weeks back, as its run saw it: two rooms × one period × two days, one
    // cell closed and one booked; three bands asked for 1 + 2 (capped by the round's 2) + 1
    // (wants 3, but one slot); two periods given.
    const cell = (roomId: string, date: string) => ({ roomId, date, periodId: ids.third! })
    const band = (id: string, wants: number, wishes: Array<ReturnType<typeof cell>>) => ({ id, name: id, members: [], limit: 2, wants, points: 0, wishes, recent: [] })
    const hallId = crypto.randomUUID()
    await t.db.insert(allocationRounds).values({
      weekStart: '2026-05-25',
      opensAt: new Date('2026-05-16T00:00:00Z'),
      closesAt: new Date('2026-05-20T14:59:00Z'),
      status: 'published',
      roomIds: [ids.studio!, hallId],
      periodIds: [ids.third!],
      wishesPerBand: 3,
      periodsPerBand: 2,
      snapshot: {
        dates: ['2026-05-25', '2026-05-26'],
        rooms: [{ id: ids.studio!, name: 'Studio A' }, { id: hallId, name: 'Hall' }],
        periods: [{ id: ids.third!, name: '3rd' }],
        people: [],
        bands: [
          band(ids.owls!, 1, [cell(ids.studio!, '2026-05-25')]),
          band(ids.execBand!, 2, [cell(ids.studio!, '2026-05-25'), cell(ids.studio!, '2026-05-26'), cell(hallId, '2026-05-26')]),
          band(ids.otherBand!, 3, [cell(ids.studio!, '2026-05-26'), cell(hallId, '2026-05-26')]),
        ],
        bookings: [{ ...cell(hallId, '2026-05-25'), roomName: 'Hall', label: 'personal practice', people: [] }],
        unavailable: [{ ...cell(ids.studio!, '2026-05-26'), reason: 'closed: cleaning' }],
        seed: 1,
      },
      assignments: [
        { bandId: ids.owls!, ...cell(ids.studio!, '2026-05-25') },
        { bandId: ids.execBand!, ...cell(hallId, '2026-05-26') },
      ],
      publishedAt: new Date('2026-05-21T00:00:00Z'),
    })
    // The open round is read as it stands: Studio A × 3rd × 7 days, less Friday's closure.
    await t.db.insert(blackouts).values({ startsOn: '2026-06-12', endsOn: '2026-06-12', roomIds: null, reason: 'Building closed' })

    const club = (await call.get(executive, '/api/dashboard/club')).json() as ClubDashboard
    expect(club.allocationRounds.map(({ id: _, ...round }) => round)).toEqual([
      // The Night Owls' two wishes name one slot: one period asked; the others ask one.
      { weekStart: '2026-06-08', status: 'open', bands: 2, asked: 2, offered: 6, given: null },
      { weekStart: '2026-05-25', status: 'published', bands: 3, asked: 4, offered: 2, given: 2 },
    ])
    expect(club.allocationRounds[0]!.id).toBe(ids.round)
  })

  it('gives no rounds to chart before the first round opens', async () => {
    const fresh = await createTestApp()
    try {
      const boss = await fresh.as('executive')
      const club = (await api(fresh).get(boss, '/api/dashboard/club')).json() as ClubDashboard
      expect(club.allocationRounds).toEqual([])
    } finally {
      await fresh.close()
    }
  })
})

describe('kept answers (decision 025)', () => {
  const fresh = async (who: Caller) => {
    const response = await t.inject({ method: 'GET', url: '/api/dashboard', headers: { ...who.headers, 'cache-control': 'no-cache' } })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Dashboard
  }

  it('give way to each kind of write: a write request, a cancelled booking, read notices, a finished job', async () => {
    const watcher = await t.as('member', { displayName: 'Wes Watcher' })
    const room = await createRoom(t.db, { name: 'Studio K' })
    const period = await createPeriod(t.db, '5th', '16:30', '18:00')
    const practice = await createBooking(t.db, { room, period, date: '2026-06-02', userId: watcher.user.id })
    const notice = (title: string) => ({ userId: watcher.user.id, kind: 'timetable' as const, title, createdAt: t.clock.now() })
    const first = await dashboardOf(watcher)
    expect(first.bookings.map((booking) => booking.id)).toEqual([practice.id])
    expect(first.notices.unread).toBe(0)

    // Written behind the server's back, the kept answer stands; no-cache reads the database.
    await t.db.insert(notices).values(notice('Behind its back'))
    expect((await dashboardOf(watcher)).notices.unread).toBe(0)
    expect((await fresh(watcher)).notices.unread).toBe(1)

    // Marking notices read (a route that keeps sessions) drops it.
    expect((await call.post(watcher, '/api/notices/read-all')).statusCode).toBe(200)
    expect((await dashboardOf(watcher)).notices.unread).toBe(0)

    // Cancelling a booking (told through the schedule's topic) drops it.
    expect((await call.post(watcher, `/api/bookings/${practice.id}/cancel`)).statusCode).toBe(200)
    expect((await dashboardOf(watcher)).bookings).toEqual([])

    // A background job that wrote a notice drops it once it finishes.
    t.services.jobs.register('test.dashboard-notice', async () => {
      await t.db.insert(notices).values(notice('From a job'))
    })
    await t.services.jobs.enqueue(t.db, { kind: 'test.dashboard-notice', payload: {} })
    await t.services.jobs.runDue()
    expect((await dashboardOf(watcher)).notices.latest.map((item) => item.title)).toEqual(['From a job'])

    // Any other write request (here the university details) drops it.
    expect((await dashboardOf(watcher)).missingInfo).toHaveLength(5)
    const details = await call.put(watcher, '/api/me/additional-info', { fullName: 'Wes Watcher', nameKana: 'ウェス', studentNumber: 'S0009', faculty: 'Arts', department: 'Music' })
    expect(details.statusCode, details.body).toBe(200)
    expect((await dashboardOf(watcher)).missingInfo).toEqual([])
  })

  it('end with the clock: a live that opens, and at the latest a minute after they were made', async () => {
    const watcher = await t.as('member', { displayName: 'Cleo Clock' })
    const opensSoon = await createEvent(t.db, { title: 'Opens In Ten', applicationOpensAt: new Date(t.clock.now().getTime() + minutes(10)), applicationClosesAt: new Date('2026-06-20T00:00:00+09:00') })
    expect((await dashboardOf(watcher)).openLives.map((live) => live.id)).not.toContain(opensSoon.id)
    await t.db.insert(notices).values({ userId: watcher.user.id, kind: 'timetable', title: 'Unsaid', createdAt: t.clock.now() })
    t.clock.advance(minutes(1) - 1000)
    expect((await dashboardOf(watcher)).notices.unread).toBe(0)
    t.clock.advance(2000)
    expect((await dashboardOf(watcher)).notices.unread).toBe(1)
    t.clock.advance(minutes(9))
    expect((await dashboardOf(watcher)).openLives.map((live) => live.id)).toContain(opensSoon.id)
    t.clock.advance(-minutes(10) - 1000)
  })
})
