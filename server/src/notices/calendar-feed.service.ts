import { createHash, createHmac } from 'node:crypto'
import { and, desc, eq, gte, inArray, or } from 'drizzle-orm'
import ical, { ICalEventStatus } from 'ical-generator'
import { addDays, todayIn, zonedInstant } from '../../../src/contract/calendar'
import type { CalendarFeed } from '../../../src/contract/notices'
import { endAfter } from '../../../src/timetable/input'
import type { Db } from '../db/client'
import { applications, bandMembers, bands, bookings, calendarFeeds, events, rooms, timetables, users } from '../db/schema'
import { withTransaction } from '../db/transaction'
import { forbidden, notFound } from '../http/errors'
import type { SettingsService } from '../settings/settings.service'
import { inLanguage, recipientLanguage } from '../http/language'
import { m } from '../../../src/i18n/paraglide/messages.js'

/** Bookings this far back stay in a feed (so a calendar still shows last month's practice). */
const PAST_DAYS = 60
/** At most this many bookings in one feed: a year of busy practice. */
const MAX_BOOKINGS = 500

/** A period's label as a phrase: `6th` → `6th period`; a label that says so already stays. */
const periodName = (label: string) => (/period/i.test(label) ? label : m.notices_calendar_period({ label }))

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** The answer to a feed request with a token that is not a live feed's: says nothing more. */
const noFeed = () => notFound()
/**
 * The answer for a feed whose owner is suspended or deleted: a 403, which calendar apps treat
 * as a subscription that no longer works (they stop showing its events or flag it), unlike a
 * 5xx they would retry. It does not say which of the two it is.
 */
const feedTurnedOff = () => forbidden(m.notices_calendar_turned_off())

/**
 * Members' secret calendar feeds (issue 17 item 4, decision 023): one per member, an address
 * `/api/calendar/<token>.ics` with their bookings (cancelled ones as STATUS:CANCELLED, so
 * calendars remove them) and their bands' performances in published live timetables.
 *
 * The token is an HMAC of the feed row's id under the server's secret; the table keeps only
 * its SHA-256 for the lookup. The owner can be shown the address again, a copy of the database
 * alone opens no feed, and revoking (deleting the row) or regenerating (a new row) kills the
 * old address at once. Every VEVENT's DTSTAMP is the time its record last changed, so an
 * unchanged feed is byte for byte the same and its ETag (a hash of the body) holds.
 */
