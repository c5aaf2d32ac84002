import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, eq, inArray, like } from 'drizzle-orm'
import { allocationOutcomes, allocationRounds, allocationWishes, bandMembers, blackouts, bookings, jobs, mailOutbox, notices, positionHolders, rooms } from '../../../server/src/db/schema'
import { buildApp, type BuiltApp } from '../../../server/src/app'
import { openDatabase } from '../../../server/src/db/client'
import { allocate, roundNodeBudget } from '../../../src/allocation/allocate'
import { checkAllocation } from '../../../src/allocation/rules'
import type { AllocationResult, AllocationSnapshot } from '../../../src/contract/allocation'
import { createTestApp, START, TEST_SECRET, type TestApp } from '../support/test-app'
import { createBand, createBooking } from '../support/factories'
import { CLOSES_AT, enableRounds, expectError, NEXT_TUE, NEXT_WED, roundApi, seedRoundClub, wish, type Caller } from './rounds-support'

/**
 * Running, the draft and publishing (issue 15, "Done when", server part): the closing-time run
 * exactly once with two processes and after a restart, run now, the hard rules, the
 * reproducibility of a stored run, hand changes refused with the rule in words, publishing into
 * bookings with points, notices and mail, results with reasons, and publishing racing
 * first-come booking.
 */
let t: TestApp
let club: Awaited<ReturnType<typeof seedRoundClub>>
let api: ReturnType<typeof roundApi>
let ren: Caller
let aiko: Caller
let kenta: Caller
let mei: Caller
let sora: Caller
let executive: Caller
let midnightTrain: { id: string }
let blueHour: { id: string }
let nightOwls: { id: string }

const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  await t.services.jobs.stop()
  api = roundApi(t)
  club = await seedRoundClub(t)
  ren = await t.as('member', { displayName: 'Ren' })
  aiko = await t.as('member', { displayName: 'Aiko' })
  kenta = await t.as('member', { displayName: 'Kenta' })
  mei = await t.as('member', { displayName: 'Mei' })
  sora = await t.as('member', { displayName: 'Sora' })
  executive = await t.as('executive', { displayName: 'Exec' })
  midnightTrain = await createBand(t.db, [{ userId: aiko.user.id }, { userId: kenta.user.id }], { name: 'Midnight Train' })
  blueHour = await createBand(t.db, [{ userId: ren.user.id }, { userId: mei.user.id }], { name: 'Blue Hour' })
  nightOwls = await createBand(t.db, [{ userId: ren.user.id }, { userId: sora.user.id }], { name: 'Night Owls' })
})
afterAll(() => t.close())

beforeEach(async () => {
  t.clock.current = new Date(START)
  await t.db.delete(allocationRounds)
  await t.db.delete(jobs).where(like(jobs.kind, 'allocation.%'))
  await t.db.delete(bookings)
  await t.db.delete(blackouts)
  await t.db.delete(notices)
  await t.db.delete(mailOutbox)
  await enableRounds(t, { roomIds: [club.studioA.id, club.roomB.id], periodIds: [club.p5.id, club.p6.id] })
})

async function again(who: Caller): Promise<Caller> {
  const { access_token } = await t.signIn(who.user.email, who.user.password)
  return { ...who, headers: { authorization: `Bearer ${access_token}` } }
}

/** Two published rounds in which Midnight Train asked for one period and got none: 0 → 4 → 6 priority points. */
async function midnightTrainMissedTwoWeeks() {
  let points = 0
  for (const weekStart of ['2026-05-25', '2026-05-18']) {
    const [round] = await t.db
      .insert(allocationRounds)
      .values({
        weekStart,
        opensAt: new Date(`${weekStart}T00:00:00Z`),
        closesAt: new Date(`${weekStart}T00:00:00Z`),
        status: 'published',
        roomIds: [club.studioA.id],
        periodIds: [club.p6.id],
        wishesPerBand: 5,
        periodsPerBand: 4,
        publishedAt: new Date(`${weekStart}T00:00:00Z`),
        assignments: [],
      })
      .returning()
    const before = points
    points = Math.floor(points / 2) + 4
    await t.db.insert(allocationOutcomes).values({ roundId: round!.id, bandId: midnightTrain.id, weekStart, asked: 1, received: 0, pointsBefore: before, pointsAfter: points })
  }
  // The older one was inserted second: fix the order of points (0 → 4 on the 18th, 4 → 6 on the 25th).
  await t.db.update(allocationOutcomes).set({ pointsBefore: 0, pointsAfter: 4 }).where(eq(allocationOutcomes.weekStart, '2026-05-18'))
  await t.db.update(allocationOutcomes).set({ pointsBefore: 4, pointsAfter: 6 }).where(eq(allocationOutcomes.weekStart, '2026-05-25'))
}

