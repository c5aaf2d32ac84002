import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { and, asc, count, eq, gte, sql } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import { allocationOutcomes, allocationRounds, allocationStandingWishes, allocationWishes, applications, bandMembers, bands, bookings, events, feedback, files, intros, jobs, notices, periods, positionHolders, rooms, timetables, users } from '../../server/src/db/schema'
import { checkFileType } from '../../server/src/files/file-checks'
import { fileKindIds } from '../../src/contract/files'
import { demoSummary } from '../../server/src/demo/demo-summary'
import { checkAllocation, nextPoints } from '../../src/allocation/rules'
import type { AllocationSnapshot } from '../../src/contract/allocation'
import { acceptedPerformances, timetableInputOf } from '../../server/src/lives/live-schedule.service'
import { endAfter } from '../../src/timetable/input'
import { checkTimetable } from '../../src/timetable/rules'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoClub } from '../../server/src/demo/demo-club'
import { createTestApp, type TestApp } from './support/test-app'
import { createUser } from './support/factories'
import { clubSettingsSchema } from '../../src/contract/settings'
import { addDays, todayIn, weekStartOf, zonedInstant } from '../../src/contract/calendar'
import { academicYearOf } from '../../src/contract/terms'
import { applicationUpdateSchema, eventInputSchema, type ApplicationStatus } from '../../src/contract/lives'

let t: TestApp
let filesDir: string
beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'bandroom-demo-test-'))
  t = await createTestApp({ filesDir })
})
afterAll(async () => {
  await t.close()
  await rm(filesDir, { recursive: true, force: true })
})

type Loaded = Awaited<ReturnType<typeof loadDemoClub>>
/** The demo at the test clock, loaded once for the tests that only read it (each load takes seconds). */
let shared: Promise<Loaded> | undefined
const sharedDemo = () => (shared ??= loadDemoClub(t.db, { filesDir, now: t.clock.now() }))
/** A test that loads a demo of its own or changes the data: the next reader loads afresh, or reads this one. */
const ownLoad = (options: Parameters<typeof loadDemoClub>[1] = {}) => {
  const loading = loadDemoClub(t.db, { filesDir, now: t.clock.now(), ...options })
  shared = options.now || options.seed ? undefined : loading
  return loading
}

const countOf = async (where?: ReturnType<typeof eq>) => (await t.db.select({ n: count() }).from(users).where(where))[0]!.n

it('loads a realistic club, and loading again resets to the same club', async () => {
  await createUser(t.db, { email: 'leftover@example.ac.jp' })
  const first = await ownLoad()
  expect(await countOf(eq(users.email, 'leftover@example.ac.jp'))).toBe(0)
  expect(await countOf(eq(users.status, 'active'))).toBeGreaterThanOrEqual(60)
  expect(await countOf(eq(users.status, 'pending'))).toBeGreaterThanOrEqual(2)
  expect((await t.db.select({ n: count() }).from(intros))[0]!.n).toBeGreaterThanOrEqual(40)
  expect((await t.db.select({ n: count() }).from(positionHolders).where(eq(positionHolders.termYear, first.term)))[0]!.n).toBe(5)

  const again = await ownLoad()
  expect(again.users).toBe(first.users)
  expect(await countOf()).toBe(first.users)
})

it('loads in one transaction: a load that fails halfway leaves the old data, not half a club', async () => {
  await sharedDemo()
  await createUser(t.db, { email: 'kept@example.ac.jp' })
  shared = undefined
  const before = await countOf()
  // The database refuses the room bookings, which the load writes after people and bands.
  await t.db.execute(sql`create function refuse_demo_bookings() returns trigger language plpgsql as $$ begin raise exception 'no bookings today'; end $$`)
  await t.db.execute(sql`create trigger refuse_demo_bookings before insert on bookings for each statement execute function refuse_demo_bookings()`)
  try {
    await expect(ownLoad({ seed: 7 })).rejects.toThrow()
  } finally {
    await t.db.execute(sql`drop trigger refuse_demo_bookings on bookings`)
    await t.db.execute(sql`drop function refuse_demo_bookings()`)
  }
  expect(await countOf()).toBe(before)
  expect(await countOf(eq(users.email, 'kept@example.ac.jp'))).toBe(1)
  expect((await t.db.select({ n: count() }).from(bookings))[0]!.n).toBeGreaterThan(0)
})

