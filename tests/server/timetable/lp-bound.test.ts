import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateTimetable } from '../../../src/timetable/generator'
import { checkTimetable } from '../../../src/timetable/rules'
import type { LinearSolver } from '../../../src/timetable/time-indexed'
import { loadHighsSolver } from '../../../server/src/workers/highs-solver'
import { createWorkerPool } from '../../../server/src/workers/worker-pool'
import { familyInstance, familyNames } from '../../../bench/timetable-families'
import { instanceKey, readExactCache } from '../../../bench/timetable-exact-cache'
import { performance, SAT, SUN, timetableInput } from './factories'

/** The LP relaxation of the time-indexed model as the generator's lower bound (issue 14). */

let solver: LinearSolver
beforeAll(async () => {
  solver = await loadHighsSolver()
})

// One stage, two bands sharing Kenta: 10:00 and 10:50 (20 min + the 30-minute gap), cost 0 + 10.
// The assignment's bound ignores the gap (0 + 5); the LP keeps it.
const sharedMusician = () =>
  timetableInput({ performances: [performance('Blue Train', { id: 'a', members: ['Kenta'] }), performance('Night Owls', { id: 'b', members: ['Kenta'] })] })

describe('the generator with the LP bound', () => {
  it('proves a timetable the best possible where the assignment bound cannot', () => {
    const input = sharedMusician()
    expect(generateTimetable(input).provenOptimal).toBe(false)
    const result = generateTimetable(input, solver)
    expect(result.cost.total).toBe(10)
    expect(result.lowerBound).toBe(10)
    expect(result.provenOptimal).toBe(true)
    expect(result.gapPercent).toBe(0)
  })

  it('never bounds above a timetable that keeps every rule, and stays deterministic', () => {
    // Seeded small lives sharing musicians heavily (one stage a day, the hard case for the
    // assignment bound): the bound is at most the cost of the timetable found.
    const names = ['Kenta', 'Aiko', 'Yuto', 'Hana', 'Sora', 'Mei']
    for (let live = 0; live < 3; live++) {
      const performances = Array.from({ length: 8 + live }, (_, band) =>
        performance(`Band ${band + 1}`, {
          id: `p${band}`,
          minutes: 15 + 5 * ((band * 7 + live) % 4),
          members: [names[(band + live) % names.length]!, names[(band * 3 + 1) % names.length]!],
          preferredDate: band % 3 === 0 ? SUN : band % 3 === 1 ? SAT : null,
        }),
      )
      const input = timetableInput({
        event: { days: [SAT, SUN].map((date) => ({ date, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '14:00' }] })), changeoverMinutes: 5, musicianGapMinutes: 30 },
        performances,
        seed: live + 1,
        effort: 0.2,
      })
      const result = generateTimetable(input, solver)
      expect(checkTimetable(input, result.placements)).toEqual([])
      expect(result.lowerBound).not.toBeNull()
      expect(result.lowerBound!).toBeLessThanOrEqual(result.cost.total)
      // Never weaker than the assignment's bound.
      const without = generateTimetable(input)
      if (without.lowerBound !== null) expect(result.lowerBound!).toBeGreaterThanOrEqual(without.lowerBound)
      expect(generateTimetable(input, solver)).toEqual(result)
    }
  })
})

describe('the LP bound on the families of the bench', () => {
  it('is never above the optimum HiGHS proved on the 10-band lives, and never below the assignment bound', () => {
    const cache = readExactCache()
    let lives = 0
    let tighter = 0
    let proven = 0
    for (const family of familyNames) {
      for (const seed of [1, 2]) {
        const input = { ...familyInstance(family, 10, seed), effort: 0.1 }
        const exact = cache[instanceKey(input)]
        if (exact?.status !== 'optimal') continue
        lives++
        const bound = generateTimetable(input, solver).lowerBound
        const assignment = generateTimetable(input).lowerBound
        expect(bound, `${family} 10/${seed}`).not.toBeNull()
        expect(bound!).toBeLessThanOrEqual(exact.objective!)
        if (assignment !== null) expect(bound!).toBeGreaterThanOrEqual(assignment)
        if (assignment === null || bound! > assignment) tighter++
        if (bound === exact.objective) proven++
      }
    }
    expect(lives).toBe(14)
    // Measured: tighter than the assignment's on 11 of the 14 and equal to the optimum on 4
    // (the assignment's on 2); at 10 bands the LP is 1–12% under the optimum.
    expect(tighter).toBeGreaterThanOrEqual(10)
    expect(proven).toBeGreaterThanOrEqual(4)
  })
})

describe('the worker pool', () => {
  const pool = createWorkerPool({ threads: 1 })
  afterAll(() => pool.close())

  it('loads HiGHS in its threads: a generation there proves what the assignment bound cannot', async () => {
    const result = await pool.run('generateTimetable', sharedMusician())
    expect(result.provenOptimal).toBe(true)
    expect(result.lowerBound).toBe(10)
  })
})