/**
 * The worked example of decision 020 on the real server: Midnight Train (Aiko, Kenta; missed
 * out two weeks running) wishes Studio A Tue 6th, then any room Wed 6th; Blue Hour (Ren, Mei)
 * Studio A Tue 6th, then Room B Tue 6th; Night Owls (Ren, Sora) Room B Tue 6th. Each wants one.
 */
async function workedExample() {
  await midnightTrainMissedTwoWeeks()
  const round = await api.current(ren)
  const save = async (who: Caller, bandId: string, wishes: ReturnType<typeof wish>[]) => {
    const response = await api.saveWishes(who, round.id, bandId, { wishes, wants: 1 })
    expect(response.statusCode, response.body).toBe(200)
  }
  await save(aiko, midnightTrain.id, [wish(club.studioA, NEXT_TUE, club.p6), wish(null, NEXT_WED, club.p6)])
  await save(mei, blueHour.id, [wish(club.studioA, NEXT_TUE, club.p6), wish(club.roomB, NEXT_TUE, club.p6)])
  await save(sora, nightOwls.id, [wish(club.roomB, NEXT_TUE, club.p6)])
  return round
}

/** Counts allocator runs on an app's worker pool. */
function countRuns(services: { workers: { run: (...args: never[]) => Promise<unknown> } }) {
  const counter = { runs: 0 }
  const original = services.workers.run.bind(services.workers)
  services.workers.run = ((...args: never[]) => {
    counter.runs += 1
    return original(...args)
  }) as typeof services.workers.run
  return counter
}

const roundRow = async (id: string) => (await t.db.select().from(allocationRounds).where(eq(allocationRounds.id, id)))[0]!
const cellsOf = (draft: { cells: Array<{ roomName: string; date: string; periodLabel: string; bandName: string; rank: number | null }> }) =>
  draft.cells.map((cell) => `${cell.bandName}: ${cell.roomName} ${cell.date} ${cell.periodLabel} (${cell.rank})`).sort()

describe('the run at the closing time', () => {
  it('runs exactly once with two server processes on one database racing for it', async () => {
    const round = await workedExample()
    // The second process: its own pool on PostgreSQL (a second process would have one), the same clock.
    const otherDatabase = t.database.url ? await openDatabase({ url: t.database.url, dataDir: 'unused' }) : null
    const other: BuiltApp = await buildApp({ database: otherDatabase ?? t.database, jwtSecret: TEST_SECRET, clock: t.clock.now })
    try {
      await other.app.ready()
      const here = countRuns(t.services)
      const there = countRuns(other.services)
      expect(await t.services.jobs.runDue()).toBe(0)
      expect((await roundRow(round.id)).status).toBe('collecting')

      t.clock.current = new Date(CLOSES_AT)
      await Promise.all([t.services.jobs.runDue(), other.services.jobs.runDue(), t.services.rounds.run(round.id, { manual: false }), other.services.rounds.run(round.id, { manual: false })])
      await Promise.all([t.services.jobs.runDue(), other.services.jobs.runDue()])
      expect(here.runs + there.runs).toBe(1)
      const stored = await roundRow(round.id)
      expect(stored).toMatchObject({ status: 'draft', runToken: null })
      expect(stored.ranAt).not.toBeNull()
      // A job that met the round running elsewhere tries again after its backoff, and finds it done.
      t.clock.advance(60_000)
      await Promise.all([t.services.jobs.runDue(), other.services.jobs.runDue()])
      expect(here.runs + there.runs).toBe(1)
      const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'allocation.run'))
      expect(job).toMatchObject({ failedAt: null })
      expect(job!.doneAt).not.toBeNull()
      // The next round is made when its wishes open.
      const [open] = await t.db.select().from(jobs).where(eq(jobs.kind, 'allocation.open'))
      expect(open!.runAt).toEqual(new Date('2026-06-07T15:00:00Z'))
    } finally {
      await other.app.close()
      await otherDatabase?.close()
    }
  })

  it('runs once after a restart past the closing time, as soon as the new process is ready', async () => {
    const round = await workedExample()
    // The process that made the round stops before the closing time (its runner is already
    // stopped); the next one starts a day after it.
    t.clock.current = new Date(CLOSES_AT.getTime() + DAY)
    const next = await buildApp({ database: t.database, jwtSecret: TEST_SECRET, clock: t.clock.now })
    const counter = countRuns(next.services)
    try {
      await next.app.ready()
      for (let tries = 0; tries < 200 && (await roundRow(round.id)).status !== 'draft'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50))
      await next.services.jobs.runDue()
      expect((await roundRow(round.id)).status).toBe('draft')
      expect(counter.runs).toBe(1)
      expect(await next.services.jobs.runDue()).toBe(0)
      expect(counter.runs).toBe(1)
    } finally {
      await next.app.close()
    }
  })
})

