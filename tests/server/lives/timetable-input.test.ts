import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertClubLive } from '../../../bench/live-seed'
import { timetableInputSchema, timetablePresets } from '../../../src/contract/timetable'
import { api, createEvent, createTestApp, expectError, type Caller, type TestApp } from './support'

/**
 * "Download as JSON" on the generator screen (issue 35): the live as the generator's input,
 * exactly what `npm run timetable -- LIVE.json` reads; executives only.
 */

let t: TestApp
let executive: Caller
let member: Caller
let call: ReturnType<typeof api>

beforeAll(async () => {
  t = await createTestApp()
  call = api(t)
  executive = await t.as('executive')
  member = await t.as('member')
})
afterAll(() => t.close())

const url = (eventId: string, parameters?: object) =>
  `/api/events/${eventId}/timetable/input${parameters ? `?parameters=${encodeURIComponent(JSON.stringify(parameters))}` : ''}`

describe('GET /api/events/:eventId/timetable/input', () => {
  it('gives an executive the live in the TimetableInput shape, weights included, which npm run timetable accepts', async () => {
    const event = await insertClubLive(t.db, { bands: 8, days: 2, stages: 1 }, 3, t.clock.now())
    const response = await call.get(executive, url(event.id, { preset: 'spread', seed: 42 }))
    expect(response.statusCode, response.body).toBe(200)
    const input = timetableInputSchema.parse(response.json())
    expect(input.performances).toHaveLength(8)
    expect(input.weights).toEqual(timetablePresets.spread)
    expect(input.seed).toBe(42)

    // Without parameters: the generator's defaults (balanced, seed 1).
    const plain = timetableInputSchema.parse((await call.get(executive, url(event.id))).json())
    expect([plain.weights, plain.seed]).toEqual([timetablePresets.balanced, 1])

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'timetable-input-')), 'live.json')
    writeFileSync(file, response.body)
    const { stdout } = await promisify(execFile)(path.resolve('node_modules/.bin/tsx'), [path.resolve('server/src/timetable/timetable-cli.ts'), file, '--evaluations', '1'])
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { event: string; unplaced: number })
    expect(lines[0]!.event).toBe('first')
    expect(lines.at(-1)).toMatchObject({ event: 'done' })
  })

  it('answers bad parameters with 400 and the field named', async () => {
    const event = await insertClubLive(t.db, { bands: 3, days: 1, stages: 1 }, 4, t.clock.now())
    expect(expectError(await call.get(executive, url(event.id, { seed: -1 })), 400, 'VALIDATION_FAILED').fields).toHaveProperty(['parameters.seed'])
    expect(expectError(await call.get(executive, `/api/events/${event.id}/timetable/input?parameters=%7Bnot`), 400, 'VALIDATION_FAILED').fields).toHaveProperty(['parameters'])
  })

  it('answers 404 for a live that does not exist, and 409 for a live with no accepted band', async () => {
    expectError(await call.get(executive, url('00000000-0000-4000-8000-000000000000')), 404, 'NOT_FOUND')
    const empty = await createEvent(t.db, { title: 'Winter Live' })
    expectError(await call.get(executive, url(empty.id)), 409, 'NOT_ACCEPTED')
  })

  it('is for executives only', async () => {
    const event = await insertClubLive(t.db, { bands: 3, days: 1, stages: 1 }, 5, t.clock.now())
    expectError(await call.get(member, url(event.id)), 403, 'FORBIDDEN')
    expect((await call.get(null, url(event.id))).statusCode).toBe(401)
  })
})
