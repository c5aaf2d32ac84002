import { describe, expect, it } from 'vitest'
import { resequence } from '../../../../src/timetable/generator/resequence'
import { performance, SAT, SUN, timetableInput } from '../factories'
import { bandsByDay, check, dayOptimum, scheduleOf, setOrders } from './schedules'

/**
 * The exact re-sequencing of a day (decision 028): the same bands, the cheapest order and
 * stages, found by branch and bound within its branch limit.
 */

// Saturday: Main and Hall 10:00–14:00; Sunday: Main 10:00–14:00. Kenta plays in a, b and c
// (30 minutes apart at least), Aiko in d and e; e cannot play before 10:30 on Saturday; f is
// 40 minutes long. Sunday has g alone.
const live = () =>
  timetableInput({
    event: {
      days: [
        { date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '14:00' }, { name: 'Hall', opensAt: '10:00', closesAt: '14:00' }] },
        { date: SUN, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '14:00' }] },
      ],
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
    },
    performances: [
      performance('Blue Train', { id: 'a', members: ['Kenta'] }),
      performance('Night Owls', { id: 'b', members: ['Kenta', 'Yuto'] }),
      performance('Sunrise', { id: 'c', members: ['Kenta'] }),
      performance('Moonlight', { id: 'd', members: ['Aiko'] }),
      performance('Echo', { id: 'e', members: ['Aiko'], unavailable: [{ date: SAT, from: '10:00', to: '10:30' }] }),
      performance('Foxes', { id: 'f', members: ['Hana'], minutes: 40 }),
      performance('Gulls', { id: 'g', members: ['Sora'] }),
    ],
  })

// The worst order one could give it: the long set first, the shared musicians back to back.
const badSaturday: Array<[string, string]> = [
  ['f', 'Main'],
  ['a', 'Main'],
  ['b', 'Main'],
  ['c', 'Main'],
  ['e', 'Hall'],
  ['d', 'Hall'],
]

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
    // The stages close at 11:10: five 20-minute sets one after another do not fit on one; on two they do.
    const input = timetableInput({
      event: {
        days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:10' }, { name: 'Hall', opensAt: '10:00', closesAt: '11:10' }] }],
        changeoverMinutes: 5,
        musicianGapMinutes: 30,
      },
      performances: ['a', 'b', 'c', 'd', 'e'].map((id) => performance(`Band ${id}`, { id, members: [id] })),
    })
    const s = scheduleOf(input)
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