describe('a run whose process died', () => {
  it('is retried by the job until it can be taken over, then runs once', async () => {
    const round = await workedExample()
    const counter = countRuns(t.services)
    // A process claimed the run at the closing time and died before storing a result.
    t.clock.current = new Date(CLOSES_AT)
    await t.db.update(allocationRounds).set({ status: 'running', runToken: crypto.randomUUID(), runStartedAt: t.clock.now() }).where(eq(allocationRounds.id, round.id))
    await t.services.jobs.runDue()
    expect(counter.runs).toBe(0)
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'allocation.run'))
    expect(job).toMatchObject({ attempts: 1, doneAt: null, lastError: 'the round is being run by another process; trying again later' })
    expectError(await api.run(await again(executive), round.id), 409, 'ROUND_RUNNING')

    // Three minutes on, the job's next try takes the dead run over.
    t.clock.advance(3 * 60_000)
    await t.services.jobs.runDue()
    expect(counter.runs).toBe(1)
    expect((await roundRow(round.id)).status).toBe('draft')
    await t.services.jobs.runDue()
    expect(counter.runs).toBe(1)
  })
})

describe('running and the draft', () => {
  it('runs now for an executive, closing the wishes: the worked example of decision 020, with figures, fairness and reasons in words', async () => {
    const round = await workedExample()
    const response = await api.run(executive, round.id)
    expect(response.statusCode, response.body).toBe(200)
    const draft = response.json()
    expect(cellsOf(draft)).toEqual(['Midnight Train: Studio A 2026-06-09 6th (1)', 'Night Owls: Room B 2026-06-09 6th (1)'])
    expect(draft).toMatchObject({
      status: 'draft',
      editedByHand: false,
      provenOptimal: true,
      figures: { bandsWithWishes: 3, bandsServed: 2, firstWishesMet: 2, periodsAsked: 3, periodsGiven: 2, cellsLeft: 26 },
      breaks: [],
    })
    const band = (name: string) => draft.bands.find((item: { bandName: string }) => item.bandName === name)
    expect(band('Midnight Train')).toMatchObject({ pointsBefore: 6, pointsAfter: 3, received: 1, termRounds: 2, termRoundsWithNothing: 2, termPeriods: 0 })
    expect(band('Blue Hour')).toMatchObject({ pointsBefore: 0, pointsAfter: 4, received: 0, firstWishMet: false })
    expect(band('Blue Hour').unmet.map((item: { rank: number; reason: string }) => [item.rank, item.reason])).toEqual([
      [1, 'Ren is in Room B at that time with Night Owls.'],
      [2, 'Ren is in Room B at that time with Night Owls.'],
    ])
    expect(band('Night Owls')).toMatchObject({ pointsBefore: 0, pointsAfter: 0, received: 1, firstWishMet: true, unmet: [] })

    // The wishes closed when it ran.
    expectError(await api.saveWishes(ren, round.id, blueHour.id, { wishes: [wish(club.roomB, NEXT_WED, club.p5)], wants: 1 }), 409, 'ROUND_NOT_OPEN')
    expect((await api.current(ren)).status).toBe('draft')
  })

  it('stores seed, snapshot and result: the snapshot gives the same result again, and the same seed gives the same draft', async () => {
    const round = await workedExample()
    await api.run(executive, round.id, { seed: 42 })
    const stored = await roundRow(round.id)
    expect(stored.seed).toBe(42)
    const snapshot = stored.snapshot as AllocationSnapshot
    expect(snapshot.seed).toBe(42)
    expect(allocate({ ...snapshot, nodeBudget: roundNodeBudget(snapshot) })).toEqual(stored.result)
    expect(checkAllocation(snapshot, (stored.result as AllocationResult).assignments)).toEqual([])

    const rerun = await api.run(executive, round.id, { seed: 42 })
    expect(rerun.statusCode).toBe(200)
    expect((await roundRow(round.id)).result).toEqual(stored.result)
  })

  it('keeps every hard rule: existing bookings of members, closed rooms, one band per cell, one place per person, the band’s limit', async () => {
    await enableRounds(t, { roomIds: [club.studioA.id, club.roomB.id], periodIds: [club.p5.id, club.p6.id], periodsPerBand: 1 })
    const round = await api.current(ren)
    // Aiko practises alone in Room C on Tuesday 6th; Studio A is closed on Wednesday.
    await createBooking(t.db, { room: club.roomC, period: club.p6, date: NEXT_TUE, userId: aiko.user.id, kind: 'personal' })
    await t.db.insert(blackouts).values({ startsOn: NEXT_WED, endsOn: NEXT_WED, roomIds: [club.studioA.id], reason: 'Open Campus' })
    const save = (who: Caller, bandId: string, wishes: ReturnType<typeof wish>[], wants: number) => api.saveWishes(who, round.id, bandId, { wishes, wants })
    expect((await save(aiko, midnightTrain.id, [wish(club.studioA, NEXT_TUE, club.p6), wish(null, NEXT_WED, club.p6)], 1)).statusCode).toBe(200)
    expect((await save(mei, blueHour.id, [wish(null, NEXT_WED, club.p6), wish(club.roomB, NEXT_TUE, club.p5), wish(club.studioA, NEXT_TUE, club.p5)], 1)).statusCode).toBe(200)
    expect((await save(sora, nightOwls.id, [wish(null, NEXT_WED, club.p6)], 1)).statusCode).toBe(200)
    // Room B goes out of use after the wishes were listed.
    await t.db.insert(blackouts).values({ startsOn: NEXT_TUE, endsOn: NEXT_TUE, roomIds: [club.roomB.id], reason: 'Flooded' })

    const draft = (await api.run(executive, round.id)).json()
    const stored = await roundRow(round.id)
    expect(checkAllocation(stored.snapshot as AllocationSnapshot, stored.assignments!)).toEqual([])
    // Wednesday 6th has one free room (Room B) and three bands asking; Ren plays in two of them.
    const byBand = (name: string) => draft.bands.find((item: { bandName: string }) => item.bandName === name)
    expect(byBand('Midnight Train').unmet[0].reason).toBe('Aiko is already in Room C at that time with personal practice.')
    const wednesday = draft.cells.filter((cell: { date: string; periodLabel: string }) => cell.date === NEXT_WED && cell.periodLabel === '6th')
    expect(wednesday).toHaveLength(1)
    expect(wednesday[0].roomName).toBe('Room B')
    expect(['Midnight Train', 'Night Owls']).toContain(wednesday[0].bandName)
    const loser = wednesday[0].bandName === 'Midnight Train' ? 'Night Owls' : 'Midnight Train'
    expect(byBand(loser).unmet.at(-1).reason).toMatch(new RegExp(`^Every room at Wed 6th period is taken; Room B, Wed 6th period went to ${wednesday[0].bandName} \\(`))
    expect(draft.cells.every((cell: { roomName: string; date: string }) => !(cell.roomName === 'Studio A' && cell.date === NEXT_WED))).toBe(true)
    expect(draft.cells.every((cell: { roomName: string; date: string }) => !(cell.roomName === 'Room B' && cell.date === NEXT_TUE))).toBe(true)
    // Each band at most its limit of 1: Blue Hour gets its third wish, having listed more.
    expect(draft.bands.map((band: { received: number }) => band.received).sort()).toEqual([0, 1, 1])
    expect(draft.cells.filter((cell: { bandName: string }) => cell.bandName === 'Blue Hour')).toEqual([expect.objectContaining({ roomName: 'Studio A', date: NEXT_TUE, periodLabel: '5th', rank: 3 })])
    expect(byBand('Blue Hour').unmet[0].reason).toMatch(/^(Ren is in Room B at that time with Night Owls\.|You received the period you asked for\.)$/)
    // Its second wish, Room B at the same time, says why it was lost (not only what came instead).
    expect(byBand('Blue Hour').unmet.map((item: { reason: string }) => item.reason)).toContain('Room B, Tue 5th period cannot be given out: closed: Flooded.')
    // Room B on Tuesday was closed after the wishes were listed: nobody got it.
    expect((await api.round(executive, round.id)).json().closedCells).toEqual(expect.arrayContaining([expect.objectContaining({ roomId: club.roomB.id, date: NEXT_TUE, reason: 'Closed: Flooded' })]))
  })

  it('refuses a hand change that breaks a hard rule with the rule in words, and makes one that keeps them', async () => {
    const round = await workedExample()
    await api.run(executive, round.id)
    const giveStudioToBlueHour = { action: 'assign', cell: wish(club.studioA, NEXT_TUE, club.p6), bandId: blueHour.id }
    const check = await api.check(executive, round.id, giveStudioToBlueHour)
    expect(check.statusCode, check.body).toBe(200)
    expect(check.json().allowed).toBe(false)
    expect(check.json().breaks[0]).toMatchObject({ rule: 'person-twice', message: expect.stringContaining('Ren would be in') })
    const refused = await api.change(executive, round.id, giveStudioToBlueHour)
    expectError(refused, 409, 'ALLOCATION_RULE_BROKEN')
    expect(refused.json().error.message).toMatch(/^This change would break the club’s rules: Ren would be in/)
    expect((await roundRow(round.id)).editedByHand).toBe(false)

    expectError(await api.change(executive, round.id, { action: 'move', from: wish(club.roomB, NEXT_WED, club.p5), to: wish(club.studioA, NEXT_WED, club.p5) }), 400, 'VALIDATION_FAILED')
    expectError(await api.change(executive, round.id, { action: 'jump' }), 400, 'VALIDATION_FAILED')

    const swap = await api.change(executive, round.id, { action: 'swap', a: wish(club.studioA, NEXT_TUE, club.p6), b: wish(club.roomB, NEXT_TUE, club.p6) })
    expect(swap.statusCode, swap.body).toBe(200)
    const draft = swap.json()
    expect(draft.editedByHand).toBe(true)
    expect(cellsOf(draft)).toEqual(['Midnight Train: Room B 2026-06-09 6th (null)', 'Night Owls: Studio A 2026-06-09 6th (null)'])
    const nightOwlsNow = draft.bands.find((band: { bandName: string }) => band.bandName === 'Night Owls')
    expect(nightOwlsNow.unmet).toEqual([expect.objectContaining({ rank: 1, reason: 'You received Studio A at that time instead (given by the club’s executives).' })])
    expect((await api.draft(executive, round.id)).json().cells).toEqual(draft.cells)
  })
})

