import { describe, expect, it } from 'vitest'
import { timetablePresets, type TimetableResult } from '../../../src/contract/timetable'
import { generateTimetable } from '../../../src/timetable/generator'
import { checkTimetable } from '../../../src/timetable/rules'
import { timetableCost } from '../../../src/timetable/cost'
import { benchShapes, clubInstance } from '../../../bench/timetable'
import { performance, SAT, SUN, timetableInput } from './factories'

const startOf = (result: TimetableResult, id: string) => result.placements.find((placement) => placement.performanceId === id)

describe('generateTimetable', () => {
  it('finds the known optimum of the compact preset on a small instance and proves it', () => {
    // Sat: Main and Hall 10:00–12:00; Sun: Main 10:00–11:00 (two 20-minute slots). Blue Train
    // and Night Owls share Kenta, Sunrise and Moonlight share Aiko; three bands prefer Sunday.
    // By hand: Sunday takes two of them (0 + 5), the third plays Saturday (+30); Saturday's six
    // bands fill two stages three deep (0 + 0 + 5 + 5 + 10 + 10) when each pair sharing a
    // musician is 50 minutes apart, which Echo and the third Sunday band make possible: 65.
    const input = timetableInput({
      event: {
        days: [
          { date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '12:00' }, { name: 'Hall', opensAt: '10:00', closesAt: '12:00' }] },
          { date: SUN, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:00' }] },
        ],
        changeoverMinutes: 5,
        musicianGapMinutes: 30,
      },
      performances: [
        performance('Blue Train', { id: 'a', members: ['Kenta'] }),
        performance('Night Owls', { id: 'b', members: ['Kenta'] }),
        performance('Sunrise', { id: 'c', members: ['Aiko'] }),
        performance('Moonlight', { id: 'd', members: ['Aiko'] }),
        performance('Echo', { id: 'e', members: ['Yuto'] }),
        performance('Foxes', { id: 'f', members: ['Hana'], preferredDate: SUN }),
        performance('Gulls', { id: 'g', members: ['Sora'], preferredDate: SUN }),
        performance('Herons', { id: 'h', members: ['Mei'], preferredDate: SUN }),
      ],
    })
    const result = generateTimetable(input)
    expect(result.unplaced).toEqual([])
    expect(checkTimetable(input, result.placements)).toEqual([])
    expect(result.cost.total).toBe(65)
    expect(result.cost.byGoal).toMatchObject({ earliness: 35, preferredDay: 30 })
    expect(result.lowerBound).toBe(65)
    expect(result.provenOptimal).toBe(true)
    expect(result.gapPercent).toBe(0)
    expect(timetableCost(input, result.placements).total).toBe(65)
  })

  it('leaves a hole when a musician needs it, and says the bound is not met', () => {
    // One stage, two bands sharing Kenta: 10:00 and 10:50 (20 min + 30-minute gap), cost 0 + 10;
    // the assignment bound ignores the gap (0 + 5).
    const input = timetableInput({ performances: [performance('Blue Train', { id: 'a', members: ['Kenta'] }), performance('Night Owls', { id: 'b', members: ['Kenta'] })] })
    const result = generateTimetable(input)
    expect(result.placements.map((placement) => placement.start)).toEqual(['10:00', '10:50'])
    expect(result.cost.total).toBe(10)
    expect(result.lowerBound).toBe(5)
    expect(result.gapPercent).toBe(100)
    expect(result.provenOptimal).toBe(false)
  })

  it('keeps pins where they are and plans around them', () => {
    const input = timetableInput({
      performances: [
        performance('Blue Train', { id: 'a', members: ['Kenta'], pin: { date: SAT, stage: 'Main', start: '10:25' } }),
        performance('Night Owls', { id: 'b', members: ['Kenta'] }),
        performance('Sunrise', { id: 'c', members: ['Aiko'] }),
      ],
    })
    const result = generateTimetable(input)
    expect(checkTimetable(input, result.placements)).toEqual([])
    expect(startOf(result, 'a')).toMatchObject({ stage: 'Main', start: '10:25', end: '10:45' })
    // Sunrise fits before the pin; Night Owls (Kenta) waits for the gap after it.
    expect(startOf(result, 'c')!.start).toBe('10:00')
    expect(startOf(result, 'b')!.start).toBe('11:15')
  })

  it('keeps every band out of its unavailable windows', () => {
    const input = timetableInput({
      performances: [
        performance('Blue Train', { id: 'a', unavailable: [{ date: SAT, from: '09:00', to: '11:02' }] }),
        performance('Night Owls', { id: 'b' }),
      ],
    })
    const result = generateTimetable(input)
    expect(checkTimetable(input, result.placements)).toEqual([])
    expect(startOf(result, 'b')!.start).toBe('10:00')
    // The grid: the first start after 11:02 is 11:05.
    expect(startOf(result, 'a')!.start).toBe('11:05')
  })

  it('is deterministic: the same input and seed give the same timetable', () => {
    const input = { ...clubInstance(benchShapes[2]!, 7), effort: 0.3 }
    const first = generateTimetable(input)
    const second = generateTimetable(structuredClone(input))
    expect(second).toEqual(first)
    const otherSeed = generateTimetable({ ...input, seed: 8 })
    expect(checkTimetable(input, otherSeed.placements)).toEqual([])
  })

  it('offers presets beyond compact, each with a cost broken down per goal', () => {
    const input = clubInstance(benchShapes[1]!, 3)
    input.performances[0]!.wish = 'first'
    input.performances[1]!.wish = 'last'
    for (const weights of [timetablePresets.balanced, timetablePresets.spread]) {
      const result = generateTimetable({ ...input, weights, effort: 0.3 })
      expect(result.unplaced).toEqual([])
      expect(checkTimetable(input, result.placements)).toEqual([])
      const sum = Object.values(result.cost.byGoal).reduce((total, value) => total + value, 0)
      expect(result.cost.total).toBeCloseTo(sum, 6)
      expect(timetableCost({ ...input, weights }, result.placements).total).toBeCloseTo(result.cost.total, 6)
    }
  })

  it('proves a stage of sets of different lengths optimal: the shortest first, each delaying the rest', () => {
    // One stage from 10:00, 5-minute changeovers: 15, 25 and 40 minutes go 10:00, 10:20 and
    // 10:50 — earliness 0 + 4 + 10 = 14. Counting every set before a band as the shortest
    // (10:00, 10:20, 10:40) the bound would be 12; counting what each band holds up after it
    // (20 × 2 + 30 × 1 minutes), it is 14, and the timetable is proven the best possible.
    const input = timetableInput({
      performances: [
        performance('Long Haul', { id: 'long', members: ['Kenta'], minutes: 40 }),
        performance('Middle', { id: 'middle', members: ['Aiko'], minutes: 25 }),
        performance('Short Set', { id: 'short', members: ['Yuto'], minutes: 15 }),
      ],
    })
    const result = generateTimetable(input)
    expect(result.placements.map((placement) => [placement.performanceId, placement.start])).toEqual([
      ['short', '10:00'],
      ['middle', '10:20'],
      ['long', '10:50'],
    ])
    expect(result.cost.total).toBe(14)
    expect(result.lowerBound).toBe(14)
    expect(result.provenOptimal).toBe(true)
  })

  it('proves a stage optimal around a pinned band that holds its morning', () => {
    // Main from 10:00, 5-minute changeovers; Blue Train pinned at 10:20–10:50 leaves no room
    // for a 20-minute set before it, so Sunrise and Echo go 10:55 and 11:20: 11 + 16, and the
    // pin's own 4 — 31. A bound that ignored the pin would stack them from 10:00 (9).
    const input = timetableInput({
      performances: [
        performance('Blue Train', { id: 'pinned', members: ['Kenta'], pin: { date: SAT, stage: 'Main', start: '10:20' }, minutes: 30 }),
        performance('Sunrise', { id: 'b', members: ['Aiko'] }),
        performance('Echo', { id: 'c', members: ['Yuto'] }),
      ],
    })
    const result = generateTimetable(input)
    expect(result.placements.map((placement) => placement.start)).toEqual(['10:20', '10:55', '11:20'])
    expect(result.cost.total).toBe(31)
    expect(result.lowerBound).toBe(31)
    expect(result.provenOptimal).toBe(true)
  })

  it('solves a club-like live of 40 bands to its proven optimum with every rule kept', () => {
    const input = clubInstance(benchShapes[3]!, 20261147)
    const result = generateTimetable(input)
    expect(result.unplaced).toEqual([])
    expect(checkTimetable(input, result.placements)).toEqual([])
    // The optimum HiGHS proves for this instance (npm run bench -- --only timetable).
    expect(result.cost.total).toBe(910)
    expect(result.provenOptimal).toBe(true)
  })
})

