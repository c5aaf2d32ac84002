import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { allocationRounds, allocationStandingWishes, allocationWishes, blackouts, bookings } from '../../../server/src/db/schema'
import { allocationPaths } from '../../../src/contract/allocation-rounds'
import { defaultClubSettings } from '../../../src/contract/settings'
import { createTestApp, START, type TestApp } from '../support/test-app'
import { createBand, createBooking } from '../support/factories'
import { CLOSES_AT, enableRounds, expectError, NEXT_MON, NEXT_TUE, NEXT_WED, roundApi, seedRoundClub, wish, type Caller } from './rounds-support'

/** Rounds and wishes (issue 15): making next week's round, the wish rules, standing wishes, contest counts, the first-come hold. */
let t: TestApp
let club: Awaited<ReturnType<typeof seedRoundClub>>
let api: ReturnType<typeof roundApi>
let ren: Caller
let mei: Caller
let outsider: Caller
let executive: Caller
let blueHour: { id: string; name: string }
let nightOwls: { id: string; name: string }

const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  // The suite runs due jobs itself: no poll may run a round behind its back.
  await t.services.jobs.stop()
  api = roundApi(t)
  club = await seedRoundClub(t)
  ren = await t.as('member', { displayName: 'Ren' })
  mei = await t.as('member', { displayName: 'Mei' })
  outsider = await t.as('member', { displayName: 'Sora' })
  executive = await t.as('executive', { displayName: 'Exec' })
  blueHour = await createBand(t.db, [{ userId: ren.user.id }, { userId: mei.user.id }], { name: 'Blue Hour' })
  nightOwls = await createBand(t.db, [{ userId: mei.user.id }], { name: 'Night Owls' })
})
afterAll(() => t.close())

async function resetRounds() {
  t.clock.current = new Date(START)
  await t.db.delete(allocationRounds)
  await t.db.delete(allocationStandingWishes)
  await t.db.delete(bookings)
  await t.db.delete(blackouts)
  await enableRounds(t, { roomIds: [club.studioA.id, club.roomB.id], periodIds: [club.p5.id, club.p6.id] })
}
beforeEach(resetRounds)

/** Sessions end after 30 idle minutes: sign in again after moving the clock. */
async function again(who: Caller): Promise<Caller> {
  const { access_token } = await t.signIn(who.user.email, who.user.password)
  return { ...who, headers: { authorization: `Bearer ${access_token}` } }
}

const wishRows = async (roundId: string) => t.db.select().from(allocationWishes).where(eq(allocationWishes.roundId, roundId))

