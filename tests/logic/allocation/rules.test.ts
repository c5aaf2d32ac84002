import { describe, expect, it } from 'vitest'
import { allocate } from '../../../src/allocation/allocate'
import { compile, objectiveOf, rng } from '../../../src/allocation/model'
import { checkAllocation } from '../../../src/allocation/rules'
import { explainAllocation } from '../../../src/allocation/words'
import { allocationSnapshotSchema, type AllocationBand, type AllocationSnapshot } from '../../../src/contract/allocation'
import { band, cell, round, TUE, WED } from './support'

describe('checkAllocation', () => {
  const snapshot = round(
    [
      band('bh', 'Blue Hour', ['ren', 'aiko'], [cell('a', TUE, 'p3')], { limit: 1, wants: 2 }),
      band('mt', 'Midnight Train', ['ren', 'kenta'], [cell('b', TUE, 'p3')]),
      band('so', 'Solo', ['sora'], [cell('a', TUE, 'p1')]),
    ],
    {
      unavailable: [{ roomId: 'b', date: WED, periodId: 'p1', reason: 'closed for the Open Campus' }],
      bookings: [{ roomId: 'b', roomName: 'Room B', date: TUE, periodId: 'p1', label: 'personal practice', people: ['sora'] }],
    },
  )
  const at = (bandId: string, roomId: string, date: string, periodId: string) => ({ bandId, roomId, date, periodId })

  it('finds nothing in an allocation that keeps every rule (the allocator’s own)', () => {
    const result = allocate(snapshot)
    expect(result.assignments.length).toBeGreaterThan(0)
    expect(checkAllocation(snapshot, result.assignments)).toEqual([])
  })

  it('catches a cell given twice, on both bands', () => {
    const found = checkAllocation(snapshot, [at('bh', 'a', WED, 'p3'), at('so', 'a', WED, 'p3')])
    expect(found.map((v) => [v.rule, v.bandId, v.otherBandId])).toEqual([
      ['cell-twice', 'bh', 'so'],
      ['cell-twice', 'so', 'bh'],
    ])
    expect(found[0]!.message).toBe('Studio A, Wed 3rd period is given to both Blue Hour and Solo.')
  })

  it('catches a person in two rooms at once, between two bands and against an existing booking', () => {
    const twoBands = checkAllocation(snapshot, [at('bh', 'a', TUE, 'p3'), at('mt', 'b', TUE, 'p3')])
    expect(twoBands.map((v) => [v.rule, v.bandId])).toEqual([
      ['person-twice', 'bh'],
      ['person-twice', 'mt'],
    ])
    expect(twoBands[0]!.message).toBe('Ren would be in Studio A, Tue 3rd period with Blue Hour and in Room B with Midnight Train at the same time.')
    const booked = checkAllocation(snapshot, [at('so', 'a', TUE, 'p1')])
    expect(booked.map((v) => v.message)).toEqual(['Sora is already in Room B at that time (personal practice), so cannot play in Studio A, Tue 1st period with Solo.'])
  })

  it('catches a band in two rooms at once', () => {
    const found = checkAllocation(snapshot, [at('mt', 'a', WED, 'p2'), at('mt', 'b', WED, 'p2')])
    expect(found.map((v) => v.rule)).toEqual(['person-twice', 'person-twice'])
    expect(found[0]!.message).toBe('Midnight Train is given two rooms at one time: Studio A, Wed 2nd period and Room B.')
  })

  it('catches a band over its limit', () => {
    const found = checkAllocation(snapshot, [at('bh', 'a', WED, 'p1'), at('bh', 'a', WED, 'p2')])
    expect(found.map((v) => [v.rule, v.message])).toEqual([['limit', 'Blue Hour receives 2 periods but may have 1.']])
  })

  it('catches closed and already booked cells, unknown bands and cells outside the round', () => {
    const found = checkAllocation(snapshot, [at('bh', 'b', WED, 'p1'), at('mt', 'b', TUE, 'p1'), at('nobody', 'a', WED, 'p1'), at('so', 'c', WED, 'p1'), at('so', 'a', '2026-12-09', 'p1')])
    expect(found.map((v) => [v.rule, v.message])).toEqual([
      ['unavailable', 'Room B, Wed 1st period cannot be given out (closed for the Open Campus).'],
      ['unavailable', 'Room B, Tue 1st period is already booked (personal practice).'],
      ['placement', 'No band nobody takes part in this round.'],
      ['placement', 'Solo: that room, day or period is not part of this round.'],
      ['placement', 'Solo: that room, day or period is not part of this round.'],
    ])
  })
})

// ── Seeded random rounds: 0 violations, every lost wish explained, and the optimum on small ones ──