it('lets the demo accounts sign in with their roles', async () => {
  await sharedDemo()
  const admin = await t.signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD)
  expect(admin.user).toMatchObject({ role: 'admin' })
  const president = await t.signIn(DEMO_ACCOUNTS.president, DEMO_PASSWORD)
  expect(president.user).toMatchObject({ role: 'member', isExecutive: true })
  const member = await t.signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD)
  expect(member.user).toMatchObject({ isExecutive: false })
  const pending = await t.inject({ method: 'POST', url: '/api/login', payload: { email: DEMO_ACCOUNTS.pending, password: DEMO_PASSWORD } })
  expect(pending.json().error.code).toBe('ACCOUNT_PENDING')
})

it('has about 25 bands with overlapping members, one leader each, some inactive and one disbanded', async () => {
  const loaded = await sharedDemo()
  const bandRows = await t.db.select().from(bands)
  expect(bandRows.length).toBeGreaterThanOrEqual(25)
  expect(loaded.bands).toBe(bandRows.length)
  expect(bandRows.filter((band) => band.status === 'inactive').length).toBeGreaterThanOrEqual(2)
  expect(bandRows.filter((band) => band.status === 'disbanded')).toHaveLength(1)

  const memberRows = await t.db.select().from(bandMembers)
  for (const band of bandRows) {
    const members = memberRows.filter((row) => row.bandId === band.id)
    expect(members.length, band.name).toBeGreaterThanOrEqual(3)
    expect(members.length, band.name).toBeLessThanOrEqual(6)
    expect(members.filter((row) => row.isLeader), band.name).toHaveLength(1)
  }
  const perPerson = await t.db
    .select({ userId: bandMembers.userId, n: count() })
    .from(bandMembers)
    .innerJoin(bands, eq(bands.id, bandMembers.bandId))
    .where(sql`${bands.status} <> 'disbanded'`)
    .groupBy(bandMembers.userId)
  expect(perPerson.filter((row) => row.n >= 2).length).toBeGreaterThanOrEqual(10)
  expect(Math.max(...perPerson.map((row) => row.n))).toBeLessThanOrEqual(3)

  // The demo member has bands to show and history starts at "created".
  const member = await t.signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD)
  const headers = { authorization: `Bearer ${member.access_token}` }
  const mine = await t.inject({ method: 'GET', url: '/api/bands/mine', headers })
  expect(mine.json().items.length).toBeGreaterThanOrEqual(2)
  const history = await t.inject({ method: 'GET', url: `/api/bands/${mine.json().items[0].id}/history`, headers })
  expect(history.json().items.at(-1)).toMatchObject({ action: 'created' })
  const list = await t.inject({ method: 'GET', url: '/api/bands?pageSize=100', headers })
  expect(list.json().total).toBe(bandRows.length)
})

