import { eq } from 'drizzle-orm'
import type { AllocationSnapshot } from '../../../src/contract/allocation'
import { addDays, weekStartOf, todayIn, type IsoDate } from '../../../src/contract/calendar'
import type { ClubSettings } from '../../../src/contract/settings'
import { allocate, roundNodeBudget } from '../../../src/allocation/allocate'
import { nextPoints } from '../../../src/allocation/rules'
import { allocationOutcomes, allocationRounds, allocationStandingWishes, allocationWishes, bookings, type StoredWish } from '../db/schema'
import type { Executor } from '../db/transaction'
import { enqueue, JOB_DEFAULTS } from '../jobs/job-runner'
import { buildSnapshot } from '../allocation/round-data'
import { ALLOCATION_RUN_JOB } from '../allocation/rounds.service'
import { roundTimes } from '../allocation/round-times'
import { slotTimes } from '../bookings/booking-rules'
import type { Random } from './random'

type DemoBand = { id: string; name: string; status: string; memberIds: string[] }

/**
 * The demo's allocation rounds (issue 15): three published rounds (two weeks ago, last week,
 * this week), run by the real allocator on wishes drawn at random, with their bookings and
 * priority points; and next week's round open for wishes, with wishes from most bands (two of
 * them standing wishes) and its run queued at the closing time. The round stays open for at
 * least two more hours, whatever the weekday the demo is loaded on.
 */
