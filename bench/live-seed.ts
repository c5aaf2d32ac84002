import { randomBytes } from 'node:crypto'
import type { Db } from '../server/src/db/client'
import { applications, bandMembers, bands, events, users } from '../server/src/db/schema'
import { withTransaction } from '../server/src/db/transaction'
import { clubInstance, type BenchShape } from './timetable'

/**
 * Writes the bench's club-like live (`clubInstance`) into a database: an open live with its
 * days and stages, a band per performance with its members (accounts that cannot sign in),
 * and an accepted application per band with its preferred day and unavailable windows. For
 * measuring a real generation over the API (bench/run.ts, tests/server/lives).
 */
export async function insertClubLive(db: Db, shape: BenchShape, seed: number, now = new Date()) {
  const input = clubInstance(shape, seed)
  const tag = randomBytes(3).toString('hex')
  return withTransaction(db, async (tx) => {
    const memberIds = [...new Set(input.performances.flatMap((performance) => performance.members.map((member) => member.id)))]
    const userRows = await tx
      .insert(users)
      .values(
        memberIds.map((id, index) => ({
          email: `bench-${tag}-${id}@example.ac.jp`,
          displayName: `${input.performances.flatMap((performance) => performance.members).find((member) => member.id === id)!.name}`,
          enrollmentYear: 2023 + (index % 4),
          status: 'active' as const,
          // Not a password hash: these accounts only play in bands.
          passwordHash: '!',
        })),
      )
      .returning({ id: users.id })
    const userOf = new Map(memberIds.map((id, index) => [id, userRows[index]!.id]))
    const [event] = await tx
      .insert(events)
      .values({
        kind: 'seasonal',
        season: 'autumn',
        title: `Bench Live ${shape.bands} ${tag}`,
        academicYear: 2026,
        venue: 'Student hall',
        days: input.event.days,
        defaultPerformanceMinutes: 20,
        changeoverMinutes: input.event.changeoverMinutes,
        musicianGapMinutes: input.event.musicianGapMinutes,
        applicationOpensAt: new Date(now.getTime() - 86_400_000),
        applicationClosesAt: new Date(now.getTime() + 86_400_000),
        status: 'open',
      })
      .returning()
    const bandRows = await tx
      .insert(bands)
      .values(input.performances.map((performance) => ({ name: `${performance.bandName} ${tag}` })))
      .returning({ id: bands.id })
    await tx.insert(bandMembers).values(
      input.performances.flatMap((performance, index) =>
        performance.members.map((member, position) => ({ bandId: bandRows[index]!.id, userId: userOf.get(member.id)!, part: 'Guitar', isLeader: position === 0 })),
      ),
    )
    await tx.insert(applications).values(
      input.performances.map((performance, index) => ({
        eventId: event!.id,
        bandId: bandRows[index]!.id,
        submittedBy: userOf.get(performance.members[0]!.id)!,
        songs: [{ title: 'Song', artist: 'Artist', length: '4:00' }],
        requestedMinutes: performance.minutes,
        preferredDay: performance.preferredDate,
        unavailable: performance.unavailable.map((window) => ({ ...window, reason: '' })),
        status: 'accepted' as const,
      })),
    )
    return event!
  })
}
