import { performance as clockwork } from 'node:perf_hooks'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import ical from 'ical-generator'
import type { z } from 'zod'
import type { SessionUser } from '../../../src/contract/auth'
import { dayLabel, zonedInstant } from '../../../src/contract/calendar'
import type {
  draftInputSchema,
  generateInputSchema,
  PlacementOut,
  Proposal,
  publishInputSchema,
  SchedulePerformance,
  SchedulePlacement,
  StoredTimetable,
  TimetableView,
} from '../../../src/contract/live-schedule'
import { applicationStatusLabels, minutesOfDay, type UnavailableWindow } from '../../../src/contract/lives'
import { gradeOf } from '../../../src/contract/terms'
import {
  TIMETABLE_GRID_MINUTES,
  timetablePresets,
  type TimetableInput,
  type TimetablePin,
  type TimetablePlacement,
  type TimetableWeights,
} from '../../../src/contract/timetable'
import { applications, bands, events, timetables } from '../db/schema'
import { change, noteActivity } from '../activity/activity'
import { withTransaction, type Executor } from '../db/transaction'
import type { CsvColumn } from '../http/csv'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { getLocale } from '../../../src/i18n/paraglide/runtime.js'
import { AppError, notFound } from '../http/errors'
import { timetableCost } from '../../../src/timetable/cost'
import { checkTimetable } from '../../../src/timetable/rules'
import { distinctBreaks, endAfter, pinsOf, timetableInput } from '../../../src/timetable/input'
import { bandIdsOf, findEvent, isPrivileged, membersOfBands, type BandMemberView, type EventRow } from './lives-data'
import type { LivesDeps } from './lives.routes'
import { partLabel } from '../../../src/contract/choices'

type Caller = SessionUser
type DraftInputValue = z.output<typeof draftInputSchema>
type GenerateInputValue = z.output<typeof generateInputSchema>
type PublishInputValue = z.output<typeof publishInputSchema>
type TimetableRow = typeof timetables.$inferSelect

/** The weights a stored timetable's cost is shown with (the generator's default preset). */
const STORED_WEIGHTS: TimetableWeights = timetablePresets.balanced

/** At most this many breaks are spelled out in a refusal to publish. */
const BREAKS_NAMED = 5

/** An accepted application as the timetable works with it: band, members, minutes, wishes. */
export interface ScheduledPerformance {
  id: string
  bandId: string
  bandName: string
  minutes: number
  preferredDay: string | null
  unavailable: UnavailableWindow[]
  members: BandMemberView[]
}

/**
 * The event's accepted applications with their bands and current members, by band name: two
 * queries however many bands.
 */
export async function acceptedPerformances(executor: Executor, eventId: string): Promise<ScheduledPerformance[]> {
  const rows = await executor
    .select({
      id: applications.id,
      bandId: applications.bandId,
      bandName: bands.name,
      minutes: applications.requestedMinutes,
      preferredDay: applications.preferredDay,
      unavailable: applications.unavailable,
    })
    .from(applications)
    .innerJoin(bands, eq(bands.id, applications.bandId))
    .where(and(eq(applications.eventId, eventId), eq(applications.status, 'accepted')))
    .orderBy(asc(sql`lower(${bands.name})`), asc(applications.id))
  const members = await membersOfBands(
    executor,
    rows.map((row) => row.bandId),
  )
  return rows.map((row) => ({ ...row, members: members.get(row.bandId) ?? [] }))
}

/** The latest published version of an event's timetable, or null. */
export async function latestPublished(executor: Executor, eventId: string): Promise<TimetableRow | null> {
  const [row] = await executor
    .select()
    .from(timetables)
    .where(and(eq(timetables.eventId, eventId), eq(timetables.status, 'published')))
    .orderBy(desc(timetables.version))
    .limit(1)
  return row ?? null
}

/** The live's draft timetable, or null. */
export async function draftOf(executor: Executor, eventId: string): Promise<TimetableRow | null> {
  const [row] = await executor
    .select()
    .from(timetables)
    .where(and(eq(timetables.eventId, eventId), eq(timetables.status, 'draft')))
  return row ?? null
}

/** A band's lowest grade (1–4) in an academic year, null when no member is in years 1–4. */
function lowestGradeOf(performance: Pick<ScheduledPerformance, 'members'>, academicYear: number): number | null {
  const grades = performance.members.map((member) => gradeOf(member.enrollmentYear, academicYear)).filter((grade): grade is 1 | 2 | 3 | 4 => typeof grade === 'number')
  return grades.length > 0 ? Math.min(...grades) : null
}

