import { describe, expect, it } from 'vitest'
import * as bookings from '@/contract/bookings'
import * as plain from '@/contract/public-schedule'

// The visitors' room schedule reads its answer with a hand-written copy of the contract's
// schema (decision 016): it must accept and refuse exactly what the contract does, and hand the
// screen the same data.
const room = { id: '0b6d8f43-5a0e-4c1b-9a57-3f0f6c1d2e4a', name: 'Studio A', active: true }
const period = { id: '6f1f1a52-8f0e-4c3e-9d3a-2a0d1b8f9c11', label: '1st', startsAt: '09:00', endsAt: '10:30' }
const entry = { roomId: room.id, date: '2026-05-13', periodId: period.id, kind: 'band', label: 'The Night Owls' }
const published = {
  enabled: true,
  clubName: 'Hill University Music Club',
  timeZone: 'Asia/Tokyo',
  weekStart: '2026-05-11',
  days: ['2026-05-11', '2026-05-12', '2026-05-13'],
  today: '2026-05-12',
  rooms: [room, { ...room, id: '00000000-0000-0000-0000-000000000000', active: false }],
  periods: [period],
  blackouts: [
    { date: '2026-05-16', roomId: null, reason: 'Campus festival' },
    { date: '2026-05-17', roomId: room.id, reason: 'Repairs' },
  ],
  entries: [entry, { ...entry, kind: 'personal', label: 'Personal practice' }, { ...entry, kind: 'block', label: 'Closed' }],
}

describe('the visitors’ copy of the public schedule schema', () => {
  it.each([
    published,
    { enabled: false, clubName: 'Hill University Music Club' },
    { enabled: false, clubName: 'Hill', rooms: 'ignored' },
    { ...published, extra: 1, rooms: [{ ...room, extra: 2 }], entries: [{ ...entry, id: 'left out' }] },
    { ...published, entries: [] },
    { ...published, enabled: 'yes' },
    { ...published, clubName: 7 },
    { ...published, timeZone: undefined },
    { enabled: false },
    { ...published, days: ['2026-05-11', 12] },
    { ...published, days: undefined },
    { ...published, rooms: [{ ...room, id: 'not-a-uuid' }] },
    { ...published, rooms: [{ ...room, active: 'yes' }] },
    { ...published, rooms: [null] },
    { ...published, periods: [{ ...period, endsAt: undefined }] },
    { ...published, blackouts: [{ date: '2026-05-16', roomId: 'studio', reason: 'x' }] },
    { ...published, blackouts: [{ date: '2026-05-16', reason: 'x' }] },
    { ...published, entries: [{ ...entry, kind: 'concert' }] },
    { ...published, entries: [{ ...entry, periodId: null }] },
    { ...published, entries: {} },
    null,
    [],
    'published',
  ])('reads %j like the contract', (body) => {
    const ours = plain.publicScheduleSchema.safeParse(body)
    const contract = bookings.publicScheduleSchema.safeParse(body)
    expect(ours.success).toBe(contract.success)
    expect(ours.data).toEqual(contract.data)
  })

  it('refuses a malformed answer by throwing, as zod’s parse does', () => {
    expect(() => plain.publicScheduleSchema.parse({ ...published, rooms: [{ ...room, id: 'x' }] })).toThrow('rooms.0.id')
    expect(plain.publicScheduleSchema.parse(published)).toEqual(bookings.publicScheduleSchema.parse(published))
  })
})
