import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { blackouts, periods, rooms } from '../../../server/src/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
let admin: Record<string, string>
let member: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  admin = (await t.as('admin')).headers
  member = (await t.as('member')).headers
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(blackouts)
  await t.db.delete(rooms)
  await t.db.delete(periods)
})

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
const addRoom = async (name: string, extra: object = {}) => {
  const response = await call('POST', '/api/rooms', { name, capacity: 8, ...extra })
  expect(response.statusCode).toBe(201)
  return response.json() as { id: string; name: string }
}
const roomNames = async () => ((await call('GET', '/api/rooms', undefined, member)).json().items as Array<{ name: string }>).map((room) => room.name)

describe('rooms', () => {
  it('adds rooms with defaults and lists them to members in display order', async () => {
    await addRoom('Studio B', { sortOrder: 2 })
    const a = await addRoom('  Studio A  ', { sortOrder: 1, shownPublicly: false })
    expect(a).toMatchObject({ name: 'Studio A', capacity: 8, active: true, shownPublicly: false, sortOrder: 1 })
    expect(await roomNames()).toEqual(['Studio A', 'Studio B'])
  })

  it('refuses a name taken in another case with 409 ROOM_NAME_TAKEN, on create and rename', async () => {
    await addRoom('Studio A')
    const b = await addRoom('Studio B')
    const created = await call('POST', '/api/rooms', { name: 'studio a', capacity: 4 })
    expect(created.statusCode).toBe(409)
    expect(created.json().error.code).toBe('ROOM_NAME_TAKEN')
    const renamed = await call('PATCH', `/api/rooms/${b.id}`, { name: 'STUDIO A' })
    expect(renamed.statusCode).toBe(409)
    expect(renamed.json().error.code).toBe('ROOM_NAME_TAKEN')
    expect(await roomNames()).toEqual(['Studio A', 'Studio B'])
  })

  it('keeps exactly one of two racing rooms with the same name', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/rooms', { name: 'Race', capacity: 5 })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409])
    expect(await roomNames()).toEqual(['Race'])
  })

  it.each([
    ['no name', { capacity: 4 }, 'name'],
    ['a blank name', { name: '   ', capacity: 4 }, 'name'],
    ['a 41-character name', { name: 'x'.repeat(41), capacity: 4 }, 'name'],
    ['capacity 0', { name: 'R', capacity: 0 }, 'capacity'],
    ['capacity 201', { name: 'R', capacity: 201 }, 'capacity'],
    ['capacity 2.5', { name: 'R', capacity: 2.5 }, 'capacity'],
    ['capacity as text', { name: 'R', capacity: '4' }, 'capacity'],
    ['active as text', { name: 'R', capacity: 4, active: 'yes' }, 'active'],
  ])('refuses %s with 400 and adds nothing', async (_what, payload, field) => {
    const response = await call('POST', '/api/rooms', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toHaveProperty([field])
    expect(await roomNames()).toEqual([])
  })

  it('changes and deactivates a room; bad changes change nothing', async () => {
    const room = await addRoom('Studio A')
    const changed = await call('PATCH', `/api/rooms/${room.id}`, { capacity: 12, active: false })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ name: 'Studio A', capacity: 12, active: false })
    expect((await call('PATCH', `/api/rooms/${room.id}`, {})).statusCode).toBe(400)
    expect((await call('PATCH', `/api/rooms/${room.id}`, { capacity: 999 })).statusCode).toBe(400)
    expect((await call('PATCH', '/api/rooms/not-a-uuid', { capacity: 3 })).statusCode).toBe(400)
    expect((await call('PATCH', '/api/rooms/00000000-0000-4000-8000-000000000000', { capacity: 3 })).statusCode).toBe(404)
    const [row] = (await call('GET', '/api/rooms')).json().items
    expect(row).toMatchObject({ capacity: 12, active: false })
  })

  it('deletes a room and takes it out of blackouts, dropping one left without rooms', async () => {
    const a = await addRoom('A')
    const b = await addRoom('B')
    await call('POST', '/api/blackouts', { startsOn: '2026-07-01', endsOn: '2026-07-02', roomIds: [a.id], reason: 'Only A' })
    await call('POST', '/api/blackouts', { startsOn: '2026-07-03', endsOn: '2026-07-03', roomIds: [a.id, b.id], reason: 'A and B' })
    expect((await call('DELETE', `/api/rooms/${a.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/rooms/${a.id}`)).statusCode).toBe(404)
    expect(await roomNames()).toEqual(['B'])
    const list = (await call('GET', '/api/blackouts?from=2026-01-01')).json().items
    expect(list).toEqual([expect.objectContaining({ reason: 'A and B', roomIds: [b.id] })])
  })

  it('lets only admins change rooms', async () => {
    const room = await addRoom('Studio A')
    const executive = (await t.as('executive')).headers
    for (const headers of [member, executive]) {
      expect((await call('POST', '/api/rooms', { name: 'X', capacity: 3 }, headers)).statusCode).toBe(403)
      expect((await call('PATCH', `/api/rooms/${room.id}`, { capacity: 3 }, headers)).statusCode).toBe(403)
      expect((await call('DELETE', `/api/rooms/${room.id}`, undefined, headers)).statusCode).toBe(403)
    }
    expect(await roomNames()).toEqual(['Studio A'])
  })
})