/**
 * The generator's (and the checker's) input for an event: its days and stages, changeover and
 * musician's gap, and each accepted performance with its members, its band's lowest grade in
 * the event's academic year (null when no member is in years 1–4) and its pin, if any.
 */
export function timetableInputOf(
  event: Pick<EventRow, 'days' | 'changeoverMinutes' | 'musicianGapMinutes' | 'academicYear'>,
  performances: ReadonlyArray<ScheduledPerformance>,
  options: {
    pins?: ReadonlyMap<string, TimetablePin>
    wishes?: Readonly<Record<string, 'first' | 'last'>>
    weights?: TimetableWeights
    seed?: number
    effort?: number
  } = {},
): TimetableInput {
  const withGrades = performances.map((performance) => ({ ...performance, grade: lowestGradeOf(performance, event.academicYear) }))
  return timetableInput(event, withGrades, { ...options, weights: options.weights ?? STORED_WEIGHTS })
}

/**
 * What "Generate" and "Keep improving" start from: the live, its accepted performances (409
 * when there is none), the draft's pins of performances still accepted (unless told to ignore
 * them), the preset's weights (balanced by default) or the given ones, and the generator's input.
 */
export async function generatorInputOf(executor: Executor, eventId: string, input: Pick<GenerateInputValue, 'keepPins' | 'weights' | 'preset' | 'wishes' | 'seed' | 'effort'>) {
  const event = await findEvent(executor, eventId)
  const [performances, draft] = await Promise.all([acceptedPerformances(executor, event.id), input.keepPins ? draftOf(executor, event.id) : Promise.resolve(null)])
  if (performances.length === 0) {
    throw new AppError(409, 'NOT_ACCEPTED', m.live_schedule_nothing_accepted({ live: event.title }))
  }
  const accepted = new Set(performances.map((performance) => performance.id))
  const pins = pinsOf((draft?.placements ?? []).filter((placement) => accepted.has(placement.performanceId)))
  const weights = input.weights ?? timetablePresets[input.preset ?? 'balanced']
  const timetableInput = timetableInputOf(event, performances, { pins, wishes: input.wishes, weights, seed: input.seed, effort: input.effort })
  return { event, performances, pins, weights, timetableInput }
}

/** Stored placements of performances still accepted, with their ends (from the minutes asked now). */
function currentPlacements(placements: ReadonlyArray<SchedulePlacement>, byId: ReadonlyMap<string, ScheduledPerformance>): PlacementOut[] {
  return placements.flatMap((placement) => {
    const performance = byId.get(placement.performanceId)
    if (!performance) return []
    const { performanceId, date, stage, start, pinned } = placement
    return [{ performanceId, date, stage, start, end: endAfter(start, performance.minutes), pinned }]
  })
}

const toCheckable = (placements: ReadonlyArray<PlacementOut>): TimetablePlacement[] =>
  placements.map(({ performanceId, date, stage, start, end }) => ({ performanceId, date, stage, start, end }))

/** A stored timetable checked now against the accepted applications (pins: its own pinned placements). */
function storedOf(row: TimetableRow, event: EventRow, performances: ReadonlyArray<ScheduledPerformance>): StoredTimetable {
  const byId = new Map(performances.map((performance) => [performance.id, performance]))
  const placements = currentPlacements(row.placements, byId)
  const input = timetableInputOf(event, performances, { pins: pinsOf(placements) })
  const checkable = toCheckable(placements)
  return {
    version: row.version,
    status: row.status,
    placements,
    violations: checkTimetable(input, checkable),
    cost: timetableCost(input, checkable),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  }
}

function breaksMessage(violations: StoredTimetable['violations']) {
  const breaks = distinctBreaks(violations)
  const named = breaks.slice(0, BREAKS_NAMED).join(m.live_schedule_phrase_separator())
  const more = breaks.length > BREAKS_NAMED ? m.live_schedule_breaks_more({ count: breaks.length - BREAKS_NAMED }) : ''
  return m.live_schedule_breaks_refused({ head: m.live_schedule_rules_broken({ count: breaks.length }), named, more })
}