export function createCalendarFeedService({ db, clock, settings, secret, publicUrl }: { db: Db; clock: () => Date; settings: SettingsService; secret: Uint8Array; publicUrl: string }) {
  const tokenOf = (feedId: string) => createHmac('sha256', secret).update(`calendar-feed:${feedId}`).digest('base64url')

  function describe(row: { id: string; createdAt: Date }): NonNullable<CalendarFeed['feed']> {
    const url = `${publicUrl}/api/calendar/${tokenOf(row.id)}.ics`
    return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://'), createdAt: row.createdAt.toISOString() }
  }

  return {
    async get(userId: string): Promise<CalendarFeed> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId))
      return { feed: row ? describe(row) : null }
    },

    /** A new address; the old one, if any, stops working in the same transaction. */
    async regenerate(userId: string): Promise<CalendarFeed> {
      const row = await withTransaction(db, async (tx) => {
        await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
        const id = crypto.randomUUID()
        const [created] = await tx
          .insert(calendarFeeds)
          .values({ id, userId, tokenHash: sha256(tokenOf(id)), createdAt: clock() })
          .returning()
        return created!
      })
      return { feed: describe(row) }
    },

    async revoke(userId: string) {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
    },

    /**
     * The feed's iCalendar text for a token, or a 404 that tells nothing. Calendar apps fetch it
     * without a session or a useful Accept-Language: its words are in the owner's saved
     * language, else the club's default.
     */
    async render(token: string): Promise<string> {
      const [feed] = await db
        .select({ userId: calendarFeeds.userId, status: users.status, language: users.language })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.tokenHash, sha256(token)))
      if (!feed) throw noFeed()
      // A suspended or deleted member's bookings are nobody's business any more (issue 33).
      if (feed.status !== 'active') throw feedTurnedOff()
      const { timeZone, clubName, language: clubLanguage } = await settings.get()
      const myBands = db.select({ bandId: bandMembers.bandId }).from(bandMembers).where(eq(bandMembers.userId, feed.userId))
      const since = addDays(todayIn(clock(), timeZone), -PAST_DAYS)

      const [bookingRows, performanceRows] = await Promise.all([
        db
          .select({
            id: bookings.id,
            kind: bookings.kind,
            status: bookings.status,
            start: bookings.slotStart,
            end: bookings.slotEnd,
            periodLabel: bookings.periodLabel,
            roomName: rooms.name,
            bandName: bands.name,
            reason: bookings.reason,
            updatedAt: bookings.updatedAt,
          })
          .from(bookings)
          .innerJoin(rooms, eq(rooms.id, bookings.roomId))
          .leftJoin(bands, eq(bands.id, bookings.bandId))
          .where(and(gte(bookings.date, since), or(eq(bookings.userId, feed.userId), inArray(bookings.bandId, myBands))))
          .orderBy(bookings.slotStart, bookings.id)
          .limit(MAX_BOOKINGS),
        // My bands' accepted applications to published lives, with every published version of
        // those lives' timetables, newest first (the first per live is the one that counts).
        db
          .select({
            applicationId: applications.id,
            minutes: applications.requestedMinutes,
            bandName: bands.name,
            eventId: events.id,
            eventTitle: events.title,
            venue: events.venue,
            version: timetables.version,
            placements: timetables.placements,
            publishedAt: timetables.publishedAt,
          })
          .from(applications)
          .innerJoin(bands, eq(bands.id, applications.bandId))
          .innerJoin(events, eq(events.id, applications.eventId))
          .innerJoin(timetables, and(eq(timetables.eventId, events.id), eq(timetables.status, 'published')))
          .where(and(eq(applications.status, 'accepted'), eq(events.status, 'published'), inArray(applications.bandId, myBands)))
          .orderBy(events.id, desc(timetables.version)),
      ])

      const language = recipientLanguage(feed.language, clubLanguage)
      return inLanguage(language, () => {
        const calendar = ical({
          name: m.notices_calendar_name({ club: clubName }),
          prodId: { company: 'Bandroom', product: 'Member feed', language: language.toUpperCase() },
          // Every time below is an instant in UTC (RFC 5545 form 2); this names the club's zone
          // for calendars that show a feed in it.
          x: { 'X-WR-TIMEZONE': timeZone },
        })
        for (const booking of bookingRows) {
          const what =
            booking.kind === 'band'
              ? m.notices_calendar_band_practice({ band: booking.bandName ?? '' })
              : booking.kind === 'personal'
                ? m.notices_calendar_personal_practice()
                : (booking.reason ?? m.notices_calendar_room_blocked())
          const cancelled = booking.status === 'cancelled'
          calendar.createEvent({
            id: `booking-${booking.id}@bandroom`,
            stamp: booking.updatedAt,
            lastModified: booking.updatedAt,
            sequence: cancelled ? 1 : 0,
            status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
            start: booking.start,
            end: booking.end,
            summary: cancelled ? m.notices_calendar_cancelled_summary({ what, room: booking.roomName }) : m.notices_calendar_summary({ what, room: booking.roomName }),
            location: booking.roomName,
            description: m.notices_calendar_booked_in({ period: periodName(booking.periodLabel), club: clubName }),
          })
        }
        const latestVersion = new Map<string, number>()
        for (const row of performanceRows) if (!latestVersion.has(row.eventId)) latestVersion.set(row.eventId, row.version)
        for (const row of performanceRows) {
          if (latestVersion.get(row.eventId) !== row.version) continue
          const placement = row.placements.find((candidate) => candidate.performanceId === row.applicationId)
          if (!placement) continue
          calendar.createEvent({
            // The same UID as the live's own timetable feed: a calendar holding both merges them.
            id: `${row.eventId}-${row.applicationId}@bandroom`,
            stamp: row.publishedAt ?? new Date(0),
            lastModified: row.publishedAt ?? null,
            sequence: row.version,
            status: ICalEventStatus.CONFIRMED,
            start: zonedInstant(placement.date, placement.start, timeZone),
            end: zonedInstant(placement.date, endAfter(placement.start, row.minutes), timeZone),
            summary: `${row.bandName} — ${row.eventTitle}`,
            location: [row.venue, placement.stage].filter(Boolean).join(' · '),
          })
        }
        return calendar.toString()
      })
    },
  }
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>