it('books the seven weeks before this one, this week and next realistically: one booking a slot, nobody in two places, within the quotas, slots left free', async () => {
  const now = t.clock.now()
  const loaded = await sharedDemo()
  const { timeZone, booking: quota } = clubSettingsSchema.parse({})
  const thisWeek = weekStartOf(todayIn(now, timeZone))
  const nextWeek = addDays(thisWeek, 7)
  const weekOf = (date: string) => weekStartOf(date)

  // First-come bookings here; the allocation rounds' bookings (source 'allocation') have their own test below.
  const everything = await t.db.select().from(bookings)
  const rows = everything.filter((row) => row.source === 'booking')
  expect(rows.length).toBe(loaded.bookings.total)
  const active = rows.filter((row) => row.status === 'active')
  for (const week of [thisWeek, nextWeek]) {
    const inWeek = active.filter((row) => weekOf(row.date) === week)
    expect(inWeek.filter((row) => row.kind === 'band').length, week).toBeGreaterThanOrEqual(25)
    expect(inWeek.filter((row) => row.kind === 'personal').length, week).toBeGreaterThanOrEqual(3)
  }
  expect(rows.every((row) => row.date >= addDays(thisWeek, -7 * 7) && row.date < addDays(nextWeek, 7))).toBe(true)
  expect(active.some((row) => row.slotStart <= now)).toBe(true)
  expect(active.some((row) => row.slotStart > now)).toBe(true)
  expect(rows.filter((row) => row.status === 'cancelled').length).toBeGreaterThanOrEqual(2)
  expect(rows.filter((row) => row.status === 'cancelled').every((row) => row.cancelledAt && row.cancelledBy && row.cancelledAt <= row.slotStart)).toBe(true)
  const blocks = active.filter((row) => row.kind === 'block')
  expect(blocks.length).toBeGreaterThanOrEqual(1)
  expect(blocks.every((row) => row.reason && row.bandId === null)).toBe(true)

  // Times are copied from the period and placed in the club's time zone.
  const periodRows = await t.db.select().from(periods)
  const roomRows = await t.db.select().from(rooms)
  for (const row of rows) {
    const period = periodRows.find((candidate) => candidate.id === row.periodId)!
    expect(row).toMatchObject({ periodLabel: period.label, startsAt: period.startsAt, endsAt: period.endsAt, source: 'booking' })
    expect(row.slotStart).toEqual(zonedInstant(row.date, period.startsAt, timeZone))
    expect(row.slotEnd).toEqual(zonedInstant(row.date, period.endsAt, timeZone))
    expect(row.createdAt <= now && row.createdAt <= row.slotStart).toBe(true)
  }

  // One active booking per slot, allocated ones included.
  const allActive = everything.filter((row) => row.status === 'active')
  const slots = allActive.map((row) => `${row.roomId}|${row.date}|${row.periodId}`)
  expect(new Set(slots).size).toBe(slots.length)

  // Nobody in two places: every member of a booked band, and every personal booker.
  const memberRows = await t.db.select().from(bandMembers)
  const bandRows = await t.db.select().from(bands)
  const membersOf = (bandId: string) => memberRows.filter((row) => row.bandId === bandId).map((row) => row.userId)
  const seen = new Map<string, string>()
  for (const row of allActive) {
    if (row.kind === 'band' && row.source === 'booking') {
      expect(bandRows.find((band) => band.id === row.bandId)?.status).toBe('active')
      expect(membersOf(row.bandId!)).toContain(row.userId)
    }
    const people = row.kind === 'band' ? membersOf(row.bandId!) : row.kind === 'personal' ? [row.userId!] : []
    for (const person of people) {
      const key = `${person}|${row.date}|${row.periodId}`
      expect(seen.get(key), `${person} on ${row.date} ${row.periodLabel}`).toBeUndefined()
      seen.set(key, row.id)
    }
  }

  // Quotas per week (Monday–Sunday), counting cancelled bookings too.
  const perWeek = (key: (row: (typeof rows)[number]) => string, kind: 'band' | 'personal') => {
    const counts = new Map<string, number>()
    for (const row of rows.filter((candidate) => candidate.kind === kind)) counts.set(`${weekOf(row.date)}|${key(row)}`, (counts.get(`${weekOf(row.date)}|${key(row)}`) ?? 0) + 1)
    return Math.max(...counts.values())
  }
  expect(perWeek((row) => row.bandId!, 'band')).toBeLessThanOrEqual(quota.bandPeriodsPerWeek)
  expect(perWeek((row) => row.userId!, 'personal')).toBeLessThanOrEqual(quota.personalPeriodsPerWeek)

  // Busy but not full: a newcomer finds free weekday slots, weekends are quieter.
  const slotsPerDay = roomRows.length * periodRows.length
  for (const week of loaded.bookings.weeks) {
    expect(week.weekdayOccupancy, week.weekStart).toBeGreaterThanOrEqual(0.35)
    expect(week.weekdayOccupancy, week.weekStart).toBeLessThanOrEqual(0.65)
    expect(week.weekendOccupancy, week.weekStart).toBeLessThan(week.weekdayOccupancy)
    const weekdays = active.filter((row) => weekOf(row.date) === week.weekStart && ![0, 6].includes(new Date(`${row.date}T00:00:00Z`).getUTCDay()))
    expect(weekdays.length / (5 * slotsPerDay)).toBeCloseTo(week.weekdayOccupancy)
  }

  // The demo member has upcoming band practice to show.
  const memberBands = memberRows.filter((row) => row.userId === loaded.memberId).map((row) => row.bandId)
  expect(active.some((row) => row.kind === 'band' && memberBands.includes(row.bandId!) && row.slotStart > now)).toBe(true)

  // Loading again resets the bookings too.
  const again = await ownLoad()
  expect((await t.db.select({ n: count() }).from(bookings).where(eq(bookings.source, 'booking')))[0]!.n).toBe(again.bookings.total)
})