describe('periods', () => {
  const addPeriod = (label: string, startsAt: string, endsAt: string) => call('POST', '/api/periods', { label, startsAt, endsAt })
  const labels = async () => ((await call('GET', '/api/periods', undefined, member)).json().items as Array<{ label: string }>).map((period) => period.label)

  it('adds periods and lists them by start; touching periods are fine', async () => {
    expect((await addPeriod('2nd', '10:30', '12:00')).statusCode).toBe(201)
    expect((await addPeriod('1st', '09:00', '10:30')).statusCode).toBe(201)
    expect(await labels()).toEqual(['1st', '2nd'])
  })

  it('refuses an overlap with 400 PERIOD_OVERLAP naming the other period', async () => {
    await addPeriod('1st', '09:00', '10:30')
    for (const [start, end] of [['10:00', '11:00'], ['08:00', '09:01'], ['09:15', '10:00'], ['08:00', '12:00']]) {
      const response = await addPeriod('Clash', start!, end!)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('PERIOD_OVERLAP')
      expect(response.json().error.message).toContain('1st')
    }
    expect(await labels()).toEqual(['1st'])
  })

  it('checks overlaps on change too, ignoring the period itself', async () => {
    await addPeriod('1st', '09:00', '10:30')
    const second = (await addPeriod('2nd', '10:30', '12:00')).json()
    expect((await call('PATCH', `/api/periods/${second.id}`, { startsAt: '10:45' })).statusCode).toBe(200)
    const clash = await call('PATCH', `/api/periods/${second.id}`, { startsAt: '10:00' })
    expect(clash.json().error.code).toBe('PERIOD_OVERLAP')
    const backwards = await call('PATCH', `/api/periods/${second.id}`, { endsAt: '10:40' })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().error.fields).toHaveProperty(['endsAt'])
    expect((await call('GET', '/api/periods')).json().items[1]).toMatchObject({ startsAt: '10:45', endsAt: '12:00' })
  })

  it('never lets two racing overlapping periods both in', async () => {
    const answers = await Promise.all([addPeriod('A', '09:00', '10:00'), addPeriod('B', '09:30', '10:30'), addPeriod('C', '09:45', '11:00')])
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1)
    expect(await labels()).toHaveLength(1)
  })

  it.each([
    ['start after end', { label: 'x', startsAt: '12:00', endsAt: '11:00' }, 'endsAt'],
    ['start equal to end', { label: 'x', startsAt: '12:00', endsAt: '12:00' }, 'endsAt'],
    ['24:00', { label: 'x', startsAt: '23:00', endsAt: '24:00' }, 'endsAt'],
    ['9:00 without a leading zero', { label: 'x', startsAt: '9:00', endsAt: '10:00' }, 'startsAt'],
    ['no label', { startsAt: '09:00', endsAt: '10:00' }, 'label'],
  ])('refuses %s with 400', async (_what, payload, field) => {
    const response = await call('POST', '/api/periods', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toHaveProperty([field])
    expect(await labels()).toEqual([])
  })

  it('deletes a period (404 when already gone)', async () => {
    const period = (await addPeriod('1st', '09:00', '10:30')).json()
    expect((await call('DELETE', `/api/periods/${period.id}`, undefined, member)).statusCode).toBe(403)
    expect((await call('DELETE', `/api/periods/${period.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/periods/${period.id}`)).statusCode).toBe(404)
    expect(await labels()).toEqual([])
  })
})

