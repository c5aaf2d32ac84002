import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { applications, events, timetables } from '../../../server/src/db/schema'
import { acceptedPerformances, timetableInputOf } from '../../../server/src/lives/live-schedule.service'
import { checkTimetable } from '../../../src/timetable/rules'
import type { Proposal, StoredTimetable, TimetableView } from '../../../src/contract/live-schedule'
import { timetablePresets } from '../../../src/contract/timetable'
import { api, createApplication, createBand, createEvent, createTestApp, createUser, expectError, minutes, type Caller, type TestApp } from './support'

/**
 * A live's timetable on the server (SPEC §5.6 `/festival-schedule`, issue #7): the view for
 * members and executives, the draft (breaks allowed, shown as violations), the generator's
 * proposals, publishing (with the confirmation for breaks, versions 1, 2, …), and the
 * published timetable as iCal and CSV.
 */

let t: TestApp
let executive: Caller
let admin: Caller
let member: Caller
let call: ReturnType<typeof api>
let bandIds: Record<'owls' | 'blue' | 'autumn' | 'storm' | 'red', string>

const NIL = '00000000-0000-4000-8000-000000000000'
const SAT = '2026-07-18'
const SUN = '2026-07-19'

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  executive = await t.as('executive')
  admin = await t.as('admin')
  // The member plays in Night Owls; Aoi plays in Night Owls and Blue Train (the musician's gap).
  member = await t.as('member', { displayName: 'Hana Yamada', enrollmentYear: 2026 })
  const aoi = await createUser(t.db, { displayName: 'Aoi Tanaka', enrollmentYear: 2025 })
  const ren = await createUser(t.db, { displayName: 'Ren Suzuki', enrollmentYear: 2024 })
  const kei = await createUser(t.db, { displayName: 'Kei Mori', enrollmentYear: 2019 })
  const band = async (name: string, members: Array<{ userId: string; part: string }>) => (await createBand(t.db, members, { name })).id
  bandIds = {
    owls: await band('Night Owls', [
      { userId: member.user.id, part: 'Vocals' },
      { userId: aoi.id, part: 'Guitar' },
    ]),
    blue: await band('Blue Train', [
      { userId: ren.id, part: 'Drums' },
      { userId: aoi.id, part: 'Bass' },
    ]),
    autumn: await band('Autumn Leaves', [{ userId: kei.id, part: 'Keys' }]),
    storm: await band('Quiet Storm', [{ userId: kei.id, part: 'Bass' }]),
    red: await band('Red Lights', [{ userId: ren.id, part: 'Guitar' }]),
  }
})
afterAll(() => t.close())

/**
 * A summer live (Sat 18 July: Main 12:00–18:00 and Hall 13:00–17:00; Sun 19 July: Main
 * 12:00–18:00; 5-minute changeover, 30-minute musician's gap) with three accepted bands, one
 * withdrawn and one rejected.
 */
async function live(overrides: Parameters<typeof createEvent>[1] = {}) {
  const event = await createEvent(t.db, {
    title: 'Summer Live 2026',
    venue: 'Student hall',
    days: [
      {
        date: SAT,
        stages: [
          { name: 'Main', opensAt: '12:00', closesAt: '18:00' },
          { name: 'Hall', opensAt: '13:00', closesAt: '17:00' },
        ],
      },
      { date: SUN, stages: [{ name: 'Main', opensAt: '12:00', closesAt: '18:00' }] },
    ],
    ...overrides,
  })
  const apply = async (band: keyof typeof bandIds, values: Partial<Parameters<typeof createApplication>[1]>) =>
    (await createApplication(t.db, { eventId: event.id, bandId: bandIds[band], submittedBy: null, ...values })).id
  const ids = {
    owls: await apply('owls', { status: 'accepted', requestedMinutes: 20, preferredDay: SAT }),
    blue: await apply('blue', {
      status: 'accepted',
      requestedMinutes: 15,
      preferredDay: SAT,
      unavailable: [{ date: SUN, from: '12:00', to: '14:00', reason: 'Exam' }],
    }),
    autumn: await apply('autumn', { status: 'accepted', requestedMinutes: 25, preferredDay: null }),
    storm: await apply('storm', { status: 'withdrawn' }),
    red: await apply('red', { status: 'rejected' }),
  }
  return { event, ids }
}