it('shows the lives through the API: the festival’s applications closed and its timetable out, the summer live open with the demo member’s band to apply, totals and participants', async () => {
  const loaded = await sharedDemo()
  const member = await t.signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD)
  const president = await t.signIn(DEMO_ACCOUNTS.president, DEMO_PASSWORD)
  const asMember = { authorization: `Bearer ${member.access_token}` }
  const asPresident = { authorization: `Bearer ${president.access_token}` }

  const festival = (await t.inject({ method: 'GET', url: '/api/events/current?kind=festival', headers: asMember })).json().event
  expect(festival).toMatchObject({ status: 'published', applicationWindow: { state: 'closed' }, capacityMinutes: 2 * (7 * 60 + 5 * 60) })
  const summer = (await t.inject({ method: 'GET', url: '/api/events/current?kind=seasonal&season=summer', headers: asMember })).json().event
  expect(summer).toMatchObject({ status: 'open', applicationWindow: { state: 'open' } })

  // The demo member sees their other band's application; the band they lead has not applied yet.
  const mine = (await t.inject({ method: 'GET', url: `/api/events/${summer.id}/applications?scope=mine`, headers: asMember })).json()
  expect(mine.items.length).toBeGreaterThanOrEqual(1)
  const memberBands = (await t.inject({ method: 'GET', url: '/api/bands/mine', headers: asMember })).json().items as Array<{ id: string; name: string }>
  const applied = new Set(mine.items.map((item: { band: { id: string } }) => item.band.id))
  expect(memberBands.some((band) => !applied.has(band.id))).toBe(true)
  expect(mine.items.every((item: { canEdit: boolean; status: string }) => item.canEdit === (item.status !== 'withdrawn'))).toBe(true)

  // Executives see every festival application with the running totals.
  const all = (await t.inject({ method: 'GET', url: `/api/events/${festival.id}/applications?scope=all&pageSize=100`, headers: asPresident })).json()
  const stats = loaded.lives.find((live) => live.id === festival.id)!
  expect(all.total).toBe(stats.applications)
  expect(all.summary.counts).toEqual(stats.counts)
  expect(all.summary.acceptedMinutes).toBeGreaterThan(0)
  expect(all.summary.acceptedMinutes).toBeLessThan(all.summary.capacityMinutes)
  expect(all.items.filter((item: { status: string; reviewedBy: unknown }) => item.status === 'accepted').every((item: { reviewedBy: { id: string } | null }) => item.reviewedBy?.id === loaded.liveManagerId)).toBe(true)

  // The participants: members of accepted bands once each, some in two or more of them.
  const participants = (await t.inject({ method: 'GET', url: `/api/events/${festival.id}/participants`, headers: asPresident })).json()
  expect(participants.items.length).toBeGreaterThanOrEqual(15)
  expect(participants.items.filter((person: { bands: unknown[] }) => person.bands.length >= 2).length).toBeGreaterThanOrEqual(2)
})

it('has allocation rounds to try: three published ones with their bookings and points, and next week’s open with wishes from most bands', async () => {
  const now = t.clock.now()
  const loaded = await sharedDemo()
  const thisWeek = weekStartOf(todayIn(now, 'Asia/Tokyo'))
  const rounds = await t.db.select().from(allocationRounds).orderBy(asc(allocationRounds.weekStart))
  expect(rounds.map((round) => [round.weekStart, round.status])).toEqual([
    [addDays(thisWeek, -14), 'published'],
    [addDays(thisWeek, -7), 'published'],
    [thisWeek, 'published'],
    [addDays(thisWeek, 7), 'collecting'],
  ])
  expect(loaded.allocation.map((round) => round.status)).toEqual(['published', 'published', 'published', 'open'])

  const allocated = await t.db.select().from(bookings).where(eq(bookings.source, 'allocation'))
  for (const round of rounds.slice(0, 3)) {
    const snapshot = round.snapshot as AllocationSnapshot
    expect(snapshot.bands.length).toBeGreaterThanOrEqual(10)
    expect(checkAllocation(snapshot, round.assignments!)).toEqual([])
    expect(allocated.filter((row) => weekStartOf(row.date) === round.weekStart)).toHaveLength(round.assignments!.length)
    const outcomes = await t.db.select().from(allocationOutcomes).where(eq(allocationOutcomes.roundId, round.id))
    expect(outcomes).toHaveLength(snapshot.bands.length)
    for (const outcome of outcomes) expect(outcome.pointsAfter).toBe(nextPoints(outcome.pointsBefore, outcome.asked, outcome.received))
  }
  // The evenings are contested: some bands missed out and hold priority points now.
  expect((await t.db.select().from(allocationOutcomes)).some((outcome) => outcome.pointsAfter > 0)).toBe(true)

  const open = rounds[3]!
  const activeBands = (await t.db.select().from(bands)).filter((band) => band.status === 'active')
  const wishes = await t.db.select().from(allocationWishes).where(eq(allocationWishes.roundId, open.id))
  expect(wishes.length / activeBands.length).toBeGreaterThanOrEqual(0.6)
  expect(wishes.every((row) => row.wishes.length >= 1 && row.wishes.every((wish) => weekStartOf(wish.date) === open.weekStart))).toBe(true)
  expect((await t.db.select().from(allocationStandingWishes)).length).toBe(2)
  const [run] = await t.db.select().from(jobs).where(eq(jobs.kind, 'allocation.run'))
  expect(run).toMatchObject({ payload: { roundId: open.id }, runAt: open.closesAt })

  // Next week's evening studio cells were left for the round: nobody booked them first-come.
  const held = await t.db.select().from(bookings).where(and(eq(bookings.source, 'booking'), eq(bookings.status, 'active'), gte(bookings.date, open.weekStart)))
  expect(held.filter((row) => row.kind !== 'block' && open.roomIds.includes(row.roomId) && open.periodIds.includes(row.periodId!))).toEqual([])

  const { access_token } = await t.signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD)
  const list = await t.inject({ method: 'GET', url: '/api/allocation/rounds', headers: { authorization: `Bearer ${access_token}` } })
  expect(list.json().current).toMatchObject({ id: open.id, status: 'open' })
  expect(list.json().past.map((round: { status: string }) => round.status)).toEqual(['published', 'published', 'published'])
})

