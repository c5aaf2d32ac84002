import { describe, expect, it } from 'vitest'
import type { TimetablePlacement } from '../../../src/contract/timetable'
import { checkTimetable, violationsByPerformance } from '../../../src/timetable/rules'
import { timetableCost } from '../../../src/timetable/cost'
import { mulberry32 } from '../../../src/contract/random'
import { toMinutes, toTime } from '../../../src/timetable/model'
import { performance, SAT, SUN, timetableInput } from './factories'

/** Every hard rule, each with a timetable that breaks it (issue #7). */

const blueTrain = performance('Blue Train', { id: 'blue', members: ['Kenta', 'Aiko'] })
const nightOwls = performance('Night Owls', { id: 'owls', members: ['Kenta', 'Yuto'] })
const sunrise = performance('Sunrise', { id: 'sun', members: ['Hana'], unavailable: [{ date: SAT, from: '12:00', to: '13:30' }] })
const input = timetableInput({
  event: {
    days: [
      { date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '16:00' }, { name: 'Hall', opensAt: '11:00', closesAt: '15:00' }] },
      { date: SUN, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '16:00' }] },
    ],
    changeoverMinutes: 10,
    musicianGapMinutes: 30,
  },
  performances: [blueTrain, nightOwls, sunrise],
})
const at = (performanceId: string, start: string, end: string, stage = 'Main', date = SAT): TimetablePlacement => ({ performanceId, date, stage, start, end })