describe('publishing', () => {
  it('turns the draft into bookings, updates the points, tells each band’s members in the app and by mail, and opens the rest', async () => {
    const round = await workedExample()
    await api.run(executive, round.id)
    const before = await api.myResults(ren, round.id)
    expect(before.json()).toMatchObject({ status: 'draft', bands: null })

    const response = await api.publish(executive, round.id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ status: 'published', bandsServed: 2 })
    expectError(await api.publish(executive, round.id), 409, 'ROUND_PUBLISHED')
    expectError(await api.run(executive, round.id), 409, 'ROUND_PUBLISHED')

    const made = await t.db.select().from(bookings).where(eq(bookings.source, 'allocation'))
    expect(made.map((row) => [row.bandId, row.roomId, row.date, row.periodId, row.kind, row.status]).sort()).toEqual(
      [
        [midnightTrain.id, club.studioA.id, NEXT_TUE, club.p6.id, 'band', 'active'],
        [nightOwls.id, club.roomB.id, NEXT_TUE, club.p6.id, 'band', 'active'],
      ].sort(),
    )
    const points = await t.db.select().from(allocationOutcomes).where(eq(allocationOutcomes.roundId, round.id))
    expect(Object.fromEntries(points.map((row) => [row.bandId, [row.asked, row.received, row.pointsBefore, row.pointsAfter]]))).toEqual({
      [midnightTrain.id]: [1, 1, 6, 3],
      [blueHour.id]: [1, 0, 0, 4],
      [nightOwls.id]: [1, 1, 0, 0],
    })

    const told = await t.db.select().from(notices).where(eq(notices.kind, 'allocation-result'))
    expect(told.map((row) => row.userId).sort()).toEqual([aiko, kenta, ren, ren, mei, sora].map((who) => who.user.id).sort())
    const renBlue = told.find((row) => row.userId === ren.user.id && row.title.startsWith('Blue Hour'))!
    expect(renBlue).toMatchObject({ title: 'Blue Hour: no room in the allocation for the week of 8–14 Jun 2026', link: '/room-allocation-list' })
    expect(renBlue.body).toContain('2 wishes not met:\nWish 1 (Studio A, Tue 9 Jun, 6th period): Ren is in Room B at that time with Night Owls.')
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'allocation-result'))
    expect(mails).toHaveLength(6)
    expect(mails.find((mail) => mail.to === aiko.user.email)!.subject).toBe('Midnight Train: 1 period in the allocation for the week of 8–14 Jun 2026')

    const results = await api.myResults(mei, round.id)
    expect(results.statusCode).toBe(200)
    expect(results.json().bands).toEqual([
      expect.objectContaining({ bandName: 'Blue Hour', asked: 1, received: 0, pointsBefore: 0, pointsAfter: 4, periods: [], unmet: [expect.objectContaining({ rank: 1, reason: 'Ren is in Room B at that time with Night Owls.' }), expect.objectContaining({ rank: 2 })] }),
    ])
    const aikoResults = (await api.myResults(aiko, round.id)).json().bands
    expect(aikoResults).toEqual([expect.objectContaining({ bandName: 'Midnight Train', received: 1, periods: [expect.objectContaining({ roomName: 'Studio A', date: NEXT_TUE, periodLabel: '6th', rank: 1 })] })])

    // What the round gave out is taken; what it did not opens for first-come booking.
    const taken = await t.inject({ method: 'POST', url: '/api/bookings', headers: ren.headers, payload: { roomId: club.studioA.id, date: NEXT_TUE, periodId: club.p6.id, kind: 'personal' } })
    expectError(taken, 409, 'SLOT_TAKEN')
    const open = await t.inject({ method: 'POST', url: '/api/bookings', headers: mei.headers, payload: { roomId: club.studioA.id, date: NEXT_WED, periodId: club.p6.id, kind: 'band', bandId: blueHour.id } })
    expect(open.statusCode, open.body).toBe(201)
  })

  it('never holds a cell twice nor puts a person in two places when publishing races first-come bookings', async () => {
    const round = await workedExample()
    await api.run(executive, round.id)
    // After the run, while the draft waits, people book what they may: the non-taking-part Room C at the same times.
    const attempts = [
      () => api.publish(executive, round.id),
      () => t.inject({ method: 'POST', url: '/api/bookings', headers: ren.headers, payload: { roomId: club.roomC.id, date: NEXT_TUE, periodId: club.p6.id, kind: 'personal' } }),
      () => t.inject({ method: 'POST', url: '/api/bookings', headers: aiko.headers, payload: { roomId: club.roomC.id, date: NEXT_TUE, periodId: club.p6.id, kind: 'personal' } }),
      () => t.inject({ method: 'POST', url: '/api/bookings', headers: kenta.headers, payload: { roomId: club.studioA.id, date: NEXT_TUE, periodId: club.p6.id, kind: 'personal' } }),
      () => t.inject({ method: 'POST', url: '/api/bookings', headers: sora.headers, payload: { roomId: club.roomB.id, date: NEXT_TUE, periodId: club.p6.id, kind: 'personal' } }),
      () => t.inject({ method: 'POST', url: '/api/bookings', headers: mei.headers, payload: { roomId: club.studioA.id, date: NEXT_TUE, periodId: club.p6.id, kind: 'band', bandId: blueHour.id } }),
    ]
    const answers = await Promise.all(attempts.map((attempt) => attempt()))
    for (const answer of answers) expect([200, 201, 409], answer.body).toContain(answer.statusCode)

    const active = await t.db.select().from(bookings).where(and(eq(bookings.status, 'active'), eq(bookings.date, NEXT_TUE), eq(bookings.periodId, club.p6.id)))
    const cells = active.map((row) => row.roomId)
    expect(new Set(cells).size).toBe(cells.length)
    const people: string[] = []
    const bandIds = active.flatMap((row) => (row.bandId ? [row.bandId] : []))
    const members = bandIds.length > 0 ? await t.db.select().from(bandMembers).where(inArray(bandMembers.bandId, bandIds)) : []
    for (const row of active) {
      if (row.kind === 'personal') people.push(row.userId!)
      else people.push(...members.filter((member) => member.bandId === row.bandId).map((member) => member.userId))
    }
    expect(new Set(people).size).toBe(people.length)

    const published = answers[0]!.statusCode === 200
    const status = (await roundRow(round.id)).status
    expect(status).toBe(published ? 'published' : 'draft')
    if (!published) {
      // Someone of the draft booked first: publishing said so and changed nothing.
      expectError(answers[0]!, 409, 'ALLOCATION_RULE_BROKEN')
      expect(await t.db.select().from(bookings).where(eq(bookings.source, 'allocation'))).toEqual([])
      expect(await t.db.select().from(allocationOutcomes).where(eq(allocationOutcomes.roundId, round.id))).toEqual([])
    } else {
      expect(await t.db.select().from(bookings).where(eq(bookings.source, 'allocation'))).toHaveLength(2)
    }
  })

  it('refuses to publish a draft that a booking made since breaks, naming who, and publishes once it is fixed', async () => {
    const round = await workedExample()
    await api.run(executive, round.id)
    // Sora (Night Owls, Room B Tue 6th) booked personal practice in Room C at that time after the run.
    await createBooking(t.db, { room: club.roomC, period: club.p6, date: NEXT_TUE, userId: sora.user.id, kind: 'personal' })
    expect((await api.draft(executive, round.id)).json().breaks).toEqual([expect.objectContaining({ rule: 'person-twice', bandId: nightOwls.id })])
    const refused = await api.publish(executive, round.id)
    expectError(refused, 409, 'ALLOCATION_RULE_BROKEN')
    expect(refused.json().error.message).toContain('Sora')
    expect(await t.db.select().from(bookings).where(eq(bookings.source, 'allocation'))).toEqual([])

    const freed = await api.change(executive, round.id, { action: 'assign', cell: wish(club.roomB, NEXT_TUE, club.p6), bandId: null })
    expect(freed.statusCode, freed.body).toBe(200)
    expect(freed.json().breaks).toEqual([])
    expect((await api.publish(executive, round.id)).statusCode).toBe(200)
    expect(await t.db.select().from(bookings).where(eq(bookings.source, 'allocation'))).toHaveLength(1)
  })
})

