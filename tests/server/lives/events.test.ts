import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { applications, events } from '../../../server/src/db/schema'
import { api, createEvent, createTestApp, eventInput, expectError, livesRows, minutes, START, type Caller, type TestApp } from './support'

let t: TestApp
let call: ReturnType<typeof api>
let executive: Caller
let admin: Caller
let member: Caller

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  executive = await t.as('executive', { displayName: 'Exec Person' })
  admin = await t.as('admin')
  member = await t.as('member')
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.current = new Date(START)
  await t.db.delete(applications)
  await t.db.delete(events)
})

const NIL = '00000000-0000-4000-8000-000000000000'
const at = (iso: string) => new Date(iso)

describe('GET /api/events/:eventId', () => {
  it('answers the event with its capacity and its application window', async () => {
    const event = await createEvent(t.db, {
      title: 'Summer Live 2026',
      days: [
        { date: '2026-07-18', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }, { name: 'Lounge', opensAt: '13:00', closesAt: '15:30' }] },
        { date: '2026-07-19', stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] },
      ],
      bandLimit: 12,
    })
    const response = await call.get(member, `/api/events/${event.id}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      id: event.id,
      kind: 'seasonal',
      season: 'summer',
      title: 'Summer Live 2026',
      academicYear: 2026,
      venue: 'Student hall',
      days: event.days,
      defaultPerformanceMinutes: 20,
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
      applicationOpensAt: '2026-05-24T15:00:00.000Z',
      applicationClosesAt: '2026-06-15T14:59:00.000Z',
      bandLimit: 12,
      status: 'open',
      capacityMinutes: 360 + 150 + 360,
      applicationWindow: { state: 'open', message: 'Applications close at 23:59 on Mon 15 Jun.' },
      createdAt: event.createdAt.toISOString(),
      updatedAt: event.updatedAt.toISOString(),
    })
  })

  it('says why a band cannot apply: a draft, a window not open yet, a close time passed, a later status', async () => {
    const draft = await createEvent(t.db, { title: 'Draft Live', status: 'draft' })
    const early = await createEvent(t.db, { title: 'Early Live', applicationOpensAt: at('2026-06-08T09:00:00+09:00') })
    const past = await createEvent(t.db, { title: 'Past Live', applicationOpensAt: at('2026-05-01T00:00:00+09:00'), applicationClosesAt: at('2026-05-31T18:00:00+09:00') })
    const closed = await createEvent(t.db, { title: 'Closed Live', status: 'closed' })
    const windowOf = async (id: string) => (await call.get(member, `/api/events/${id}`)).json().applicationWindow
    expect((await call.get(executive, `/api/events/${draft.id}`)).json().applicationWindow).toEqual({ state: 'not_yet', message: 'Applications for Draft Live are not open yet.' })
    expect(await windowOf(early.id)).toEqual({ state: 'not_yet', message: 'Applications for Early Live open at 09:00 on Mon 8 Jun.' })
    expect(await windowOf(past.id)).toEqual({ state: 'closed', message: 'Applications for Past Live closed at 18:00 on Sun 31 May.' })
    expect(await windowOf(closed.id)).toEqual({ state: 'closed', message: 'Applications for Closed Live closed at 23:59 on Mon 15 Jun.' })
  })

  it('hides a draft from members (404) and shows it to executives and admins', async () => {
    const draft = await createEvent(t.db, { title: 'Secret Draft Live', status: 'draft' })
    expectError(await call.get(member, `/api/events/${draft.id}`), 404, 'NOT_FOUND')
    expect((await call.get(executive, `/api/events/${draft.id}`)).json()).toMatchObject({ title: 'Secret Draft Live', status: 'draft' })
    expect((await call.get(admin, `/api/events/${draft.id}`)).statusCode).toBe(200)
    // Nor can a member reach it through its timetable, participants or an application.
    expect((await call.get(member, `/api/events/${draft.id}/timetable`)).statusCode).toBe(404)
    expect((await call.get(member, `/api/events/${draft.id}/participants`)).statusCode).toBe(404)
  })

  it('follows the clock: the window closes at the close time', async () => {
    const event = await createEvent(t.db, { title: 'Summer Live 2026' })
    t.clock.current = at('2026-06-15T23:58:59+09:00')
    const fresh = await t.as('member')
    expect((await call.get(fresh, `/api/events/${event.id}`)).json().applicationWindow.state).toBe('open')
    t.clock.advance(minutes(1) + 1000)
    expect((await call.get(fresh, `/api/events/${event.id}`)).json().applicationWindow).toEqual({
      state: 'closed',
      message: 'Applications for Summer Live 2026 closed at 23:59 on Mon 15 Jun.',
    })
  })

  it('answers 404 for an unknown live and 400 for a malformed id', async () => {
    const missing = expectError(await call.get(member, `/api/events/${NIL}`), 404, 'NOT_FOUND')
    expect(missing.message).toBe('No such live.')
    expectError(await call.get(member, '/api/events/not-an-id'), 400, 'VALIDATION_FAILED')
  })
})

describe('GET /api/events', () => {
  it('lists events newest first: academic year, then creation', async () => {
    const old = await createEvent(t.db, { title: 'Old', academicYear: 2025, createdAt: at('2026-05-30T00:00:00Z') })
    const first = await createEvent(t.db, { title: 'First', createdAt: at('2026-04-10T00:00:00Z') })
    const second = await createEvent(t.db, { title: 'Second', kind: 'festival', season: null, createdAt: at('2026-05-10T00:00:00Z') })
    const response = await call.get(member, '/api/events')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().items.map((event: { id: string }) => event.id)).toEqual([second.id, first.id, old.id])
    expect(response.json().items[0]).toMatchObject({ title: 'Second', kind: 'festival', season: null, applicationWindow: { state: 'open' } })
  })

  it('filters by kind and season', async () => {
    const summer = await createEvent(t.db, { title: 'Summer' })
    const winter = await createEvent(t.db, { title: 'Winter', season: 'winter' })
    const festival = await createEvent(t.db, { title: 'Festival', kind: 'festival', season: null })
    const titles = async (query: string) => (await call.get(member, `/api/events?${query}`)).json().items.map((event: { title: string }) => event.title).sort()
    expect(await titles('kind=seasonal')).toEqual(['Summer', 'Winter'])
    expect(await titles('kind=seasonal&season=winter')).toEqual(['Winter'])
    expect(await titles('season=summer')).toEqual(['Summer'])
    expect(await titles('kind=festival')).toEqual(['Festival'])
    // A season says nothing about the kinds without one.
    expect(await titles('kind=festival&season=summer')).toEqual(['Festival'])
    expect([summer, winter, festival]).toHaveLength(3)
  })

  it('keeps only the events taking applications now with open=true', async () => {
    await createEvent(t.db, { title: 'Open' })
    await createEvent(t.db, { title: 'Draft', status: 'draft' })
    await createEvent(t.db, { title: 'Closed', status: 'closed' })
    await createEvent(t.db, { title: 'Not yet', applicationOpensAt: at('2026-06-02T00:00:00+09:00') })
    await createEvent(t.db, { title: 'Over', applicationOpensAt: at('2026-05-01T00:00:00+09:00'), applicationClosesAt: at('2026-06-01T10:00:00+09:00') })
    const titles = async (query: string, caller = member) => (await call.get(caller, `/api/events?${query}`)).json().items.map((event: { title: string }) => event.title).sort()
    expect(await titles('open=true')).toEqual(['Open'])
    expect(await titles('open=false')).toEqual(['Closed', 'Not yet', 'Open', 'Over'])
    // Drafts are listed for executives and admins only.
    expect(await titles('open=false', executive)).toEqual(['Closed', 'Draft', 'Not yet', 'Open', 'Over'])
    expect(await titles('', admin)).toEqual(['Closed', 'Draft', 'Not yet', 'Open', 'Over'])
  })

  it('refuses a bad filter with 400', async () => {
    expect(expectError(await call.get(member, '/api/events?kind=concert'), 400, 'VALIDATION_FAILED').fields).toHaveProperty('kind')
    expect(expectError(await call.get(member, '/api/events?season=monsoon'), 400, 'VALIDATION_FAILED').fields).toHaveProperty('season')
    expect(expectError(await call.get(member, '/api/events?open=maybe'), 400, 'VALIDATION_FAILED').fields).toHaveProperty('open')
  })

  it('is for signed-in members only', async () => {
    expectError(await call.get(null, '/api/events'), 401, 'UNAUTHENTICATED')
  })
})

describe('GET /api/events/current', () => {
  const current = async (query: string, caller = member) => {
    const response = await call.get(caller, `/api/events/current?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { academicYear: number; event: { id: string; title: string } | null }
  }

  it('answers null with the current academic year when there is no event', async () => {
    expect(await current('kind=festival')).toEqual({ academicYear: 2026, event: null })
  })

  it('picks the newest event of the kind and season in the current academic year', async () => {
    await createEvent(t.db, { title: 'Older summer', createdAt: at('2026-04-10T00:00:00Z') })
    const newest = await createEvent(t.db, { title: 'Newest summer', status: 'draft', createdAt: at('2026-05-20T00:00:00Z') })
    await createEvent(t.db, { title: 'Winter', season: 'winter', createdAt: at('2026-05-30T00:00:00Z') })
    await createEvent(t.db, { title: 'Festival', kind: 'festival', season: null, createdAt: at('2026-05-31T00:00:00Z') })
    const answer = await current('kind=seasonal&season=summer', executive)
    expect(answer.academicYear).toBe(2026)
    expect(answer.event).toMatchObject({ id: newest.id, title: 'Newest summer', status: 'draft', applicationWindow: { state: 'not_yet' } })
    // A member never sees the draft: the newest event they may see is the current one for them.
    expect((await current('kind=seasonal&season=summer')).event?.title).toBe('Older summer')
    expect((await current('kind=festival')).event?.title).toBe('Festival')
    expect((await current('kind=seasonal&season=winter')).event?.title).toBe('Winter')
    expect((await current('kind=christmas')).event).toBeNull()
  })

  it('skips archived events and those of another academic year', async () => {
    const kept = await createEvent(t.db, { title: 'Kept', status: 'closed', createdAt: at('2026-04-10T00:00:00Z') })
    await createEvent(t.db, { title: 'Archived', status: 'archived', createdAt: at('2026-05-20T00:00:00Z') })
    await createEvent(t.db, { title: 'Last year', academicYear: 2025, createdAt: at('2026-05-25T00:00:00Z') })
    await createEvent(t.db, { title: 'Next year', academicYear: 2027, createdAt: at('2026-05-26T00:00:00Z') })
    expect((await current('kind=seasonal&season=summer')).event?.id).toBe(kept.id)
    await t.db.update(events).set({ status: 'archived' }).where(eq(events.id, kept.id))
    expect((await current('kind=seasonal&season=summer')).event).toBeNull()
  })

  it('follows the academic year of the clock (April in Tokyo)', async () => {
    await createEvent(t.db, { title: 'Festival 2025', kind: 'festival', season: null, academicYear: 2025 })
    t.clock.current = at('2026-03-31T12:00:00+09:00')
    const march = await t.as('member')
    const response = await call.get(march, '/api/events/current?kind=festival')
    expect(response.json()).toMatchObject({ academicYear: 2025, event: { title: 'Festival 2025' } })
  })

  it('needs a kind, and a season for a seasonal live: 400', async () => {
    expect(expectError(await call.get(member, '/api/events/current?kind=seasonal'), 400, 'VALIDATION_FAILED').fields).toEqual({ season: 'Choose a season' })
    expect(expectError(await call.get(member, '/api/events/current'), 400, 'VALIDATION_FAILED').fields).toHaveProperty('kind')
    expect(expectError(await call.get(member, '/api/events/current?kind=seasonal&season=monsoon'), 400, 'VALIDATION_FAILED').fields).toHaveProperty('season')
  })
})