describe('checkTimetable', () => {
  it('finds nothing wrong in a timetable that keeps every rule', () => {
    const placements = [at('blue', '10:00', '10:20'), at('sun', '10:30', '10:50'), at('owls', '11:00', '11:20', 'Hall')]
    expect(checkTimetable(input, placements)).toEqual([])
  })

  it('opening hours: a performance before the opening or past the closing', () => {
    const early = checkTimetable(input, [at('blue', '10:30', '10:50', 'Hall')])
    expect(early).toEqual([
      { performanceId: 'blue', rule: 'opening-hours', message: 'Blue Train (10:30–10:50) is outside the opening hours of Hall on Sat (11:00–15:00)' },
    ])
    const late = checkTimetable(input, [at('blue', '15:50', '16:10')])
    expect(late.map((violation) => violation.rule)).toEqual(['opening-hours'])
  })

  it('no changeover is needed after the last performance of a stage', () => {
    expect(checkTimetable(input, [at('blue', '15:40', '16:00')])).toEqual([])
  })

  it('changeover: an overlap or too little time between two performances on one stage, shown on both', () => {
    const tooClose = checkTimetable(input, [at('blue', '10:00', '10:20'), at('sun', '10:25', '10:45')])
    expect(tooClose).toEqual([
      {
        performanceId: 'sun',
        rule: 'changeover',
        message: 'Sunrise starts 5 min after Blue Train ends on Main; the changeover needs 10 min',
        otherPerformanceId: 'blue',
      },
      {
        performanceId: 'blue',
        rule: 'changeover',
        message: 'Blue Train ends 5 min before Sunrise starts on Main; the changeover needs 10 min',
        otherPerformanceId: 'sun',
      },
    ])
    const overlap = checkTimetable(input, [at('blue', '10:00', '10:20'), at('sun', '10:10', '10:30')])
    expect(overlap[0]!.message).toBe('Sunrise overlaps Blue Train (10:00–10:20) on Main')
    // The same times on two stages are fine as far as the stages go.
    expect(checkTimetable(input, [at('blue', '11:00', '11:20'), at('sun', '11:00', '11:20', 'Hall')])).toEqual([])
  })

  it('unavailable windows: a band playing while it said it cannot', () => {
    const violations = checkTimetable(input, [at('sun', '13:20', '13:40')])
    expect(violations).toEqual([{ performanceId: 'sun', rule: 'unavailable', message: 'Sunrise is unavailable 12:00–13:30 on Sat but plays 13:20–13:40' }])
    // The window is on Saturday only.
    expect(checkTimetable(input, [at('sun', '13:20', '13:40', 'Main', SUN)])).toEqual([])
  })

  it('musician gap: two performances sharing a musician, on any stages of one day, shown on both', () => {
    const violations = checkTimetable(input, [at('blue', '11:00', '11:20'), at('owls', '11:40', '12:00', 'Hall')])
    expect(violations).toEqual([
      {
        performanceId: 'blue',
        rule: 'musician-gap',
        message: 'Kenta plays in Blue Train and Night Owls: only 20 min between them, the minimum gap is 30 min',
        otherPerformanceId: 'owls',
      },
      {
        performanceId: 'owls',
        rule: 'musician-gap',
        message: 'Kenta plays in Night Owls and Blue Train: only 20 min between them, the minimum gap is 30 min',
        otherPerformanceId: 'blue',
      },
    ])
    expect(checkTimetable(input, [at('blue', '11:00', '11:20'), at('owls', '11:50', '12:10', 'Hall')])).toEqual([])
    // On different days the gap does not apply.
    expect(checkTimetable(input, [at('blue', '11:00', '11:20'), at('owls', '11:20', '11:40', 'Main', SUN)])).toEqual([])
    const overlapping = checkTimetable(input, [at('blue', '11:00', '11:20'), at('owls', '11:10', '11:30', 'Hall')])
    expect(overlapping[0]!.message).toContain('the two overlap')
  })

  it('pins: a pinned performance moved elsewhere, or left out', () => {
    const pinned = timetableInput({
      ...input,
      performances: [{ ...blueTrain, pin: { date: SAT, stage: 'Main', start: '12:00' } }, nightOwls],
    })
    expect(checkTimetable(pinned, [at('blue', '12:00', '12:20'), at('owls', '10:00', '10:20')])).toEqual([])
    expect(checkTimetable(pinned, [at('blue', '12:05', '12:25')])).toEqual([
      { performanceId: 'blue', rule: 'pin', message: 'Blue Train is pinned to Main on Sat at 12:00' },
    ])
    expect(checkTimetable(pinned, [at('owls', '10:00', '10:20')])).toEqual([
      { performanceId: 'blue', rule: 'pin', message: 'Blue Train is pinned but not in the timetable' },
    ])
  })

  it('pins: a band pinned to a stage the day does not have is listed as not in the timetable, with why', () => {
    const pinned = timetableInput({
      ...input,
      performances: [{ ...blueTrain, pin: { date: SUN, stage: 'Hall', start: '12:00' } }, nightOwls],
    })
    expect(checkTimetable(pinned, [at('owls', '10:00', '10:20')])).toEqual([
      { performanceId: 'blue', rule: 'pin', message: 'Blue Train is pinned but not in the timetable: it is pinned to the stage “Hall”, which does not exist on Sun' },
    ])
  })

  it('placement: unknown bands, days or stages, a band placed twice, the wrong length, off the grid', () => {
    const violations = checkTimetable(input, [
      at('nobody', '10:00', '10:20'),
      at('blue', '10:00', '10:20', 'Roof'),
      at('owls', '10:00', '10:20', 'Main', '2026-11-09'),
      at('sun', '10:00', '10:25'),
    ])
    expect(violations.map((violation) => [violation.performanceId, violation.rule])).toEqual([
      ['nobody', 'placement'],
      ['blue', 'placement'],
      ['owls', 'placement'],
      ['sun', 'placement'],
    ])
    expect(violations[3]!.message).toBe('Sunrise is given 25 min but asked for 20 min')
    const twice = checkTimetable(input, [at('blue', '10:00', '10:20'), at('blue', '14:00', '14:20')])
    expect(twice).toEqual([{ performanceId: 'blue', rule: 'placement', message: 'Blue Train is placed more than once' }])
    const offGrid = checkTimetable(input, [at('blue', '10:02', '10:22')])
    expect(offGrid).toEqual([{ performanceId: 'blue', rule: 'placement', message: 'Blue Train starts at 10:02, off the 5-minute grid' }])
  })

  it('groups violations by performance for the editor', () => {
    const violations = checkTimetable(input, [at('blue', '11:00', '11:20'), at('owls', '11:20', '11:40')])
    const grouped = violationsByPerformance(violations)
    expect(Object.keys(grouped).sort()).toEqual(['blue', 'owls'])
    expect(grouped.owls!.map((violation) => violation.rule).sort()).toEqual(['changeover', 'musician-gap'])
  })
})

