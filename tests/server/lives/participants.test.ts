import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { additionalInfo } from '../../../server/src/db/schema'
import type { AcceptedBand, ParticipantList } from '../../../src/contract/lives'
import { createTestApp, type TestApp } from '../support/test-app'
import { createApplication, createBand, createEvent, createUser } from '../support/factories'

/**
 * Who plays at a live (SPEC §5.6): every current member of every accepted band once, with
 * grade (in the event's academic year), parts and bands; the university's details for
 * executives only; the CSV for Excel; and the accepted bands with their members.
 */
type Caller = Awaited<ReturnType<TestApp['as']>>
type User = Awaited<ReturnType<typeof createUser>>

let t: TestApp
let executive: Caller
let admin: Caller
let member: Caller
let event: Awaited<ReturnType<typeof createEvent>>
let people: Record<'hana' | 'aoi' | 'ren' | 'kei' | 'grad' | 'incoming' | 'gone' | 'waiting' | 'elsewhere', User>
let bandIds: Record<'autumn' | 'blue' | 'owls', string>
let applicationIds: Record<'autumn' | 'blue' | 'owls', string>

const NIL = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  t = await createTestApp()
  executive = await t.as('executive')
  admin = await t.as('admin')
  member = await t.as('member')
  event = await createEvent(t.db, { title: 'Summer Live 2026', academicYear: 2026 })
  const user = (displayName: string, enrollmentYear: number, status: 'active' | 'deleted' | 'suspended' = 'active') =>
    createUser(t.db, { displayName, enrollmentYear, status })
  people = {
    hana: await user('山田 花子', 2026),
    aoi: await user('Aoi Tanaka', 2025),
    ren: await user('ren Suzuki', 2025, 'suspended'),
    kei: await user('Kei Mori', 2023),
    grad: await user('Gwen Grad', 2020),
    incoming: await user('Ina Coming', 2027),
    gone: await user('Gone Person', 2025, 'deleted'),
    waiting: await user('Wai Ting', 2024),
    elsewhere: await user('Else Where', 2024),
  }
  const { hana, aoi, ren, kei, grad, incoming, gone, waiting, elsewhere } = people
  const autumn = await createBand(
    t.db,
    [
      { userId: aoi.id, part: 'Guitar' },
      { userId: kei.id, part: 'Keys', isLeader: true },
      { userId: grad.id, part: 'Bass' },
      { userId: incoming.id, part: 'Vocals' },
    ],
    { name: 'Autumn Leaves' },
  )
  const blue = await createBand(
    t.db,
    [
      { userId: ren.id, part: 'Drums' },
      { userId: aoi.id, part: 'Bass' },
    ],
    { name: 'blue Train' },
  )
  const owls = await createBand(
    t.db,
    [
      { userId: hana.id, part: 'Vocals' },
      { userId: aoi.id, part: 'Guitar' },
      { userId: gone.id, part: 'Drums' },
    ],
    { name: 'Night Owls' },
  )
  bandIds = { autumn: autumn.id, blue: blue.id, owls: owls.id }
  const accepted = (bandId: string, requestedMinutes: number) =>
    createApplication(t.db, { eventId: event.id, bandId, submittedBy: aoi.id, status: 'accepted', requestedMinutes })
  applicationIds = {
    autumn: (await accepted(autumn.id, 25)).id,
    blue: (await accepted(blue.id, 15)).id,
    owls: (await accepted(owls.id, 20)).id,
  }
  // Bands that are not accepted: their members do not play (aoi is in one of them too).
  for (const status of ['submitted', 'waitlisted', 'rejected', 'withdrawn'] as const) {
    const band = await createBand(t.db, [{ userId: waiting.id, part: 'Sax' }, { userId: aoi.id, part: 'Triangle' }], { name: `Not accepted ${status}` })
    await createApplication(t.db, { eventId: event.id, bandId: band.id, submittedBy: waiting.id, status })
  }
  // Another live's accepted band.
  const other = await createEvent(t.db)
  const otherBand = await createBand(t.db, [{ userId: elsewhere.id }], { name: 'Elsewhere' })
  await createApplication(t.db, { eventId: other.id, bandId: otherBand.id, submittedBy: elsewhere.id, status: 'accepted' })

  await t.db.insert(additionalInfo).values([
    { userId: hana.id, fullName: '山田 花子', nameKana: 'ヤマダ ハナコ', studentNumber: '26A0001', faculty: '文学部', department: '英文学科', phone: '090-1234-5678' },
    { userId: aoi.id, fullName: 'Aoi Tanaka', studentNumber: '25B0002' },
    { userId: gone.id, fullName: 'Gone Person' },
  ])
})
afterAll(() => t.close())

const get = (who: Caller, url: string) => t.inject({ method: 'GET', url, headers: who.headers })

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json().error.code).toBe(code)
}

