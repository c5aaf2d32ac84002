import { beforeAll, describe, expect, it } from 'vitest'
import { claims, linearBound, lowerBound, positionsBound, stackedBound } from '../../../../src/timetable/generator/bound'
import { firstTimetable } from '../../../../src/timetable/generator/construct'
import type { LinearSolver } from '../../../../src/timetable/time-indexed'
import { loadHighsSolver } from '../../../../server/src/workers/highs-solver'
import { mulberry32 } from '../../../../src/contract/random'
import { performance, SAT, SUN, timetableInput } from '../factories'
import { check, optimum, scheduleOf } from './schedules'

/**
 * The generator's lower bound: the positions' assignment, the stacked bound, the LP; each is
 * at most what any timetable that keeps the rules costs, and the claims say "best possible"
 * only when the cost meets it.
 */

let solver: LinearSolver
beforeAll(async () => {
  solver = await loadHighsSolver()
})

const oneStage = (performances: ReturnType<typeof performance>[], closesAt = '16:00') =>
  timetableInput({ event: { days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt }] }], changeoverMinutes: 5, musicianGapMinutes: 30 }, performances })

/** The bound as the generator computes it before the LP. */
function boundOf(s: ReturnType<typeof scheduleOf>) {
  const positions = positionsBound(s)
  firstTimetable(s, positions)
  return lowerBound(s, positions)
}

/** A tiny live drawn from `seed`: 2 days, 1–2 stages, 4–5 bands sharing musicians, windows, preferences, maybe a pin. */
function tinyLive(seed: number) {
  const random = mulberry32(seed)
  const pick = (n: number) => Math.floor(random() * n)
  const names = ['Kenta', 'Aiko', 'Yuto', 'Hana']
  const bands = 4 + pick(2)
  const performances = Array.from({ length: bands }, (_, i) =>
    performance(`Band ${i}`, {
      id: `b${i}`,
      minutes: [20, 25, 40][pick(3)]!,
      members: [names[pick(names.length)]!, ...(random() < 0.5 ? [names[pick(names.length)]!] : [])],
      preferredDate: random() < 0.3 ? SUN : random() < 0.3 ? SAT : null,
      unavailable: random() < 0.3 ? [{ date: SAT, from: '10:00', to: '10:40' }] : [],
      pin: i === 0 && random() < 0.3 ? { date: SUN, stage: 'Main', start: '10:30' } : null,
    }),
  )
  return timetableInput({
    event: {
      days: [
        { date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '12:00' }, ...(random() < 0.5 ? [{ name: 'Hall', opensAt: '10:30', closesAt: '12:00' }] : [])] },
        { date: SUN, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:30' }] },
      ],
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
    },
    performances,
  })
}

describe('the lower bound', () => {
  it('counts what each set holds up after it: on one stage without gaps it is the optimum, where the positions’ is not', () => {
    // 20, 30 and 40 minutes, 5-minute changeovers: the shortest first, starts 0, 25 and 60
    // minutes after opening, earliness (0 + 25 + 60) / 5 = 17. The positions count every set
    // before a band as the shortest: 0, 25, 50 → 15.
    const s = scheduleOf(oneStage([20, 30, 40].map((minutes, i) => performance(`Band ${i}`, { id: `b${i}`, minutes, members: [`m${i}`] }))))
    const positions = positionsBound(s)
    expect(positions).toMatchObject({ total: 15, complete: true })
    expect(stackedBound(s)).toEqual({ value: 17, complete: true })
    expect(lowerBound(s, positions)).toEqual({ value: 17, complete: true })
    expect(optimum(s).cost).toBe(17)
  })

  it('adds what the pinned bands cost where they are, and plans the others around them', () => {
    // b0 is pinned at 11:00 (earliness 60 / 5 = 12); b1 and b2 start at 10:00 and 10:25, before it.
    const s = scheduleOf(
      oneStage([
        performance('Pinned', { id: 'b0', members: ['m0'], pin: { date: SAT, stage: 'Main', start: '11:00' } }),
        performance('Band 1', { id: 'b1', members: ['m1'] }),
        performance('Band 2', { id: 'b2', members: ['m2'] }),
      ]),
    )
    const bound = boundOf(s)
    expect(bound).toEqual({ value: 12 + 5, complete: true })
    expect(optimum(s).cost).toBe(17)
  })

  it('says nothing (not complete) when a band fits on no stage', () => {
    // A 90-minute set on a one-hour stage: no position holds it.
    const s = scheduleOf(oneStage([performance('Long', { id: 'long', minutes: 90, members: ['m'] }), performance('Short', { id: 'short', members: ['n'] })], '11:00'))
    expect(positionsBound(s).complete).toBe(false)
    expect(stackedBound(s).complete).toBe(false)
    expect(boundOf(s).complete).toBe(false)
  })

  it('is never above the optimum of small lives (found by trying every timetable), with or without the LP', () => {
    let tight = 0
    let checked = 0
    for (let seed = 1; seed <= 12; seed++) {
      const s = scheduleOf(tinyLive(seed))
      const best = optimum(s)
      // The optimum is a real timetable: it keeps every rule.
      s.restore(best.state)
      s.recompute()
      const known = check(s)
      if (known.violations.length) continue
      expect(known.cost).toBe(best.cost)
      const fresh = scheduleOf(tinyLive(seed))
      const bound = boundOf(fresh)
      if (bound.complete) {
        expect(bound.value).toBeLessThanOrEqual(best.cost + 1e-9)
        checked++
      }
      const linear = linearBound(fresh.problem, fresh.active, solver)
      if (linear) {
        expect(linear.value).toBeLessThanOrEqual(best.cost + 1e-9)
        if (linear.value === best.cost) tight++
      }
    }
    expect(checked).toBe(12)
    // The LP keeps the musicians' gaps: on almost all of these lives it proves the optimum.
    expect(tight).toBeGreaterThanOrEqual(10)
  })

  it('the LP keeps the musicians’ gap the assignments ignore', () => {
    // Two bands sharing Kenta on one stage: 10:00 and 10:50, earliness 0 + 10. The assignments
    // see two 20-minute sets back to back (0 + 5).
    const s = scheduleOf(oneStage([performance('Blue Train', { id: 'a', members: ['Kenta'] }), performance('Night Owls', { id: 'b', members: ['Kenta'] })]))
    expect(boundOf(s).value).toBe(5)
    expect(optimum(s).cost).toBe(10)
    const linear = linearBound(s.problem, s.active, solver)!
    expect(linear.value).toBe(10)
    // Its plan is a timetable: both bands, 50 minutes apart.
    expect(linear.plan.map((item) => item.start - 600).sort((x, y) => x - y)).toEqual([0, 50])
  })
})

describe('claims', () => {
  it('says "best possible" only when the cost meets the bound, and the gap otherwise', () => {
    expect(claims(65, 65)).toEqual({ lowerBound: 65, gapPercent: 0, provenOptimal: true })
    expect(claims(66, 60)).toEqual({ lowerBound: 60, gapPercent: 10, provenOptimal: false })
    expect(claims(66, null)).toEqual({ lowerBound: null, gapPercent: null, provenOptimal: false })
    // A bound of 0 gives no percentage, but a cost of 0 meets it.
    expect(claims(5, 0)).toEqual({ lowerBound: 0, gapPercent: null, provenOptimal: false })
    expect(claims(0, 0)).toEqual({ lowerBound: 0, gapPercent: 0, provenOptimal: true })
  })
})