describe('wishes racing the run', () => {
  it('puts every wish saved before the run in its snapshot, and refuses every later one', async () => {
    const round = await api.current(ren)
    const players: Array<{ who: Caller; bandId: string }> = []
    for (let index = 0; index < 8; index += 1) {
      const who = await t.as('member')
      players.push({ who, bandId: (await createBand(t.db, [{ userId: who.user.id }])).id })
    }
    const saves = players.map(({ who, bandId }, index) => () => api.saveWishes(who, round.id, bandId, { wishes: [wish(index % 2 ? club.studioA : club.roomB, NEXT_WED, index % 3 ? club.p5 : club.p6)], wants: 1 }))
    const answers = await Promise.all([...saves.slice(0, 4).map((save) => save()), api.run(executive, round.id), ...saves.slice(4).map((save) => save())])
    const run = answers[4]!
    expect(run.statusCode, run.body).toBe(200)
    const snapshot = (await roundRow(round.id)).snapshot as AllocationSnapshot
    const inSnapshot = new Set(snapshot.bands.map((band) => band.id))
    players.forEach(({ bandId }, index) => {
      const answer = answers[index < 4 ? index : index + 1]!
      if (answer.statusCode === 200) expect(inSnapshot.has(bandId), `band ${index}`).toBe(true)
      else {
        expectError(answer, 409, 'ROUND_NOT_OPEN')
        expect(inSnapshot.has(bandId), `band ${index}`).toBe(false)
      }
    })
    const stored = await t.db.select({ bandId: allocationWishes.bandId }).from(allocationWishes).where(eq(allocationWishes.roundId, round.id))
    expect(stored.map((row) => row.bandId).sort()).toEqual([...inSnapshot].sort())
  })
})

