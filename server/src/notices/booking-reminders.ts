import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { addDays, dayLabel, periodPhrase, todayIn, zonedInstant } from '../../../src/contract/calendar'
import type { ClubSettings } from '../../../src/contract/settings'
import type { Db } from '../db/client'
import { bandMembers, bands, bookings, noticeRuns, rooms } from '../db/schema'
import { withTransaction, type Executor, type Tx } from '../db/transaction'
import type { JobRunner } from '../jobs/job-runner'
import type { Mailer } from '../mail/mailer'
import type { Notifier } from './notify'
import { m } from '../../../src/i18n/paraglide/messages.js'

export const BOOKING_REMINDER_JOB = 'notices.booking-tomorrow'
const RUN_KIND = 'booking-tomorrow'

/**
 * The evening reminder of tomorrow's bookings (issue 17 item 3, decision 023): a durable daily
 * job per day of bookings (`{day}`), due the evening before at the time in the settings. The
 * job writes the day's row in `notice_runs` in the transaction that writes the notices (and
 * their mails), so it tells people once however many processes run it, and however often;
 * only the run that wrote the row schedules the next day, so duplicates die out. A process
 * that was down at the time sends the reminders when it starts, while it is still the evening
 * before; a booking cancelled by then is not in the query, so it gets no reminder.
 */
export function createBookingReminders({
  db,
  clock,
  settings,
  jobs,
  notifier,
  mailer,
  log,
}: {
  db: Db
  clock: () => Date
  settings: { get(): Promise<ClubSettings> }
  jobs: JobRunner
  notifier: Notifier
  mailer: Pick<Mailer, 'flush'>
  log: FastifyBaseLogger
}) {
  /** When the reminders of `day`'s bookings are due: the evening before, in club time. */
  const dueAt = (day: string, club: ClubSettings) => zonedInstant(addDays(day, -1), club.notices.bookingReminderAt, club.timeZone)

  /**
   * Adds the job for `day` unless one as early is already waiting. `running` is the job calling
   * it: it is not done yet, but it is not waiting either (a time moved later must not find it).
   */
  async function enqueueDay(executor: Executor, day: string, club: ClubSettings, running?: string) {
    const now = clock()
    const due = dueAt(day, club)
    const runAt = due > now ? due : now
    await jobs.enqueueDay(executor, { kind: BOOKING_REMINDER_JOB, day, runAt, running })
  }

  /**
   * One notice per person, however many bookings they have tomorrow: the band's members or the
   * person practising. Someone in two bands practising tomorrow gets one reminder naming both.
   */
  async function remind(tx: Tx, day: string) {
    const rows = await tx
      .select({
        id: bookings.id,
        kind: bookings.kind,
        bandId: bookings.bandId,
        userId: bookings.userId,
        bandName: bands.name,
        roomName: rooms.name,
        periodLabel: bookings.periodLabel,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
      })
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .leftJoin(bands, eq(bands.id, bookings.bandId))
      .where(and(eq(bookings.date, day), eq(bookings.status, 'active'), inArray(bookings.kind, ['band', 'personal'])))
      .orderBy(bookings.startsAt, rooms.name)
    const bandIds = [...new Set(rows.flatMap((row) => (row.bandId ? [row.bandId] : [])))]
    const members = bandIds.length === 0 ? [] : await tx.select({ bandId: bandMembers.bandId, userId: bandMembers.userId }).from(bandMembers).where(inArray(bandMembers.bandId, bandIds))
    // Each person's bookings, in the order of the day.
    const byUser = new Map<string, typeof rows>()
    for (const row of rows) {
      const userIds = row.kind === 'band' ? members.filter((member) => member.bandId === row.bandId).map((member) => member.userId) : row.userId ? [row.userId] : []
      for (const userId of new Set(userIds)) byUser.set(userId, [...(byUser.get(userId) ?? []), row])
    }
    // People with the same bookings share one message (a band's members, usually).
    const messages = new Map<string, { userIds: string[]; rows: typeof rows }>()
    for (const [userId, own] of byUser) {
      const key = own.map((row) => row.id).join(',')
      const message = messages.get(key)
      if (message) message.userIds.push(userId)
      else messages.set(key, { userIds: [userId], rows: own })
    }
    // Worded per person, in their language (notify.ts).
    const line = (row: (typeof rows)[number]) => {
      const where = { room: row.roomName, period: periodPhrase(row.periodLabel), start: row.startsAt, end: row.endsAt }
      return row.kind === 'band' ? m.notices_reminder_band_practises({ band: row.bandName ?? '', ...where }) : m.notices_reminder_you_practise(where)
    }
    return notifier.notifyAll(
      tx,
      [...messages.values()].map(({ userIds, rows: own }) => {
        const [first] = own
        return {
          kind: 'booking-tomorrow' as const,
          userIds,
          title: () =>
            own.length === 1
              ? m.notices_reminder_title_one({ practice: line(first) })
              : m.notices_reminder_title_many({ count: own.length, start: first.startsAt, room: first.roomName }),
          body: () =>
            own.length === 1
              ? m.notices_reminder_body_one({ day: dayLabel(day), advice: m.notices_reminder_advice() })
              : [m.notices_reminder_body_many({ day: dayLabel(day) }), ...own.map((row) => `- ${line(row)}`), '', m.notices_reminder_advice()].join('\n'),
          link: '/room-booking-list',
        }
      }),
    )
  }

  async function run(day: string, job: string) {
    const club = await settings.get()
    const now = clock()
    // The time was moved later since this job was written: wait for it.
    if (now < dueAt(day, club)) {
      await enqueueDay(db, day, club, job)
      return
    }
    const outcome = await withTransaction(db, async (tx) => {
      const [claimed] = await tx.insert(noticeRuns).values({ kind: RUN_KIND, day, createdAt: now }).onConflictDoNothing().returning()
      if (!claimed) return null
      const today = todayIn(now, club.timeZone)
      // Reminders are for the evening before; a day already begun is passed over.
      const told = today < day ? await remind(tx, day) : 0
      const next = addDays(day, 1) > addDays(today, 1) ? addDays(day, 1) : addDays(today, 1)
      await enqueueDay(tx, next, club)
      return { told, next }
    })
    if (!outcome) return
    log.info({ day, told: outcome.told, next: outcome.next }, 'booking reminders written')
    mailer.flush()
  }

  jobs.register(BOOKING_REMINDER_JOB, async (payload, job) => run((payload as { day: string }).day, job.id), { maxAttempts: 8, leaseMs: 5 * 60_000 })

  return {
    /**
     * Makes sure the next day's job waits: at start-up and when the settings change (a new
     * time). The next day is tomorrow, or the day after when tomorrow's reminders have gone.
     */
    async schedule() {
      const club = await settings.get()
      const tomorrow = addDays(todayIn(clock(), club.timeZone), 1)
      const [done] = await db
        .select({ day: noticeRuns.day })
        .from(noticeRuns)
        .where(and(eq(noticeRuns.kind, RUN_KIND), eq(noticeRuns.day, tomorrow)))
      await enqueueDay(db, done ? addDays(tomorrow, 1) : tomorrow, club)
      jobs.kick()
    },
    dueAt,
  }
}

export type BookingReminders = ReturnType<typeof createBookingReminders>