async function participants(who: Caller, eventId = event.id) {
  const response = await get(who, `/api/events/${eventId}/participants`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as ParticipantList
}

/** The CSV's rows as cells (no cell here holds a comma or a quote). */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','))

describe('GET /api/events/:eventId/participants', () => {
  it('lists every current member of every accepted band once, by grade then name, with grade, parts and bands', async () => {
    const list = await participants(member)
    expect(list.items.map((person) => [person.displayName, person.grade])).toEqual([
      ['山田 花子', '1st year'],
      ['Aoi Tanaka', '2nd year'],
      ['ren Suzuki', '2nd year'],
      ['Kei Mori', '4th year'],
      ['Gwen Grad', 'Graduate'],
      ['Ina Coming', 'Incoming'],
    ])
    const aoi = list.items.find((person) => person.id === people.aoi.id)!
    expect(aoi.bands).toEqual([
      { id: bandIds.autumn, name: 'Autumn Leaves', part: 'Guitar' },
      { id: bandIds.blue, name: 'blue Train', part: 'Bass' },
      { id: bandIds.owls, name: 'Night Owls', part: 'Guitar' },
    ])
    expect(aoi.parts).toEqual(['Guitar', 'Bass'])
    expect(list.countsByGrade).toEqual([
      { grade: '1st year', count: 1 },
      { grade: '2nd year', count: 2 },
      { grade: '4th year', count: 1 },
      { grade: 'Graduate', count: 1 },
      { grade: 'Incoming', count: 1 },
    ])
  })

  it('leaves out deleted accounts, members of bands that are not accepted, and other lives’ bands', async () => {
    const ids = (await participants(executive)).items.map((person) => person.id)
    for (const left of [people.gone, people.waiting, people.elsewhere]) expect(ids).not.toContain(left.id)
    expect(ids).toHaveLength(6)
  })

  it('shows members no private details, and executives and admins the university’s details (null when none were filled in)', async () => {
    const forMember = await participants(member)
    expect(forMember.withDetails).toBe(false)
    expect(forMember.items.every((person) => person.details === null)).toBe(true)
    expect(JSON.stringify(forMember)).not.toContain('26A0001')

    for (const who of [executive, admin]) {
      const list = await participants(who)
      expect(list.withDetails).toBe(true)
      const byId = new Map(list.items.map((person) => [person.id, person.details]))
      expect(byId.get(people.hana.id)).toEqual({
        fullName: '山田 花子',
        nameKana: 'ヤマダ ハナコ',
        studentNumber: '26A0001',
        faculty: '文学部',
        department: '英文学科',
        phone: '090-1234-5678',
      })
      expect(byId.get(people.aoi.id)).toEqual({ fullName: 'Aoi Tanaka', nameKana: null, studentNumber: '25B0002', faculty: null, department: null, phone: null })
      expect(byId.get(people.kei.id)).toBeNull()
    }
  })

  it('gives grades in the event’s academic year: a past live shows the grades of its year', async () => {
    const past = await createEvent(t.db, { title: 'Summer Live 2024', academicYear: 2024 })
    await createApplication(t.db, { eventId: past.id, bandId: bandIds.autumn, submittedBy: people.kei.id, status: 'accepted' })
    const list = await participants(member, past.id)
    expect(list.items.map((person) => [person.displayName, person.grade])).toEqual([
      ['Kei Mori', '2nd year'],
      ['Gwen Grad', 'Graduate'],
      ['Aoi Tanaka', 'Incoming'],
      ['Ina Coming', 'Incoming'],
    ])
    expect(list.countsByGrade).toEqual([
      { grade: '2nd year', count: 1 },
      { grade: 'Graduate', count: 1 },
      { grade: 'Incoming', count: 2 },
    ])
  })

  it('answers an empty list for a live with no accepted band', async () => {
    const empty = await createEvent(t.db)
    expect(await participants(executive, empty.id)).toEqual({ items: [], countsByGrade: [], withDetails: true })
  })

  it('answers 404 for an unknown live and 400 for a bad id', async () => {
    expectError(await get(member, `/api/events/${NIL}/participants`), 404, 'NOT_FOUND')
    expectError(await get(member, '/api/events/not-a-uuid/participants'), 400, 'VALIDATION_FAILED')
  })
})

