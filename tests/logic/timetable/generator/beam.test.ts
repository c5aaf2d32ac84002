import { describe, expect, it } from 'vitest'
import { beamDay } from '../../../../src/timetable/generator/beam'
import { performance, SAT, SUN, timetableInput } from '../factories'
import { bandsByDay, check, dayOptimum, scheduleOf, setOrders } from './schedules'

/**
 * A day ordered by beam search (decision 047, "Days ordered by beam search"): the same bands,
 * a cheaper order and stages when the beam finds one, never a dearer one.
 */

// Saturday: Main and Hall 10:00–14:00; Sunday: Main. Kenta plays in a, b and c (30 minutes apart
// at least), Aiko in d and e; e cannot play before 10:30 on Saturday; f is 40 minutes long;
// h plays only from 11:00 on Saturday (Sora, as in g on Sunday).
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
      performance('Herons', { id: 'h', members: ['Sora', 'Yuto'], unavailable: [{ date: SAT, from: '10:00', to: '11:00' }] }),
    ],
  })

// The worst order one could give it: the long set first, the shared musicians back to back.
const badSaturday: Array<[string, string]> = [
  ['f', 'Main'],
  ['a', 'Main'],
  ['b', 'Main'],
  ['c', 'Main'],
  ['h', 'Hall'],
  ['e', 'Hall'],
  ['d', 'Hall'],
]

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
    expect(placed).toBe(8)
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
    expect(check(s).violations).not.toEqual([])
    expect(beamDay(s, 0)).toBe(true)
    expect(check(s).violations).toEqual([])
    expect(s.total).toBe(dayOptimum(s, 0))
  })
})
