import { describe, expect, it } from 'vitest'
import { displaceOne, exchangeDays, insertInto, relocateDays } from '../../../../src/timetable/generator/day-moves'
import { positionsBound } from '../../../../src/timetable/generator/bound'
import { firstTimetable } from '../../../../src/timetable/generator/construct'
import { randomMove } from '../../../../src/timetable/generator/search'
import { familyInstance, familyNames } from '../../../../bench/timetable-families'
import { performance, SAT, SUN, timetableInput } from '../factories'
import { at, bandsByDay, check, scheduleOf, setOrders } from './schedules'

/**
 * The moves between days (decisions 028, 029, 032): which bands play which day. A move is kept
 * only when the timetable got cheaper, so they never raise the cost nor break a rule.
 */

const twoDays = (performances: ReturnType<typeof performance>[], closesAt = '12:00') =>
  timetableInput({
    event: {
      days: [
        { date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt }] },
        { date: SUN, stages: [{ name: 'Main', opensAt: '10:00', closesAt }] },
      ],
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
    },
    performances,
  })

const band = (id: string, fields: Parameters<typeof performance>[1] = {}) => performance(`Band ${id}`, { id, members: [id], ...fields })

describe('exchangeDays', () => {
  it('swaps two bands of the same length that each play the other’s preferred day', () => {
    // Both days full (three 20-minute sets, 10:00–11:10): no band can move alone, two can swap.
    const s = scheduleOf(twoDays([band('a', { preferredDate: SUN }), band('b'), band('c'), band('d', { preferredDate: SAT }), band('e'), band('f')], '11:10'))
    setOrders(s, [
      [['a', 'Main'], ['b', 'Main'], ['c', 'Main']],
      [['d', 'Main'], ['e', 'Main'], ['f', 'Main']],
    ])
    const before = s.total
    exchangeDays(s, 2000, -Infinity)
    expect(s.total).toBe(before - 60)
    expect(bandsByDay(s)).toEqual([
      ['b', 'c', 'd'],
      ['a', 'e', 'f'],
    ])
    expect(check(s)).toMatchObject({ violations: [], cost: s.total })
  })

  it('never swaps bands of different lengths (what moves one band between days is relocateDays)', () => {
    // Each plays the other's preferred day, but a plays 25 minutes and d 20.
    const s = scheduleOf(twoDays([band('a', { preferredDate: SUN, minutes: 25 }), band('d', { preferredDate: SAT })], '11:10'))
    setOrders(s, [[['a', 'Main']], [['d', 'Main']]])
    const byDay = bandsByDay(s)
    exchangeDays(s, 2000, -Infinity)
    expect(bandsByDay(s)).toEqual(byDay)
  })
})

describe('relocateDays', () => {
  it('moves a band to its preferred day when that day has room', () => {
    const s = scheduleOf(twoDays([band('a', { preferredDate: SUN }), band('b'), band('c'), band('d')]))
    setOrders(s, [[['a', 'Main'], ['b', 'Main'], ['c', 'Main']], [['d', 'Main']]])
    const before = s.total
    relocateDays(s, 2000, -Infinity, 3)
    expect(s.dayOf(s.laneOf[at(s, 'a')]!)).toBe(1)
    expect(s.total).toBeLessThan(before)
    expect(check(s)).toMatchObject({ violations: [], cost: s.total })
  })

  it('stops at the target', () => {
    const s = scheduleOf(twoDays([band('a', { preferredDate: SUN }), band('b'), band('c'), band('d')]))
    setOrders(s, [[['a', 'Main'], ['b', 'Main'], ['c', 'Main']], [['d', 'Main']]])
    const byDay = bandsByDay(s)
    relocateDays(s, 2000, s.total, 3)
    expect(bandsByDay(s)).toEqual(byDay)
  })
})

describe('insertInto', () => {
  it('puts a band where its day costs least: into the hole a musician’s gap leaves', () => {
    const s = scheduleOf(twoDays([band('a', { members: ['Kenta'] }), band('b', { members: ['Kenta'] }), band('e')]))
    setOrders(s, [[['a', 'Main'], ['b', 'Main']], []], ['e'])
    const e = at(s, 'e')
    insertInto(s, e, 0)
    expect(s.orders[0]).toEqual([at(s, 'a'), e, at(s, 'b')])
    expect(s.total).toBe((0 + 25 + 50) / 5)
  })
})

describe('displaceOne', () => {
  const live = () => twoDays([band('a'), band('b'), band('c', { pin: { date: SAT, stage: 'Main', start: '11:30' } }), band('d'), band('e')])
  const placedAs = (seed: number) => {
    const s = scheduleOf(live(), seed)
    setOrders(s, [[['a', 'Main'], ['b', 'Main']], [['d', 'Main'], ['e', 'Main']]])
    const before = bandsByDay(s)
    expect(displaceOne(s)).toBe(true)
    return { s, before, after: bandsByDay(s) }
  }

  it('sends one band, never a pinned one, to the end of the other day, and counts what that costs', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { s, before, after } = placedAs(seed)
      const moved = before.flat().filter((id) => before.findIndex((day) => day.includes(id)) !== after.findIndex((day) => day.includes(id)))
      expect(moved).toHaveLength(1)
      expect(after.flat().sort()).toEqual(['a', 'b', 'd', 'e'])
      const to = after.findIndex((day) => day.includes(moved[0]!))
      expect(s.orders[to]!.at(-1)).toBe(at(s, moved[0]!))
      expect(s.problem.lanes[s.laneOf[at(s, moved[0]!)]!]!.day).toBe(to)
      expect(s.laneOf[at(s, 'c')]).toBe(s.problem.perfs[at(s, 'c')]!.pin!.lane)
      expect(s.total).toBe(check(s).cost)
    }
  })

  it('sends the same band for the same seed, and different bands for different seeds', () => {
    expect(placedAs(3).after).toEqual(placedAs(3).after)
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => JSON.stringify(placedAs(seed).after))).size).toBeGreaterThan(1)
  })

  it('does nothing on a live of one day', () => {
    const s = scheduleOf(timetableInput({ event: { days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '12:00' }] }], changeoverMinutes: 5, musicianGapMinutes: 30 }, performances: [band('a'), band('b')] }))
    setOrders(s, [[['a', 'Main'], ['b', 'Main']]])
    expect(displaceOne(s)).toBe(false)
    expect(bandsByDay(s)).toEqual([['a', 'b']])
  })
})

describe('the moves between days on the families’ small lives', () => {
  it('never raise the cost, never break a rule, and keep the totals true', () => {
    let improved = 0
    let runs = 0
    for (const family of familyNames) {
      for (const seed of [1, 2, 3]) {
        const s = scheduleOf(familyInstance(family, 12, seed), seed)
        firstTimetable(s, positionsBound(s))
        // A few random moves that keep every rule, so there is something to improve.
        for (let k = 0; k < 3 * s.movable.length; k++) randomMove(s, Infinity)
        if (s.total >= 1e7) continue
        runs++
        const before = s.total
        exchangeDays(s, 2000, -Infinity)
        expect(s.total).toBeLessThanOrEqual(before)
        const afterExchange = s.total
        relocateDays(s, 2000, -Infinity, 3)
        expect(s.total).toBeLessThanOrEqual(afterExchange)
        if (s.total < before) improved++
        const { cost, violations, placed } = check(s)
        expect(violations).toEqual([])
        expect(placed).toBe(s.active.length)
        expect(s.total).toBeCloseTo(cost, 9)
      }
    }
    expect(runs).toBeGreaterThanOrEqual(10)
    expect(improved).toBeGreaterThanOrEqual(runs / 2)
  })
})