type Live = Awaited<ReturnType<typeof live>>

const url = (eventId: string, path = '') => `/api/events/${eventId}/timetable${path}`

/** A timetable that keeps every hard rule: Owls 12:00 Main, Autumn 12:25 Main (Sat), Blue 14:00 Main (Sun). */
const goodPlacements = ({ ids }: Live) => [
  { performanceId: ids.owls, date: SAT, stage: 'Main', start: '12:00', pinned: false },
  { performanceId: ids.autumn, date: SAT, stage: 'Main', start: '12:25', pinned: true },
  { performanceId: ids.blue, date: SUN, stage: 'Main', start: '14:00', pinned: false },
]

async function saveDraft(eventId: string, placements: object[], who: Caller = executive) {
  const response = await call.put(who, url(eventId, '/draft'), { placements })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as StoredTimetable
}

async function publish(eventId: string, body: object = {}) {
  const response = await call.post(executive, url(eventId, '/publish'), body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as StoredTimetable
}

async function view(who: Caller, eventId: string) {
  const response = await call.get(who, url(eventId))
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as TimetableView
}

async function generate(eventId: string, body: object = {}) {
  const response = await call.post(executive, url(eventId, '/generate'), body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Proposal
}

/** Every timetable row and the event's status, to prove a refused call changed nothing. */
async function state(eventId: string) {
  const [rows, [event]] = await Promise.all([
    t.db.select().from(timetables).where(eq(timetables.eventId, eventId)).orderBy(asc(timetables.version)),
    t.db.select({ status: events.status, updatedAt: events.updatedAt }).from(events).where(eq(events.id, eventId)),
  ])
  return { rows, event }
}

const placementsOf = (proposal: Pick<Proposal, 'placements'>) =>
  proposal.placements.map(({ performanceId, date, stage, start, end }) => ({ performanceId, date, stage, start, end })).sort((a, b) => a.performanceId.localeCompare(b.performanceId))

describe('GET /api/events/:eventId/timetable', () => {
  it('lists the accepted performances by band with members, parts, minutes, wishes and the caller’s own marked', async () => {
    const { event, ids } = await live()
    const answer = await view(member, event.id)
    expect(answer.eventId).toBe(event.id)
    expect(answer.performances.map((performance) => [performance.bandName, performance.id, performance.minutes, performance.preferredDay, performance.mine])).toEqual([
      ['Autumn Leaves', ids.autumn, 25, null, false],
      ['Blue Train', ids.blue, 15, SAT, false],
      ['Night Owls', ids.owls, 20, SAT, true],
    ])
    // The lowest grade in the live's year (for "lower grades earlier"); a graduates' band has none.
    expect(answer.performances.map((performance) => performance.grade)).toEqual([null, 2, 1])
    const owls = answer.performances[2]!
    expect(owls.bandId).toBe(bandIds.owls)
    expect(owls.members.map((person) => [person.displayName, person.part])).toEqual([
      ['Hana Yamada', 'Vocals'],
      ['Aoi Tanaka', 'Guitar'],
    ])
    expect(answer.performances[1]!.unavailable).toEqual([{ date: SUN, from: '12:00', to: '14:00', reason: 'Exam' }])
    expect(answer.published).toBeNull()
    expect(answer.draft).toBeNull()
  })

  it('shows the draft to executives and admins only; members see the published version alone', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, goodPlacements(setup))
    for (const who of [executive, admin]) expect((await view(who, setup.event.id)).draft?.placements).toHaveLength(3)
    const forMember = await view(member, setup.event.id)
    expect(forMember.draft).toBeNull()
    expect(forMember.published).toBeNull()

    await publish(setup.event.id)
    const afterPublishing = await view(member, setup.event.id)
    expect(afterPublishing.draft).toBeNull()
    expect(afterPublishing.published?.version).toBe(1)
    expect(afterPublishing.published?.placements.map((placement) => [placement.performanceId, placement.start, placement.end])).toEqual([
      [setup.ids.owls, '12:00', '12:20'],
      [setup.ids.autumn, '12:25', '12:50'],
      [setup.ids.blue, '14:00', '14:15'],
    ])
  })

  it('checks the published version again on every read: a withdrawn band leaves it, a longer set shows its break', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, goodPlacements(setup))
    await publish(setup.event.id)
    // Blue Train withdraws; Night Owls now asks for 25 minutes, so it runs into Autumn Leaves’ changeover.
    await t.db.update(applications).set({ status: 'withdrawn' }).where(eq(applications.id, setup.ids.blue))
    await t.db.update(applications).set({ requestedMinutes: 25 }).where(eq(applications.id, setup.ids.owls))

    const published = (await view(member, setup.event.id)).published!
    expect(published.placements.map((placement) => placement.performanceId)).toEqual([setup.ids.owls, setup.ids.autumn])
    expect(published.placements[0]!.end).toBe('12:25')
    expect(published.violations.map((violation) => [violation.performanceId, violation.rule])).toEqual([
      [setup.ids.autumn, 'changeover'],
      [setup.ids.owls, 'changeover'],
    ])
    expect(published.violations[0]!.message).toContain('Night Owls')
  })

  it('answers 404 for an unknown live and 400 for a bad id', async () => {
    expectError(await call.get(member, url(NIL)), 404, 'NOT_FOUND')
    expectError(await call.get(member, url('not-a-uuid')), 400, 'VALIDATION_FAILED')
  })
})

