import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { SessionUser } from '../../../src/contract/auth'
import type { AcceptedBand, Participant, ParticipantList } from '../../../src/contract/lives'
import { gradeLabel, gradeOf, type Grade } from '../../../src/contract/terms'
import { additionalInfo, applications, bandMembers, bands, users } from '../db/schema'
import type { CsvColumn } from '../http/csv'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { latestPublished } from './live-schedule.service'
import { endAfter } from '../../../src/timetable/input'
import { findEvent, isPrivileged, membersOfBands, type EventRow } from './lives-data'
import type { LivesDeps } from './lives.routes'
import { partLabel } from '../../../src/contract/choices'

type Caller = SessionUser

/** Grades in the order lists and counts show them. */
const gradeOrder: ReadonlyArray<Grade> = [1, 2, 3, 4, 'graduate', 'incoming']
const gradeRank = new Map(gradeOrder.map((grade, index) => [grade, index]))

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare

/** Columns every member sees in the participants' CSV. */
const publicColumns: ReadonlyArray<CsvColumn<Participant>> = [
  {
    get header() {
      return m.common_csv_name()
    },
    value: (person) => person.displayName,
  },
  {
    get header() {
      return m.common_csv_grade()
    },
    value: (person) => person.grade,
  },
  {
    get header() {
      return m.common_csv_parts()
    },
    value: (person) => person.parts.map(partLabel).join('; '),
  },
  {
    get header() {
      return m.common_csv_bands()
    },
    value: (person) => person.bands.map((band) => `${band.name} (${partLabel(band.part)})`).join('; '),
  },
]

/** The university's details, for executives' CSV only. */
const privateColumns: ReadonlyArray<CsvColumn<Participant>> = [
  {
    get header() {
      return m.common_csv_full_name()
    },
    value: (person) => person.details?.fullName,
  },
  {
    get header() {
      return m.common_csv_name_kana()
    },
    value: (person) => person.details?.nameKana,
  },
  {
    get header() {
      return m.common_csv_student_number()
    },
    value: (person) => person.details?.studentNumber,
  },
  {
    get header() {
      return m.common_csv_faculty()
    },
    value: (person) => person.details?.faculty,
  },
  {
    get header() {
      return m.common_csv_department()
    },
    value: (person) => person.details?.department,
  },
  {
    get header() {
      return m.common_csv_phone()
    },
    value: (person) => person.details?.phone,
  },
]

/**
 * Who plays at a live (SPEC §5.6): every current member of every accepted band, once, with
 * their bands and parts and their grade in the event's academic year; executives also get the
 * details the university asks for. Also the accepted bands with their members. Each answer
 * takes a fixed number of queries, however many people.
 */
export function createParticipantsService({ db }: Pick<LivesDeps, 'db'>) {
  async function participantsOf(caller: Caller, event: EventRow): Promise<ParticipantList> {
    const withDetails = isPrivileged(caller)
    const rows = await db
      .select({
        userId: users.id,
        displayName: users.displayName,
        enrollmentYear: users.enrollmentYear,
        bandId: bands.id,
        bandName: bands.name,
        part: bandMembers.part,
      })
      .from(applications)
      .innerJoin(bands, eq(bands.id, applications.bandId))
      .innerJoin(bandMembers, eq(bandMembers.bandId, applications.bandId))
      .innerJoin(users, eq(users.id, bandMembers.userId))
      .where(and(eq(applications.eventId, event.id), eq(applications.status, 'accepted'), ne(users.status, 'deleted')))
      .orderBy(asc(sql`lower(${bands.name})`), asc(bands.id))

    const people = new Map<string, { id: string; displayName: string; grade: Grade; bands: Participant['bands'] }>()
    for (const row of rows) {
      const person = people.get(row.userId) ?? {
        id: row.userId,
        displayName: row.displayName,
        grade: gradeOf(row.enrollmentYear, event.academicYear),
        bands: [],
      }
      person.bands.push({ id: row.bandId, name: row.bandName, part: row.part })
      people.set(row.userId, person)
    }

    const details = new Map<string, NonNullable<Participant['details']>>()
    if (withDetails && people.size > 0) {
      const infos = await db.select().from(additionalInfo).where(inArray(additionalInfo.userId, [...people.keys()]))
      for (const { userId, fullName, nameKana, studentNumber, faculty, department, phone } of infos) {
        details.set(userId, { fullName, nameKana, studentNumber, faculty, department, phone })
      }
    }

    const sorted = [...people.values()].sort(
      (a, b) => gradeRank.get(a.grade)! - gradeRank.get(b.grade)! || byName(a.displayName, b.displayName) || a.id.localeCompare(b.id),
    )
    const items: Participant[] = sorted.map((person) => {
      person.bands.sort((a, b) => byName(a.name, b.name) || a.id.localeCompare(b.id))
      return {
        id: person.id,
        displayName: person.displayName,
        grade: gradeLabel(person.grade),
        parts: [...new Set(person.bands.map((band) => band.part))],
        bands: person.bands,
        details: withDetails ? (details.get(person.id) ?? null) : null,
      }
    })

    const counts = new Map<Grade, number>()
    for (const person of sorted) counts.set(person.grade, (counts.get(person.grade) ?? 0) + 1)
    const countsByGrade = gradeOrder.filter((grade) => counts.has(grade)).map((grade) => ({ grade: gradeLabel(grade), count: counts.get(grade)! }))

    return { items, countsByGrade, withDetails }
  }

  return {
    async participants(caller: Caller, eventId: string): Promise<ParticipantList> {
      return participantsOf(caller, await findEvent(db, eventId, { viewer: caller }))
    },

    /** The participants' CSV: its filename, columns (private ones for executives) and rows. */
    async participantsCsv(caller: Caller, eventId: string) {
      const event = await findEvent(db, eventId)
      const list = await participantsOf(caller, event)
      return {
        filename: m.lives_participants_csv_filename({ live: event.title }),
        columns: list.withDetails ? [...publicColumns, ...privateColumns] : publicColumns,
        rows: list.items,
      }
    },

    /** The accepted bands, by name, with their current members (leader first) and their published slots. */
    async acceptedBands(eventId: string): Promise<AcceptedBand[]> {
      const event = await findEvent(db, eventId)
      const rows = await db
        .select({ id: bands.id, name: bands.name, applicationId: applications.id, requestedMinutes: applications.requestedMinutes })
        .from(applications)
        .innerJoin(bands, eq(bands.id, applications.bandId))
        .where(and(eq(applications.eventId, event.id), eq(applications.status, 'accepted')))
        .orderBy(asc(sql`lower(${bands.name})`), asc(bands.id))
      const [members, published] = await Promise.all([
        membersOfBands(
          db,
          rows.map((row) => row.id),
        ),
        latestPublished(db, event.id),
      ])
      const slots = new Map<string, AcceptedBand['slots']>()
      for (const { performanceId, date, stage, start } of published?.placements ?? []) {
        const list = slots.get(performanceId) ?? []
        list.push({ date, stage, start, end: '' })
        slots.set(performanceId, list)
      }
      return rows.map((row) => ({
        ...row,
        members: (members.get(row.id) ?? []).map(({ enrollmentYear: _, ...member }) => member),
        // The end follows the minutes asked now, as the timetable shows it.
        slots: (slots.get(row.applicationId) ?? []).map((slot) => ({ ...slot, end: endAfter(slot.start, row.requestedMinutes) })),
      }))
    },
  }
}
