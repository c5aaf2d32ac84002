import { describe, expect, it } from 'vitest'
import { constructDay, firstTimetable } from '../../../../src/timetable/generator/construct'
import { positionsBound } from '../../../../src/timetable/generator/bound'
import { familyInstance, familyNames } from '../../../../bench/timetable-families'
import { performance, SAT, SUN, timetableInput } from '../factories'
import { at, check, scheduleOf, setOrders } from './schedules'

/**
 * Construction, the generator's first timetable: the positions' assignment, each day
 * re-sequenced greedily so other bands fill the holes the musicians' gaps leave.
 */

const startOf = (s: ReturnType<typeof scheduleOf>, id: string) => s.start[at(s, id)]! - 600

describe('the first timetable', () => {
  it('fills the hole a musician’s gap leaves with another band', () => {
    // Blue Train and Night Owls share Kenta (30 minutes between their sets); Echo does not.
    // Echo plays between them: 10:00, 10:25, 10:50 — not 10:00, 10:50, 11:15.
    const input = timetableInput({
      performances: [
        performance('Blue Train', { id: 'a', members: ['Kenta'] }),
        performance('Night Owls', { id: 'b', members: ['Kenta'] }),
        performance('Echo', { id: 'e', members: ['Yuto'] }),
      ],
    })
    const s = scheduleOf(input)
    firstTimetable(s, positionsBound(s))
    expect([startOf(s, 'a'), startOf(s, 'b')].sort((x, y) => x - y)).toEqual([0, 50])
    expect(startOf(s, 'e')).toBe(25)
    expect(s.total).toBe((0 + 25 + 50) / 5)
    expect(check(s)).toEqual({ cost: 15, violations: [], placed: 3 })
  })

  it('re-sequences a badly ordered day greedily, and leaves a day at its best as it was', () => {
    const input = timetableInput({
      performances: [performance('Blue Train', { id: 'a', members: ['Kenta'] }), performance('Night Owls', { id: 'b', members: ['Kenta'] }), performance('Echo', { id: 'e', members: ['Yuto'] })],
    })
    // Already the best order: kept.
    const s = scheduleOf(input)
    setOrders(s, [[['a', 'Main'], ['e', 'Main'], ['b', 'Main']]])
    const keys = new Float64Array(3).fill(0)
    constructDay(s, 0, keys)
    expect(s.orders[0]).toEqual([at(s, 'a'), at(s, 'e'), at(s, 'b')])
    // The worst order: re-sequenced, the gap's hole filled.
    setOrders(s, [[['a', 'Main'], ['b', 'Main'], ['e', 'Main']]])
    expect(s.total).toBe((0 + 50 + 75) / 5)
    constructDay(s, 0, keys)
    expect(s.total).toBe(15)
    expect(check(s).violations).toEqual([])
  })

  it('places every band that fits, on its preferred day where there is room, breaking no rule', () => {
    // Two days, one stage each, 10:00–11:10: three 20-minute sets a day. Six bands, three
    // preferring Sunday.
    const input = timetableInput({
      event: {
        days: [
          { date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:10' }] },
          { date: SUN, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:10' }] },
        ],
        changeoverMinutes: 5,
        musicianGapMinutes: 30,
      },
      performances: ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => performance(`Band ${id}`, { id, members: [id], preferredDate: i % 2 ? SUN : null })),
    })
    const s = scheduleOf(input)
    firstTimetable(s, positionsBound(s))
    const { violations, placed, cost } = check(s)
    expect(violations).toEqual([])
    expect(placed).toBe(6)
    expect(s.total).toBe(cost)
    // Each day full, the Sunday bands on Sunday: (0 + 5 + 10) × 2, nothing for the days.
    expect(cost).toBe(30)
    for (const id of ['b', 'd', 'f']) expect(s.dayOf(s.laneOf[at(s, id)]!)).toBe(1)
  })

  it('starts a band with no position last on its preferred day, where the search can move it', () => {
    // Seven bands for six places: the seventh has no position and runs late for now.
    const input = timetableInput({
      event: { days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:10' }] }, { date: SUN, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:10' }] }], changeoverMinutes: 5, musicianGapMinutes: 30 },
      performances: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => performance(`Band ${id}`, { id, members: [id], preferredDate: SUN })),
    })
    const s = scheduleOf(input)
    const positions = positionsBound(s)
    expect(positions.complete).toBe(false)
    const unplacedRow = positions.places.findIndex((place) => place === null)
    firstTimetable(s, positions)
    const late = s.movable[unplacedRow]!
    expect(s.orders[1]!.at(-1)).toBe(late)
    expect(s.orders.flat().sort()).toEqual([...s.movable].sort())
    expect(check(s).violations.map((violation) => violation.performanceId)).toEqual([s.problem.perfs[late]!.id])
  })

  it('gives the families’ small lives a first timetable that either keeps every rule and costs what the decoder says, or says it does not', () => {
    // The families are crowded (many share musicians, stages nearly full): the first timetable
    // often runs late, and the search is there to fix that.
    let abiding = 0
    for (const family of familyNames) {
      for (const seed of [1, 2]) {
        const s = scheduleOf(familyInstance(family, 10, seed))
        const positions = positionsBound(s)
        firstTimetable(s, positions)
        // Every unpinned band is in exactly one day's order.
        expect(s.orders.flat().sort((x, y) => x - y)).toEqual([...s.movable].sort((x, y) => x - y))
        const { cost, violations } = check(s)
        if (s.total < 1e7) {
          abiding++
          expect(violations).toEqual([])
          expect(s.total).toBeCloseTo(cost, 9)
        } else expect(violations).not.toEqual([])
      }
    }
    expect(abiding).toBeGreaterThanOrEqual(5)
  })
})