describe('POST /api/events', () => {
  it('creates an event for an executive: 201, days in date order, created by the caller', async () => {
    t.clock.advance(minutes(5))
    const days = [
      { date: '2026-11-03', stages: [{ name: 'Hall', opensAt: '10:00', closesAt: '16:00' }] },
      { date: '2026-11-01', stages: [{ name: 'Hall', opensAt: '10:00', closesAt: '17:00' }, { name: 'Courtyard', opensAt: '11:00', closesAt: '15:00' }] },
    ]
    const response = await call.post(executive, '/api/events', eventInput({ kind: 'festival', season: null, title: ' School Festival 2026 ', days, bandLimit: 30, status: 'draft' }))
    expect(response.statusCode, response.body).toBe(201)
    const event = response.json()
    expect(event).toEqual({
      id: expect.any(String),
      kind: 'festival',
      season: null,
      title: 'School Festival 2026',
      academicYear: 2026,
      venue: 'Student hall',
      days: [days[1], days[0]],
      defaultPerformanceMinutes: 20,
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
      applicationOpensAt: '2026-05-24T15:00:00.000Z',
      applicationClosesAt: '2026-06-15T14:59:00.000Z',
      bandLimit: 30,
      status: 'draft',
      capacityMinutes: 420 + 240 + 360,
      applicationWindow: { state: 'not_yet', message: 'Applications for School Festival 2026 are not open yet.' },
      createdAt: '2026-06-01T01:05:00.000Z',
      updatedAt: '2026-06-01T01:05:00.000Z',
    })
    const [row] = await t.db.select().from(events).where(eq(events.id, event.id))
    expect(row).toMatchObject({ createdBy: executive.user.id, title: 'School Festival 2026', days: [days[1], days[0]] })
  })

  it('fills the defaults: venue empty, status draft, no band limit', async () => {
    const { venue: _venue, status: _status, bandLimit: _limit, ...input } = eventInput()
    const response = await call.post(admin, '/api/events', input)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ venue: '', status: 'draft', bandLimit: null, season: 'summer' })
  })

  it('is for executives: a member gets 403 and nothing is created', async () => {
    const before = await livesRows(t)
    expectError(await call.post(member, '/api/events', eventInput()), 403, 'FORBIDDEN')
    expect(await livesRows(t)).toEqual(before)
  })

  const stage = (name: string, opensAt: string, closesAt: string) => ({ name, opensAt, closesAt })
  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a seasonal live without a season', { season: null }, 'season', 'Choose a season'],
    ['a season on a festival', { kind: 'festival', season: 'summer' }, 'season', 'Only seasonal lives have a season'],
    ['an unknown kind', { kind: 'concert' }, 'kind', 'Choose a kind of live'],
    ['an empty title', { title: '   ' }, 'title', 'Give the live a title'],
    ['a title of the wrong type', { title: 2026 }, 'title', expect.any(String) as unknown as string],
    ['an academic year as text', { academicYear: '2026' }, 'academicYear', 'Enter the academic year'],
    ['an academic year out of range', { academicYear: 1999 }, 'academicYear', 'Enter the academic year'],
    ['days that are not a list', { days: 'Saturday' }, 'days', expect.any(String) as unknown as string],
    ['no days', { days: [] }, 'days', 'Add at least one day'],
    [
      'eight days',
      { days: Array.from({ length: 8 }, (_, index) => ({ date: `2026-07-${String(10 + index)}`, stages: [stage('Main', '12:00', '18:00')] })) },
      'days',
      'At most 7 days',
    ],
    [
      'the same day twice',
      { days: [{ date: '2026-07-18', stages: [stage('Main', '12:00', '18:00')] }, { date: '2026-07-18', stages: [stage('Main', '12:00', '18:00')] }] },
      'days.1.date',
      'This day is already listed',
    ],
    ['a day that is not a date', { days: [{ date: '18/07/2026', stages: [stage('Main', '12:00', '18:00')] }] }, 'days.0.date', expect.any(String) as unknown as string],
    ['a day without stages', { days: [{ date: '2026-07-18', stages: [] }] }, 'days.0.stages', 'Add a stage'],
    [
      'five stages on a day',
      { days: [{ date: '2026-07-18', stages: ['A', 'B', 'C', 'D', 'E'].map((name) => stage(name, '12:00', '18:00')) }] },
      'days.0.stages',
      'At most 4 stages a day',
    ],
    ['a stage closing before it opens', { days: [{ date: '2026-07-18', stages: [stage('Main', '18:00', '12:00')] }] }, 'days.0.stages.0.closesAt', 'Must be after the opening time'],
    ['a stage closing as it opens', { days: [{ date: '2026-07-18', stages: [stage('Main', '12:00', '12:00')] }] }, 'days.0.stages.0.closesAt', 'Must be after the opening time'],
    ['a time that is not HH:MM', { days: [{ date: '2026-07-18', stages: [stage('Main', '24:00', '25:00')] }] }, 'days.0.stages.0.opensAt', 'Use HH:MM, e.g. 09:00'],
    [
      'two stages of one name on a day',
      { days: [{ date: '2026-07-18', stages: [stage('Main', '12:00', '18:00'), stage('main', '12:00', '18:00')] }] },
      'days.0.stages.1.name',
      'Another stage on this day has this name',
    ],
    ['an unnamed stage', { days: [{ date: '2026-07-18', stages: [stage(' ', '12:00', '18:00')] }] }, 'days.0.stages.0.name', 'Name the stage'],
    ['applications closing before they open', { applicationClosesAt: '2026-05-24T00:00:00+09:00' }, 'applicationClosesAt', 'Must be after applications open'],
    ['applications closing as they open', { applicationClosesAt: '2026-05-25T00:00:00+09:00' }, 'applicationClosesAt', 'Must be after applications open'],
    ['an instant without its offset', { applicationOpensAt: '2026-05-25T00:00:00' }, 'applicationOpensAt', 'Choose a date and time'],
    ['performance minutes below 5', { defaultPerformanceMinutes: 4 }, 'defaultPerformanceMinutes', 'At least 5 minutes'],
    ['fractional changeover minutes', { changeoverMinutes: 2.5 }, 'changeoverMinutes', 'Whole minutes'],
    ['a negative musician gap', { musicianGapMinutes: -1 }, 'musicianGapMinutes', 'Cannot be negative'],
    ['a band limit of 0', { bandLimit: 0 }, 'bandLimit', 'At least 1'],
    ['an unknown status', { status: 'cancelled' }, 'status', 'Choose a status'],
  ]

  it.each(invalid)('refuses %s with 400 and creates nothing', async (_name, overrides, field, message) => {
    const before = await livesRows(t)
    const error = expectError(await call.post(executive, '/api/events', eventInput(overrides)), 400, 'VALIDATION_FAILED')
    expect(error.fields?.[field]).toEqual(message)
    expect(await livesRows(t)).toEqual(before)
  })

  it('refuses a body that is not JSON with 400 INVALID_JSON', async () => {
    const before = await livesRows(t)
    expectError(await call.malformed(executive, 'POST', '/api/events'), 400, 'INVALID_JSON')
    expect(await livesRows(t)).toEqual(before)
  })
})