export async function addDemoAllocation(
  db: Executor,
  random: Random,
  options: { now: Date; club: ClubSettings; bands: DemoBand[]; rooms: Array<{ id: string; name: string }>; periods: Array<{ id: string; label: string; startsAt: string; endsAt: string }>; publisherId: string },
) {
  const { now, club } = options
  const active = options.bands.filter((band) => band.status === 'active' && band.memberIds.length > 0)
  const roomIds = club.allocation.roomIds
  const periodIds = club.allocation.periodIds
  const periodsPerBand = club.allocation.periodsPerBand ?? club.booking.bandPeriodsPerWeek
  const thisWeek = weekStartOf(todayIn(now, club.timeZone))
  const periodById = new Map(options.periods.map((period) => [period.id, period]))

  /** 2–5 wishes for taking-part cells of the week, evenings of weekdays mostly; a third "any room". */
  function wishesFor(weekStart: IsoDate): StoredWish[] {
    const wishes: StoredWish[] = []
    const count = random.int(2, Math.min(5, club.allocation.wishesPerBand))
    for (let tries = 0; wishes.length < count && tries < 30; tries++) {
      const date = addDays(weekStart, random.chance(0.8) ? random.int(0, 4) : random.int(5, 6))
      const candidate = { roomId: random.chance(0.35) ? null : random.pick(roomIds), date, periodId: random.pick(periodIds) }
      if (!wishes.some((wish) => wish.roomId === candidate.roomId && wish.date === candidate.date && wish.periodId === candidate.periodId)) wishes.push(candidate)
    }
    return wishes
  }

  async function makeRound(weekStart: IsoDate) {
    const times = roundTimes(weekStart, club)
    const [round] = await db
      .insert(allocationRounds)
      .values({ weekStart, ...times, roomIds, periodIds, wishesPerBand: club.allocation.wishesPerBand, periodsPerBand, createdAt: times.opensAt, updatedAt: times.opensAt })
      .returning()
    return round!
  }

  const rounds: Array<{ weekStart: IsoDate; status: string; bands: number; served: number }> = []
  for (const weekStart of [addDays(thisWeek, -14), addDays(thisWeek, -7), thisWeek]) {
    const round = await makeRound(weekStart)
    const taking = active.filter(() => random.chance(0.8))
    await db.insert(allocationWishes).values(
      taking.map((band) => ({ roundId: round.id, bandId: band.id, wishes: wishesFor(weekStart), wants: random.int(1, 2), updatedAt: round.opensAt, updatedBy: band.memberIds[0]! })),
    )
    const seed = random.int(0, 2 ** 31)
    const snapshot: AllocationSnapshot = await buildSnapshot(db, round, seed)
    const result = allocate({ ...snapshot, nodeBudget: roundNodeBudget(snapshot) })
    const ranAt = round.closesAt
    const publishedAt = new Date(ranAt.getTime() + 2 * 60 * 60 * 1000)
    if (result.assignments.length > 0) {
      await db.insert(bookings).values(
        result.assignments.map((item) => {
          const period = periodById.get(item.periodId)!
          return {
            roomId: item.roomId,
            date: item.date,
            periodId: item.periodId,
            periodLabel: period.label,
            startsAt: period.startsAt,
            endsAt: period.endsAt,
            ...slotTimes(item.date, period, club.timeZone),
            kind: 'band' as const,
            bandId: item.bandId,
            userId: null,
            source: 'allocation' as const,
            createdAt: publishedAt,
            updatedAt: publishedAt,
          }
        }),
      )
    }
    if (snapshot.bands.length > 0) {
      await db.insert(allocationOutcomes).values(
        snapshot.bands.map((band) => {
          const outcome = result.bands.find((item) => item.bandId === band.id)!
          return {
            roundId: round.id,
            bandId: band.id,
            weekStart,
            asked: outcome.asked,
            received: outcome.received,
            pointsBefore: band.points,
            pointsAfter: nextPoints(band.points, outcome.asked, outcome.received),
            createdAt: publishedAt,
          }
        }),
      )
    }
    await db
      .update(allocationRounds)
      .set({
        status: 'published',
        seed,
        snapshot,
        result,
        assignments: result.assignments.map(({ rank: _, ...item }) => item),
        ranAt,
        publishedAt,
        publishedBy: options.publisherId,
        updatedAt: publishedAt,
      })
      .where(eq(allocationRounds.id, round.id))
    rounds.push({ weekStart, status: 'published', bands: snapshot.bands.length, served: result.objective.served })
  }

  // Next week's round, open now: wishes from most bands; the first two keep theirs as standing wishes.
  const nextWeek = addDays(thisWeek, 7)
  const open = await makeRound(nextWeek)
  const closesAt = new Date(Math.max(open.closesAt.getTime(), now.getTime() + 2 * 60 * 60 * 1000))
  const opensAt = new Date(Math.min(open.opensAt.getTime(), now.getTime()))
  await db.update(allocationRounds).set({ opensAt, closesAt }).where(eq(allocationRounds.id, open.id))
  const taking = active.filter((_, index) => index < 2 || random.chance(0.8))
  const closed = new Set(
    (await db.select({ roomId: bookings.roomId, date: bookings.date, periodId: bookings.periodId }).from(bookings).where(eq(bookings.status, 'active'))).map(
      (row) => `${row.roomId}|${row.date}|${row.periodId}`,
    ),
  )
  const wishRows = taking.map((band) => ({
    roundId: open.id,
    bandId: band.id,
    wishes: wishesFor(nextWeek).filter((wish) => wish.roomId === null || !closed.has(`${wish.roomId}|${wish.date}|${wish.periodId}`)),
    wants: random.int(1, 2),
    updatedAt: now,
    updatedBy: band.memberIds[0]!,
  }))
  await db.insert(allocationWishes).values(wishRows)
  await db.insert(allocationStandingWishes).values(
    wishRows.slice(0, 2).map((row) => ({
      bandId: row.bandId,
      wishes: row.wishes.map((wish) => ({ roomId: wish.roomId, weekday: ((new Date(`${wish.date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1, periodId: wish.periodId })),
      wants: row.wants,
      updatedAt: now,
      updatedBy: row.updatedBy,
    })),
  )
  await enqueue(db, { kind: ALLOCATION_RUN_JOB, payload: { roundId: open.id }, runAt: closesAt, maxAttempts: JOB_DEFAULTS.maxAttempts }, now)
  rounds.push({ weekStart: nextWeek, status: 'open', bands: wishRows.length, served: 0 })
  return rounds
}
