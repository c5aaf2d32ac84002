import { beforeAll, describe, expect, it } from 'vitest'
import { generateTimetable } from '../../../src/timetable/generator'
import { compile } from '../../../src/timetable/model'
import { timeIndexedModel, type LinearSolver } from '../../../src/timetable/time-indexed'
import { loadHighsSolver } from '../../../server/src/workers/highs-solver'
import { modelKey, rememberedSolver } from '../../../server/src/workers/remembered-solver'
import { familyInstance, familyNames } from '../../../bench/timetable-families'
import type { TimetableInput } from '../../../src/contract/timetable'

/**
 * The worker keeps the LP's last answers (issue 14, decision 027): a new seed on the same live
 * skips the LP, and gives the timetable it would have given with the LP solved again.
 */

let highs: LinearSolver
beforeAll(async () => {
  highs = await loadHighsSolver()
})

/** HiGHS, counting the LPs it solves. */
function counted() {
  const calls = { count: 0 }
  const solver: LinearSolver = (model, options) => {
    calls.count++
    return highs(model, options)
  }
  return { calls, solver }
}

const modelOf = (input: TimetableInput) => {
  const problem = compile(input)
  return timeIndexedModel(problem, problem.perfs.map((perf) => perf.index))
}

// Mixed lengths at 20 bands: the assignment's bound does not prove the start, so the LP runs.
const live = () => familyInstance('mixed', 20, 1)

describe('the LP remembered between runs', () => {
  it('solves the LP once for several seeds of one live, and gives each seed the same timetable as a fresh solve', () => {
    const { calls, solver } = counted()
    const remembered = rememberedSolver(solver)
    for (const seed of [1, 2, 3]) {
      const input = { ...live(), seed }
      const again = generateTimetable(input, remembered)
      const fresh = generateTimetable(input, highs)
      expect(again.placements).toEqual(fresh.placements)
      expect(again.cost.total).toBe(fresh.cost.total)
      expect(again.lowerBound).toBe(fresh.lowerBound)
      expect(again.provenOptimal).toBe(fresh.provenOptimal)
    }
    expect(calls.count).toBe(1)
  })

  it('on lives of every family the bench never builds, gives two seeds what fresh solves give, with one LP at most per live', () => {
    for (const family of familyNames) {
      const { calls, solver } = counted()
      const remembered = rememberedSolver(solver)
      for (const seed of [1, 2]) {
        const input = { ...familyInstance(family, 10, 5), seed }
        const again = generateTimetable(input, remembered)
        const fresh = generateTimetable(input, highs)
        expect(again.placements, `${family} seed ${seed}`).toEqual(fresh.placements)
        expect(again.lowerBound, `${family} seed ${seed}`).toBe(fresh.lowerBound)
      }
      expect(calls.count, family).toBeLessThanOrEqual(1)
    }
  })

  it('solves again when the live changes: another preferred day, other weights', () => {
    const { calls, solver } = counted()
    const remembered = rememberedSolver(solver)
    const input = live()
    generateTimetable(input, remembered)
    const moved = { ...input, performances: input.performances.map((item, index) => (index === 0 ? { ...item, preferredDate: input.event.days[1]!.date === item.preferredDate ? input.event.days[0]!.date : input.event.days[1]!.date } : item)) }
    const other = generateTimetable(moved, remembered)
    expect(calls.count).toBe(2)
    expect(other.lowerBound).toBe(generateTimetable(moved, highs).lowerBound)
    generateTimetable({ ...input, weights: { ...input.weights, preferredDay: 20 } }, remembered)
    expect(calls.count).toBe(3)
  })

  it('keeps only its last answers', () => {
    const { calls, solver } = counted()
    const remembered = rememberedSolver(solver, 2)
    const inputs = [1, 2, 3].map((instance) => familyInstance('mixed', 20, instance))
    for (const input of inputs) generateTimetable(input, remembered)
    expect(calls.count).toBe(3)
    generateTimetable({ ...inputs[2]!, seed: 2 }, remembered)
    generateTimetable({ ...inputs[1]!, seed: 2 }, remembered)
    expect(calls.count).toBe(3)
    generateTimetable({ ...inputs[0]!, seed: 2 }, remembered)
    expect(calls.count).toBe(4)
  })

  it('tells models apart by any cost, bound or column, and not by the seed', () => {
    const input = live()
    const model = modelOf(input)
    const key = modelKey(model, 5000)
    expect(modelKey(modelOf({ ...input, seed: 9 }), 5000)).toBe(key)
    expect(modelKey(model, 5001)).not.toBe(key)
    const cheaper = { ...model, columns: model.columns.map((column, at) => (at === 7 ? { ...column, cost: column.cost + 0.5 } : column)) }
    expect(modelKey(cheaper, 5000)).not.toBe(key)
    const wider = { ...model, rows: model.rows.map((row, at) => (at === model.rows.length - 1 ? { ...row, upper: row.upper + 1 } : row)) }
    expect(modelKey(wider, 5000)).not.toBe(key)
    const later = { ...model, columns: model.columns.map((column, at) => (at === 3 ? { ...column, start: column.start + 5 } : column)) }
    expect(modelKey(later, 5000)).not.toBe(key)
  })
})
