import { and, desc, eq, gt, lte, ne, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { SessionUser } from '../../../src/contract/auth'
import type { CurrentEvent, EventInputValue, LiveEvent, LiveKind, eventListQuerySchema } from '../../../src/contract/lives'
import { events } from '../db/schema'
import { notFound } from '../http/errors'
import { allOf, findEvent, isPrivileged, toEvent, type EventRow } from './lives-data'
import type { LivesDeps } from './lives.routes'
import { m } from '../../../src/i18n/paraglide/messages.js'

type EventListQuery = z.output<typeof eventListQuerySchema>

/** The stored columns of an event input; days are kept in date order. */
function eventValues(input: EventInputValue) {
  return {
    kind: input.kind,
    season: input.kind === 'seasonal' ? input.season! : null,
    title: input.title,
    academicYear: input.academicYear,
    venue: input.venue,
    days: [...input.days].sort((a, b) => a.date.localeCompare(b.date)),
    defaultPerformanceMinutes: input.defaultPerformanceMinutes,
    changeoverMinutes: input.changeoverMinutes,
    musicianGapMinutes: input.musicianGapMinutes,
    applicationOpensAt: new Date(input.applicationOpensAt),
    applicationClosesAt: new Date(input.applicationClosesAt),
    bandLimit: input.bandLimit ?? null,
    status: input.status,
  }
}

/** Events of a kind; the season narrows seasonal lives (the other kinds have none, so it is ignored for them). */
const kindWhere = (kind: LiveKind['kind'] | undefined, season: LiveKind['season'] | undefined): SQL | undefined =>
  allOf(kind ? eq(events.kind, kind) : undefined, season && (kind === undefined || kind === 'seasonal') ? eq(events.season, season) : undefined)

/**
 * Lives (SPEC §5.6, decision 008): the events executives create and edit, and which one is
 * "current" for a kind. Applying is in applications.service.ts.
 */
export function createEventsService({ db, clock, settings }: Pick<LivesDeps, 'db' | 'clock' | 'settings'>) {
  async function present(row: EventRow): Promise<LiveEvent> {
    return toEvent(row, clock(), (await settings.get()).timeZone)
  }

  return {
    /** Events newest first (academic year, then creation); `open` keeps those taking applications now. Drafts only for executives. */
    async list(viewer: SessionUser, query: EventListQuery): Promise<{ items: LiveEvent[] }> {
      const now = clock()
      const [rows, club] = await Promise.all([
        db
          .select()
          .from(events)
          .where(
            allOf(
              kindWhere(query.kind, query.season),
              query.open ? and(eq(events.status, 'open'), lte(events.applicationOpensAt, now), gt(events.applicationClosesAt, now)) : undefined,
              isPrivileged(viewer) ? undefined : ne(events.status, 'draft'),
            ),
          )
          .orderBy(desc(events.academicYear), desc(events.createdAt), desc(events.id)),
        settings.get(),
      ])
      return { items: rows.map((row) => toEvent(row, now, club.timeZone)) }
    },

    /** The newest (by creation) event of the kind in the current academic year that is not archived, or null. */
    async current(viewer: SessionUser, live: LiveKind): Promise<CurrentEvent> {
      const academicYear = await settings.currentTerm()
      const [row] = await db
        .select()
        .from(events)
        .where(
          and(
            kindWhere(live.kind, live.season),
            eq(events.academicYear, academicYear),
            ne(events.status, 'archived'),
            isPrivileged(viewer) ? undefined : ne(events.status, 'draft'),
          ),
        )
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(1)
      return { academicYear, event: row ? await present(row) : null }
    },

    /** One event; a draft is a 404 for members. */
    async get(viewer: SessionUser, eventId: string): Promise<LiveEvent> {
      return present(await findEvent(db, eventId, { viewer }))
    },

    async create(caller: SessionUser, input: EventInputValue): Promise<LiveEvent> {
      const now = clock()
      const [row] = await db
        .insert(events)
        .values({ ...eventValues(input), createdBy: caller.id, createdAt: now, updatedAt: now })
        .returning()
      return present(row!)
    },

    /** Replaces the whole event (the dialog sends every field). */
    async replace(eventId: string, input: EventInputValue): Promise<LiveEvent> {
      const [row] = await db
        .update(events)
        .set({ ...eventValues(input), updatedAt: clock() })
        .where(eq(events.id, eventId))
        .returning()
      if (!row) throw notFound(m.lives_no_such_live())
      return present(row)
    },
  }
}

export type EventsService = ReturnType<typeof createEventsService>