describe('rooms out of use', () => {
  it('gives out no cell of a room made inactive after the wishes, and says why; an admin may run and publish too', async () => {
    const round = await api.current(ren)
    expect((await api.saveWishes(mei, round.id, blueHour.id, { wishes: [wish(club.roomB, NEXT_TUE, club.p6), wish(club.studioA, NEXT_WED, club.p6)], wants: 2 })).statusCode).toBe(200)
    await t.db.update(rooms).set({ active: false }).where(eq(rooms.id, club.roomB.id))
    try {
      const admin = await t.as('admin')
      const run = await api.run(admin, round.id)
      expect(run.statusCode, run.body).toBe(200)
      expect(cellsOf(run.json())).toEqual(['Blue Hour: Studio A 2026-06-10 6th (2)'])
      expect(run.json().bands[0].unmet).toEqual([expect.objectContaining({ rank: 1, reason: 'Room B, Tue 6th period cannot be given out: the room is out of use.' })])
      expect((await api.publish(admin, round.id)).statusCode).toBe(200)
    } finally {
      await t.db.update(rooms).set({ active: true }).where(eq(rooms.id, club.roomB.id))
    }
  })
})

describe('rounds with nothing to give', () => {
  it('runs and publishes a round without wishes', async () => {
    const round = await api.current(ren)
    const draft = await api.run(executive, round.id)
    expect(draft.statusCode, draft.body).toBe(200)
    expect(draft.json().figures).toMatchObject({ bandsWithWishes: 0, bandsServed: 0, periodsGiven: 0 })
    expect((await api.publish(executive, round.id)).statusCode).toBe(200)
    expect(await t.db.select().from(allocationWishes).where(eq(allocationWishes.roundId, round.id))).toEqual([])
    const renNow = await again(ren)
    expect((await api.myResults(renNow, round.id)).json()).toMatchObject({ status: 'published', bands: [] })
  })
})

