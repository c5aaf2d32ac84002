import { randomBytes } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../server/src/db/client'
import { allocationRounds, allocationWishes, bandMembers, bands, periods, rooms, settings, users } from '../server/src/db/schema'
import { withTransaction } from '../server/src/db/transaction'
import { addDays, todayIn, weekStartOf } from '../src/contract/calendar'
import { clubSettingsSchema } from '../src/contract/settings'
import { allocationShapes, clubRound } from './allocation'

/** Periods added when the club has fewer than the bench shape (times after the demo's six). */
const EXTRA_PERIODS = [
  { label: '7th', startsAt: '19:40', endsAt: '21:10' },
  { label: '8th', startsAt: '21:20', endsAt: '22:30' },
  { label: 'Early', startsAt: '07:30', endsAt: '08:50' },
]

/**
 * Writes the bench's club-like round of `bandCount` bands (`clubRound`) into a demo database:
 * rooms and periods up to the shape (added when missing), one account per musician (accounts
 * that cannot sign in), a band per band, and their ranked wishes in next week's round (the
 * demo's, made open for another day with every room and period taking part). For measuring a
 * real run over the API (bench/run.ts). Resolves with the round's id.
 */
export async function insertClubRound(db: Db, bandCount: number, seed: number, now = new Date()) {
  const shape = allocationShapes.find((candidate) => candidate.bands === bandCount)
  if (!shape) throw new Error(`no allocation bench shape with ${bandCount} bands`)
  const snapshot = clubRound(shape, seed)
  const tag = randomBytes(3).toString('hex')
  return withTransaction(db, async (tx) => {
    const [stored] = await tx.select().from(settings).where(eq(settings.key, 'club'))
    const club = clubSettingsSchema.parse(stored?.value ?? {})
    const weekStart = addDays(weekStartOf(todayIn(now, club.timeZone)), 7)

    const roomRows = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.active, true)).orderBy(asc(rooms.sortOrder))
    for (let index = roomRows.length; index < snapshot.rooms.length; index++) {
      const [room] = await tx.insert(rooms).values({ name: `Bench room ${index + 1} ${tag}`, capacity: 6, sortOrder: 100 + index }).returning({ id: rooms.id })
      roomRows.push(room!)
    }
    const periodRows = await tx.select({ id: periods.id }).from(periods).orderBy(asc(periods.startsAt))
    for (const extra of EXTRA_PERIODS.slice(0, Math.max(0, snapshot.periods.length - periodRows.length))) {
      const [period] = await tx.insert(periods).values(extra).returning({ id: periods.id })
      periodRows.push(period!)
    }
    const roomOf = new Map(snapshot.rooms.map((room, index) => [room.id, roomRows[index]!.id]))
    const periodOf = new Map(snapshot.periods.map((period, index) => [period.id, periodRows[index]!.id]))
    const dateOf = new Map(snapshot.dates.map((date, index) => [date, addDays(weekStart, index)]))

    const allocation = { ...club.allocation, enabled: true, roomIds: [...roomOf.values()], periodIds: [...periodOf.values()], wishesPerBand: 10, periodsPerBand: 3 }
    await tx.update(settings).set({ value: { ...club, allocation } }).where(eq(settings.key, 'club'))

    const memberIds = [...new Set(snapshot.bands.flatMap((band) => band.members))]
    const names = new Map(snapshot.people.map((person) => [person.id, person.name]))
    const userRows = await tx
      .insert(users)
      .values(
        memberIds.map((id, index) => ({
          email: `bench-round-${tag}-${index}@example.ac.jp`,
          displayName: names.get(id) ?? `Musician ${index + 1}`,
          enrollmentYear: 2023 + (index % 4),
          status: 'active' as const,
          // Not a password hash: these accounts only play in bands.
          passwordHash: '!',
        })),
      )
      .returning({ id: users.id })
    const userOf = new Map(memberIds.map((id, index) => [id, userRows[index]!.id]))
    const bandRows = await tx
      .insert(bands)
      .values(snapshot.bands.map((band) => ({ name: `${band.name} ${tag}` })))
      .returning({ id: bands.id })
    await tx.insert(bandMembers).values(
      snapshot.bands.flatMap((band, index) => band.members.map((member, position) => ({ bandId: bandRows[index]!.id, userId: userOf.get(member)!, part: 'Guitar', isLeader: position === 0 }))),
    )

    // The demo made next week's round; the bench takes it over: every room and period, open one more day.
    const [round] = await tx
      .update(allocationRounds)
      .set({ roomIds: allocation.roomIds, periodIds: allocation.periodIds, wishesPerBand: 10, periodsPerBand: 3, status: 'collecting', closesAt: new Date(now.getTime() + 24 * 60 * 60 * 1000) })
      .where(eq(allocationRounds.weekStart, weekStart))
      .returning({ id: allocationRounds.id })
    if (!round) throw new Error(`the demo has no round for the week of ${weekStart}`)
    await tx.delete(allocationWishes).where(eq(allocationWishes.roundId, round.id))
    await tx.insert(allocationWishes).values(
      snapshot.bands.map((band, index) => ({
        roundId: round.id,
        bandId: bandRows[index]!.id,
        wishes: band.wishes.map((wish) => ({ roomId: wish.roomId === null ? null : roomOf.get(wish.roomId)!, date: dateOf.get(wish.date)!, periodId: periodOf.get(wish.periodId)! })),
        wants: Math.min(band.wants, 3),
        updatedAt: now,
      })),
    )
    return round.id
  })
}
