import { and, eq, ne } from 'drizzle-orm'
import type { z } from 'zod'
import type { SessionUser } from '../../../src/contract/auth'
import type { Application, applicationInputSchema, applicationUpdateSchema } from '../../../src/contract/lives'
import { applications, bandMembers, bands, events } from '../db/schema'
import { constraintOf, isUniqueViolation } from '../db/sql-helpers'
import { withTransaction, type Executor } from '../db/transaction'
import { AppError, forbidden, notFound } from '../http/errors'
import { applicationWindowOf, bandIdsOf, findEvent, isPrivileged, loadApplication, type ApplicationRow, type EventRow } from './lives-data'
import type { LivesDeps } from './lives.routes'
import { m } from '../../../src/i18n/paraglide/messages.js'

type ApplicationInputValue = z.output<typeof applicationInputSchema>
type ApplicationUpdateValue = z.output<typeof applicationUpdateSchema>
type Caller = SessionUser

const ONE_PER_BAND_KEY = 'applications_one_per_band_key'
const notADay = () => m.lives_not_a_day()

const fieldsError = (fields: Record<string, string>) => new AppError(400, 'VALIDATION_FAILED', m.lives_fields_need_attention(), fields)

/** 409 unless bands may apply, edit and withdraw now; the message says why, with the time in the club's zone. */
function assertWindowOpen(event: EventRow, now: Date, timeZone: string) {
  const window = applicationWindowOf(event, now, timeZone)
  if (window.state === 'not_yet') throw new AppError(409, 'APPLICATIONS_NOT_OPEN', window.message)
  if (window.state === 'closed') throw new AppError(409, 'APPLICATIONS_CLOSED', window.message)
}

/** The preferred day and every unavailable window's date must be days of the event (400 naming each field). */
function assertDaysOfEvent(event: EventRow, input: Pick<ApplicationUpdateValue, 'preferredDay' | 'unavailable'>) {
  const dates = new Set(event.days.map((day) => day.date))
  const fields: Record<string, string> = {}
  if (input.preferredDay && !dates.has(input.preferredDay)) fields.preferredDay = notADay()
  input.unavailable.forEach((window, index) => {
    if (!dates.has(window.date)) fields[`unavailable.${index}.date`] = notADay()
  })
  if (Object.keys(fields).length > 0) throw fieldsError(fields)
}

/** What a band asks for, as stored (the same for a new application and an edit). */
const requestValues = (input: ApplicationUpdateValue) => ({
  songs: input.songs,
  requestedMinutes: input.requestedMinutes,
  preferredDay: input.preferredDay ?? null,
  unavailable: input.unavailable,
  needs: input.needs,
  message: input.message,
})

const alreadyApplied = (bandName: string, event: Pick<EventRow, 'title'>) =>
  new AppError(409, 'APPLICATION_EXISTS', m.lives_already_applied({ band: bandName, live: event.title }))

const isMemberOf = async (executor: Executor, bandId: string, userId: string) =>
  (
    await executor
      .select({ bandId: bandMembers.bandId })
      .from(bandMembers)
      .where(and(eq(bandMembers.bandId, bandId), eq(bandMembers.userId, userId)))
  ).length > 0

/**
 * A band's application to a live (SPEC §5.6, decision 008): applying, reading, editing and
 * withdrawing while the window is open. One application per band per event rests on the
 * partial unique index `applications_one_per_band_key`; an edit or a withdrawal locks its one
 * application row (reviews lock the event first, then applications, so no cycle).
 */