describe('the result notices (issue 33)', () => {
  it('count as not met only the wishes the band lost, and say the others were not needed', async () => {
    const round = await workedExample()
    await api.run(executive, round.id)
    expect((await api.publish(executive, round.id)).statusCode).toBe(200)
    const told = await t.db.select().from(notices).where(eq(notices.kind, 'allocation-result'))
    // Midnight Train wanted one period and received its first wish: its second was not needed, not lost.
    const aikoTold = told.find((row) => row.userId === aiko.user.id)!
    expect(aikoTold.title).toBe('Midnight Train: 1 period in the allocation for the week of 8–14 Jun 2026')
    expect(aikoTold.body).toBe('Studio A, Tue 9 Jun, 6th period\n\nWish 2 (any room, Wed 10 Jun, 6th period) was not needed: you received the period you asked for.')
    // Blue Hour received nothing: both its wishes were lost, and the count says so.
    const meiTold = told.find((row) => row.userId === mei.user.id)!
    expect(meiTold.body).toMatch(/^2 wishes not met:\nWish 1 \(Studio A, Tue 9 Jun, 6th period\): Ren is in Room B at that time with Night Owls\.\nWish 2 \(Room B, Tue 9 Jun, 6th period\): .+\.$/)
  })
})

describe('whose the published bookings are (issue 33)', () => {
  it('books the cells for the bands, not for the executive who published: only the bands see them, and cancel rights follow membership and office', async () => {
    const publisher = await t.as('executive', { displayName: 'Publisher' })
    const round = await workedExample()
    expect((await api.run(publisher, round.id)).statusCode).toBe(200)
    expect((await api.publish(publisher, round.id)).statusCode).toBe(200)
    const made = await t.db.select().from(bookings).where(eq(bookings.source, 'allocation'))
    expect(made).toHaveLength(2)
    const midnight = made.find((row) => row.bandId === midnightTrain.id)!
    const owls = made.find((row) => row.bandId === nightOwls.id)!

    // The publisher's own lists, dashboard and calendar hold none of the bands' practice.
    const get = (who: Caller, url: string) => t.inject({ method: 'GET', url, headers: who.headers })
    expect((await get(publisher, '/api/bookings?when=upcoming')).json()).toMatchObject({ items: [], total: 0 })
    expect((await get(publisher, '/api/dashboard')).json().bookings).toEqual([])
    const feedOf = async (who: Caller) => {
      const made = await t.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: who.headers })
      const ics = await t.inject({ method: 'GET', url: new URL(made.json().feed.url).pathname })
      expect(ics.statusCode).toBe(200)
      return ics.body
    }
    expect(await feedOf(publisher)).not.toContain('BEGIN:VEVENT')
    expect(await feedOf(aiko)).toContain('BEGIN:VEVENT')

    // The band's members see it as the band's, and may cancel it.
    const aikoList = (await get(aiko, '/api/bookings?when=upcoming')).json().items
    expect(aikoList).toEqual([expect.objectContaining({ id: midnight.id, band: { id: midnightTrain.id, name: 'Midnight Train' }, bookedBy: { id: null, displayName: 'Midnight Train' }, source: 'allocation', canCancel: true })])
    expect(JSON.stringify(aikoList)).not.toContain('Publisher')
    expect((await get(aiko, '/api/dashboard')).json().bookings).toEqual([expect.objectContaining({ id: midnight.id, band: expect.objectContaining({ name: 'Midnight Train' }) })])

    // Out of office, the publisher is nobody to these bookings; a member of another band neither.
    await t.db.delete(positionHolders).where(eq(positionHolders.userId, publisher.user.id))
    const former = await again(publisher)
    expect((await get(former, '/api/bookings?when=upcoming&scope=mine')).json().items).toEqual([])
    expectError(await t.inject({ method: 'POST', url: `/api/bookings/${midnight.id}/cancel`, headers: former.headers, payload: {} }), 403, 'NOT_YOUR_BOOKING')
    expectError(await t.inject({ method: 'POST', url: `/api/bookings/${midnight.id}/cancel`, headers: mei.headers, payload: {} }), 403, 'NOT_YOUR_BOOKING')
    expect((await t.db.select().from(bookings).where(eq(bookings.id, midnight.id)))[0]!.status).toBe('active')

    // A member of the band and a current executive may.
    const byMember = await t.inject({ method: 'POST', url: `/api/bookings/${midnight.id}/cancel`, headers: kenta.headers, payload: {} })
    expect(byMember.statusCode, byMember.body).toBe(200)
    expect(byMember.json()).toMatchObject({ status: 'cancelled', bookedBy: { id: null, displayName: 'Midnight Train' } })
    const byExecutive = await t.inject({ method: 'POST', url: `/api/bookings/${owls.id}/cancel`, headers: executive.headers, payload: {} })
    expect(byExecutive.statusCode, byExecutive.body).toBe(200)
    // Stored without a booker: the round is their author.
    expect((await t.db.select().from(bookings).where(eq(bookings.source, 'allocation'))).map((row) => row.userId)).toEqual([null, null])
  })
})
