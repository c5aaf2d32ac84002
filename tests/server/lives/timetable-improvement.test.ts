import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { insertClubLive } from '../../../bench/live-seed'
import { timetableImprovements, timetables } from '../../../server/src/db/schema'
import { improveInputSchema, type Improvement, type ImprovementView, type TimetableView } from '../../../src/contract/live-schedule'
import { generatorInputOf } from '../../../server/src/lives/live-schedule.service'
import { loadHighsSolver } from '../../../server/src/workers/highs-solver'
import { rememberedSolver } from '../../../server/src/workers/remembered-solver'
import { improveTimetable } from '../../../src/timetable/anytime'
import { api, createEvent, createTestApp, expectError, type Caller, type TestApp } from './support'

/**
 * "Keep improving" (issue 35, decision 045): after Generate, the generator searches on in the
 * worker pool for up to a time limit; each better timetable becomes the draft with how good it
 * is; one run per live; a stop from any process; the status from the database.
 */

let t: TestApp
let executive: Caller
let member: Caller
let call: ReturnType<typeof api>

beforeAll(async () => {
  // Two threads, as on a 2-core server (decision 045): a run with a time limit has two streams.
  t = await createTestApp({ workerThreads: 2 })
  call = api(t)
  executive = await t.as('executive', { displayName: 'Mika Sato' })
  member = await t.as('member')
})
afterAll(() => t.close())

const url = (eventId: string, path = '') => `/api/events/${eventId}/timetable/improvement${path}`

/** A club-like live of the bench's (accepted bands with members, wishes and unavailable times). */
const clubLive = (bands: number, seed: number) => insertClubLive(t.db, { bands, days: 2, stages: 1 + Math.floor(bands / 20) }, seed, t.clock.now())

async function start(eventId: string, body: object) {
  const response = await call.post(executive, url(eventId), body)
  expect(response.statusCode, response.body).toBe(202)
  return response.json() as Improvement
}

async function status(eventId: string) {
  const response = await call.get(executive, url(eventId))
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as ImprovementView).improvement
}

/** Polls the status until the run is over (or the test's time runs out); every status seen. */
async function untilOver(eventId: string, seen: Improvement[] = []) {
  for (let i = 0; i < 600; i++) {
    const now = (await status(eventId))!
    seen.push(now)
    if (now.status !== 'running') return now
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the improvement did not end')
}

const key = (draft: { placements: ReadonlyArray<{ performanceId: string; date: string; stage: string; start: string }> }) => draft.placements.map((p) => `${p.performanceId} ${p.date} ${p.stage} ${p.start}`).sort()

async function draftOf(eventId: string) {
  const response = await call.get(executive, `/api/events/${eventId}/timetable`)
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as TimetableView).draft
}

