import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { timetablePresetNames, timetablePresets, type TimetableInput } from '../../../src/contract/timetable'
import { generateTimetable } from '../../../src/timetable/generator'
import { toTime } from '../../../src/timetable/model'
import { checkTimetable } from '../../../src/timetable/rules'

/**
 * Random small lives — odd opening hours, lengths off the 5-minute grid, shared musicians,
 * windows, pins that may be impossible, more bands than fit — never get a timetable that
 * breaks a hard rule, and every band is either placed or explained, once.
 */

const dates = ['2026-11-07', '2026-11-08']
const stageNames = ['Main', 'Hall']
const musicians = ['Kenta', 'Aiko', 'Yuto', 'Hana', 'Sora']

const stage = fc.record({ opens: fc.integer({ min: 9 * 60, max: 12 * 60 }), length: fc.integer({ min: 30, max: 240 }) })
const day = fc.array(stage, { minLength: 1, maxLength: 2 })
const window = fc.record({ day: fc.nat(1), from: fc.integer({ min: 9 * 60, max: 15 * 60 }), length: fc.integer({ min: 5, max: 180 }) })
const pin = fc.record({ day: fc.nat(1), stage: fc.nat(1), start: fc.integer({ min: 9 * 12, max: 16 * 12 }).map((step) => step * 5) })
const band = fc.record({
  minutes: fc.integer({ min: 5, max: 60 }),
  members: fc.uniqueArray(fc.nat(musicians.length - 1), { minLength: 1, maxLength: 3 }),
  preferred: fc.option(fc.nat(1), { nil: null }),
  windows: fc.array(window, { maxLength: 2 }),
  pin: fc.option(pin, { freq: 6, nil: null }),
  grade: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  wish: fc.constantFrom(null, null, 'first' as const, 'last' as const),
})
const instance = fc.record({
  days: fc.array(day, { minLength: 1, maxLength: 2 }),
  changeover: fc.integer({ min: 0, max: 15 }),
  gap: fc.integer({ min: 0, max: 60 }),
  bands: fc.array(band, { minLength: 1, maxLength: 9 }),
  preset: fc.constantFrom(...timetablePresetNames),
  seed: fc.nat(),
})

function toInput(value: typeof instance extends fc.Arbitrary<infer T> ? T : never): TimetableInput {
  const days = value.days.map((stages, index) => ({
    date: dates[index]!,
    stages: stages.map((item, at) => ({ name: stageNames[at]!, opensAt: toTime(item.opens), closesAt: toTime(Math.min(23 * 60 + 59, item.opens + item.length)) })),
  }))
  return {
    event: { days, changeoverMinutes: value.changeover, musicianGapMinutes: value.gap },
    performances: value.bands.map((item, index) => ({
      id: `p${index}`,
      bandName: `Band ${index}`,
      minutes: item.minutes,
      members: item.members.map((member) => ({ id: `m${member}`, name: musicians[member]! })),
      preferredDate: item.preferred === null ? null : dates[item.preferred]!,
      unavailable: item.windows.map((w) => ({ date: dates[w.day]!, from: toTime(w.from), to: toTime(Math.min(23 * 60 + 59, w.from + w.length)) })),
      grade: item.grade,
      wish: item.wish,
      pin: item.pin ? { date: dates[item.pin.day]!, stage: stageNames[item.pin.stage]!, start: toTime(item.pin.start) } : null,
    })),
    weights: timetablePresets[value.preset],
    seed: value.seed,
    effort: 0.2,
  }
}

describe('generateTimetable on random lives', () => {
  it('never offers a timetable that breaks a hard rule, and accounts for every band once', () => {
    fc.assert(
      fc.property(instance, (value) => {
        const input = toInput(value)
        const result = generateTimetable(input)
        // A pin that cannot hold is left out with its reason; the checker then notes it is missing.
        const left = new Set(result.unplaced.map((unplaced) => unplaced.performanceId))
        const violations = checkTimetable(input, result.placements).filter((violation) => !(left.has(violation.performanceId) && violation.message.startsWith(`${input.performances.find((performance) => performance.id === violation.performanceId)?.bandName} is pinned but not in the timetable`)))
        expect(violations).toEqual([])
        const ids = [...result.placements.map((placement) => placement.performanceId), ...result.unplaced.map((unplaced) => unplaced.performanceId)].sort()
        expect(ids).toEqual(input.performances.map((performance) => performance.id).sort())
        for (const unplaced of result.unplaced) expect(unplaced.message.length).toBeGreaterThan(10)
        if (result.lowerBound !== null) expect(result.cost.total).toBeGreaterThanOrEqual(result.lowerBound - 1e-6)
      }),
      { numRuns: 200, seed: 20261107 },
    )
  })
})