describe('generateTimetable explains what it cannot place', () => {
  it('more requested minutes than opening hours', () => {
    const input = timetableInput({
      event: { days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '16:00' }] }], changeoverMinutes: 0, musicianGapMinutes: 30 },
      performances: [...Array.from({ length: 8 }, (_, index) => performance(`Band ${index + 1}`, { minutes: 50 })), performance('Band 9', { minutes: 10 })],
    })
    const result = generateTimetable(input)
    expect(checkTimetable(input, result.placements)).toEqual([])
    // Seven 50-minute bands and the 10-minute one fill the 360 minutes exactly; one is left out.
    expect(result.placements).toHaveLength(8)
    expect(result.unplaced).toEqual([expect.objectContaining({ rule: 'opening-hours', message: '1 set of 10 min and 8 of 50 min need 410 min; the stage is open 360 min on Sat' })])
    expect(result.lowerBound).toBeNull()
  })

  it('changeovers that no longer fit', () => {
    const input = timetableInput({
      event: { days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:00' }] }], changeoverMinutes: 10, musicianGapMinutes: 0 },
      performances: [performance('Blue Train'), performance('Night Owls'), performance('Sunrise')],
    })
    const result = generateTimetable(input)
    expect(result.unplaced).toEqual([
      expect.objectContaining({ rule: 'opening-hours', message: '3 sets of 20 min plus 2 changeovers of 10 min need 80 min; the stage is open 60 min on Sat' }),
    ])
  })

  it('six bands of 25 minutes on a three-hour stage: the changeovers between them are counted', () => {
    const input = timetableInput({
      event: { days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '13:00' }] }], changeoverMinutes: 10, musicianGapMinutes: 30 },
      performances: Array.from({ length: 6 }, (_, index) => performance(`Band ${index + 1}`, { minutes: 25 })),
    })
    const result = generateTimetable(input)
    // 150 min of sets fit in 180 min; with the five changeovers they do not.
    expect(result.placements).toHaveLength(5)
    expect(checkTimetable(input, result.placements)).toEqual([])
    expect(result.unplaced).toEqual([
      expect.objectContaining({ rule: 'opening-hours', message: '6 sets of 25 min plus 5 changeovers of 10 min need 200 min; the stage is open 180 min on Sat' }),
    ])
  })

  it('one musician in seven bands: that musician is named first, with their sets and gaps against the hours', () => {
    const stages = [
      { name: 'Main', opensAt: '10:00', closesAt: '14:00' },
      { name: 'Hall', opensAt: '10:00', closesAt: '14:00' },
    ]
    const input = timetableInput({
      event: { days: [{ date: SAT, stages }], changeoverMinutes: 5, musicianGapMinutes: 30 },
      performances: [
        ...Array.from({ length: 7 }, (_, index) => performance(`Kenta's band ${index + 1}`, { members: ['Aiko', 'Kenta', `Guest ${index}`].slice(index === 0 ? 0 : 1) })),
        ...Array.from({ length: 5 }, (_, index) => performance(`Other ${index + 1}`, { members: [`Solo ${index}`] })),
      ],
    })
    const result = generateTimetable(input)
    // The stages have room for all twelve; Kenta's 7 × 20 min + 6 × 30 min do not fit in 240 min.
    expect(checkTimetable(input, result.placements)).toEqual([])
    expect(result.placements).toHaveLength(10)
    expect(result.unplaced).toHaveLength(2)
    for (const unplaced of result.unplaced) {
      expect(unplaced).toMatchObject({ rule: 'musician-gap', message: 'Kenta plays in 7 bands: 7 sets of 20 min plus 6 gaps of 30 min need 320 min; Sat is open 240 min (10:00–14:00)' })
    }
  })

  it('a musician gap that no order can keep', () => {
    const input = timetableInput({
      event: { days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '11:00' }, { name: 'Hall', opensAt: '10:00', closesAt: '11:00' }] }], changeoverMinutes: 5, musicianGapMinutes: 30 },
      performances: [performance('Blue Train', { members: ['Kenta', 'Aiko'] }), performance('Night Owls', { members: ['Kenta'] })],
    })
    const result = generateTimetable(input)
    expect(result.placements).toHaveLength(1)
    expect(checkTimetable(input, result.placements)).toEqual([])
    expect(result.unplaced).toEqual([
      expect.objectContaining({ rule: 'musician-gap', message: 'Kenta plays in Blue Train and Night Owls; with a 30-minute gap no order fits both before 11:00' }),
    ])
  })

  it('a band unavailable all day', () => {
    const band = performance('Blue Train', { unavailable: [{ date: SAT, from: '09:00', to: '17:00' }] })
    const input = timetableInput({ performances: [band, performance('Night Owls')] })
    const result = generateTimetable(input)
    expect(result.placements.map((placement) => placement.performanceId)).not.toContain(band.id)
    expect(result.unplaced).toEqual([
      { performanceId: band.id, rule: 'unavailable', message: 'Blue Train is unavailable Sat 09:00–17:00, which leaves no 20-minute slot in the opening hours' },
    ])
  })

  it('a performance longer than any stage is open', () => {
    const band = performance('Blue Train', { minutes: 400 })
    const result = generateTimetable(timetableInput({ performances: [band] }))
    expect(result.unplaced).toEqual([{ performanceId: band.id, rule: 'opening-hours', message: 'Blue Train asks for 400 min, longer than any stage is open (360 min at most)' }])
  })

  it('conflicting pins, and pins that break a rule by themselves', () => {
    const input = timetableInput({
      event: { days: [{ date: SAT, stages: [{ name: 'Main', opensAt: '10:00', closesAt: '16:00' }, { name: 'Hall', opensAt: '10:00', closesAt: '16:00' }] }], changeoverMinutes: 5, musicianGapMinutes: 30 },
      performances: [
        performance('Blue Train', { id: 'a', members: ['Kenta'], pin: { date: SAT, stage: 'Main', start: '10:00' } }),
        performance('Night Owls', { id: 'b', pin: { date: SAT, stage: 'Main', start: '10:10' } }),
        performance('Sunrise', { id: 'c', members: ['Kenta'], pin: { date: SAT, stage: 'Hall', start: '10:30' } }),
        performance('Moonlight', { id: 'd', pin: { date: SAT, stage: 'Hall', start: '15:50' } }),
        performance('Echo', { id: 'e', pin: { date: SAT, stage: 'Roof', start: '12:00' } }),
        performance('Foxes', { id: 'f', unavailable: [{ date: SAT, from: '12:00', to: '13:00' }], pin: { date: SAT, stage: 'Hall', start: '12:30' } }),
      ],
    })
    const result = generateTimetable(input)
    // Blue Train clashes with both Night Owls and Sunrise, which do not clash with each other:
    // leaving Blue Train out keeps two pins instead of one.
    expect(result.placements).toEqual([
      { performanceId: 'b', date: SAT, stage: 'Main', start: '10:10', end: '10:30' },
      { performanceId: 'c', date: SAT, stage: 'Hall', start: '10:30', end: '10:50' },
    ])
    expect(result.unplaced).toEqual([
      {
        performanceId: 'a',
        rule: 'pin',
        message: 'Blue Train and Night Owls are both pinned on Main (Sat), at 10:00 and 10:10: Blue Train ends at 10:20 and the changeover needs 5 min',
      },
      { performanceId: 'd', rule: 'pin', message: 'Moonlight is pinned at 15:50 on Hall (Sat) and would end at 16:10, after the stage closes at 16:00' },
      { performanceId: 'e', rule: 'pin', message: 'Echo is pinned to the stage “Roof”, which does not exist on Sat' },
      { performanceId: 'f', rule: 'pin', message: 'Foxes is pinned at 12:30 on Hall (Sat), inside its unavailable time 12:00–13:00' },
    ])
  })

  it('two clashing pins: the one whose leaving out gives the cheaper timetable is left out, and the claim covers both ways', () => {
    // Listed first: Blue Train at 10:10. Listed second: Night Owls at 10:00, on the same stage.
    // Keeping Night Owls lets the day start at 10:00; keeping Blue Train wastes the first ten minutes.
    for (const [first, second] of [
      ['10:10', '10:00'],
      ['10:00', '10:10'],
    ] as const) {
      const input = timetableInput({
        performances: [
          performance('Blue Train', { id: 'a', pin: { date: SAT, stage: 'Main', start: first } }),
          performance('Night Owls', { id: 'b', pin: { date: SAT, stage: 'Main', start: second } }),
          performance('Sunrise', { id: 'c' }),
          performance('Moonlight', { id: 'd' }),
        ],
      })
      const result = generateTimetable(input)
      const keptAt10 = first === '10:00' ? 'a' : 'b'
      expect(result.placements[0]).toEqual({ performanceId: keptAt10, date: SAT, stage: 'Main', start: '10:00', end: '10:20' })
      const leftOut = keptAt10 === 'a' ? 'b' : 'a'
      expect(result.unplaced.map((entry) => entry.performanceId)).toEqual([leftOut])
      // The only rule the timetable does not keep is the left-out pin.
      expect(checkTimetable(input, result.placements)).toEqual([expect.objectContaining({ performanceId: leftOut, rule: 'pin' })])
      // The other way (keeping the 10:10 pin) costs more, so "best possible" is still true.
      expect(result.provenOptimal).toBe(true)
    }
  })

  it('claims no bound when too many pins clash to try every way of keeping them', () => {
    // Eight pins in four clashing pairs: 16 ways to keep four of them.
    const performances = [0, 1, 2, 3].flatMap((pair) => [
      performance(`Band ${pair}a`, { pin: { date: SAT, stage: 'Main', start: `1${pair}:00` } }),
      performance(`Band ${pair}b`, { pin: { date: SAT, stage: 'Main', start: `1${pair}:10` } }),
    ])
    const result = generateTimetable(timetableInput({ performances }))
    expect(result.placements).toHaveLength(4)
    expect(result.lowerBound).toBeNull()
    expect(result.provenOptimal).toBe(false)
  })
})
