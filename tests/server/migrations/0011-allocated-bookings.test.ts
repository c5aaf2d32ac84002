import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../server/src/db/client'
import { emptyDatabase, migrationsUpTo, queryRows } from '../support/migrations'

/**
 * Migration 0011 (issue 33, decision 035) on a database as the code before it left it: an
 * allocation round's bookings were written in the name of the executive who published it.
 * The migration takes that booker off them (cancelled ones too) and leaves every other
 * booking alone; afterwards the database refuses an allocated booking with a booker.
 */
let database: Database
let before: ReturnType<typeof migrationsUpTo>

beforeAll(async () => {
  database = await emptyDatabase()
  before = migrationsUpTo('0010_files')
})
afterAll(async () => {
  await database?.close()
  before?.remove()
})

const EXEC = '00000000-0000-4000-8000-000000000001'
const AIKO = '00000000-0000-4000-8000-000000000002'
const ROOM = '00000000-0000-4000-8000-000000000010'
const PERIOD = '00000000-0000-4000-8000-000000000020'
const BAND = '00000000-0000-4000-8000-000000000030'

const booking = (id: number, fields: { kind: string; userId: string | null; source: string; status?: string; date: string; bandId?: string | null }) =>
  `('00000000-0000-4000-8000-0000000001${String(id).padStart(2, '0')}', '${ROOM}', '${fields.date}', '${PERIOD}', '6th', '18:00', '19:30', '${fields.date} 09:00+00', '${fields.date} 10:30+00', '${fields.kind}', ${fields.bandId ? `'${fields.bandId}'` : 'null'}, ${fields.userId ? `'${fields.userId}'` : 'null'}, '${fields.status ?? 'active'}', '${fields.source}', ${fields.status === 'cancelled' ? `now(), '${EXEC}'` : 'null, null'})`

describe('migration 0011: allocated bookings belong to the band', () => {
  it('takes the publishing executive off the existing allocated bookings and leaves every other booking as it was', async () => {
    await database.migrate(before.folder)
    const statements = [
      `insert into users (id, email, password_hash, display_name, enrollment_year, role, status) values
        ('${EXEC}', 'exec@example.com', 'x', 'Exec', 2023, 'member', 'active'), ('${AIKO}', 'aiko@example.com', 'x', 'Aiko', 2024, 'member', 'active')`,
      `insert into rooms (id, name, capacity) values ('${ROOM}', 'Studio A', 8)`,
      `insert into periods (id, label, starts_at, ends_at, sort_order) values ('${PERIOD}', '6th', '18:00', '19:30', 6)`,
      `insert into bands (id, name) values ('${BAND}', 'Midnight Train')`,
      // As publishing wrote them before 0011: the publishing executive as booker.
      `insert into bookings (id, room_id, date, period_id, period_label, starts_at, ends_at, slot_start, slot_end, kind, band_id, user_id, status, source, cancelled_at, cancelled_by) values
        ${[
          booking(1, { kind: 'band', bandId: BAND, userId: EXEC, source: 'allocation', date: '2026-06-09' }),
          booking(2, { kind: 'band', bandId: BAND, userId: EXEC, source: 'allocation', status: 'cancelled', date: '2026-06-10' }),
          booking(3, { kind: 'band', bandId: BAND, userId: EXEC, source: 'booking', date: '2026-06-11' }),
          booking(4, { kind: 'personal', userId: AIKO, source: 'booking', date: '2026-06-12' }),
          booking(5, { kind: 'band', bandId: BAND, userId: AIKO, source: 'booking', status: 'cancelled', date: '2026-06-13' }),
        ].join(', ')}`,
    ]
    for (const statement of statements) await queryRows(database, statement)
    const rows = () => queryRows(database, `select date::text as date, source::text as source, status::text as status, user_id, cancelled_by from bookings order by date`)
    const old = await rows()

    await database.migrate()

    expect(await rows()).toEqual([
      { ...old[0], user_id: null },
      { ...old[1], user_id: null, cancelled_by: EXEC },
      old[2],
      old[3],
      old[4],
    ])
    expect(old[0]).toMatchObject({ user_id: EXEC })
    // The old way of publishing is refused from now on.
    const refused = (await queryRows(database, `update bookings set user_id = '${EXEC}' where id = '00000000-0000-4000-8000-000000000101'`).then(
      () => null,
      (error: Error) => error,
    )) as (Error & { cause?: Error }) | null
    expect(`${refused?.message} ${refused?.cause?.message}`).toMatch(/bookings_allocation_has_no_booker/)
  })
})