describe('timetableCost', () => {
  it('breaks the cost down per goal and per performance', () => {
    const weighted = timetableInput({
      ...input,
      performances: [{ ...blueTrain, preferredDate: SUN, wish: 'first' }, { ...nightOwls, grade: 1 }, { ...sunrise, grade: 3 }],
      weights: { earliness: 1, preferredDay: 30, firstLast: 20, gradeOrder: 3, musicianSpread: 1, idleHoles: 2 },
    })
    // Sunrise (grade 3) opens at 10:00 on Main; Blue Train follows at 10:40 (10 min idle after
    // the 10-minute changeover), off its preferred day and not first; Night Owls (grade 1, after
    // a grade 3) at 11:30 on Hall, exactly the 30-minute gap after Blue Train: 60 min short of
    // the gap + 1 hour the spread goal asks for.
    const cost = timetableCost(weighted, [at('sun', '10:00', '10:20'), at('blue', '10:40', '11:00'), at('owls', '11:30', '11:50', 'Hall')])
    expect(cost.byGoal).toEqual({ earliness: 8 + 6, preferredDay: 30, firstLast: 20, gradeOrder: 3, musicianSpread: 12, idleHoles: 4 })
    expect(cost.total).toBe(14 + 30 + 20 + 3 + 12 + 4)
    expect(cost.byPerformance).toEqual({
      blue: { earliness: 8, preferredDay: 30, firstLast: 20, idleHoles: 4 },
      owls: { earliness: 6, gradeOrder: 3, musicianSpread: 12 },
    })
    const further = timetableCost(weighted, [at('blue', '10:00', '10:20'), at('owls', '11:20', '11:40', 'Hall')])
    expect(further.byGoal.musicianSpread).toBe(6)
  })

  it('charges each band one grade-order unit per band of a higher grade that starts before it, on any day', () => {
    // The search costs thousands of days a second with a sweep in start order; this checks it
    // against the plain count over every pair, on random days with equal starts, bands without a
    // grade and a band listed twice.
    const random = mulberry32(14)
    const draw = (count: number) => Math.floor(random() * count)
    for (let round = 0; round < 200; round++) {
      const bands = Array.from({ length: 2 + draw(30) }, (_, k) => performance(`Band ${k}`, { grade: draw(4) === 0 ? null : 1 + draw(5) }))
      const weighted = timetableInput({ performances: bands, weights: { earliness: 0, preferredDay: 0, firstLast: 0, gradeOrder: 3, musicianSpread: 0, idleHoles: 0 } })
      const placements = bands.map((band) => {
        const start = 10 * 60 + 5 * draw(12)
        return { performanceId: band.id, date: SAT, stage: 'Main', start: toTime(start), end: toTime(start + 20) }
      })
      if (round % 2) placements.push({ ...placements[0]!, start: '13:00', end: '13:20' })
      const grade = (id: string) => bands.find((band) => band.id === id)!.grade
      let expected = 0
      for (const a of placements) {
        for (const b of placements) {
          const [gradeA, gradeB] = [grade(a.performanceId), grade(b.performanceId)]
          if (gradeA !== null && gradeB !== null && gradeA < gradeB && a.start > b.start) expected += 3
        }
      }
      expect(timetableCost(weighted, placements).byGoal.gradeOrder).toBe(expected)
    }
  })

  it('charges each band the idle minutes before it on its stage, beyond the changeover, on any day', () => {
    // The search sorts one list of keys per day; this checks it against each stage's list sorted
    // on its own, on random days over two stages with overlaps, equal starts and a band listed twice.
    const random = mulberry32(15)
    const draw = (count: number) => Math.floor(random() * count)
    const weights = { earliness: 0, preferredDay: 0, firstLast: 0, gradeOrder: 0, musicianSpread: 0, idleHoles: 2 }
    let charged = 0
    for (let round = 0; round < 200; round++) {
      const bands = Array.from({ length: 2 + draw(20) }, (_, k) => performance(`Band ${k}`))
      const placements = bands.map((band) => {
        const start = 11 * 60 + 5 * draw(36)
        return at(band.id, toTime(start), toTime(start + 15 + 5 * draw(6)), draw(2) ? 'Main' : 'Hall')
      })
      if (round % 2) placements.push({ ...placements[0]!, start: '14:00', end: '14:20' })
      const expected: Record<string, number> = {}
      for (const stage of ['Main', 'Hall']) {
        const list = placements.filter((placement) => placement.stage === stage).sort((a, b) => a.start.localeCompare(b.start))
        for (let i = 1; i < list.length; i++) {
          const idle = toMinutes(list[i]!.start) - toMinutes(list[i - 1]!.end) - 10
          if (idle > 0) expected[list[i]!.performanceId] = (expected[list[i]!.performanceId] ?? 0) + (idle / 5) * 2
        }
      }
      const cost = timetableCost(timetableInput({ ...input, performances: bands, weights }), placements)
      const byBand = Object.fromEntries(Object.entries(cost.byPerformance).map(([id, costs]) => [id, costs.idleHoles]))
      expect(byBand).toEqual(expected)
      expect(cost.total).toBe(Object.values(expected).reduce((sum, value) => sum + value, 0))
      charged += cost.total
    }
    expect(charged).toBeGreaterThan(0)
  })
})