it('is a club in mid-term: every card of the demo accounts’ dashboards has something, every week of “Bookings per band” has bookings, the printout counts the bookings as the list does', async () => {
  const now = t.clock.now()
  const loaded = await sharedDemo()

  for (const email of [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.president, DEMO_ACCOUNTS.member]) {
    const { access_token } = await t.signIn(email, DEMO_PASSWORD)
    const dashboard = (await t.inject({ method: 'GET', url: '/api/dashboard', headers: { authorization: `Bearer ${access_token}` } })).json()
    for (const card of ['bookings', 'bands', 'openLives', 'allocationRounds', 'performances', 'feedback', 'newFiles'] as const) expect(dashboard[card].length, `${email}: ${card}`).toBeGreaterThan(0)
    expect(dashboard.notices.unread, email).toBeGreaterThan(0)
    expect(dashboard.notices.latest.length, email).toBeGreaterThan(0)
  }

  // Feedback on the last live, some anonymous, and suggestions, some answered.
  const feedbackRows = await t.db.select().from(feedback)
  const performance = feedbackRows.filter((row) => row.target === 'performance')
  expect(performance.length).toBeGreaterThanOrEqual(5)
  expect(performance.some((row) => row.anonymous) && performance.some((row) => !row.anonymous)).toBe(true)
  const suggestions = feedbackRows.filter((row) => row.target === 'club')
  expect(suggestions.filter((row) => row.reply && row.repliedBy && row.repliedAt! >= row.createdAt).length).toBeGreaterThanOrEqual(2)
  expect(suggestions.some((row) => row.anonymous) && suggestions.some((row) => !row.reply)).toBe(true)
  expect(feedbackRows.every((row) => row.createdAt <= now)).toBe(true)
  const president = await t.signIn(DEMO_ACCOUNTS.president, DEMO_PASSWORD)
  const asPresident = { authorization: `Bearer ${president.access_token}` }
  const options = (await t.inject({ method: 'GET', url: '/api/feedback/options', headers: asPresident })).json()
  const played = new Set(performance.map((row) => `${row.eventId}|${row.bandId}`))
  for (const key of played) {
    const [eventId, bandId] = key.split('|')
    // Each is feedback the form would take: a live that has taken place, a band that played there.
    expect(options.events.find((event: { id: string }) => event.id === eventId)?.bands.some((band: { id: string }) => band.id === bandId), key).toBe(true)
  }
  const noticeRows = await t.db.select().from(notices)
  expect(noticeRows.every((row) => row.createdAt <= now && (!row.readAt || (row.readAt >= row.createdAt && row.readAt <= now)))).toBe(true)

  // The shared files: listed, their bytes served, their stored type the one read from the bytes.
  const folders = (await t.inject({ method: 'GET', url: '/api/files/folders', headers: asPresident })).json()
  expect(folders.items?.length ?? folders.length).toBeGreaterThanOrEqual(2)
  const fileRows = await t.db.select().from(files)
  expect(fileRows.length).toBe(loaded.files)
  expect(new Set(fileRows.map((row) => row.type))).toEqual(new Set(['application/pdf', 'image/png', 'text/plain']))
  for (const row of fileRows) {
    const bytes = await readFile(path.join(filesDir, 'store', row.storageKey))
    expect(bytes.length, row.name).toBe(row.size)
    expect(createHash('sha256').update(bytes).digest('hex'), row.name).toBe(row.sha256)
    expect(await checkFileType(path.join(filesDir, 'store', row.storageKey), row.name, fileKindIds), row.name).toEqual({ ok: true, type: row.type })
  }
  const member = await t.signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD)
  const asMember = { authorization: `Bearer ${member.access_token}` }
  const pdf = fileRows.find((row) => row.type === 'application/pdf' && row.visibility === 'members')!
  const link = (await t.inject({ method: 'GET', url: `/api/files/${pdf.id}/link`, headers: asMember })).json()
  const content = await t.inject({ method: 'GET', url: link.url })
  expect(content.statusCode).toBe(200)
  expect(content.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

  // "Bookings per band" (the club at a glance): no blank week among the eight.
  const club = (await t.inject({ method: 'GET', url: '/api/dashboard/club', headers: asPresident })).json()
  expect(club.weeks).toHaveLength(8)
  club.weeks.forEach((week: string, index: number) => {
    const sum = club.bookingsPerBand.reduce((total: number, row: { counts: number[] }) => total + row.counts[index]!, 0)
    expect(sum, week).toBeGreaterThanOrEqual(20)
  })

  // The printout counts the bookings as the list of everyone's bookings does.
  const listTotal = async (when: string) => (await t.inject({ method: 'GET', url: `/api/bookings?scope=all&when=${when}&pageSize=1`, headers: asPresident })).json().total
  const anyTime = await listTotal('any')
  const upcoming = await listTotal('upcoming')
  expect(loaded.bookings.list).toMatchObject({ any: anyTime, upcoming })
  const { list } = loaded.bookings
  expect(list.firstCome + list.allocated + list.closures + list.cancelled).toBe(anyTime)
  const printed = demoSummary(loaded).join('\n')
  expect(printed).toContain(`${anyTime} at any time (${upcoming} upcoming)`)
})

