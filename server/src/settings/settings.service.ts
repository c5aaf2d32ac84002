import { eq } from 'drizzle-orm'
import { clubSettingsSchema, type ClubSettings } from '../../../src/contract/settings'
import { academicYearOf } from '../../../src/contract/terms'
import type { Db } from '../db/client'
import { settings } from '../db/schema'
import type { ScheduleVersion } from '../bookings/schedule-cache'
import type { ChangeFeed } from '../db/change-feed'
import { withTransaction } from '../db/transaction'
import { changesBetween, noteActivity } from '../activity/activity'

const CLUB_KEY = 'club'

/**
 * The club settings, read once and cached in the process: nearly every request needs the
 * time zone or the term, and only admins change them (which refreshes the cache at once, in
 * every process through the change feed). A change also moves the schedule version: the
 * public schedule shows settings-dependent labels and may be switched off.
 */
export function createSettingsService({
  db,
  clock,
  scheduleVersion,
  feed,
}: {
  db: Db
  clock: () => Date
  scheduleVersion: ScheduleVersion
  feed: ChangeFeed
}) {
  let cached: Promise<ClubSettings> | undefined
  feed.subscribe('settings', () => {
    cached = undefined
  })

  async function load(): Promise<ClubSettings> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, CLUB_KEY))
    // A stored document from an older release is completed with today's defaults.
    const parsed = clubSettingsSchema.safeParse(row?.value ?? {})
    return parsed.success ? parsed.data : clubSettingsSchema.parse({})
  }

  return {
    get(): Promise<ClubSettings> {
      cached ??= load().catch((error: unknown) => {
        cached = undefined
        throw error
      })
      return cached
    },

    /** Validates and stores the whole document; the new values apply to the next request. */
    async replace(value: ClubSettings, updatedBy: string | null): Promise<ClubSettings> {
      const next = clubSettingsSchema.parse(value)
      await withTransaction(db, async (tx) => {
        // The activity log (decision 042) keeps the settings that changed, before and after.
        const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, CLUB_KEY)).for('update')
        const before = clubSettingsSchema.safeParse(row?.value ?? {})
        noteActivity({
          object: { type: 'settings', id: null, label: null },
          changes: changesBetween(before.success ? before.data : {}, next),
        })
        await tx
          .insert(settings)
          .values({ key: CLUB_KEY, value: next, updatedAt: clock(), updatedBy })
          .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: clock(), updatedBy } })
      })
      feed.publish('settings')
      cached = Promise.resolve(next)
      scheduleVersion.bump()
      return next
    },

    /** The academic year in force now, in the club's time zone. */
    async currentTerm(): Promise<number> {
      return academicYearOf(clock(), await this.get())
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
