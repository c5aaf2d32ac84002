import { eq } from 'drizzle-orm'
import { addDays, todayIn, weekStartOf, zonedInstant } from '../../../src/contract/calendar'
import type { Database } from '../../../server/src/db/client'
import { bandMembers, bands, bookings, rooms, users } from '../../../server/src/db/schema'
import { E2E_USERS } from './accounts'

/**
 * The club's past, which no request can make: bookings are for days ahead. The dashboard's
 * per-band chart counts the last 8 weeks up to this Sunday, and on a Sunday in Tokyo every day
 * ahead is next week's, so its test reads this band's practice of last Monday.
 */
export const HISTORY = { bandName: 'Last Week Trio', roomName: 'Old Studio' } as const

/** Seeds HISTORY into the e2e database before the server opens it (global setup). */
export async function seedHistory(db: Database['db'], timeZone = 'Asia/Tokyo') {
  const [leader] = await db.select({ id: users.id }).from(users).where(eq(users.email, E2E_USERS.dashboardBandmate.email))
  // Not bookable and not listed: only the booking made before it closed is left.
  const [room] = await db.insert(rooms).values({ name: HISTORY.roomName, capacity: 4, active: false, shownPublicly: false }).returning({ id: rooms.id })
  const [band] = await db.insert(bands).values({ name: HISTORY.bandName, createdBy: leader!.id }).returning({ id: bands.id })
  await db.insert(bandMembers).values({ bandId: band!.id, userId: leader!.id, part: 'Bass', isLeader: true })
  const date = addDays(weekStartOf(todayIn(new Date(), timeZone)), -7)
  await db.insert(bookings).values({
    roomId: room!.id,
    date,
    periodLabel: 'Evening',
    startsAt: '18:00',
    endsAt: '19:30',
    slotStart: zonedInstant(date, '18:00', timeZone),
    slotEnd: zonedInstant(date, '19:30', timeZone),
    kind: 'band',
    bandId: band!.id,
    userId: leader!.id,
  })
}