describe('PUT /api/events/:eventId/timetable/draft', () => {
  it('saves the one draft of a live, answers it with ends, checks and cost, and replaces it on the next save', async () => {
    const setup = await live()
    t.clock.advance(minutes(3))
    const savedAt = t.clock.now().toISOString()
    const saved = await saveDraft(setup.event.id, goodPlacements(setup))
    expect(saved.version).toBe(0)
    expect(saved.status).toBe('draft')
    expect(saved.publishedAt).toBeNull()
    expect(saved.updatedAt).toBe(savedAt)
    expect(saved.placements).toEqual([
      { performanceId: setup.ids.owls, date: SAT, stage: 'Main', start: '12:00', end: '12:20', pinned: false },
      { performanceId: setup.ids.autumn, date: SAT, stage: 'Main', start: '12:25', end: '12:50', pinned: true },
      { performanceId: setup.ids.blue, date: SUN, stage: 'Main', start: '14:00', end: '14:15', pinned: false },
    ])
    expect(saved.violations).toEqual([])
    // Blue Train is not on its preferred day (30) and starts 24 steps after the opening (24).
    expect(saved.cost.byGoal.preferredDay).toBe(timetablePresets.balanced.preferredDay)
    expect(saved.cost.byPerformance[setup.ids.blue]?.preferredDay).toBe(30)
    expect(saved.cost.total).toBeGreaterThan(0)

    const replaced = await saveDraft(setup.event.id, [{ performanceId: setup.ids.owls, date: SAT, stage: 'Hall', start: '13:00' }])
    expect(replaced.placements).toEqual([{ performanceId: setup.ids.owls, date: SAT, stage: 'Hall', start: '13:00', end: '13:20', pinned: false }])
    const { rows } = await state(setup.event.id)
    expect(rows.map((row) => [row.status, row.version, row.updatedBy])).toEqual([['draft', 0, executive.user.id]])
  })

  it('keeps a draft that breaks hard rules and answers every break on the performances it concerns', async () => {
    const setup = await live()
    const saved = await saveDraft(setup.event.id, [
      // Blue Train starts 5 minutes after Night Owls on another stage: Aoi plays in both (gap 30).
      { performanceId: setup.ids.owls, date: SAT, stage: 'Main', start: '13:00' },
      { performanceId: setup.ids.blue, date: SAT, stage: 'Hall', start: '13:25' },
      // Autumn Leaves overlaps Night Owls on Main and runs past nothing else.
      { performanceId: setup.ids.autumn, date: SAT, stage: 'Main', start: '13:10' },
    ])
    const rules = saved.violations.map((violation) => `${violation.performanceId}:${violation.rule}`).sort()
    expect(rules).toEqual(
      [`${setup.ids.owls}:changeover`, `${setup.ids.autumn}:changeover`, `${setup.ids.owls}:musician-gap`, `${setup.ids.blue}:musician-gap`].sort(),
    )
    const gap = saved.violations.find((violation) => violation.rule === 'musician-gap' && violation.performanceId === setup.ids.blue)!
    expect(gap.message).toContain('Aoi Tanaka')
    expect(gap.otherPerformanceId).toBe(setup.ids.owls)
  })

  it('refuses placements outside the live’s days, stages and grid, or of other applications, naming each field, and changes nothing', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, goodPlacements(setup))
    const before = await state(setup.event.id)
    const other = await live()
    const error = expectError(
      await call.put(executive, url(setup.event.id, '/draft'), {
        placements: [
          { performanceId: other.ids.owls, date: SAT, stage: 'Main', start: '12:00' },
          { performanceId: setup.ids.owls, date: '2026-07-20', stage: 'Main', start: '12:00' },
          { performanceId: setup.ids.blue, date: SUN, stage: 'Hall', start: '12:00' },
          { performanceId: setup.ids.autumn, date: SAT, stage: 'Main', start: '12:03' },
          { performanceId: NIL, date: SAT, stage: 'Main', start: '15:00' },
        ],
      }),
      400,
      'VALIDATION_FAILED',
    )
    expect(error.fields).toEqual({
      'placements.0.performanceId': 'Not an application to this live',
      'placements.1.date': 'Not a day of this live',
      'placements.2.stage': 'No stage “Hall” on Sun 19 Jul',
      'placements.3.start': 'Start on a 5-minute step, e.g. 12:05',
      'placements.4.performanceId': 'Not an application to this live',
    })
    expect(await state(setup.event.id)).toEqual(before)
  })

  it('refuses shapes the contract does not allow: a performance placed twice, a bad time, no list', async () => {
    const setup = await live()
    const twice = expectError(
      await call.put(executive, url(setup.event.id, '/draft'), {
        placements: [
          { performanceId: setup.ids.owls, date: SAT, stage: 'Main', start: '12:00' },
          { performanceId: setup.ids.owls, date: SAT, stage: 'Main', start: '13:00' },
        ],
      }),
      400,
      'VALIDATION_FAILED',
    )
    expect(twice.fields).toEqual({ 'placements.1.performanceId': 'This performance is placed twice' })
    const badTime = expectError(
      await call.put(executive, url(setup.event.id, '/draft'), { placements: [{ performanceId: setup.ids.owls, date: SAT, stage: 'Main', start: '25:00' }] }),
      400,
      'VALIDATION_FAILED',
    )
    expect(Object.keys(badTime.fields ?? {})).toEqual(['placements.0.start'])
    expectError(await call.put(executive, url(setup.event.id, '/draft'), {}), 400, 'VALIDATION_FAILED')
    expectError(await call.malformed(executive, 'PUT', url(setup.event.id, '/draft')), 400, 'INVALID_JSON')
    expect((await state(setup.event.id)).rows).toEqual([])
  })

  it('refuses a withdrawn or rejected band’s placement with 409 NOT_ACCEPTED naming the band, and changes nothing', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, goodPlacements(setup))
    const before = await state(setup.event.id)
    const withdrawn = expectError(
      await call.put(executive, url(setup.event.id, '/draft'), {
        placements: [...goodPlacements(setup), { performanceId: setup.ids.storm, date: SAT, stage: 'Hall', start: '13:00' }],
      }),
      409,
      'NOT_ACCEPTED',
    )
    expect(withdrawn.message).toBe('Quiet Storm’s application is withdrawn, so it cannot be placed. Reload the timetable to see the accepted bands.')
    const both = expectError(
      await call.put(executive, url(setup.event.id, '/draft'), {
        placements: [
          { performanceId: setup.ids.red, date: SAT, stage: 'Hall', start: '13:00' },
          { performanceId: setup.ids.storm, date: SAT, stage: 'Hall', start: '14:00' },
        ],
      }),
      409,
      'NOT_ACCEPTED',
    )
    expect(both.message).toBe('Quiet Storm’s application is withdrawn; Red Lights’s application is rejected, so they cannot be placed. Reload the timetable to see the accepted bands.')
    expect(await state(setup.event.id)).toEqual(before)
  })

  it('ends two saves racing for a live without a draft with one draft, and answers 404 for an unknown live', async () => {
    const setup = await live()
    const [first, second] = await Promise.all([
      call.put(executive, url(setup.event.id, '/draft'), { placements: goodPlacements(setup).slice(0, 1) }),
      call.put(admin, url(setup.event.id, '/draft'), { placements: goodPlacements(setup).slice(0, 2) }),
    ])
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    const { rows } = await state(setup.event.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.status).toBe('draft')
    expectError(await call.put(executive, url(NIL, '/draft'), { placements: [] }), 404, 'NOT_FOUND')
  })

  it('is for executives: a member gets 403 and nothing is saved', async () => {
    const setup = await live()
    expectError(await call.put(member, url(setup.event.id, '/draft'), { placements: goodPlacements(setup) }), 403, 'FORBIDDEN')
    expectError(await call.post(member, url(setup.event.id, '/generate'), {}), 403, 'FORBIDDEN')
    expectError(await call.post(member, url(setup.event.id, '/publish'), {}), 403, 'FORBIDDEN')
    expect((await state(setup.event.id)).rows).toEqual([])
  })
})