describe('PUT /api/events/:eventId', () => {
  it('replaces the whole event; created-by and creation time stay', async () => {
    const original = await createEvent(t.db, { title: 'Summer Live', createdBy: admin.user.id, bandLimit: 10 })
    t.clock.advance(minutes(30))
    const fresh = await t.as('executive')
    const days = [
      { date: '2026-08-02', stages: [{ name: 'Main', opensAt: '13:00', closesAt: '19:00' }] },
      { date: '2026-08-01', stages: [{ name: 'Main', opensAt: '13:00', closesAt: '19:00' }] },
    ]
    const response = await call.put(
      fresh,
      `/api/events/${original.id}`,
      eventInput({ title: 'Summer Live (moved)', venue: '', days, bandLimit: null, status: 'closed', changeoverMinutes: 10 }),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      id: original.id,
      title: 'Summer Live (moved)',
      venue: '',
      days: [days[1], days[0]],
      bandLimit: null,
      status: 'closed',
      changeoverMinutes: 10,
      applicationWindow: { state: 'closed' },
      createdAt: original.createdAt.toISOString(),
      updatedAt: '2026-06-01T01:30:00.000Z',
    })
    const [row] = await t.db.select().from(events).where(eq(events.id, original.id))
    expect(row).toMatchObject({ createdBy: admin.user.id, title: 'Summer Live (moved)' })
  })

  it('can turn a seasonal live into a festival, dropping the season', async () => {
    const original = await createEvent(t.db)
    const response = await call.put(executive, `/api/events/${original.id}`, eventInput({ kind: 'festival', season: null }))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ kind: 'festival', season: null })
  })

  it('answers 404 for an unknown live and changes nothing', async () => {
    await createEvent(t.db)
    const before = await livesRows(t)
    expect(expectError(await call.put(executive, `/api/events/${NIL}`, eventInput()), 404, 'NOT_FOUND').message).toBe('No such live.')
    expect(await livesRows(t)).toEqual(before)
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const original = await createEvent(t.db)
    const before = await livesRows(t)
    const url = `/api/events/${original.id}`
    expect(expectError(await call.put(executive, url, eventInput({ season: null })), 400, 'VALIDATION_FAILED').fields).toEqual({ season: 'Choose a season' })
    expect(expectError(await call.put(executive, url, eventInput({ applicationOpensAt: '2026-07-01T00:00:00Z' })), 400, 'VALIDATION_FAILED').fields).toEqual({
      applicationClosesAt: 'Must be after applications open',
    })
    expectError(await call.put(executive, url, {}), 400, 'VALIDATION_FAILED')
    expectError(await call.malformed(executive, 'PUT', url), 400, 'INVALID_JSON')
    expectError(await call.put(executive, '/api/events/nope', eventInput()), 400, 'VALIDATION_FAILED')
    expect(await livesRows(t)).toEqual(before)
  })

  it('is for executives: a member gets 403 and nothing changes', async () => {
    const original = await createEvent(t.db)
    const before = await livesRows(t)
    expectError(await call.put(member, `/api/events/${original.id}`, eventInput({ title: 'Mine now' })), 403, 'FORBIDDEN')
    expect(await livesRows(t)).toEqual(before)
  })
})
