import { describe, expect, it } from 'vitest'
import { crowdedRound, readCache } from '../../../bench/allocation-crowded'
import { allocate, roundNodeBudget } from '../../../src/allocation/allocate'
import { checkAllocation, nextPoints } from '../../../src/allocation/rules'
import { explainAllocation } from '../../../src/allocation/words'
import { band, cell, MON, round, TUE, WED } from './support'

/** Who received a cell, or undefined. */
const holderOf = (result: ReturnType<typeof allocate>, roomId: string, date: string, periodId: string) =>
  result.assignments.find((a) => a.roomId === roomId && a.date === date && a.periodId === periodId)?.bandId
const wordsFor = (snapshot: Parameters<typeof allocate>[0], result: ReturnType<typeof allocate>, bandId: string) =>
  (explainAllocation(snapshot, result).get(bandId) ?? []).map((line) => line.text)

describe('the allocator keeps the hard rules', () => {
  it('gives a cell to one band only, and tells the other who got it and why', () => {
    const snapshot = round([
      band('mt', 'Midnight Train', ['aiko'], [cell('a', TUE, 'p3')], {
        points: 6,
        recent: [
          { asked: 2, received: 0 },
          { asked: 2, received: 0 },
        ],
      }),
      band('bh', 'Blue Hour', ['kenta'], [cell('a', TUE, 'p3')]),
    ])
    const result = allocate(snapshot)
    expect(holderOf(result, 'a', TUE, 'p3')).toBe('mt')
    expect(result.assignments).toHaveLength(1)
    expect(wordsFor(snapshot, result, 'bh')).toEqual(['Studio A, Tue 3rd period went to Midnight Train (higher priority: they missed out the last two weeks).'])
  })

  it('never puts a person in two rooms at once, and names them in the reason', () => {
    const snapshot = round([
      band('bh', 'Blue Hour', ['ren', 'aiko'], [cell('b', TUE, 'p3')], { points: 2 }),
      band('mt', 'Midnight Train', ['ren', 'kenta'], [cell('a', TUE, 'p3')]),
    ])
    const result = allocate(snapshot)
    expect(result.assignments.map((a) => a.bandId)).toEqual(['bh'])
    expect(wordsFor(snapshot, result, 'mt')).toEqual(['Ren is in Room B at that time with Blue Hour.'])
  })

  it('counts bookings that already exist: a member busy elsewhere keeps the band out of that time', () => {
    const snapshot = round([band('mt', 'Midnight Train', ['ren', 'kenta'], [cell('a', TUE, 'p3'), cell('a', WED, 'p1')])], {
      bookings: [{ roomId: 'b', roomName: 'Room B', date: TUE, periodId: 'p3', label: 'Blue Hour', people: ['ren', 'sora'] }],
    })
    const result = allocate(snapshot)
    expect(result.assignments.map((a) => [a.roomId, a.date, a.periodId])).toEqual([['a', WED, 'p1']])
    expect(wordsFor(snapshot, result, 'mt')).toEqual(['Ren is already in Room B at that time with Blue Hour.'])
  })

  it('gives no band more than its limit, nor more than it wants', () => {
    const wishes = [cell('a', TUE, 'p1'), cell('a', TUE, 'p2'), cell('a', TUE, 'p3'), cell('b', WED, 'p1')]
    const snapshot = round([band('x', 'Limited', ['ren'], wishes, { limit: 2, wants: 3 }), band('y', 'Modest', ['aiko'], [cell('b', TUE, 'p1'), cell('b', TUE, 'p2')], { limit: 2, wants: 1 })])
    const result = allocate(snapshot)
    expect(result.bands.find((b) => b.bandId === 'x')).toMatchObject({ asked: 2, received: 2 })
    expect(result.bands.find((b) => b.bandId === 'y')).toMatchObject({ asked: 1, received: 1 })
    expect(wordsFor(snapshot, result, 'x')).toContain('You received two periods, the most a band may have in this round.')
    expect(wordsFor(snapshot, result, 'y')).toEqual(['You received the period you asked for.'])
  })

  it('gives nothing to a band that wants nothing or may have nothing', () => {
    const snapshot = round([band('x', 'Resting', ['ren'], [cell('a', TUE, 'p1')], { wants: 0 }), band('y', 'Barred', ['aiko'], [cell('a', TUE, 'p2')], { limit: 0 })])
    const result = allocate(snapshot)
    expect(result.assignments).toEqual([])
    expect(wordsFor(snapshot, result, 'x')).toEqual(['Your band asked for no periods in this round.'])
    expect(wordsFor(snapshot, result, 'y')).toEqual(['Your band may not have any period in this round.'])
  })

  it('never gives out a closed cell or one already booked, and says so', () => {
    const snapshot = round([band('mt', 'Midnight Train', ['ren'], [cell('a', TUE, 'p3'), cell('b', TUE, 'p3'), cell(null, WED, 'p2')], { wants: 3, limit: 3 })], {
      unavailable: [{ roomId: 'a', date: TUE, periodId: 'p3', reason: 'closed for the Open Campus' }],
      bookings: [
        { roomId: 'b', roomName: 'Room B', date: TUE, periodId: 'p3', label: 'personal practice', people: ['sora'] },
        { roomId: 'a', roomName: 'Studio A', date: WED, periodId: 'p2', label: 'a closure', people: [] },
        { roomId: 'b', roomName: 'Room B', date: WED, periodId: 'p2', label: 'personal practice', people: ['mei'] },
      ],
    })
    const result = allocate(snapshot)
    expect(result.assignments).toEqual([])
    expect(wordsFor(snapshot, result, 'mt')).toEqual([
      'Studio A, Tue 3rd period cannot be given out: closed for the Open Campus.',
      'Room B, Tue 3rd period is already booked (personal practice).',
      'Every room at Wed 2nd period is already booked or closed (Studio A: a closure).',
    ])
  })

  it('a band gets one room at a time even without members, and an "any room" wish is met in either room', () => {
    const snapshot = round([band('solo', 'Solo', [], [cell('a', TUE, 'p3'), cell(null, TUE, 'p3')]), band('duo', 'Duo', ['aiko'], [cell('a', TUE, 'p3')], { points: 4 })])
    const result = allocate(snapshot)
    expect(holderOf(result, 'a', TUE, 'p3')).toBe('duo')
    expect(holderOf(result, 'b', TUE, 'p3')).toBe('solo')
    expect(result.assignments.filter((a) => a.bandId === 'solo')).toHaveLength(1)
    expect(result.assignments.find((a) => a.bandId === 'solo')?.rank).toBe(2)
    // Why the first wish was lost, not only what came instead.
    expect(wordsFor(snapshot, result, 'solo')).toEqual(['Studio A, Tue 3rd period went to Duo (higher priority: 4 priority points against your 0).'])
  })
})