describe('rounds', () => {
  it('makes next week’s round once, open now, with the settings’ times, rooms and periods', async () => {
    const [first, second] = await Promise.all([api.list(ren), api.list(mei)])
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      enabled: true,
      current: { weekStart: NEXT_MON, weekEnd: '2026-06-14', status: 'open', opensAt: '2026-05-31T15:00:00.000Z', closesAt: CLOSES_AT.toISOString(), bandsWithWishes: 0, bandsServed: null },
      past: [],
    })
    expect(second.json().current.id).toBe(first.json().current.id)
    expect(await t.db.select().from(allocationRounds)).toHaveLength(1)

    const round = await api.round(ren, first.json().current.id)
    expect(round.statusCode).toBe(200)
    expect(round.json()).toMatchObject({
      dates: ['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13', '2026-06-14'],
      rooms: [{ name: 'Studio A' }, { name: 'Room B' }],
      periods: [{ label: '5th' }, { label: '6th' }],
      wishesPerBand: 5,
      periodsPerBand: defaultClubSettings.booking.bandPeriodsPerWeek,
      wishesEditable: true,
      canManage: false,
      closedCells: [],
    })
    expect((await api.round(executive, first.json().current.id)).json().canManage).toBe(true)
  })

  it('shows no round while rounds are off, and says which cells cannot be given out', async () => {
    await t.services.settings.replace(defaultClubSettings, null)
    expect((await api.list(ren)).json()).toEqual({ enabled: false, current: null, past: [] })

    await resetRounds()
    await t.db.insert(blackouts).values({ startsOn: NEXT_TUE, endsOn: NEXT_TUE, roomIds: [club.studioA.id], reason: 'Open Campus' })
    await createBooking(t.db, { room: club.roomB, period: club.p6, date: NEXT_WED, userId: executive.user.id, kind: 'block', reason: 'Piano tuning' })
    const current = await api.current(ren)
    const cells = (await api.round(ren, current.id)).json().closedCells
    expect(cells).toEqual(
      expect.arrayContaining([
        { roomId: club.studioA.id, date: NEXT_TUE, periodId: club.p5.id, reason: 'Closed: Open Campus' },
        { roomId: club.studioA.id, date: NEXT_TUE, periodId: club.p6.id, reason: 'Closed: Open Campus' },
        { roomId: club.roomB.id, date: NEXT_WED, periodId: club.p6.id, reason: 'Booked: closed: Piano tuning' },
      ]),
    )
    expect(cells).toHaveLength(3)
  })

  it('skips a week whose wishes closed before rounds were switched on: the round is the week after’s, not open yet', async () => {
    t.clock.current = new Date('2026-06-05T01:00:00Z') // Friday 10:00 in Tokyo, past Thursday 20:00
    const current = await api.current(await again(ren))
    expect(current).toMatchObject({ weekStart: '2026-06-15', status: 'upcoming' })
  })
})