describe('POST /api/events/:eventId/timetable/generate', () => {
  it('proposes a timetable of every accepted band that keeps the hard rules, with its cost, and saves nothing', async () => {
    const setup = await live()
    const proposal = await generate(setup.event.id)
    expect(proposal.seed).toBe(1)
    expect(proposal.weights).toEqual(timetablePresets.balanced)
    expect(proposal.placements.map((placement) => placement.performanceId).sort()).toEqual([setup.ids.owls, setup.ids.blue, setup.ids.autumn].sort())
    expect(proposal.unplaced).toEqual([])
    expect(proposal.placements.every((placement) => placement.pinned === false)).toBe(true)
    const input = timetableInputOf(setup.event, await acceptedPerformances(t.db, setup.event.id))
    expect(checkTimetable(input, placementsOf(proposal))).toEqual([])
    expect(proposal.cost.total).toBeGreaterThanOrEqual(0)
    expect(proposal.milliseconds).toBeGreaterThanOrEqual(0)
    expect((await state(setup.event.id)).rows).toEqual([])
  })

  it('gives the same placements for the same seed, and runs the compact preset or own weights', async () => {
    const setup = await live()
    const first = await generate(setup.event.id, { seed: 42, preset: 'compact' })
    const again = await generate(setup.event.id, { seed: 42, preset: 'compact' })
    expect(placementsOf(again)).toEqual(placementsOf(first))
    expect(again.cost).toEqual(first.cost)
    expect(first.weights).toEqual(timetablePresets.compact)
    // Compact: Night Owls and Blue Train on Saturday, their preferred day; nothing is later than it needs to be.
    expect(first.cost.byGoal.preferredDay).toBe(0)
    expect(first.provenOptimal).toBe(true)

    const weights = { earliness: 2, preferredDay: 0, firstLast: 0, gradeOrder: 0, musicianSpread: 0, idleHoles: 0 }
    const own = await generate(setup.event.id, { seed: 7, weights, effort: 0.5 })
    expect(own.weights).toEqual(weights)
    expect(own.seed).toBe(7)
  })

  it('keeps the draft’s pinned performances where they are, unless told to ignore the pins', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, [{ performanceId: setup.ids.autumn, date: SUN, stage: 'Main', start: '15:00', pinned: true }])
    const pinned = await generate(setup.event.id, { preset: 'compact' })
    const autumn = pinned.placements.find((placement) => placement.performanceId === setup.ids.autumn)!
    expect(autumn).toEqual({ performanceId: setup.ids.autumn, date: SUN, stage: 'Main', start: '15:00', end: '15:25', pinned: true })

    const free = await generate(setup.event.id, { preset: 'compact', keepPins: false })
    const moved = free.placements.find((placement) => placement.performanceId === setup.ids.autumn)!
    expect(moved.pinned).toBe(false)
    expect(moved.start).not.toBe('15:00')
  })

  it('opens or closes a day with the bands the executives wish there (the “first or last” goal)', async () => {
    const setup = await live()
    const proposal = await generate(setup.event.id, { preset: 'balanced', wishes: { [setup.ids.owls]: 'last', [setup.ids.blue]: 'first' } })
    const at = (id: string) => proposal.placements.find((placement) => placement.performanceId === id)!
    const dayOf = (id: string) => proposal.placements.filter((placement) => placement.date === at(id).date)
    expect(at(setup.ids.owls).end).toBe(dayOf(setup.ids.owls).map((placement) => placement.end).sort().at(-1))
    expect(at(setup.ids.blue).start).toBe(dayOf(setup.ids.blue).map((placement) => placement.start).sort()[0])
    expect(proposal.cost.byGoal.firstLast).toBe(0)

    const bad = expectError(await call.post(executive, url(setup.event.id, '/generate'), { wishes: { [setup.ids.owls]: 'middle', 'not-an-id': 'first' } }), 400, 'VALIDATION_FAILED')
    expect(Object.keys(bad.fields ?? {}).length).toBeGreaterThan(0)
  })

  it('explains a performance that fits nowhere', async () => {
    const setup = await live({ days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '12:00', closesAt: '12:30' }] }] })
    const proposal = await generate(setup.event.id, { preset: 'compact' })
    const placed = proposal.placements.map((placement) => placement.performanceId)
    expect(placed).toHaveLength(1)
    expect(proposal.unplaced).toHaveLength(2)
    for (const reason of proposal.unplaced) {
      expect(placed).not.toContain(reason.performanceId)
      expect(reason.message.length).toBeGreaterThan(10)
    }
  })

  it('answers 409 NOT_ACCEPTED when no band is accepted yet, 400 for bad parameters and 404 for an unknown live', async () => {
    const empty = await createEvent(t.db, { title: 'Winter Live 2026' })
    const none = expectError(await call.post(executive, url(empty.id, '/generate'), {}), 409, 'NOT_ACCEPTED')
    expect(none.message).toBe('No band is accepted yet for Winter Live 2026, so there is nothing to place. Review the applications first.')
    const setup = await live()
    const bad = expectError(await call.post(executive, url(setup.event.id, '/generate'), { seed: -1, preset: 'fastest', effort: 50 }), 400, 'VALIDATION_FAILED')
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['effort', 'preset', 'seed'])
    const badWeights = expectError(
      await call.post(executive, url(setup.event.id, '/generate'), { weights: { ...timetablePresets.compact, earliness: -1 } }),
      400,
      'VALIDATION_FAILED',
    )
    expect(badWeights.fields).toEqual({ 'weights.earliness': 'Cannot be negative' })
    expectError(await call.post(executive, url(NIL, '/generate'), {}), 404, 'NOT_FOUND')
  })
})