describe('the objective', () => {
  it('serves as many bands as possible before anything else: a high-priority band takes its second wish so that another band plays', () => {
    const snapshot = round([
      band('vip', 'Midnight Train', ['ren'], [cell('a', TUE, 'p3'), cell('a', WED, 'p3')], { points: 8, wants: 1 }),
      band('new', 'Blue Hour', ['aiko'], [cell('a', TUE, 'p3')], { wants: 1 }),
    ])
    const result = allocate(snapshot)
    expect(holderOf(result, 'a', TUE, 'p3')).toBe('new')
    expect(holderOf(result, 'a', WED, 'p3')).toBe('vip')
    expect(result.objective.served).toBe(2)
    expect(wordsFor(snapshot, result, 'vip')).toEqual(['You received the period you asked for.'])
  })

  it('prefers first wishes: with equal points a band gets the cell it ranked first over one it ranked third', () => {
    const snapshot = round([
      band('x', 'First', ['ren'], [cell('a', TUE, 'p3')], { wants: 1 }),
      band('y', 'Third', ['aiko'], [cell('b', MON, 'p1'), cell('b', MON, 'p2'), cell('a', TUE, 'p3')], { wants: 3, limit: 3 }),
    ])
    const result = allocate(snapshot)
    expect(holderOf(result, 'a', TUE, 'p3')).toBe('x')
    expect(wordsFor(snapshot, result, 'y')).toEqual(['Studio A, Tue 3rd period went to First (it was their first wish and your third).'])
  })

  it('priority points outweigh ranks: a band that missed out gets its third wish over another band’s first', () => {
    const snapshot = round([
      band('x', 'Lucky', ['ren'], [cell('a', TUE, 'p3'), cell('b', WED, 'p1')], { wants: 2 }),
      band('y', 'Missed', ['aiko'], [cell('b', WED, 'p2'), cell('b', WED, 'p3'), cell('a', TUE, 'p3')], {
        wants: 3,
        limit: 3,
        points: 6,
        recent: [{ asked: 2, received: 0 }],
      }),
    ])
    const result = allocate(snapshot)
    expect(holderOf(result, 'a', TUE, 'p3')).toBe('y')
    expect(wordsFor(snapshot, result, 'x')).toEqual(['Studio A, Tue 3rd period went to Missed (higher priority: they missed out last week).'])
  })

  it('breaks exact ties by the seeded lottery: the same seed always picks the same band, other seeds pick either', () => {
    const bands = [band('x', 'Early Birds', ['ren'], [cell('a', TUE, 'p3')]), band('y', 'Night Owls', ['aiko'], [cell('a', TUE, 'p3')])]
    const winners = new Set<string>()
    for (let seed = 1; seed <= 20; seed++) {
      const first = allocate(round(bands, { seed }))
      const again = allocate(round([...bands].reverse(), { seed }))
      expect(again).toEqual(first)
      winners.add(holderOf(first, 'a', TUE, 'p3')!)
    }
    expect([...winners].sort()).toEqual(['x', 'y'])
    const snapshot = round(bands, { seed: 3 })
    const result = allocate(snapshot)
    const loser = holderOf(result, 'a', TUE, 'p3') === 'x' ? 'y' : 'x'
    expect(wordsFor(snapshot, result, loser)[0]).toMatch(/went to (Early Birds|Night Owls) \(drawn by lot\)\.$/)
  })
})