/** "Blue Train’s application is withdrawn": why an application cannot be placed. */
const notAcceptedPhrase = (row: { bandName: string; status: keyof typeof applicationStatusLabels }) =>
  m.live_schedule_application_is({ band: row.bandName, status: applicationStatusLabels[row.status].toLowerCase() })

/** One row of the timetable's CSV. */
interface CsvRow {
  placement: PlacementOut
  performance: ScheduledPerformance
}

const csvColumns: ReadonlyArray<CsvColumn<CsvRow>> = [
  {
    get header() {
      return m.common_csv_date()
    },
    value: (row) => row.placement.date,
  },
  {
    get header() {
      return m.common_csv_day()
    },
    value: (row) => dayLabel(row.placement.date),
  },
  {
    get header() {
      return m.common_csv_stage()
    },
    value: (row) => row.placement.stage,
  },
  {
    get header() {
      return m.common_csv_start()
    },
    value: (row) => row.placement.start,
  },
  {
    get header() {
      return m.common_csv_end()
    },
    value: (row) => row.placement.end,
  },
  {
    get header() {
      return m.common_csv_band()
    },
    value: (row) => row.performance.bandName,
  },
  {
    get header() {
      return m.common_csv_members()
    },
    value: (row) => row.performance.members.map((member) => `${member.displayName} (${partLabel(member.part)})`).join('; '),
  },
]

/**
 * A live's timetable (SPEC §5.6 `/festival-schedule`, issue #7): one draft per event that
 * executives save whole (hard-rule breaks allowed, and shown), the generator's proposals (not
 * saved), published versions 1, 2, … that members see, and the latest one as iCal and CSV.
 * Every stored timetable is checked again on read against the accepted applications of now.
 * Writes lock the event row first, as reviews do (decision 008), so a review and a draft save
 * or a publish never see each other half done.
 */
