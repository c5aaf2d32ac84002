import { describe, expect, it } from 'vitest'
import { timetablePresets } from '../../../../src/contract/timetable'
import { anneal, evaluationBudget, randomMove, recreate, search } from '../../../../src/timetable/generator/search'
import { performance, SAT, SUN, timetableInput } from '../factories'
import { at, check, optimum, scheduleOf, setOrders } from './schedules'

/**
 * The search: annealing with restarts (and, on small lives, ruin and recreate) from any
 * timetable to the target; a count of evaluations, never a time, so a seed gives one result.
 */

// Saturday: Main 10:00–11:30 and Hall 10:30–11:30; Sunday: Main 10:00–11:00. Kenta plays in
// a, b and c, Aiko in d and e; e and f prefer Sunday, and d cannot play before 10:30 on Saturday.
const live = (seed = 1) =>
  timetableInput({
    seed,
    event: {
      days: [
        { date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:30' }, { name: 'Hall', opensAt: '10:30', closesAt: '11:30' }] },
        { date: SUN, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:00' }] },
      ],
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
    },
    performances: [
      performance('Blue Train', { id: 'a', members: ['Kenta'] }),
      performance('Night Owls', { id: 'b', members: ['Kenta', 'Yuto'] }),
      performance('Sunrise', { id: 'c', members: ['Kenta'] }),
      performance('Moonlight', { id: 'd', members: ['Aiko'], unavailable: [{ date: SAT, from: '10:00', to: '10:30' }] }),
      performance('Echo', { id: 'e', members: ['Aiko'], preferredDate: SUN }),
      performance('Foxes', { id: 'f', members: ['Hana'], preferredDate: SUN }),
    ],
  })

/** Everyone on Saturday's Main stage, the shared musicians back to back: it runs late. */
const everyoneOnMain: Array<[string, string]> = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => [id, 'Main'])

/** A timetable that keeps every rule but costs 52: Kenta's gap holds b up, f plays Saturday. */
const poorButAbiding: Array<Array<[string, string]>> = [
  [['c', 'Main'], ['d', 'Main'], ['b', 'Main'], ['f', 'Hall']],
  [['a', 'Main'], ['e', 'Main']],
]

const stateOf = (s: ReturnType<typeof scheduleOf>) => ({ orders: s.orders, laneOf: [...s.laneOf], total: s.total, evaluations: s.evaluations })

describe('the search', () => {
  it('gets from a timetable that runs late to the optimum, and stops there', () => {
    const s = scheduleOf(live())
    setOrders(s, [everyoneOnMain, []])
    expect(check(s).violations).not.toEqual([])
    const best = optimum(s).cost
    search(s, 200_000, best)
    expect(s.total).toBe(best)
    const { violations, cost, placed } = check(s)
    expect(violations).toEqual([])
    expect(placed).toBe(6)
    expect(cost).toBe(best)
    // It stopped at the target, long before its budget.
    expect(s.evaluations).toBeLessThan(200_000)
  })

  it('finds a timetable that keeps every rule without a target, and never ends worse than it began', () => {
    const s = scheduleOf(live())
    setOrders(s, [everyoneOnMain, []])
    search(s, 20_000, -Infinity)
    expect(check(s).violations).toEqual([])
    expect(s.total).toBe(optimum(s).cost)
    for (const budget of [10, 100, 1000]) {
      const t = scheduleOf(live(7))
      setOrders(t, poorButAbiding)
      const before = t.total
      anneal(t, budget, -Infinity)
      expect(t.total).toBeLessThanOrEqual(before)
      // The budget counts every move tried; the restarts' kicks (one move per band) come on top.
      expect(t.evaluations).toBeLessThanOrEqual(budget + 8 * t.movable.length)
      expect(check(t).violations).toEqual([])
    }
  })

  it('gives the same timetable for the same seed, counting evaluations, not time', () => {
    const run = (seed: number) => {
      const s = scheduleOf(live(seed))
      setOrders(s, [everyoneOnMain, []])
      search(s, 5000, -Infinity)
      return stateOf(s)
    }
    expect(run(3)).toEqual(run(3))
    expect(run(3).evaluations).toBeGreaterThan(5000 - 1)
  })

  it('from a warm start (searched hotter) never ends worse, keeps every rule and gives one result per seed', () => {
    const run = () => {
      const s = scheduleOf(live(5))
      setOrders(s, poorButAbiding)
      search(s, 20_000, -Infinity, true)
      expect(check(s).violations).toEqual([])
      expect(s.total).toBeLessThanOrEqual(52)
      return stateOf(s)
    }
    expect(run()).toEqual(run())
    expect(run().total).toBe(optimum(scheduleOf(live(5))).cost)
  })

  it('ruin and recreate alone also gets from a poor timetable to the optimum', () => {
    const s = scheduleOf(live())
    setOrders(s, poorButAbiding)
    expect(check(s)).toMatchObject({ violations: [], cost: 52 })
    const best = optimum(s).cost
    expect(s.total).toBeGreaterThan(best)
    recreate(s, 50_000, best)
    expect(s.total).toBe(best)
    expect(check(s).violations).toEqual([])
  })

  it('moves a band onto a day nobody plays yet (no swap can)', () => {
    const input = live()
    const s = scheduleOf({ ...input, performances: input.performances.filter((item) => item.id === 'a' || item.id === 'f') })
    setOrders(s, [[['a', 'Main'], ['f', 'Main']], []])
    expect(s.total).toBe(5 + 30)
    anneal(s, 20_000, 0)
    expect(s.total).toBe(0)
    expect(s.orders[1]).toEqual([at(s, 'f')])
  })

  it('never moves a pinned band', () => {
    const input = live()
    input.performances[5] = { ...input.performances[5]!, pin: { date: SAT, stage: 'Hall', start: '10:30' } }
    const s = scheduleOf(input)
    setOrders(s, [everyoneOnMain.filter(([id]) => id !== 'f'), []])
    for (let k = 0; k < 2000; k++) randomMove(s, 5)
    search(s, 20_000, -Infinity)
    const f = s.placed().find((item) => item.perf === at(s, 'f'))!
    expect(s.problem.lanes[f.lane]!.stage).toBe('Hall')
    expect(f.start).toBe(10 * 60 + 30)
    expect(check(s).violations).toEqual([])
  })
})

describe('evaluationBudget', () => {
  it('is per band within a floor and a ceiling, times the effort', () => {
    const small = scheduleOf(live())
    expect(evaluationBudget(small, undefined)).toBe(200_000)
    expect(evaluationBudget(small, 0.5)).toBe(100_000)
    // Effort has a floor too: 5% of the budget.
    expect(evaluationBudget(small, 0)).toBe(10_000)
    const weighted = scheduleOf({ ...live(), weights: timetablePresets.balanced })
    expect(evaluationBudget(weighted, 1)).toBe(50_000)
    const many = scheduleOf(timetableInput({ performances: Array.from({ length: 60 }, (_, i) => performance(`Band ${i}`, { id: `b${i}`, members: [`m${i}`] })) }))
    expect(evaluationBudget(many, 1)).toBe(250_000)
  })
})