describe('the words of a cell that went to another band at equal points and rank (issue 33)', () => {
  it('do not say "drawn by lot" when the band received another room at that time and giving it this one would have met fewer wishes', () => {
    const snapshot = round([
      band('x', 'Duo', ['ren'], [cell('a', TUE, 'p3'), cell('b', TUE, 'p3')], { wants: 1 }),
      band('y', 'Solo', ['aiko'], [cell('a', TUE, 'p3'), cell('a', WED, 'p3')], { wants: 2 }),
    ])
    for (let seed = 1; seed <= 10; seed++) {
      const result = allocate({ ...snapshot, seed })
      expect(holderOf(result, 'a', TUE, 'p3')).toBe('y')
      expect(holderOf(result, 'b', TUE, 'p3')).toBe('x')
      expect(wordsFor({ ...snapshot, seed }, result, 'x')).toEqual([
        'Studio A, Tue 3rd period went to Solo (giving it to them let more wishes be met in all; you received Room B at that time, your second wish).',
      ])
    }
  })

  it('still say "drawn by lot" when the two bands could have swapped rooms at that time for the same result', () => {
    const bands = [
      band('x', 'Duo', ['ren'], [cell('a', TUE, 'p3'), cell('b', TUE, 'p3')], { wants: 1 }),
      band('y', 'Trio', ['aiko'], [cell('a', TUE, 'p3'), cell('b', TUE, 'p3'), cell('a', WED, 'p3')], { wants: 2 }),
    ]
    // Duo in Studio A and Trio in Room B, or the other way round: the same wishes met, the lottery picks.
    const winners = new Set<string>()
    for (let seed = 1; seed <= 20; seed++) {
      const snapshot = round(bands, { seed })
      const result = allocate(snapshot)
      winners.add(holderOf(result, 'a', TUE, 'p3')!)
      if (holderOf(result, 'a', TUE, 'p3') === 'y') expect(wordsFor(snapshot, result, 'x')).toEqual(['Studio A, Tue 3rd period went to Trio (drawn by lot).'])
    }
    expect([...winners].sort()).toEqual(['x', 'y'])
  })
})

describe('reproducibility', () => {
  it('gives the same result for the same snapshot and seed, whatever the order bands are listed in', () => {
    const bands = Array.from({ length: 8 }, (_, index) =>
      band(`b${index}`, `Band ${index}`, [['ren', 'aiko', 'kenta', 'mei', 'sora'][index % 5]!, ['ren', 'aiko', 'kenta', 'mei', 'sora'][(index + 2) % 5]!], [
        cell(index % 2 ? null : 'a', TUE, 'p3'),
        cell('b', TUE, index % 3 ? 'p2' : 'p3'),
        cell(null, WED, 'p3'),
      ]),
    )
    const result = allocate(round(bands, { seed: 42 }))
    expect(allocate(round(bands, { seed: 42 }))).toEqual(result)
    expect(allocate(round([...bands].reverse(), { seed: 42 }))).toEqual(result)
    expect(checkAllocation(round(bands), result.assignments)).toEqual([])
  })
})