describe('blackouts', () => {
  it('adds blackouts for all rooms or some, and lists those not yet over (club time zone)', async () => {
    const room = await addRoom('A')
    // The test clock is 2026-06-01 10:00 in Tokyo.
    expect((await call('POST', '/api/blackouts', { startsOn: '2026-05-01', endsOn: '2026-05-31', roomIds: null, reason: 'Past' })).statusCode).toBe(201)
    const created = await call('POST', '/api/blackouts', { startsOn: '2026-06-01', endsOn: '2026-06-03', roomIds: [room.id], reason: ' Repairs ' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ startsOn: '2026-06-01', endsOn: '2026-06-03', roomIds: [room.id], reason: 'Repairs' })
    const upcoming = (await call('GET', '/api/blackouts', undefined, member)).json().items
    expect(upcoming.map((item: { reason: string }) => item.reason)).toEqual(['Repairs'])
    const all = (await call('GET', '/api/blackouts?from=2026-01-01', undefined, member)).json().items
    expect(all.map((item: { reason: string }) => item.reason)).toEqual(['Past', 'Repairs'])
    expect((await call('GET', '/api/blackouts?from=June', undefined, member)).statusCode).toBe(400)
  })

  it.each([
    ['an end before the start', { startsOn: '2026-07-02', endsOn: '2026-07-01', roomIds: null, reason: 'x' }, 'endsOn'],
    ['an impossible date', { startsOn: '2026-02-30', endsOn: '2026-03-01', roomIds: null, reason: 'x' }, 'startsOn'],
    ['a date with a time', { startsOn: '2026-07-01T00:00', endsOn: '2026-07-01', roomIds: null, reason: 'x' }, 'startsOn'],
    ['an empty room list', { startsOn: '2026-07-01', endsOn: '2026-07-01', roomIds: [], reason: 'x' }, 'roomIds'],
    ['an unknown room', { startsOn: '2026-07-01', endsOn: '2026-07-01', roomIds: ['00000000-0000-4000-8000-000000000000'], reason: 'x' }, 'roomIds'],
    ['a room id that is not a uuid', { startsOn: '2026-07-01', endsOn: '2026-07-01', roomIds: ['room-1'], reason: 'x' }, 'roomIds.0'],
    ['no reason', { startsOn: '2026-07-01', endsOn: '2026-07-01', roomIds: null, reason: ' ' }, 'reason'],
    ['a 201-character reason', { startsOn: '2026-07-01', endsOn: '2026-07-01', roomIds: null, reason: 'x'.repeat(201) }, 'reason'],
    ['rooms left out', { startsOn: '2026-07-01', endsOn: '2026-07-01', reason: 'x' }, 'roomIds'],
  ])('refuses %s with 400 and adds nothing', async (_what, payload, field) => {
    const response = await call('POST', '/api/blackouts', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toHaveProperty([field])
    expect((await call('GET', '/api/blackouts?from=2000-01-01')).json().items).toEqual([])
  })

  it('deletes a blackout; only admins may', async () => {
    const blackout = (await call('POST', '/api/blackouts', { startsOn: '2026-07-01', endsOn: '2026-07-01', roomIds: null, reason: 'Festival' })).json()
    expect((await call('DELETE', `/api/blackouts/${blackout.id}`, undefined, member)).statusCode).toBe(403)
    expect((await call('DELETE', `/api/blackouts/${blackout.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/blackouts/${blackout.id}`)).statusCode).toBe(404)
  })
})
