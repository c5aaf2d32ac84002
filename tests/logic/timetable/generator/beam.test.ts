import { describe, expect, it } from 'vitest'
import { beamDay } from '../../../../src/timetable/generator/beam'
import { badSaturday, bandsByDay, check, dayOptimum, earlyDeadlineLive, lateDayLive, orderingLive as live, scheduleOf, setOrders } from './schedules'

/**
 * A day ordered by beam search (decision 047, "Days ordered by beam search"): the same bands,
 * a cheaper order and stages when the beam finds one, never a dearer one.
 */

describe('beamDay', () => {
  it('finds the cheapest order and stages of a small day, as trying every one does', () => {
    const s = scheduleOf(live())
    setOrders(s, [badSaturday, [['g', 'Main']]])
    const optimum = dayOptimum(s, 0)
    expect(optimum).toBeLessThan(s.dayCosts[0]!)
    const byDay = bandsByDay(s)
    const evaluations = s.evaluations

    expect(beamDay(s, 0)).toBe(true)

    expect(s.dayCosts[0]).toBe(optimum)
    // The same bands on each day, every rule kept, the totals as the editor counts them, and its work counted.
    expect(bandsByDay(s)).toEqual(byDay)
    const { cost, violations, placed } = check(s)
    expect(violations).toEqual([])
    expect(placed).toBe(7)
    expect(s.total).toBe(cost)
    expect(s.evaluations).toBeGreaterThan(evaluations)
  })

  it('never makes a day dearer, however narrow the beam, and gives the same order every time', () => {
    for (const width of [1, 2, 5, 50]) {
      const orders = [0, 1].map(() => {
        const s = scheduleOf(live())
        setOrders(s, [badSaturday, [['g', 'Main']]])
        const before = s.dayCosts[0]!
        beamDay(s, 0, width)
        expect(s.dayCosts[0]).toBeLessThanOrEqual(before)
        expect(check(s).violations).toEqual([])
        expect(s.total).toBe(check(s).cost)
        return s.orders.map((order) => [...order])
      })
      expect(orders[1]).toEqual(orders[0])
    }
  })

  it('leaves a day at its optimum as it is', () => {
    const s = scheduleOf(live())
    setOrders(s, [badSaturday, [['g', 'Main']]])
    beamDay(s, 0)
    const orders = s.orders.map((order) => [...order])
    expect(beamDay(s, 0)).toBe(false)
    expect(s.orders).toEqual(orders)
  })

  it('finds an order that fits a day running late', () => {
    const s = scheduleOf(lateDayLive())
    setOrders(s, [['a', 'b', 'c', 'd', 'e'].map((id) => [id, 'Main'] as [string, string])])
    expect(check(s).violations).not.toEqual([])
    expect(beamDay(s, 0)).toBe(true)
    expect(check(s).violations).toEqual([])
    expect(s.total).toBe(dayOptimum(s, 0))
  })
  it('keeps a band that must play early, even when the beam keeps one partial day a level', () => {
    // The cheapest-looking partial days start with the short sets; kept alone, they would leave
    // no room for the long one before 11:00, and the beam would end with no order at all.
    for (const width of [1, 1000]) {
      const s = scheduleOf(earlyDeadlineLive())
      setOrders(s, [['a', 'b', 'c', 'd', 'long'].map((id) => [id, 'Main'] as [string, string])])
      expect(check(s).violations).not.toEqual([])
      expect(beamDay(s, 0, width)).toBe(true)
      expect(check(s).violations).toEqual([])
      expect(s.orders[0]![0]).toBe(s.problem.perfById.get('long'))
      expect(s.total).toBe(dayOptimum(s, 0))
    }
  })
})