describe('priority points', () => {
  it.each([
    [0, 2, 0, 4, 'nothing received: +4'],
    [6, 2, 0, 7, 'half kept (3), +4'],
    [5, 2, 1, 3, 'fewer than asked: half kept (2), +1'],
    [6, 2, 2, 3, 'served in full: half kept'],
    [1, 1, 1, 0, 'served in full: half of 1 is 0'],
    [5, 0, 0, 5, 'asked nothing: unchanged'],
  ])('nextPoints(%i, asked %i, received %i) = %i (%s)', (points, asked, received, expected) => {
    expect(nextPoints(points, asked, received)).toBe(expected)
  })

  it('stay below 8 however often a band misses out, and fall back to 0 once it is served', () => {
    let points = 0
    for (let week = 0; week < 20; week++) points = nextPoints(points, 2, 0)
    expect(points).toBe(7)
    for (let week = 0; week < 4; week++) points = nextPoints(points, 2, 2)
    expect(points).toBe(0)
  })
})


describe('the worked example of decision 020', () => {
  it('gives Studio A to Midnight Train and Room B to Night Owls; Blue Hour loses because Ren plays with Night Owls', () => {
    const snapshot = round([
      band('mt', 'Midnight Train', ['aiko', 'kenta'], [cell('a', TUE, 'p3'), cell(null, WED, 'p3')], { wants: 1, points: 6, recent: [{ asked: 1, received: 0 }, { asked: 1, received: 0 }] }),
      band('bh', 'Blue Hour', ['ren', 'mei'], [cell('a', TUE, 'p3'), cell('b', TUE, 'p3')], { wants: 1, points: 0 }),
      band('no', 'Night Owls', ['ren', 'sora'], [cell('b', TUE, 'p3')], { wants: 1, points: 1 }),
    ])
    const result = allocate(snapshot)
    expect(result.assignments.map((a) => [a.bandId, a.roomId, a.date, a.periodId, a.rank])).toEqual([
      ['mt', 'a', TUE, 'p3', 1],
      ['no', 'b', TUE, 'p3', 1],
    ])
    expect(result.objective).toMatchObject({ served: 2, weighted: 150, bigM: 191, score: 532 })
    expect(result.provenOptimal).toBe(true)
    expect(wordsFor(snapshot, result, 'bh')).toEqual(['Ren is in Room B at that time with Night Owls.', 'Ren is in Room B at that time with Night Owls.'])
    expect(result.bands.map((b) => [b.bandId, nextPoints(snapshot.bands.find((x) => x.id === b.bandId)!.points, b.asked, b.received)])).toEqual([
      ['bh', 4],
      ['mt', 3],
      ['no', 0],
    ])
  })
})

describe('crowded rounds with the round’s budget (issue 35, decision 020)', () => {
  // Tuning seeds of bench/allocation-crowded.ts that need the branch and bound (the measuring
  // seeds stay out of the tests); HiGHS's optima come from the bench's cache.
  it.each([
    [80, 7015],
    [100, 7013],
  ])('%i bands, seed %i: the run gives the best allocation HiGHS finds, keeping every rule, and the same result again', (bands, seed) => {
    const snapshot = crowdedRound(bands, seed)
    const run = { ...snapshot, nodeBudget: roundNodeBudget(snapshot) }
    const result = allocate(run)
    expect(result.objective.score).toBe(readCache()[`${bands}/${seed}`]!.score)
    expect(result.bound).toBeGreaterThanOrEqual(result.objective.score)
    expect(result.objective.served).toBeLessThanOrEqual(bands)
    expect(checkAllocation(snapshot, result.assignments)).toEqual([])
    expect(allocate(run)).toEqual(result)
  })

  it('gives small rounds more nodes than large ones, from the snapshot alone', () => {
    const bandsOf = (count: number) => ({ bands: Array.from({ length: count }, (_, at) => band(`b${at}`, `Band ${at}`, [], [cell('a', TUE, 'p1')])) })
    expect([5, 30, 60, 80, 100, 200].map((count) => roundNodeBudget(bandsOf(count)))).toEqual([600, 267, 133, 100, 80, 80])
  })
})
