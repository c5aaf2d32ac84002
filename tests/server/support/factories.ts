import { randomBytes } from 'node:crypto'
import type { Db } from '../../../server/src/db/client'
import { applications, bandMembers, bands, bookings, events, periods, positionHolders, positions, rooms, users } from '../../../server/src/db/schema'
import { zonedInstant } from '../../../src/contract/calendar'
import { hash } from '@node-rs/argon2'
import { hashPassword } from '../../../server/src/auth/passwords'

export const TEST_PASSWORD = 'correct horse battery'

let sequence = 0
/**
 * Every factory user shares one hash of TEST_PASSWORD, made with argon2id at its lowest cost
 * (1 MiB, one pass): signing in verifies a hash at the cost written in it, 1 ms here against
 * 15 ms at the server's (OWASP's) cost, and the suites sign people in a few thousand times.
 * The server's own hashing, at its own cost, is what registration, password changes and the
 * demo club test; this is only how the fixtures' password is stored.
 */
let sharedHash: Promise<string> | undefined
const cheapHash = (password: string) => hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 })

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  sequence += 1
  const { password, ...rest } = overrides
  const passwordHash = password ? await hashPassword(password) : await (sharedHash ??= cheapHash(TEST_PASSWORD))
  const [user] = await db
    .insert(users)
    .values({
      email: `member${sequence}-${randomBytes(3).toString('hex')}@example.ac.jp`,
      displayName: `Member ${sequence}`,
      enrollmentYear: 2025,
      role: 'member',
      status: 'active',
      passwordHash,
      ...rest,
    })
    .returning()
  return { ...user!, password: password ?? TEST_PASSWORD }
}

/** Gives a user a position in a term (creating a position for it), which makes them an executive in that term. */
export async function makeExecutive(db: Db, userId: string, termYear: number, positionName = `Position ${++sequence}`) {
  const [position] = await db.insert(positions).values({ name: positionName }).returning()
  await db.insert(positionHolders).values({ positionId: position!.id, userId, termYear })
  return position!
}

/**
 * A band with its members straight in the database (no history). The first member leads
 * unless one is marked; members join one second apart in list order.
 */
export async function createBand(
  db: Db,
  members: Array<{ userId: string; part?: string; isLeader?: boolean }>,
  overrides: Partial<typeof bands.$inferInsert> = {},
) {
  sequence += 1
  const [band] = await db
    .insert(bands)
    .values({ name: `Band ${sequence}-${randomBytes(3).toString('hex')}`, ...overrides })
    .returning()
  const hasLeader = members.some((member) => member.isLeader)
  const start = Date.parse('2026-01-01T00:00:00Z')
  if (members.length > 0) {
    await db.insert(bandMembers).values(
      members.map((member, index) => ({
        bandId: band!.id,
        userId: member.userId,
        part: member.part ?? 'Guitar',
        isLeader: member.isLeader ?? (!hasLeader && index === 0),
        joinedAt: new Date(start + index * 1000),
      })),
    )
  }
  return band!
}

let roomSequence = 0

/** A room straight in the database (active and shown publicly unless told otherwise). */
export async function createRoom(db: Db, overrides: Partial<typeof rooms.$inferInsert> = {}) {
  roomSequence += 1
  const [room] = await db
    .insert(rooms)
    .values({ name: `Room ${roomSequence}-${randomBytes(2).toString('hex')}`, capacity: 8, sortOrder: roomSequence, ...overrides })
    .returning()
  return room!
}

/** A period straight in the database ("HH:MM" club wall clock). */
export async function createPeriod(db: Db, label: string, startsAt: string, endsAt: string) {
  const [period] = await db
    .insert(periods)
    .values({ label, startsAt, endsAt, sortOrder: Number(startsAt.replace(':', '')) })
    .returning()
  return period!
}

/**
 * A booking straight in the database, bypassing the rules (for a past slot, a full quota, a
 * taken slot). Times are copied from the period and placed in `timeZone` like the service does.
 */
export async function createBooking(
  db: Db,
  booking: {
    room: { id: string }
    period: { id: string; label: string; startsAt: string; endsAt: string }
    date: string
    userId: string | null
    kind?: 'band' | 'personal' | 'block'
    bandId?: string | null
    reason?: string | null
    status?: 'active' | 'cancelled'
    timeZone?: string
  },
) {
  const timeZone = booking.timeZone ?? 'Asia/Tokyo'
  const [row] = await db
    .insert(bookings)
    .values({
      roomId: booking.room.id,
      date: booking.date,
      periodId: booking.period.id,
      periodLabel: booking.period.label,
      startsAt: booking.period.startsAt,
      endsAt: booking.period.endsAt,
      slotStart: zonedInstant(booking.date, booking.period.startsAt, timeZone),
      slotEnd: zonedInstant(booking.date, booking.period.endsAt, timeZone),
      kind: booking.kind ?? (booking.bandId ? 'band' : 'personal'),
      bandId: booking.bandId ?? null,
      userId: booking.userId,
      reason: booking.reason ?? (booking.kind === 'block' ? 'Closed' : null),
      status: booking.status ?? 'active',
      cancelledAt: booking.status === 'cancelled' ? new Date('2026-05-01T00:00:00Z') : null,
    })
    .returning()
  return row!
}

/**
 * A live straight in the database. By default a summer live of academic year 2026 with two
 * days (Sat 18 and Sun 19 July 2026, one stage 12:00–18:00 each), open for applications from
 * 2026-05-25 to 2026-06-15 (Tokyo): open at the test clock's START (2026-06-01 10:00 JST).
 */
export async function createEvent(db: Db, overrides: Partial<typeof events.$inferInsert> = {}) {
  sequence += 1
  const [event] = await db
    .insert(events)
    .values({
      kind: 'seasonal',
      season: 'summer',
      title: `Summer Live ${sequence}`,
      academicYear: 2026,
      venue: 'Student hall',
      days: [
        { date: '2026-07-18', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] },
        { date: '2026-07-19', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] },
      ],
      defaultPerformanceMinutes: 20,
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
      applicationOpensAt: new Date('2026-05-25T00:00:00+09:00'),
      applicationClosesAt: new Date('2026-06-15T23:59:00+09:00'),
      status: 'open',
      ...overrides,
    })
    .returning()
  return event!
}

/** An application straight in the database, bypassing the rules (a closed event, a set status). */
export async function createApplication(
  db: Db,
  application: { eventId: string; bandId: string; submittedBy: string | null } & Partial<typeof applications.$inferInsert>,
) {
  const [row] = await db
    .insert(applications)
    .values({ songs: [{ title: 'Song', artist: 'Artist', length: '4:00' }], requestedMinutes: 20, ...application })
    .returning()
  return row!
}
