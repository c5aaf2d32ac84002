import { afterAll, beforeAll, expect, it } from 'vitest'
import { count, eq, sql } from 'drizzle-orm'
import { bandMembers, bands, bookings, intros, periods, positionHolders, rooms, users } from '../../server/src/db/schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoClub } from '../../server/src/demo/demo-club'
import { createTestApp, type TestApp } from './support/test-app'
import { createUser } from './support/factories'
import { clubSettingsSchema } from '../../src/contract/settings'
import { addDays, todayIn, weekStartOf, zonedInstant } from '../../src/contract/calendar'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const countOf = async (where?: ReturnType<typeof eq>) => (await t.db.select({ n: count() }).from(users).where(where))[0]!.n

it('loads a realistic club, and loading again resets to the same club', async () => {
  await createUser(t.db, { email: 'leftover@example.ac.jp' })
  const first = await loadDemoClub(t.db, { now: t.clock.now() })
  expect(await countOf(eq(users.email, 'leftover@example.ac.jp'))).toBe(0)
  expect(await countOf(eq(users.status, 'active'))).toBeGreaterThanOrEqual(60)
  expect(await countOf(eq(users.status, 'pending'))).toBeGreaterThanOrEqual(2)
  expect((await t.db.select({ n: count() }).from(intros))[0]!.n).toBeGreaterThanOrEqual(40)
  expect((await t.db.select({ n: count() }).from(positionHolders).where(eq(positionHolders.termYear, first.term)))[0]!.n).toBe(5)

  const again = await loadDemoClub(t.db, { now: t.clock.now() })
  expect(again.users).toBe(first.users)
  expect(await countOf()).toBe(first.users)
})

it('lets the demo accounts sign in with their roles', async () => {
  await loadDemoClub(t.db, { now: t.clock.now() })
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
  const loaded = await loadDemoClub(t.db, { now: t.clock.now() })
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

it('books this week and next realistically: one booking a slot, nobody in two places, within the quotas, slots left free', async () => {
  const now = t.clock.now()
  const loaded = await loadDemoClub(t.db, { now })
  const { timeZone, booking: quota } = clubSettingsSchema.parse({})
  const thisWeek = weekStartOf(todayIn(now, timeZone))
  const nextWeek = addDays(thisWeek, 7)
  const weekOf = (date: string) => weekStartOf(date)

  const rows = await t.db.select().from(bookings)
  expect(rows.length).toBe(loaded.bookings.total)
  const active = rows.filter((row) => row.status === 'active')
  for (const week of [thisWeek, nextWeek]) {
    const inWeek = active.filter((row) => weekOf(row.date) === week)
    expect(inWeek.filter((row) => row.kind === 'band').length, week).toBeGreaterThanOrEqual(25)
    expect(inWeek.filter((row) => row.kind === 'personal').length, week).toBeGreaterThanOrEqual(3)
  }
  expect(rows.every((row) => row.date >= thisWeek && row.date < addDays(nextWeek, 7))).toBe(true)
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

  // One active booking per slot.
  const slots = active.map((row) => `${row.roomId}|${row.date}|${row.periodId}`)
  expect(new Set(slots).size).toBe(slots.length)

  // Nobody in two places: every member of a booked band, and every personal booker.
  const memberRows = await t.db.select().from(bandMembers)
  const bandRows = await t.db.select().from(bands)
  const membersOf = (bandId: string) => memberRows.filter((row) => row.bandId === bandId).map((row) => row.userId)
  const seen = new Map<string, string>()
  for (const row of active) {
    if (row.kind === 'band') {
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
  const again = await loadDemoClub(t.db, { now })
  expect((await t.db.select({ n: count() }).from(bookings))[0]!.n).toBe(again.bookings.total)
})