describe('POST /api/events/:eventId/timetable/publish', () => {
  it('answers 409 NO_DRAFT when there is no draft, or when it places no accepted band, and changes nothing', async () => {
    const setup = await live()
    const before = await state(setup.event.id)
    const none = expectError(await call.post(executive, url(setup.event.id, '/publish'), {}), 409, 'NO_DRAFT')
    expect(none.message).toBe('Summer Live 2026 has no draft timetable yet. Generate one or place the bands, save, then publish.')
    await saveDraft(setup.event.id, [])
    expectError(await call.post(executive, url(setup.event.id, '/publish'), {}), 409, 'NO_DRAFT')
    expect((await state(setup.event.id)).event).toEqual(before.event)
    expect((await state(setup.event.id)).rows.map((row) => row.status)).toEqual(['draft'])
    expectError(await call.post(executive, url(NIL, '/publish'), {}), 404, 'NOT_FOUND')
  })

  it('publishes the draft as version 1, then 2, with the time, and marks the live published', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, goodPlacements(setup))
    t.clock.advance(minutes(5))
    const publishedAt = t.clock.now().toISOString()
    const first = await publish(setup.event.id)
    expect(first).toMatchObject({ version: 1, status: 'published', violations: [], publishedAt })
    expect(first.placements).toHaveLength(3)
    expect((await state(setup.event.id)).event!.status).toBe('published')

    // The published version is a copy: changing the draft leaves it as it was.
    await saveDraft(setup.event.id, [{ performanceId: setup.ids.owls, date: SUN, stage: 'Main', start: '16:00' }])
    expect((await view(member, setup.event.id)).published?.placements).toHaveLength(3)
    const second = await publish(setup.event.id)
    expect(second.version).toBe(2)
    expect(second.placements.map((placement) => placement.start)).toEqual(['16:00'])
    const both = await view(executive, setup.event.id)
    expect(both.published?.version).toBe(2)
    expect(both.draft?.version).toBe(0)
    expect((await state(setup.event.id)).rows.map((row) => [row.status, row.version, row.updatedBy])).toEqual([
      ['draft', 0, executive.user.id],
      ['published', 1, executive.user.id],
      ['published', 2, executive.user.id],
    ])
  })

  it('refuses a draft that breaks hard rules with 409 TIMETABLE_HAS_BREAKS naming each break, and publishes it when confirmed', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, [
      { performanceId: setup.ids.owls, date: SAT, stage: 'Main', start: '17:50' },
      { performanceId: setup.ids.blue, date: SAT, stage: 'Hall', start: '13:00' },
      { performanceId: setup.ids.autumn, date: SAT, stage: 'Hall', start: '13:10' },
    ])
    const before = await state(setup.event.id)
    const refused = expectError(await call.post(executive, url(setup.event.id, '/publish'), { confirmBreaks: false }), 409, 'TIMETABLE_HAS_BREAKS')
    expect(refused.message).toMatch(/^2 rules are broken: /)
    expect(refused.message).toContain('Night Owls (17:50–18:10) is outside the opening hours of Main')
    expect(refused.message).toContain('Autumn Leaves overlaps Blue Train')
    expect(refused.message).toMatch(/Fix the timetable, or confirm to publish it anyway\.$/)
    expect(await state(setup.event.id)).toEqual(before)

    const published = await publish(setup.event.id, { confirmBreaks: true })
    expect(published.version).toBe(1)
    expect(published.violations.map((violation) => `${violation.performanceId}:${violation.rule}`).sort()).toEqual(
      [`${setup.ids.owls}:opening-hours`, `${setup.ids.blue}:changeover`, `${setup.ids.autumn}:changeover`].sort(),
    )
    expect((await view(member, setup.event.id)).published?.violations).toHaveLength(3)
  })

  it('leaves out placements of bands no longer accepted', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, goodPlacements(setup))
    await t.db.update(applications).set({ status: 'withdrawn' }).where(eq(applications.id, setup.ids.blue))
    const published = await publish(setup.event.id)
    expect(published.placements.map((placement) => placement.performanceId)).toEqual([setup.ids.owls, setup.ids.autumn])
    const [stored] = await t.db.select().from(timetables).where(and(eq(timetables.eventId, setup.event.id), eq(timetables.version, 1)))
    expect(stored!.placements.map((placement) => placement.performanceId)).toEqual([setup.ids.owls, setup.ids.autumn])
  })
})