describe('GET /api/events/:eventId/participants/export.csv', () => {
  it('sends members a UTF-8 CSV with a BOM and CRLF, Japanese names intact and no private columns', async () => {
    const response = await get(member, `/api/events/${event.id}/participants/export.csv`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Summer Live 2026 participants.csv')}`)
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(response.body).toContain('\r\n')
    expect(response.body.replace(/\r\n/g, '')).not.toContain('\n')
    const rows = csvRows(response.body)
    expect(rows[0]).toEqual(['Name', 'Grade', 'Parts', 'Bands'])
    expect(rows[1]).toEqual(['山田 花子', '1st year', 'Vocals', 'Night Owls (Vocals)'])
    expect(rows[2]).toEqual(['Aoi Tanaka', '2nd year', 'Guitar; Bass', 'Autumn Leaves (Guitar); blue Train (Bass); Night Owls (Guitar)'])
    expect(rows).toHaveLength(7)
    expect(response.body).not.toContain('26A0001')
  })

  it('adds the university’s columns for executives', async () => {
    const response = await get(executive, `/api/events/${event.id}/participants/export.csv`)
    expect(response.statusCode, response.body).toBe(200)
    const rows = csvRows(response.body)
    expect(rows[0]).toEqual(['Name', 'Grade', 'Parts', 'Bands', 'Full name', 'Name (kana)', 'Student number', 'Faculty', 'Department', 'Phone'])
    expect(rows[1]).toEqual(['山田 花子', '1st year', 'Vocals', 'Night Owls (Vocals)', '山田 花子', 'ヤマダ ハナコ', '26A0001', '文学部', '英文学科', '090-1234-5678'])
    expect(rows[4]).toEqual(['Kei Mori', '4th year', 'Keys', 'Autumn Leaves (Keys)', '', '', '', '', '', ''])
  })

  it('answers 404 for an unknown live', async () => {
    expectError(await get(member, `/api/events/${NIL}/participants/export.csv`), 404, 'NOT_FOUND')
  })
})

describe('GET /api/events/:eventId/bands', () => {
  it('lists the accepted bands by name with their current members, leader first, and requested minutes', async () => {
    const response = await get(member, `/api/events/${event.id}/bands`)
    expect(response.statusCode, response.body).toBe(200)
    const items = response.json().items as AcceptedBand[]
    expect(items.map((band) => [band.name, band.applicationId, band.requestedMinutes])).toEqual([
      ['Autumn Leaves', applicationIds.autumn, 25],
      ['blue Train', applicationIds.blue, 15],
      ['Night Owls', applicationIds.owls, 20],
    ])
    expect(items[0]!.members.map((person) => [person.displayName, person.part, person.isLeader])).toEqual([
      ['Kei Mori', 'Keys', true],
      ['Aoi Tanaka', 'Guitar', false],
      ['Gwen Grad', 'Bass', false],
      ['Ina Coming', 'Vocals', false],
    ])
    // The deleted account is not shown.
    expect(items[2]!.members.map((person) => person.displayName)).toEqual(['山田 花子', 'Aoi Tanaka'])
    // Nothing is published yet, so no band has a time.
    expect(items.map((band) => band.slots)).toEqual([[], [], []])
  })

  it('answers an empty list for a live with no accepted band, 404 for an unknown live', async () => {
    const empty = await createEvent(t.db)
    const response = await get(member, `/api/events/${empty.id}/bands`)
    expect(response.json()).toEqual({ items: [] })
    expectError(await get(member, `/api/events/${NIL}/bands`), 404, 'NOT_FOUND')
  })

  it('gives each band its times in the latest published timetable, ends from the minutes asked, and none for a band left out', async () => {
    const put = (placements: object[]) =>
      t.inject({ method: 'PUT', url: `/api/events/${event.id}/timetable/draft`, headers: executive.headers, payload: { placements } })
    const publish = () => t.inject({ method: 'POST', url: `/api/events/${event.id}/timetable/publish`, headers: executive.headers, payload: {} })
    expect((await put([{ performanceId: applicationIds.owls, date: '2026-07-18', stage: 'Main', start: '12:00' }])).statusCode).toBe(200)
    expect((await publish()).statusCode).toBe(200)
    // A newer draft is not what members see: only the published version counts.
    const draft = await put([
      { performanceId: applicationIds.owls, date: '2026-07-19', stage: 'Main', start: '13:00' },
      { performanceId: applicationIds.autumn, date: '2026-07-18', stage: 'Main', start: '12:00' },
    ])
    expect(draft.statusCode, draft.body).toBe(200)
    const slotsOf = async () => {
      const response = await get(member, `/api/events/${event.id}/bands`)
      expect(response.statusCode, response.body).toBe(200)
      return (response.json().items as AcceptedBand[]).map((band) => [band.name, band.slots])
    }
    expect(await slotsOf()).toEqual([
      ['Autumn Leaves', []],
      ['blue Train', []],
      ['Night Owls', [{ date: '2026-07-18', stage: 'Main', start: '12:00', end: '12:20' }]],
    ])

    expect((await publish()).statusCode).toBe(200)
    expect(await slotsOf()).toEqual([
      ['Autumn Leaves', [{ date: '2026-07-18', stage: 'Main', start: '12:00', end: '12:25' }]],
      ['blue Train', []],
      ['Night Owls', [{ date: '2026-07-19', stage: 'Main', start: '13:00', end: '13:20' }]],
    ])
  })
})