describe('POST /api/events/:eventId/timetable/improvement', () => {
  it('runs in the background, saves each better timetable as the draft with how good it is, and finishes', async () => {
    const event = await clubLive(14, 3)
    const started = await start(event.id, { seed: 5, seconds: 60, evaluations: 400_000 })
    expect(started).toMatchObject({ status: 'running', seed: 5, seconds: 60, evaluations: 400_000, searches: 0, cost: null, stopRequested: false })
    expect(started.startedBy).toEqual({ id: executive.user.id, displayName: 'Mika Sato' })

    const seen: Improvement[] = []
    const over = await untilOver(event.id, seen)
    expect(over.status).toBe('finished')
    expect(over.finishedAt).not.toBeNull()
    expect(over.searches).toBeGreaterThanOrEqual(1)
    expect(over.improvements).toBeGreaterThanOrEqual(1)
    expect(over.improvements).toBeLessThanOrEqual(over.searches)
    expect(over.secondsDone).toBeGreaterThan(0)
    expect(over.secondsDone).toBeLessThanOrEqual(60)
    // Finished because the bound proved it best, or because the move budget was spent.
    if (over.provenOptimal) expect(over.cost).toBeCloseTo(over.bound!, 6)
    else expect(over.searches).toBeGreaterThan(1)
    if (over.bound !== null) {
      expect(over.bound).toBeLessThanOrEqual(over.cost! + 1e-6)
      expect(over.boundSource).not.toBeNull()
      expect(over.gapPercent).toBeCloseTo(over.bound === over.cost ? 0 : ((over.cost! - over.bound) / over.bound) * 100, 6)
    }

    // The best timetable is the draft, at the cost the run reports; leaving the screen loses nothing.
    const draft = (await draftOf(event.id))!
    expect(draft.cost.total).toBeCloseTo(over.cost!, 6)
    expect(draft.placements.length + over.unplaced!).toBe(14)
    expect(draft.violations).toEqual([])
    expect(over.savedAt).toBe(draft.updatedAt)
    expect(seen.every((entry) => entry.cost === null || entry.cost >= over.cost! - 1e-6)).toBe(true)
  })

  it('with a move budget, gives the same timetable every time', async () => {
    const event = await clubLive(14, 8)
    await start(event.id, { seed: 2, seconds: 120, evaluations: 300_000 })
    const first = await untilOver(event.id)
    const firstDraft = (await draftOf(event.id))!
    // A second run would start from this draft (below): without it, the same run again.
    await t.db.delete(timetables).where(eq(timetables.eventId, event.id))
    await start(event.id, { seed: 2, seconds: 120, evaluations: 300_000 })
    const second = await untilOver(event.id)
    const secondDraft = (await draftOf(event.id))!
    expect([second.cost, second.bound, second.searches, second.improvements]).toEqual([first.cost, first.bound, first.searches, first.improvements])
    expect(key(secondDraft)).toEqual(key(firstDraft))

    // …and the same as `npm run timetable`'s run on that live in this process (one entry, anytime.ts).
    const { timetableInput } = await generatorInputOf(t.db, event.id, improveInputSchema.parse({ seed: 2, seconds: 120, evaluations: 300_000 }))
    const events = [...improveTimetable(timetableInput, { solver: rememberedSolver(await loadHighsSolver()), evaluations: 300_000 })]
    const done = events.at(-1)!
    expect([first.cost, first.bound, first.searches, first.improvements]).toEqual([done.cost, done.bound, done.searches, events.filter((e) => e.event === 'first' || e.event === 'better').length])
    expect(key(firstDraft)).toEqual(done.result.placements.map((p) => `${p.performanceId} ${p.date} ${p.stage} ${p.start}`).sort())
  })

  it('continues from the saved draft: never worse than it, and the same as the run in process from it', async () => {
    // A live where the first run stops early (534) and the second finds better (532); from
    // scratch, the second run's first answer would be worse than the draft (539).
    const event = await clubLive(14, 15)
    await start(event.id, { preset: 'spread', seed: 2, seconds: 120, evaluations: 100_000 })
    const first = await untilOver(event.id)
    const firstDraft = (await draftOf(event.id))!
    const seen: Improvement[] = []
    await start(event.id, { preset: 'spread', seed: 9, seconds: 120, evaluations: 200_000 })
    const second = await untilOver(event.id, seen)
    // No status of the second run ever shows a timetable worse than the draft it started from.
    for (const now of seen) if (now.cost !== null) expect(now.cost).toBeLessThanOrEqual(first.cost! + 1e-6)
    expect(second.cost!).toBeLessThan(first.cost!)
    // In process, from the same draft: the same run (a seed and a move budget fix it).
    const { timetableInput } = await generatorInputOf(t.db, event.id, improveInputSchema.parse({ preset: 'spread', seed: 9, seconds: 120, evaluations: 200_000 }))
    const from = firstDraft.placements.map(({ performanceId, date, stage, start, end }) => ({ performanceId, date, stage, start, end }))
    const done = [...improveTimetable(timetableInput, { solver: rememberedSolver(await loadHighsSolver()), evaluations: 200_000, start: from })].at(-1)!
    expect([second.cost, second.searches]).toEqual([done.cost, done.searches])
    expect(key((await draftOf(event.id))!)).toEqual(done.result.placements.map((p) => `${p.performanceId} ${p.date} ${p.stage} ${p.start}`).sort())
  })

  it('refuses a second run on the same live while one runs (409), and names who started it', async () => {
    const event = await clubLive(30, 4)
    await start(event.id, { preset: 'spread', seconds: 60 })
    const error = expectError(await call.post(executive, url(event.id), { seconds: 20 }), 409, 'IMPROVEMENT_RUNNING')
    expect(error.message).toContain('already being improved (started by Mika Sato)')
    const stopped = await call.post(executive, url(event.id, '/stop'))
    expect(stopped.statusCode, stopped.body).toBe(200)
    expect((stopped.json() as Improvement).stopRequested).toBe(true)
    const over = await untilOver(event.id)
    expect(over.status).toBe('stopped')
    expect(over.message).toMatch(/Stopped before its time limit/)
    expect(over.secondsDone).toBeLessThan(60)
    // Over: the next run may start.
    await start(event.id, { preset: 'spread', seconds: 10, evaluations: 1 })
    expect((await untilOver(event.id)).status).toBe('finished')
  })

  it('stops when another server process asks (the stop is in the database), keeping the best timetable as the draft', async () => {
    const event = await clubLive(30, 6)
    await start(event.id, { preset: 'spread', seconds: 90 })
    let now = (await status(event.id))!
    for (let i = 0; i < 400 && now.searches === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      now = (await status(event.id))!
    }
    expect(now.searches).toBeGreaterThanOrEqual(1)
    // What POST …/stop on another process writes: this process reads it within its next second.
    await t.db.update(timetableImprovements).set({ stopRequested: true }).where(eq(timetableImprovements.eventId, event.id))
    const over = await untilOver(event.id)
    expect(over.status).toBe('stopped')
    expect(over.secondsDone).toBeLessThan(90)
    // The draft keeps the last improvement (its cost is shown with the balanced weights, the run's with spread's).
    const draft = (await draftOf(event.id))!
    expect(over.savedAt).toBe(draft.updatedAt)
    expect(draft.placements.length + over.unplaced!).toBe(30)
  })

  it('stops when the draft is changed by hand meanwhile, and keeps those changes', async () => {
    const event = await clubLive(30, 9)
    await start(event.id, { preset: 'spread', seconds: 90 })
    let draft = await draftOf(event.id)
    for (let i = 0; i < 400 && !draft; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      draft = await draftOf(event.id)
    }
    const mine = draft!.placements.slice(0, 3).map(({ performanceId, date, stage, start }) => ({ performanceId, date, stage, start, pinned: true }))
    const saved = await call.put(executive, `/api/events/${event.id}/timetable/draft`, { placements: mine })
    expect(saved.statusCode, saved.body).toBe(200)
    const over = await untilOver(event.id)
    expect(over.status).toBe('stopped')
    expect(over.message).toMatch(/draft was changed/)
    const [row] = await t.db.select().from(timetables).where(eq(timetables.eventId, event.id))
    expect(row!.placements).toHaveLength(3)
  })

  it('takes over a run whose server went away (no heartbeat for two minutes)', async () => {
    const event = await clubLive(14, 11)
    await start(event.id, { seed: 1, seconds: 10, evaluations: 1 })
    await untilOver(event.id)
    // A run left "running" by a process that died.
    await t.db.update(timetableImprovements).set({ status: 'running', heartbeatAt: new Date(t.clock.now().getTime() - 121_000) }).where(eq(timetableImprovements.eventId, event.id))
    const gone = (await status(event.id))!
    expect(gone.status).toBe('stopped')
    expect(gone.message).toMatch(/server running it went away/)
    await start(event.id, { seed: 1, seconds: 10, evaluations: 1 })
    expect((await untilOver(event.id)).status).toBe('finished')
  })

  it('says so when the generator fails, keeping what it saved before', async () => {
    const event = await clubLive(12, 13)
    const workers = t.services.workers
    const run = workers.run
    let calls = 0
    const firstRecorded = async () => {
      for (;;) {
        const [row] = await t.db.select({ searches: timetableImprovements.searches }).from(timetableImprovements).where(eq(timetableImprovements.eventId, event.id))
        if (row && row.searches >= 1) return
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    // The first search succeeds; every later one's thread fails once the first is recorded (with
    // two threads the second search starts beside the first).
    workers.run = ((task, input) => (++calls === 1 ? run(task, input) : firstRecorded().then(() => Promise.reject(new Error('worker thread exited'))))) as typeof run
    try {
      await start(event.id, { preset: 'spread', seed: 3, seconds: 60 })
      const over = await untilOver(event.id)
      expect(over.status).toBe('failed')
      expect(over.message).toBe('The generator stopped with an error. The best timetable it found before is in the draft.')
      expect(over.searches).toBe(1)
      expect(over.savedAt).not.toBeNull()
      expect((await draftOf(event.id))!.updatedAt).toBe(over.savedAt)
    } finally {
      workers.run = run
    }
    // Failed is over: the next run may start.
    await start(event.id, { seed: 3, seconds: 10, evaluations: 1 })
    expect((await untilOver(event.id)).status).toBe('finished')
  })

  it('searches on both threads of the pool at once (a time limit, no move budget)', async () => {
    const event = await clubLive(16, 21)
    const workers = t.services.workers
    const run = workers.run
    let running = 0
    let most = 0
    workers.run = ((task, input) => {
      running += 1
      most = Math.max(most, running)
      return run(task, input).finally(() => (running -= 1))
    }) as typeof run
    try {
      await start(event.id, { preset: 'spread', seconds: 60 })
      for (let i = 0; i < 200 && most < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(most).toBe(2)
      expect((await call.post(executive, url(event.id, '/stop'))).statusCode).toBe(200)
      expect((await untilOver(event.id)).status).toBe('stopped')
    } finally {
      workers.run = run
    }
  })

  it('answers bad input with 400 and the field named, and starts nothing', async () => {
    const event = await clubLive(12, 2)
    for (const [body, field] of [
      [{ seconds: 5 }, 'seconds'],
      [{ seconds: 121 }, 'seconds'],
      [{ seconds: 30.5 }, 'seconds'],
      [{ seconds: '30' }, 'seconds'],
      [{ evaluations: 0 }, 'evaluations'],
      [{ preset: 'fastest' }, 'preset'],
      [{ seed: -1 }, 'seed'],
    ] as const) {
      const error = expectError(await call.post(executive, url(event.id), body), 400, 'VALIDATION_FAILED')
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field)
    }
    expect(await status(event.id)).toBeNull()
  })

  it('answers 404 for a live that does not exist, and 409 for a live with no accepted band', async () => {
    const nil = '00000000-0000-4000-8000-000000000000'
    expectError(await call.post(executive, url(nil), {}), 404, 'NOT_FOUND')
    expectError(await call.get(executive, url(nil)), 404, 'NOT_FOUND')
    expectError(await call.post(executive, url(nil, '/stop')), 404, 'NOT_FOUND')
    const empty = await createEvent(t.db, { title: 'Winter Live' })
    expect(expectError(await call.post(executive, url(empty.id), {}), 409, 'NOT_ACCEPTED').message).toContain('Winter Live')
    // Nothing ran, so there is nothing to stop.
    expect(expectError(await call.post(executive, url(empty.id, '/stop')), 404, 'NOT_FOUND').message).toContain('Keep improving')
  })

  it('is for executives only: a member is refused and nothing starts', async () => {
    const event = await clubLive(12, 5)
    expectError(await call.post(member, url(event.id), {}), 403, 'FORBIDDEN')
    expectError(await call.get(member, url(event.id)), 403, 'FORBIDDEN')
    expectError(await call.post(member, url(event.id, '/stop')), 403, 'FORBIDDEN')
    expect(await status(event.id)).toBeNull()
    expect(await draftOf(event.id)).toBeNull()
  })
})