describe('GET /api/events/:eventId/timetable.ics and .csv', () => {
  it('answer 404 with a sentence before anything is published', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, goodPlacements(setup))
    for (const path of ['.ics', '.csv']) {
      const error = expectError(await call.get(member, url(setup.event.id, path)), 404, 'NOT_FOUND')
      expect(error.message).toBe('The timetable of Summer Live 2026 is not published yet.')
    }
    expectError(await call.get(member, url(NIL, '.ics')), 404, 'NOT_FOUND')
  })

  it('sends the latest published version as iCal: one VEVENT a performance, instants in UTC, stable UIDs', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, goodPlacements(setup))
    await publish(setup.event.id)
    const response = await call.get(member, url(setup.event.id, '.ics'))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Summer Live 2026 timetable.ics')}`)
    const body = response.body.replace(/\r\n[ \t]/g, '')
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(3)
    // Night Owls plays 12:00–12:20 on Sat 18 July in Tokyo: 03:00–03:20 UTC.
    const owls = body.split('BEGIN:VEVENT').find((block) => block.includes('SUMMARY:Night Owls — Summer Live 2026'))!
    expect(owls).toContain('DTSTART:20260718T030000Z')
    expect(owls).toContain('DTEND:20260718T032000Z')
    expect(owls).toContain('LOCATION:Student hall · Main')
    expect(owls).toContain(`UID:${setup.event.id}-${setup.ids.owls}@bandroom`)
    expect(body).toContain('SUMMARY:Blue Train — Summer Live 2026')
    expect(body).toContain('DTSTART:20260719T050000Z')

    // A new version keeps each performance's UID, so calendars update it in place.
    await saveDraft(setup.event.id, [{ performanceId: setup.ids.owls, date: SAT, stage: 'Hall', start: '13:00' }])
    await publish(setup.event.id)
    const next = (await call.get(member, url(setup.event.id, '.ics'))).body.replace(/\r\n[ \t]/g, '')
    expect(next.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    expect(next).toContain(`UID:${setup.event.id}-${setup.ids.owls}@bandroom`)
    expect(next).toContain('DTSTART:20260718T040000Z')
    expect(next).toContain('LOCATION:Student hall · Hall')
  })

  it('sends the latest published version as CSV with a BOM, by day and time, with the members', async () => {
    const setup = await live()
    await saveDraft(setup.event.id, goodPlacements(setup))
    await publish(setup.event.id)
    const response = await call.get(member, url(setup.event.id, '.csv'))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Summer Live 2026 timetable.csv')}`)
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','))
    expect(rows).toEqual([
      ['Date', 'Day', 'Stage', 'Start', 'End', 'Band', 'Members'],
      [SAT, 'Sat 18 Jul', 'Main', '12:00', '12:20', 'Night Owls', 'Hana Yamada (Vocals); Aoi Tanaka (Guitar)'],
      [SAT, 'Sat 18 Jul', 'Main', '12:25', '12:50', 'Autumn Leaves', 'Kei Mori (Keys)'],
      [SUN, 'Sun 19 Jul', 'Main', '14:00', '14:15', 'Blue Train', 'Ren Suzuki (Drums); Aoi Tanaka (Bass)'],
    ])
  })
})