describe('wishes', () => {
  it('saves a band’s ranked wishes, shows them to its members, and counts how contested each cell is (counts only)', async () => {
    const round = await api.current(ren)
    const saved = await api.saveWishes(ren, round.id, blueHour.id, {
      wishes: [wish(club.studioA, NEXT_TUE, club.p6), wish(null, NEXT_WED, club.p5)],
      wants: 2,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({
      bandId: blueHour.id,
      bandName: 'Blue Hour',
      wants: 2,
      standing: false,
      fromStanding: false,
      updatedBy: 'Ren',
      wishes: [
        { rank: 1, roomName: 'Studio A', date: NEXT_TUE, periodLabel: '6th' },
        { rank: 2, roomId: null, roomName: null, date: NEXT_WED, periodLabel: '5th' },
      ],
    })
    expect((await api.saveWishes(mei, round.id, nightOwls.id, { wishes: [wish(club.studioA, NEXT_TUE, club.p6)], wants: 1 })).statusCode).toBe(200)

    const mine = (await api.myWishes(mei, round.id)).json()
    expect(mine.bands.map((band: { bandName: string; wishes: unknown[] }) => [band.bandName, band.wishes.length])).toEqual([
      ['Blue Hour', 2],
      ['Night Owls', 1],
    ])
    expect((await api.myWishes(outsider, round.id)).json()).toEqual({ bands: [] })

    const contest = await api.contest(outsider, round.id)
    expect(contest.statusCode).toBe(200)
    expect(contest.json().cells).toEqual([
      { roomId: club.studioA.id, date: NEXT_TUE, periodId: club.p6.id, bands: 2, firstWishes: 2 },
      { roomId: club.studioA.id, date: NEXT_WED, periodId: club.p5.id, bands: 1, firstWishes: 0 },
      { roomId: club.roomB.id, date: NEXT_WED, periodId: club.p5.id, bands: 1, firstWishes: 0 },
    ])
    expect(contest.body).not.toContain('Blue Hour')
    expect((await api.current(ren)).bandsWithWishes).toBe(2)
  })

  it('refuses another band’s wishes with 403, also to an executive, and changes nothing', async () => {
    const round = await api.current(ren)
    for (const who of [outsider, executive]) {
      expectError(await api.saveWishes(who, round.id, blueHour.id, { wishes: [wish(club.studioA, NEXT_TUE, club.p6)], wants: 1 }), 403, 'NOT_BAND_MEMBER')
    }
    expect(await wishRows(round.id)).toEqual([])
  })

  it('refuses more wishes than the round allows, wishes outside the round, a wish twice and too many periods with 400 naming the field', async () => {
    await enableRounds(t, { roomIds: [club.studioA.id, club.roomB.id], periodIds: [club.p5.id, club.p6.id], wishesPerBand: 2, periodsPerBand: 2 })
    const round = await api.current(ren)
    const three = [wish(club.studioA, NEXT_TUE, club.p6), wish(club.roomB, NEXT_TUE, club.p6), wish(null, NEXT_WED, club.p5)]
    const tooMany = await api.saveWishes(ren, round.id, blueHour.id, { wishes: three, wants: 1 })
    expectError(tooMany, 400, 'TOO_MANY_WISHES')
    expect(tooMany.json().error.fields).toEqual({ wishes: 'At most 2 wishes in this round' })

    const outside = await api.saveWishes(ren, round.id, blueHour.id, { wishes: [wish(club.roomC, NEXT_TUE, club.p6), wish(club.studioA, NEXT_TUE, club.p1)], wants: 1 })
    expectError(outside, 400, 'WISH_NOT_IN_ROUND')
    expect(outside.json().error.fields).toEqual({ 'wishes.0': 'This room is not part of the allocation round', 'wishes.1': 'This period is not part of the allocation round' })

    const lastWeek = await api.saveWishes(ren, round.id, blueHour.id, { wishes: [wish(club.studioA, '2026-06-02', club.p6)], wants: 1 })
    expectError(lastWeek, 400, 'WISH_NOT_IN_ROUND')
    expect(lastWeek.json().error.fields['wishes.0']).toMatch(/^Choose a day of the week of 8–14 Jun 2026/)

    const twice = await api.saveWishes(ren, round.id, blueHour.id, { wishes: [wish(club.studioA, NEXT_TUE, club.p6), wish(club.studioA, NEXT_TUE, club.p6)], wants: 1 })
    expectError(twice, 400, 'VALIDATION_FAILED')
    expect(twice.json().error.fields).toEqual({ 'wishes.1': 'This wish is listed twice' })

    const greedy = await api.saveWishes(ren, round.id, blueHour.id, { wishes: [wish(club.studioA, NEXT_TUE, club.p6)], wants: 3 })
    expectError(greedy, 400, 'VALIDATION_FAILED')
    expect(greedy.json().error.fields).toEqual({ wants: 'A band may receive at most 2 periods in this round' })

    const closedCell = await t.db.insert(blackouts).values({ startsOn: NEXT_TUE, endsOn: NEXT_TUE, roomIds: null, reason: 'Open Campus' }).returning()
    const closed = await api.saveWishes(ren, round.id, blueHour.id, { wishes: [wish(club.studioA, NEXT_TUE, club.p6), wish(null, NEXT_TUE, club.p5)], wants: 1 })
    expectError(closed, 400, 'WISH_NOT_IN_ROUND')
    expect(closed.json().error.fields).toEqual({
      'wishes.0': 'Studio A, Tue 9 Jun, 6th period cannot be given out (closed: open campus)',
      'wishes.1': 'No room can be given out on Tue 9 Jun, 5th period',
    })
    expect(closedCell).toHaveLength(1)
    expect(await wishRows(round.id)).toEqual([])
  })

  it('refuses wishes before the round opens, after it closes and for a past week with 409 ROUND_NOT_OPEN', async () => {
    await enableRounds(t, { roomIds: [club.studioA.id, club.roomB.id], periodIds: [club.p5.id, club.p6.id], opensWeekday: 2, opensAt: '12:00' })
    const upcoming = await api.current(ren)
    expect(upcoming.status).toBe('upcoming')
    const early = await api.saveWishes(ren, upcoming.id, blueHour.id, { wishes: [wish(club.studioA, NEXT_TUE, club.p6)], wants: 1 })
    expectError(early, 409, 'ROUND_NOT_OPEN')
    expect(early.json().error.message).toBe('Wishes for the week of 8–14 Jun 2026 open at 12:00 on Tue 2 Jun.')

    t.clock.current = new Date(CLOSES_AT)
    const late = await api.saveWishes(await again(ren), upcoming.id, blueHour.id, { wishes: [wish(club.studioA, NEXT_TUE, club.p6)], wants: 1 })
    expectError(late, 409, 'ROUND_NOT_OPEN')
    expect(late.json().error.message).toBe('Wishes for the week of 8–14 Jun 2026 closed at 20:00 on Thu 4 Jun.')

    // Two weeks on, that week is past; the round is listed among the past ones.
    t.clock.advance(14 * DAY)
    const renNow = await again(ren)
    const list = (await api.list(renNow)).json()
    expect(list.past.map((round: { weekStart: string }) => round.weekStart)).toContain(NEXT_MON)
    expectError(await api.saveWishes(renNow, upcoming.id, blueHour.id, { wishes: [wish(club.studioA, NEXT_TUE, club.p6)], wants: 1 }), 409, 'ROUND_NOT_OPEN')
    expect(await wishRows(upcoming.id)).toEqual([])
  })

  it('answers 404 for an unknown round or band, and 400 for ids that are not ids', async () => {
    const round = await api.current(ren)
    expectError(await api.saveWishes(ren, '00000000-0000-4000-8000-000000000000', blueHour.id, { wishes: [], wants: 1 }), 404, 'NOT_FOUND')
    expectError(await api.saveWishes(ren, round.id, '00000000-0000-4000-8000-000000000000', { wishes: [], wants: 1 }), 404, 'NOT_FOUND')
    expectError(await api.call(ren, 'GET', allocationPaths.round('not-an-id')), 400, 'VALIDATION_FAILED')
  })

  it('copies a standing wish into the next round, same weekdays, until the band changes it', async () => {
    const round = await api.current(ren)
    const saved = await api.saveWishes(ren, round.id, blueHour.id, { wishes: [wish(club.studioA, NEXT_TUE, club.p6), wish(null, NEXT_WED, club.p5)], wants: 2, standing: true })
    expect(saved.json()).toMatchObject({ standing: true, fromStanding: false })

    t.clock.advance(7 * DAY)
    const meiNow = await again(mei)
    const next = await api.current(meiNow)
    expect(next).toMatchObject({ weekStart: '2026-06-15', status: 'open', bandsWithWishes: 1 })
    const copied = (await api.myWishes(meiNow, next.id)).json().bands.find((band: { bandId: string }) => band.bandId === blueHour.id)
    expect(copied).toMatchObject({
      standing: true,
      fromStanding: true,
      wants: 2,
      updatedAt: null,
      wishes: [
        { rank: 1, roomName: 'Studio A', date: '2026-06-16', periodLabel: '6th' },
        { rank: 2, roomName: null, date: '2026-06-17', periodLabel: '5th' },
      ],
    })

    // Saved without the flag: the standing wish is gone, the next round starts empty.
    await api.saveWishes(meiNow, next.id, blueHour.id, { wishes: [wish(club.roomB, '2026-06-18', club.p5)], wants: 1 })
    t.clock.advance(7 * DAY)
    const later = await api.current(await again(mei))
    expect(later).toMatchObject({ weekStart: '2026-06-22', bandsWithWishes: 0 })
  })
})

describe('first-come booking during a round', () => {
  it('refuses a taking-part cell of next week, saying when wishes open and close; other rooms, periods and this week stay bookable', async () => {
    await api.current(ren)
    const held = await t.inject({ method: 'POST', url: '/api/bookings', headers: ren.headers, payload: { roomId: club.studioA.id, date: NEXT_TUE, periodId: club.p6.id, kind: 'personal' } })
    expectError(held, 409, 'SLOT_IN_ALLOCATION')
    expect(held.json().error.message).toBe(
      'Studio A in 6th period on Tue 9 Jun is given out by the allocation round for the week of 8–14 Jun 2026: list it as a wish between 00:00 on Mon 1 Jun and 20:00 on Thu 4 Jun; what no band receives opens for booking when the results are published.',
    )
    const check = await t.inject({ method: 'GET', url: `/api/bookings/check?roomId=${club.roomB.id}&date=${NEXT_WED}&periodId=${club.p5.id}&kind=personal`, headers: ren.headers })
    expect(check.json()).toMatchObject({ bookable: false, problems: [{ code: 'SLOT_IN_ALLOCATION' }] })

    for (const free of [
      { roomId: club.roomC.id, date: NEXT_TUE, periodId: club.p6.id },
      { roomId: club.studioA.id, date: NEXT_TUE, periodId: club.p1.id },
      { roomId: club.studioA.id, date: '2026-06-03', periodId: club.p6.id },
    ]) {
      const response = await t.inject({ method: 'POST', url: '/api/bookings', headers: ren.headers, payload: { ...free, kind: 'personal' } })
      expect(response.statusCode, response.body).toBe(201)
    }
    // An executive may still close a held cell.
    const closure = await t.inject({ method: 'POST', url: '/api/bookings', headers: executive.headers, payload: { roomId: club.studioA.id, date: NEXT_WED, periodId: club.p6.id, kind: 'block', reason: 'Repairs' } })
    expect(closure.statusCode, closure.body).toBe(201)
  })

  it('tells the week grid which cells wait for the round, and why', async () => {
    await api.current(ren)
    const next = await t.inject({ method: 'GET', url: `/api/room-schedule?week=${NEXT_MON}`, headers: ren.headers })
    expect(next.statusCode).toBe(200)
    expect(next.json().allocationHold).toEqual({
      roomIds: [club.studioA.id, club.roomB.id],
      periodIds: [club.p5.id, club.p6.id],
      message:
        'The rooms and periods marked for the allocation round are given out by the allocation round for the week of 8–14 Jun 2026: list them as wishes between 00:00 on Mon 1 Jun and 20:00 on Thu 4 Jun; what no band receives opens for booking when the results are published.',
    })
    const thisWeek = await t.inject({ method: 'GET', url: '/api/room-schedule', headers: ren.headers })
    expect(thisWeek.json().allocationHold).toBeNull()
  })

  it('opens every cell for first-come booking again when rounds are switched off', async () => {
    await api.current(ren)
    await t.services.settings.replace(defaultClubSettings, null)
    const response = await t.inject({ method: 'POST', url: '/api/bookings', headers: ren.headers, payload: { roomId: club.studioA.id, date: NEXT_TUE, periodId: club.p6.id, kind: 'personal' } })
    expect(response.statusCode, response.body).toBe(201)
  })

  it('holds the week after next too, before its round exists, when rounds are on', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/bookings', headers: ren.headers, payload: { roomId: club.studioA.id, date: '2026-06-15', periodId: club.p6.id, kind: 'personal' } })
    expectError(response, 409, 'SLOT_IN_ALLOCATION')
    expect(response.json().error.message).toContain('will be given out by the allocation round for the week of 15–21 Jun 2026')
  })
})

describe('who may call', () => {
  it('keeps visitors out and the executive endpoints to executives', async () => {
    const round = await api.current(ren)
    expect((await api.call(null, 'GET', allocationPaths.rounds)).statusCode).toBe(401)
    for (const response of [
      await api.allWishes(ren, round.id),
      await api.run(ren, round.id),
      await api.draft(ren, round.id),
      await api.publish(ren, round.id),
      await api.check(ren, round.id, { action: 'assign', cell: wish(club.studioA, NEXT_TUE, club.p6), bandId: null }),
      await api.change(ren, round.id, { action: 'assign', cell: wish(club.studioA, NEXT_TUE, club.p6), bandId: null }),
    ]) {
      expectError(response, 403, 'FORBIDDEN')
    }
    expect((await api.allWishes(executive, round.id)).statusCode).toBe(200)
    expectError(await api.draft(executive, round.id), 409, 'ROUND_NOT_DRAFT')
  })
})