export function createLiveScheduleService({ db, clock, settings, workers, notifier, mailer }: Pick<LivesDeps, 'db' | 'clock' | 'settings' | 'workers' | 'notifier' | 'mailer'>) {
  /** The latest published version with what it needs, or 404 with a sentence. */
  async function publishedOrNotFound(eventId: string) {
    const event = await findEvent(db, eventId)
    // The iCal feed is public (decision 023): a draft live does not exist for it.
    if (event.status === 'draft') throw notFound(m.lives_no_such_live())
    const [row, performances] = await Promise.all([latestPublished(db, event.id), acceptedPerformances(db, event.id)])
    if (!row) throw notFound(m.live_schedule_not_published({ live: event.title }))
    const byId = new Map(performances.map((performance) => [performance.id, performance]))
    const placements = currentPlacements(row.placements, byId).sort(
      (a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.stage.localeCompare(b.stage),
    )
    return { event, placements, byId, publishedAt: row.publishedAt ?? row.createdAt }
  }

  return {
    /** The accepted performances, the latest published version and, for executives, the draft. */
    async view(caller: Caller, eventId: string): Promise<TimetableView> {
      const event = await findEvent(db, eventId, { viewer: caller })
      const privileged = isPrivileged(caller)
      const [performances, published, draft, mine] = await Promise.all([
        acceptedPerformances(db, event.id),
        latestPublished(db, event.id),
        privileged ? draftOf(db, event.id) : Promise.resolve(null),
        bandIdsOf(db, caller.id),
      ])
      return {
        eventId: event.id,
        performances: performances.map(
          (performance): SchedulePerformance => ({
            id: performance.id,
            bandId: performance.bandId,
            bandName: performance.bandName,
            minutes: performance.minutes,
            members: performance.members.map(({ id, displayName, part }) => ({ id, displayName, part })),
            preferredDay: performance.preferredDay,
            unavailable: performance.unavailable,
            grade: lowestGradeOf(performance, event.academicYear),
            mine: mine.has(performance.bandId),
          }),
        ),
        published: published ? storedOf(published, event, performances) : null,
        draft: draft ? storedOf(draft, event, performances) : null,
      }
    },

    /**
     * Saves the draft whole (the one draft per event, created or replaced). Each placement must
     * be an accepted application of this live on one of its days and stages, on the 5-minute
     * grid; hard-rule breaks are allowed and come back as violations.
     */
    async saveDraft(caller: Caller, eventId: string, input: DraftInputValue): Promise<StoredTimetable> {
      const now = clock()
      return withTransaction(db, async (tx) => {
        const event = await findEvent(tx, eventId, { forUpdate: true })
        const performances = await acceptedPerformances(tx, event.id)
        const accepted = new Set(performances.map((performance) => performance.id))
        const others = input.placements.map((placement) => placement.performanceId).filter((id) => !accepted.has(id))
        const otherRows =
          others.length === 0
            ? []
            : await tx
                .select({ id: applications.id, status: applications.status, bandName: bands.name })
                .from(applications)
                .innerJoin(bands, eq(bands.id, applications.bandId))
                .where(and(eq(applications.eventId, event.id), inArray(applications.id, others)))
        const notAccepted = new Map(otherRows.map((row) => [row.id, row]))

        const fields: Record<string, string> = {}
        input.placements.forEach((placement, index) => {
          const at = `placements.${index}`
          if (!accepted.has(placement.performanceId) && !notAccepted.has(placement.performanceId)) {
            fields[`${at}.performanceId`] = m.live_schedule_not_application_here()
          }
          const day = event.days.find((candidate) => candidate.date === placement.date)
          if (!day) fields[`${at}.date`] = m.live_schedule_not_day_here()
          else if (!day.stages.some((stage) => stage.name === placement.stage)) fields[`${at}.stage`] = m.live_schedule_no_stage_on({ stage: placement.stage, day: dayLabel(day.date) })
          if (minutesOfDay(placement.start) % TIMETABLE_GRID_MINUTES !== 0) fields[`${at}.start`] = m.live_schedule_start_on_step({ minutes: TIMETABLE_GRID_MINUTES })
        })
        if (Object.keys(fields).length > 0) throw new AppError(400, 'VALIDATION_FAILED', m.lives_fields_need_attention(), fields)
        if (notAccepted.size > 0) {
          const phrases = [...notAccepted.values()].sort((a, b) => a.bandName.localeCompare(b.bandName)).map(notAcceptedPhrase)
          throw new AppError(
            409,
            'NOT_ACCEPTED',
            m.live_schedule_cannot_place({ count: notAccepted.size, phrases: phrases.join(m.live_schedule_phrase_separator()) }),
          )
        }

        const placements: SchedulePlacement[] = input.placements.map(({ performanceId, date, stage, start, pinned }) => ({ performanceId, date, stage, start, pinned }))
        const [row] = await tx
          .insert(timetables)
          .values({ eventId: event.id, status: 'draft', version: 0, placements, updatedBy: caller.id, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: timetables.eventId,
            targetWhere: sql`${timetables.status} = 'draft'`,
            set: { placements, updatedBy: caller.id, updatedAt: now },
          })
          .returning()
        return storedOf(row!, event, performances)
      })
    },

    /**
     * A proposal from the generator (not saved): the preset's weights (balanced by default) or
     * the given ones, the seed and effort, and the draft's pins unless told to ignore them.
     */
    /** The live as the generator reads it (`npm run timetable -- LIVE.json`; the screen's "Download as JSON"). */
    async timetableInput(eventId: string, input: GenerateInputValue): Promise<TimetableInput> {
      return (await generatorInputOf(db, eventId, input)).timetableInput
    },

    async generate(eventId: string, input: GenerateInputValue): Promise<Proposal> {
      const { pins, weights, timetableInput } = await generatorInputOf(db, eventId, input)
      const started = clockwork.now()
      // In a worker thread: a search of a second or more must not hold up other requests.
      const result = await workers.run('generateTimetable', timetableInput)
      const milliseconds = Math.round(clockwork.now() - started)
      return {
        seed: input.seed,
        weights,
        placements: result.placements.map((placement) => ({ ...placement, pinned: pins.has(placement.performanceId) })),
        unplaced: result.unplaced,
        cost: result.cost,
        lowerBound: result.lowerBound,
        gapPercent: result.gapPercent,
        provenOptimal: result.provenOptimal,
        milliseconds,
      }
    },

    /**
     * Publishes the draft as the next version (placements of applications no longer accepted
     * are left out) and marks the live published. A draft that breaks a hard rule needs
     * `confirmBreaks`; the refusal names the breaks.
     */
    async publish(caller: Caller, eventId: string, input: PublishInputValue): Promise<StoredTimetable> {
      const now = clock()
      const stored = await withTransaction(db, async (tx) => {
        const event = await findEvent(tx, eventId, { forUpdate: true })
        const [draft, performances] = await Promise.all([draftOf(tx, event.id), acceptedPerformances(tx, event.id)])
        if (!draft) throw new AppError(409, 'NO_DRAFT', m.live_schedule_no_draft({ live: event.title }))
        const byId = new Map(performances.map((performance) => [performance.id, performance]))
        const kept = draft.placements.filter((placement) => byId.has(placement.performanceId))
        if (kept.length === 0) throw new AppError(409, 'NO_DRAFT', m.live_schedule_draft_empty({ live: event.title }))
        const checked = storedOf({ ...draft, placements: kept }, event, performances)
        if (checked.violations.length > 0 && !input.confirmBreaks) throw new AppError(409, 'TIMETABLE_HAS_BREAKS', breaksMessage(checked.violations))

        const [{ latest }] = (await tx
          .select({ latest: sql<number>`coalesce(max(${timetables.version}), 0)::int` })
          .from(timetables)
          .where(eq(timetables.eventId, event.id))) as [{ latest: number }]
        const [row] = await tx
          .insert(timetables)
          .values({ eventId: event.id, status: 'published', version: latest + 1, placements: kept, updatedBy: caller.id, publishedAt: now, createdAt: now, updatedAt: now })
          .returning()
        await tx.update(events).set({ status: 'published', updatedAt: now }).where(eq(events.id, event.id))
        // The activity log (decision 042): the version, and the event's status when this made it public.
        noteActivity({
          object: { type: 'event', id: event.id, label: event.title },
          changes: [
            change('timetable version', latest === 0 ? null : latest, latest + 1),
            ...(event.status === 'published' ? [] : [change('status', event.status, 'published')]),
            change('bands placed', null, kept.length),
            ...(checked.violations.length > 0 ? [change('rules broken (confirmed)', null, checked.violations.length)] : []),
          ],
        })
        // The members of every band in it are told, in this transaction (decision 023).
        const placed = new Set(kept.map((placement) => placement.performanceId))
        await notifier.notify(tx, {
          kind: 'timetable',
          userIds: performances.filter((performance) => placed.has(performance.id)).flatMap((performance) => performance.members.map((member) => member.id)),
          title: () => (latest === 0 ? m.notices_timetable_out_title({ event: event.title }) : m.notices_timetable_changed_title({ event: event.title })),
          body: () => (latest === 0 ? m.notices_timetable_out_body() : m.notices_timetable_changed_body({ version: latest + 1 })),
          link: `/festival-schedule?eventId=${event.id}`,
        })
        return storedOf(row!, event, performances)
      })
      mailer.flush()
      return stored
    },

    /**
     * The latest published version as a public iCal feed: one VEVENT per performance, instants
     * in UTC with the club's zone named. DTSTAMP is the version's publishing time, so the
     * body (and its ETag) changes only with a new version. Band names only: members' names
     * stay in the app, since anyone may read this feed.
     */
    async ics(eventId: string) {
      const [{ event, placements, byId, publishedAt }, { timeZone }] = await Promise.all([publishedOrNotFound(eventId), settings.get()])
      // Named in the requester's language (decision 046), like the participants' CSV.
      const calendar = ical({ name: m.live_schedule_calendar_name({ live: event.title }), prodId: { company: 'Bandroom', product: 'Timetable', language: getLocale().toUpperCase() }, x: { 'X-WR-TIMEZONE': timeZone } })
      for (const placement of placements) {
        const performance = byId.get(placement.performanceId)!
        calendar.createEvent({
          id: `${event.id}-${performance.id}@bandroom`,
          stamp: publishedAt,
          lastModified: publishedAt,
          start: zonedInstant(placement.date, placement.start, timeZone),
          end: zonedInstant(placement.date, placement.end, timeZone),
          summary: `${performance.bandName} — ${event.title}`,
          location: `${event.venue} · ${placement.stage}`,
        })
      }
      return { filename: m.live_schedule_ics_filename({ live: event.title }), body: calendar.toString() }
    },

    /** The latest published version as CSV rows, by day, start and stage. */
    async csv(eventId: string) {
      const { event, placements, byId } = await publishedOrNotFound(eventId)
      return {
        filename: m.live_schedule_csv_filename({ live: event.title }),
        columns: csvColumns,
        rows: placements.map((placement): CsvRow => ({ placement, performance: byId.get(placement.performanceId)! })),
      }
    },
  }
}