/** Demo dates around the year: summer (the test clock), autumn, winter, spring before summer, March. */
const demoDates = [
  ['the test clock (June)', () => t.clock.now()],
  ['the end of November', () => new Date('2026-11-28T18:30:00+09:00')],
  ['January', () => new Date('2027-01-20T12:00:00+09:00')],
  ['April', () => new Date('2026-04-15T12:00:00+09:00')],
  ['March', () => new Date('2027-03-25T21:00:00+09:00')],
] as const

it.each(demoDates)('has this academic year’s lives around today (%s): a festival with its timetable published, an open live of the season, a summer live, a Christmas live, the last live played', async (_, nowOf) => {
  const now = nowOf()
  const club = clubSettingsSchema.parse({})
  const today = todayIn(now, club.timeZone)
  const term = academicYearOf(now, club)
  const month = Number(today.slice(5, 7))
  const season = month >= 3 && month <= 5 ? 'spring' : month <= 8 && month >= 6 ? 'summer' : month >= 9 && month <= 11 ? 'autumn' : 'winter'
  const loaded = await ownLoad({ now })

  const eventRows = await t.db.select().from(events)
  const appRows = await t.db.select().from(applications)
  const bandRows = await t.db.select().from(bands)
  const memberRows = await t.db.select().from(bandMembers)
  const executives = new Set((await t.db.select().from(positionHolders).where(eq(positionHolders.termYear, term))).map((row) => row.userId))
  expect(loaded.lives.map((live) => live.id).sort()).toEqual(eventRows.map((row) => row.id).sort())
  // The lives played are filed under the academic year they were played in; the ones ahead are this year's.
  for (const row of eventRows.filter((candidate) => candidate.days[0]!.date < today)) expect(row.academicYear, row.title).toBe(academicYearOf(zonedInstant(row.days[0]!.date, '12:00', club.timeZone), club))
  expect(eventRows.filter((row) => row.days[0]!.date > today).every((row) => row.academicYear === term)).toBe(true)
  // Every event is one an executive could have saved through the dialog.
  for (const row of eventRows) {
    const input = { ...row, applicationOpensAt: row.applicationOpensAt.toISOString(), applicationClosesAt: row.applicationClosesAt.toISOString() }
    expect(eventInputSchema.safeParse(input).success, row.title).toBe(true)
    expect(row.createdAt <= now && row.updatedAt <= now && row.createdAt <= row.updatedAt, row.title).toBe(true)
  }

  // The festival: two days ahead with two stages each, its window closed a few days ago.
  const festivals = eventRows.filter((row) => row.kind === 'festival')
  expect(festivals).toHaveLength(1)
  const festival = festivals[0]!
  expect(festival).toMatchObject({ status: 'published', defaultPerformanceMinutes: 20, changeoverMinutes: 5, musicianGapMinutes: 30, bandLimit: null, title: `School Festival ${term}` })
  expect(festival.days).toHaveLength(2)
  expect(festival.days.every((day) => day.date > today && day.stages.length === 2)).toBe(true)
  expect(festival.applicationClosesAt < now && festival.applicationClosesAt.getTime() > now.getTime() - 5 * 24 * 3600_000).toBe(true)

  // The live of the current season is open now; a summer live exists whatever the date; one Christmas live.
  const current = eventRows.filter((row) => row.kind === 'seasonal' && row.season === season)
  expect(current).toHaveLength(1)
  expect(current[0]!.status).toBe('open')
  expect(current[0]!.applicationOpensAt <= now && now < current[0]!.applicationClosesAt).toBe(true)
  expect(eventRows.filter((row) => row.kind === 'seasonal' && row.season === 'summer')).toHaveLength(1)
  const christmas = eventRows.filter((row) => row.kind === 'christmas')
  expect(christmas).toHaveLength(1)
  const expectedChristmas = now < christmas[0]!.applicationOpensAt ? 'draft' : now < christmas[0]!.applicationClosesAt ? 'open' : 'closed'
  expect(christmas[0]!.status).toBe(expectedChristmas)
  // The last live played, a few weeks or months ago, with the bands that played there.
  const playedLives = eventRows.filter((row) => row.kind === 'seasonal' && row.status === 'closed' && row.days[0]!.date < today).sort((a, b) => b.days[0]!.date.localeCompare(a.days[0]!.date))
  expect(playedLives.length).toBeGreaterThanOrEqual(1)
  expect(appRows.filter((row) => row.eventId === playedLives[0]!.id && row.status === 'accepted').length).toBeGreaterThanOrEqual(5)
  // Lives in calendar order: the autumn live comes before the Christmas live.
  const dayOf = (row: (typeof eventRows)[number]) => row.days[0]!.date
  for (const autumn of eventRows.filter((row) => row.season === 'autumn' && row.academicYear === term)) expect(dayOf(autumn) < dayOf(christmas[0]!), `${autumn.title} on ${dayOf(autumn)}`).toBe(true)
  // No two lives on the same day.
  const liveDays = eventRows.flatMap((row) => row.days.map((day) => day.date))
  expect(new Set(liveDays).size).toBe(liveDays.length)

  // About 25 applications or more, in mixed states.
  expect(appRows.length).toBeGreaterThanOrEqual(25)
  expect(appRows.length).toBeLessThanOrEqual(45)
  const countIn = (eventId: string, status: ApplicationStatus) => appRows.filter((row) => row.eventId === eventId && row.status === status).length
  expect(appRows.filter((row) => row.eventId === festival.id)).toHaveLength(15)
  expect(countIn(festival.id, 'accepted')).toBeGreaterThanOrEqual(6)
  for (const status of ['submitted', 'waitlisted', 'rejected', 'withdrawn'] as const) expect(countIn(festival.id, status), status).toBeGreaterThanOrEqual(1)
  expect(appRows.filter((row) => row.eventId === current[0]!.id).length).toBeGreaterThanOrEqual(8)
  expect(countIn(current[0]!.id, 'submitted')).toBeGreaterThanOrEqual(6)
  expect(appRows.filter((row) => ['draft'].includes(eventRows.find((event) => event.id === row.eventId)!.status))).toHaveLength(0)

  for (const row of appRows) {
    const event = eventRows.find((candidate) => candidate.id === row.eventId)!
    const band = bandRows.find((candidate) => candidate.id === row.bandId)!
    const label = `${band.name} at ${event.title}`
    // Only active bands, sent by one of their members, inside the window, after the band existed.
    expect(band.status, label).toBe('active')
    expect(memberRows.some((member) => member.bandId === band.id && member.userId === row.submittedBy), label).toBe(true)
    expect(row.createdAt >= event.applicationOpensAt && row.createdAt < event.applicationClosesAt && row.createdAt <= now && row.createdAt > band.createdAt, label).toBe(true)
    // What the form would accept: 1–5 songs in m:ss, minutes covering the songs, days of the live.
    expect(applicationUpdateSchema.safeParse(row).success, label).toBe(true)
    expect(row.songs.length, label).toBeGreaterThanOrEqual(1)
    expect(row.songs.length, label).toBeLessThanOrEqual(5)
    const days = event.days.map((day) => day.date)
    if (row.preferredDay) expect(days, label).toContain(row.preferredDay)
    for (const window of row.unavailable) expect(days, label).toContain(window.date)
    // Review and withdrawal fields match the status.
    const reviewed = ['accepted', 'waitlisted', 'rejected'].includes(row.status)
    expect(Boolean(row.reviewedBy && row.reviewedAt), label).toBe(reviewed)
    if (reviewed) expect(executives.has(row.reviewedBy!) && row.reviewedAt! >= row.createdAt && row.reviewedAt! <= now, label).toBe(true)
    if (row.status === 'rejected') expect(row.reviewNote, label).toBeTruthy()
    expect(Boolean(row.withdrawnAt), label).toBe(row.status === 'withdrawn')
    if (row.withdrawnAt) expect(row.withdrawnAt >= row.createdAt && row.withdrawnAt <= event.applicationClosesAt && row.withdrawnAt <= now, label).toBe(true)
    expect(row.updatedAt >= row.createdAt && row.updatedAt <= now, label).toBe(true)
  }
  expect(appRows.some((row) => row.unavailable.length > 0)).toBe(true)
  expect(appRows.some((row) => row.needs) && appRows.some((row) => row.message)).toBe(true)

  // Several accepted festival bands share musicians (what the timetable's gap rule is for).
  const acceptedBands = appRows.filter((row) => row.eventId === festival.id && row.status === 'accepted').map((row) => row.bandId)
  const bandsPerPerson = new Map<string, number>()
  for (const member of memberRows.filter((row) => acceptedBands.includes(row.bandId))) bandsPerPerson.set(member.userId, (bandsPerPerson.get(member.userId) ?? 0) + 1)
  expect([...bandsPerPerson.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(2)

  // The festival has a generated timetable placing every accepted band, breaking no rule:
  // published (version 1) and kept as the draft.
  const festivalTimetables = await t.db.select().from(timetables).where(eq(timetables.eventId, festival.id)).orderBy(asc(timetables.version))
  expect(festivalTimetables.map((row) => [row.status, row.version])).toEqual([['draft', 0], ['published', 1]])
  const [draft, published] = festivalTimetables
  expect(published!.placements).toEqual(draft!.placements)
  expect(published!.publishedAt! <= now).toBe(true)
  expect(draft!.placements.map((placement) => placement.performanceId).sort()).toEqual(
    appRows.filter((row) => row.eventId === festival.id && row.status === 'accepted').map((row) => row.id).sort(),
  )
  const performances = await acceptedPerformances(t.db, festival.id)
  const minutes = new Map(performances.map((performance) => [performance.id, performance.minutes]))
  const placements = draft!.placements.map(({ performanceId, date, stage, start }) => ({ performanceId, date, stage, start, end: endAfter(start, minutes.get(performanceId)!) }))
  expect(checkTimetable(timetableInputOf(festival, performances), placements)).toEqual([])

  // The same seed and date give the same lives.
  const shape = async () =>
    (await t.db.select({ title: events.title, band: bands.name, status: applications.status, minutes: applications.requestedMinutes }).from(applications).innerJoin(events, eq(events.id, applications.eventId)).innerJoin(bands, eq(bands.id, applications.bandId)))
      .map((row) => `${row.title}|${row.band}|${row.status}|${row.minutes}`)
      .sort()
  const before = await shape()
  await ownLoad({ now })
  expect(await shape()).toEqual(before)
})

it('leaves no stored bytes orphaned: after a load the files folder holds only the files the demo lists', async () => {
  const store = path.join(filesDir, 'store')
  await mkdir(path.join(filesDir, 'uploads'), { recursive: true })
  await writeFile(path.join(filesDir, 'uploads', 'left-over-upload'), 'half an upload')
  await ownLoad()
  const first = new Set(await readdir(store))
  await writeFile(path.join(store, 'old-upload-bytes'), 'the bytes of a file the reset removes')

  const second = await ownLoad()
  const keys = (await t.db.select({ key: files.storageKey }).from(files)).map((row) => row.key)
  expect(keys).toHaveLength(second.files)
  expect((await readdir(store)).sort()).toEqual([...keys].sort())
  expect(keys.some((key) => first.has(key))).toBe(false)
  expect(await readdir(path.join(filesDir, 'uploads'))).toEqual([])
})