export function createApplicationsService({ db, clock, settings }: Pick<LivesDeps, 'db' | 'clock' | 'settings'>) {
  /** The application as the caller sees it, `canEdit` worked out from the window and their bands. */
  async function present(caller: Caller, applicationId: string, event: EventRow, now: Date, timeZone: string): Promise<Application> {
    const bandIds = await bandIdsOf(db, caller.id)
    return loadApplication(db, applicationId, { bandIds, windowOpen: applicationWindowOf(event, now, timeZone).state === 'open' })
  }

  /**
   * Locks the application row, then checks the caller is one of the band's members and the
   * window is open, and runs `change` on it. The row lock orders racing edits and withdrawals.
   */
  async function changeOwn(
    caller: Caller,
    applicationId: string,
    change: (tx: Executor, row: ApplicationRow, event: EventRow, now: Date) => Promise<void>,
    notMemberMessage: () => string,
  ) {
    const now = clock()
    const { timeZone } = await settings.get()
    const event = await withTransaction(db, async (tx) => {
      const [row] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update')
      if (!row) throw notFound(m.lives_no_such_application())
      const event = await findEvent(tx, row.eventId)
      if (!(await isMemberOf(tx, row.bandId, caller.id))) throw new AppError(403, 'NOT_BAND_MEMBER', notMemberMessage())
      assertWindowOpen(event, now, timeZone)
      await change(tx, row, event, now)
      return event
    })
    return present(caller, applicationId, event, now, timeZone)
  }

  return {
    /**
     * A band member applies for their band. Checked in order: the event, the window, the band,
     * membership, the band being active, the days; then one application per band (a pre-check
     * for the sentence, the unique index for the guarantee when two submissions race).
     */
    async submit(caller: Caller, eventId: string, input: ApplicationInputValue): Promise<Application> {
      const now = clock()
      const { timeZone } = await settings.get()
      const event = await findEvent(db, eventId, { viewer: caller })
      assertWindowOpen(event, now, timeZone)
      const [band] = await db
        .select({ id: bands.id, name: bands.name, status: bands.status, memberId: bandMembers.userId })
        .from(bands)
        .leftJoin(bandMembers, and(eq(bandMembers.bandId, bands.id), eq(bandMembers.userId, caller.id)))
        .where(eq(bands.id, input.bandId))
      if (!band) throw fieldsError({ bandId: m.lives_no_such_band() })
      if (band.memberId === null) throw new AppError(403, 'NOT_BAND_MEMBER', m.lives_apply_own_band_only())
      if (band.status !== 'active') throw new AppError(409, 'BAND_NOT_ACTIVE', band.status === 'disbanded' ? m.lives_band_disbanded({ band: band.name }) : m.lives_band_inactive({ band: band.name }))
      assertDaysOfEvent(event, input)
      const [existing] = await db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.eventId, event.id), eq(applications.bandId, band.id), ne(applications.status, 'withdrawn')))
        .limit(1)
      if (existing) throw alreadyApplied(band.name, event)
      let id: string
      try {
        const [row] = await db
          .insert(applications)
          .values({ eventId: event.id, bandId: band.id, submittedBy: caller.id, ...requestValues(input), createdAt: now, updatedAt: now })
          .returning({ id: applications.id })
        id = row!.id
      } catch (error) {
        if (isUniqueViolation(error) && constraintOf(error) === ONE_PER_BAND_KEY) throw alreadyApplied(band.name, event)
        throw error
      }
      return present(caller, id, event, now, timeZone)
    },

    /** One application: the band's current members, executives and admins (404 first, then 403). */
    async get(caller: Caller, applicationId: string): Promise<Application> {
      const now = clock()
      const [[found], bandIds, { timeZone }] = await Promise.all([
        db.select({ bandId: applications.bandId, event: events }).from(applications).innerJoin(events, eq(events.id, applications.eventId)).where(eq(applications.id, applicationId)),
        bandIdsOf(db, caller.id),
        settings.get(),
      ])
      if (!found) throw notFound(m.lives_no_such_application())
      if (!isPrivileged(caller) && !bandIds.has(found.bandId)) throw forbidden(m.lives_application_hidden())
      return loadApplication(db, applicationId, { bandIds, windowOpen: applicationWindowOf(found.event, now, timeZone).state === 'open' })
    },

    /** The band's members change what they asked for while the window is open; the status stays. */
    update(caller: Caller, applicationId: string, input: ApplicationUpdateValue): Promise<Application> {
      return changeOwn(
        caller,
        applicationId,
        async (tx, row, event, now) => {
          if (row.status === 'rejected') throw new AppError(409, 'APPLICATION_LOCKED', m.lives_application_rejected_locked())
          if (row.status === 'withdrawn') throw new AppError(409, 'APPLICATION_WITHDRAWN', m.lives_application_withdrawn_apply_again())
          assertDaysOfEvent(event, input)
          await tx
            .update(applications)
            .set({ ...requestValues(input), updatedAt: now })
            .where(eq(applications.id, row.id))
        },
        () => m.lives_only_members_change(),
      )
    },

    /** The band's members withdraw it while the window is open; the band may then apply again. */
    withdraw(caller: Caller, applicationId: string): Promise<Application> {
      return changeOwn(
        caller,
        applicationId,
        async (tx, row, _event, now) => {
          if (row.status === 'withdrawn') throw new AppError(409, 'APPLICATION_WITHDRAWN', m.lives_application_already_withdrawn())
          if (row.status === 'rejected') throw new AppError(409, 'APPLICATION_LOCKED', m.lives_application_rejected_no_withdraw())
          await tx.update(applications).set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now }).where(eq(applications.id, row.id))
        },
        () => m.lives_only_members_withdraw(),
      )
    },
  }
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>