function randomRound(seed: number, size: { bands: number; rooms: number; periods: number; days: number }): AllocationSnapshot {
  const random = rng(seed)
  const pick = (n: number) => Math.floor(random() * n)
  const rooms = ['a', 'b', 'c'].slice(0, size.rooms)
  const periods = ['p1', 'p2', 'p3'].slice(0, size.periods)
  const dates = ['2026-11-30', TUE, WED].slice(0, size.days)
  const persons = ['ren', 'aiko', 'kenta', 'mei', 'sora']
  const bands: AllocationBand[] = Array.from({ length: size.bands }, (_, index) => {
    const members = persons.filter(() => random() < 0.35)
    const wishes = Array.from({ length: 1 + pick(4) }, () => cell(random() < 0.4 ? null : rooms[pick(rooms.length)]!, dates[pick(dates.length)]!, periods[pick(periods.length)]!))
    const recent = Array.from({ length: pick(3) }, () => ({ asked: 2, received: pick(3) }))
    return band(`b${index}`, `Band ${index}`, members, wishes, { limit: 1 + pick(2), wants: pick(4), points: pick(9), recent })
  })
  const bookings = Array.from({ length: pick(3) }, () => {
    const room = pick(3)
    return { roomId: ['a', 'b', 'x'][room]!, roomName: ['Studio A', 'Room B', 'Hall X'][room]!, date: dates[pick(dates.length)]!, periodId: periods[pick(periods.length)]!, label: 'personal practice', people: [persons[pick(5)]!] }
  })
  const unavailable = random() < 0.5 ? [{ roomId: rooms[pick(rooms.length)]!, date: dates[0]!, periodId: periods[0]!, reason: 'closed' }] : []
  return round(bands, {
    rooms: rooms.map((id) => ({ id, name: `Room ${id.toUpperCase()}` })),
    periods: periods.map((id, at) => ({ id, name: ['1st', '2nd', '3rd'][at]! })),
    dates,
    bookings,
    unavailable,
    seed,
  })
}

/** The best score by trying every subset of the options (tiny rounds only). */
function bruteForce(snapshot: AllocationSnapshot) {
  const problem = compile(snapshot)
  const options = problem.bands.flatMap((b) => b.options)
  let best = 0
  const chosen: typeof options = []
  const assignmentsOf = () => chosen.map((o) => ({ bandId: problem.bands[o.band]!.id, roomId: problem.cells[o.cell]!.roomId, date: problem.cells[o.cell]!.date, periodId: problem.cells[o.cell]!.periodId }))
  const walk = (at: number) => {
    if (at === options.length) {
      best = Math.max(best, objectiveOf(problem, assignmentsOf()).score)
      return
    }
    walk(at + 1)
    chosen.push(options[at]!)
    if (checkAllocation(snapshot, assignmentsOf()).length === 0) walk(at + 1)
    chosen.pop()
  }
  walk(0)
  return { best, options: options.length }
}

describe('seeded random rounds', () => {
  it('never break a hard rule, explain every lost wish, and keep the bound above the score', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const snapshot = randomRound(seed, { bands: 4 + (seed % 7), rooms: 2 + (seed % 2), periods: 2 + (seed % 2), days: 1 + (seed % 3) })
      const result = allocate(snapshot)
      expect(checkAllocation(snapshot, result.assignments), `seed ${seed}`).toEqual([])
      expect(result.bound).toBeGreaterThanOrEqual(result.objective.score)
      const words = explainAllocation(snapshot, result)
      const wishes = snapshot.bands.reduce((sum, b) => sum + b.wishes.length, 0)
      const met = new Set(result.assignments.map((a) => `${a.bandId}|${a.rank}`)).size
      expect(result.unmet.length + met, `seed ${seed}`).toBe(wishes)
      for (const lines of words.values()) for (const line of lines) expect(line.text).toMatch(/^[A-Z].+\.$/)
      expect(allocate(snapshot), `seed ${seed}`).toEqual(result)
    }
  })

  it('reach the optimum that trying every allocation finds', () => {
    let compared = 0
    for (let seed = 1000; compared < 60; seed++) {
      const snapshot = randomRound(seed, { bands: 3 + (seed % 3), rooms: 2, periods: 2, days: 1 + (seed % 2) })
      const { best, options } = bruteForce(snapshot)
      if (options > 14) continue
      compared++
      const result = allocate(snapshot)
      expect(result.objective.score, `seed ${seed}`).toBe(best)
      expect(result.provenOptimal, `seed ${seed}`).toBe(true)
    }
  })
})

describe('the snapshot schema', () => {
  it('accepts a round and refuses what the allocator could not read right', () => {
    const good = round([band('mt', 'Midnight Train', ['ren'], [cell('a', TUE, 'p3'), cell(null, WED, 'p1')])])
    expect(allocationSnapshotSchema.safeParse(good).success).toBe(true)
    const issues = (snapshot: unknown) => allocationSnapshotSchema.safeParse(snapshot).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []
    const elevenWishes = Array.from({ length: 11 }, (_, at) => cell('a', TUE, `p${at}`))
    expect(issues(round([band('mt', 'Midnight Train', ['ren'], elevenWishes)]))[0]?.[0]).toBe('bands.0.wishes')
    expect(issues(round([band('mt', 'Midnight\u0000Train', ['ren'], [])]))[0]?.[0]).toBe('bands.0.name')
    expect(issues(round([band('mt', 'One', [], []), band('mt', 'Two', [], [])]))).toEqual([['bands.1', 'The same band is listed twice']])
    expect(issues(round([band('mt', 'One', [], [cell('a', '2026-02-30', 'p1')])]))[0]?.[0]).toBe('bands.0.wishes.0.date')
  })
})
