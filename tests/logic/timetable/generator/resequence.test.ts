import { describe, expect, it } from 'vitest'
import { resequence } from '../../../../src/timetable/generator/resequence'
import { badSaturday, bandsByDay, check, dayOptimum, lateDayLive, orderingLive as live, scheduleOf, setOrders } from './schedules'

/**
 * The exact re-sequencing of a day (decision 028): the same bands, the cheapest order and
 * stages, found by branch and bound within its branch limit.
 */

describe('resequence', () => {
  it('finds the cheapest order and stages of a small day, as trying every one does', () => {
    const s = scheduleOf(live())
    setOrders(s, [badSaturday, [['g', 'Main']]])
    const optimum = dayOptimum(s, 0)
    const before = s.dayCosts[0]!
    expect(check(s).violations).toEqual([])
    expect(optimum).toBeLessThan(before)
    const byDay = bandsByDay(s)

    const spent = resequence(s, 0, 50_000)

    expect(spent).toBeGreaterThan(0)
    expect(s.dayCosts[0]).toBe(optimum)
    // The same bands on each day, every rule kept, and the totals as the editor counts them.
    expect(bandsByDay(s)).toEqual(byDay)
    const { cost, violations, placed } = check(s)
    expect(violations).toEqual([])
    expect(placed).toBe(7)
    expect(s.total).toBe(cost)
  })

  it('never makes a day worse, and spends no more branches than it is given', () => {
    for (const limit of [1, 5, 20, 200]) {
      const s = scheduleOf(live())
      setOrders(s, [badSaturday, [['g', 'Main']]])
      const before = s.dayCosts[0]!
      const spent = resequence(s, 0, limit)
      expect(spent).toBeLessThanOrEqual(limit)
      expect(s.dayCosts[0]).toBeLessThanOrEqual(before)
      expect(check(s).violations).toEqual([])
      expect(s.total).toBe(check(s).cost)
    }
  })

  it('leaves the day as it is when no order beats the caller’s bar', () => {
    const s = scheduleOf(live())
    setOrders(s, [badSaturday, [['g', 'Main']]])
    const orders = s.orders.map((order) => [...order])
    const optimum = dayOptimum(s, 0)
    // Only an order cheaper than the optimum would count: there is none.
    resequence(s, 0, 50_000, s.total - s.dayCosts[0]! + optimum - 1)
    expect(s.orders).toEqual(orders)
  })

  it('leaves a day running late alone unless a caller sets a bar, then finds the order that fits', () => {
    const s = scheduleOf(lateDayLive())
    setOrders(s, [['a', 'b', 'c', 'd', 'e'].map((id) => [id, 'Main'] as [string, string])])
    const late = s.total
    expect(check(s).violations).not.toEqual([])
    expect(resequence(s, 0, 50_000)).toBe(0)
    expect(s.total).toBe(late)
    resequence(s, 0, 50_000, late)
    expect(check(s).violations).toEqual([])
    expect(s.total).toBe(dayOptimum(s, 0))
  })
})
