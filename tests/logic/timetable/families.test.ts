import { describe, expect, it } from 'vitest'
import { readExactCache, instanceKey } from '../../../bench/timetable-exact-cache'
import { solveExact } from '../../../bench/timetable-exact'
import { familyInstance, familyNames, familyWitness, type FamilyName } from '../../../bench/timetable-families'
import { timetableCost } from '../../../src/timetable/cost'
import { generateTimetable } from '../../../src/timetable/generator'
import { checkTimetable } from '../../../src/timetable/rules'
import { loadHighsSolver } from '../../../server/src/workers/highs-solver'
import { pick, runSeed, seeded } from '../../support/seeded'

/**
 * The generator on random lives of the issue-14 families (bench/timetable-families.ts), small
 * enough to run in seconds: it never breaks a hard rule, the same input and seed give the same
 * timetable, and its lower bound is never above the exact optimum (HiGHS, solved here for
 * tiny lives and read from the bench's cache for the 10-band ones).
 */

const seeds = [1, 2, 3, 4]

/**
 * The whole searches below (30–40 bands with the LP, 4–9 s each on 2 cores) check a part of
 * their cases in each run, a new part each time: a failure prints the TIMETABLE_SEED that runs
 * the same part again, and `npm run test:timetable` (TIMETABLE_SEEDS=all) runs every case.
 */
const sampleSeed = runSeed('TIMETABLE_SEED')
const everyCase = process.env.TIMETABLE_SEEDS === 'all'
/** `count` of `cases`, the same ones for the same seed whichever tests run. */
function someOf<T>(cases: ReadonlyArray<T>, count: number): ReadonlyArray<T> {
  if (everyCase) return cases
  const salt = [...JSON.stringify(cases)].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, 0)
  return pick(cases, count, seeded(sampleSeed ^ salt))
}
const replay = `(TIMETABLE_SEED=${sampleSeed}${everyCase ? " TIMETABLE_SEEDS=all" : ""} runs these cases again)`

describe('the instance families', () => {
  it('are feasible: the timetable each was built around keeps every hard rule', () => {
    for (const family of familyNames) {
      for (const bands of [5, 10, 30, 80]) {
        for (const seed of [1, 2]) expect(checkTimetable(familyInstance(family, bands, seed), familyWitness(family, bands, seed)), `${family} ${bands}/${seed}`).toEqual([])
      }
    }
  })

  it('are the same for the same seed and differ between seeds and families', () => {
    expect(familyInstance('all', 20, 1)).toEqual(familyInstance('all', 20, 1))
    expect(instanceKey(familyInstance('all', 20, 1))).not.toBe(instanceKey(familyInstance('all', 20, 2)))
    expect(instanceKey(familyInstance('pool', 20, 1))).not.toBe(instanceKey(familyInstance('mixed', 20, 1)))
  })

  it('stress what their names say', () => {
    const pool = familyInstance('pool', 40, 1)
    const bandsPerMusician = new Map<string, number>()
    for (const performance of pool.performances) for (const member of performance.members) bandsPerMusician.set(member.id, (bandsPerMusician.get(member.id) ?? 0) + 1)
    expect(bandsPerMusician.size).toBeLessThanOrEqual(Math.round(40 * 1.2))
    expect(Math.max(...bandsPerMusician.values())).toBeGreaterThanOrEqual(6)
    expect(pool.event.musicianGapMinutes).toBe(45)
    const mixed = familyInstance('mixed', 40, 1)
    expect(new Set(mixed.performances.map((performance) => performance.minutes)).size).toBeGreaterThan(3)
    expect(mixed.event.changeoverMinutes).toBe(10)
    expect(familyInstance('windows', 40, 1).performances.filter((performance) => performance.unavailable.length).length).toBeGreaterThanOrEqual(12)
    expect(familyInstance('pins', 40, 1).performances.filter((performance) => performance.pin).length).toBeGreaterThanOrEqual(4)
    const uneven = familyInstance('uneven', 40, 1).event.days
    expect(new Set(uneven.map((day) => day.stages[0]!.opensAt)).size).toBe(2)
    expect(new Set(uneven[0]!.stages.map((stage) => stage.opensAt)).size).toBe(2)
  })
})

describe.each(familyNames)('the generator on the %s family', (family: FamilyName) => {
  it('breaks no hard rule and gives the same timetable for the same seed', () => {
    for (const bands of [6, 9, 12]) {
      for (const seed of seeds) {
        const input = { ...familyInstance(family, bands, 100 + seed), seed, effort: 0.3 }
        const result = generateTimetable(input)
        expect(checkTimetable(input, result.placements), `${family} ${bands}/${100 + seed}`).toEqual([])
        expect(result.placements.length + result.unplaced.length).toBe(bands)
        if (seed === 1) expect(generateTimetable(input)).toEqual(result)
      }
    }
  })

  it('never has a lower bound above the optimum HiGHS proves on tiny lives', async () => {
    for (const [bands, seed] of [[4, 1], [5, 2], [6, 3], [7, 4]] as const) {
      const input = { ...familyInstance(family, bands, 200 + seed), effort: 0.2 }
      const exact = await solveExact(input, { seconds: 10 })
      expect(exact.status, `${family} ${bands}/${200 + seed}`).toBe('optimal')
      expect(timetableCost(input, exact.placements).total).toBe(exact.objective)
      expect(checkTimetable(input, exact.placements)).toEqual([])
      const result = generateTimetable(input)
      if (result.lowerBound !== null) expect(result.lowerBound).toBeLessThanOrEqual(exact.objective!)
      // No complete timetable beats the proven optimum: the two models agree.
      if (!result.unplaced.length) expect(result.cost.total).toBeGreaterThanOrEqual(exact.objective!)
    }
  })

  it('never has a lower bound above the cached optimum of the bench’s 10-band lives', () => {
    const cache = readExactCache()
    for (const seed of [1, 2]) {
      const input = { ...familyInstance(family, 10, seed), effort: 0.1 }
      const exact = cache[instanceKey(input)]
      expect(exact?.status, `the bench's cache holds ${family} 10/${seed}`).toBe('optimal')
      const result = generateTimetable(input)
      if (result.lowerBound !== null) expect(result.lowerBound).toBeLessThanOrEqual(exact!.objective!)
      if (!result.unplaced.length) expect(result.cost.total).toBeGreaterThanOrEqual(exact!.objective!)
    }
  })
})

describe('a tight live (every family at once, 30 bands, one stage a day nearly full)', () => {
  it('gets every band placed, on seeds that used to leave one out, with the LP solver the workers pass', async () => {
    const solver = await loadHighsSolver()
    for (const seed of someOf([1, 3], 1)) {
      const input = { ...familyInstance('all', 30, 2), seed }
      const result = generateTimetable(input, solver)
      expect(result.unplaced, `seed ${seed} ${replay}`).toEqual([])
      expect(checkTimetable(input, result.placements)).toEqual([])
    }
  })
})

/**
 * All-at-once lives generated with the LP solver the workers pass: every rule kept, every band
 * placed, the cost (summed as the screens sum it) at most `most`, the same timetable again.
 */
async function expectAllAtOnceWithin(cases: ReadonlyArray<readonly [bands: number, instance: number, seed: number, most: number]>) {
  const solver = await loadHighsSolver()
  for (const [bands, instance, seed, most] of someOf(cases, 1)) {
    const input = { ...familyInstance('all', bands, instance), seed }
    const result = generateTimetable(input, solver)
    expect(checkTimetable(input, result.placements)).toEqual([])
    expect(result.unplaced).toEqual([])
    expect(result.cost.total, `all ${bands}/${instance} seed ${seed} ${replay}`).toBeLessThanOrEqual(most)
    expect(timetableCost(input, result.placements).total).toBe(result.cost.total)
    expect(generateTimetable(input, solver).placements).toEqual(result.placements)
  }
}

describe('which bands play which day, after the search (decisions 029 and 032)', () => {
  // One band moved to the other day, both days re-sequenced (decision 029). On these lives the
  // day it joins is full: the band fits only once that day is re-sequenced, which the search
  // used to skip for a day running late (decision 032). Without it, all 40/2 seed 8 cost 1576
  // and all 30/2 seed 1 cost 1184.
  it('moves a band to the other day when the timetable gets cheaper, keeping every rule, the same for the same seed', async () => {
    await expectAllAtOnceWithin([
      [40, 2, 8, 1554],
      [30, 2, 1, 1142],
    ])
  })
})

describe('which bands play which day, in the search (decision 032)', () => {
  // Every restart but the first starts with a stage's overrun priced low: the days are then
  // chosen for earliness and the preferred day, not by whatever first ends the overrun. Before:
  // all 30/1 seed 6 cost 1172 (14 bands off their preferred day; the best seed had 9) and all
  // 40/3 seed 7 cost 1387.
  it('keeps bands on their preferred day where the best timetables do, keeping every rule, the same for the same seed', async () => {
    await expectAllAtOnceWithin([
      [30, 1, 6, 1016],
      [40, 3, 7, 1322],
    ])
  })
})

describe('lives where musicians’ gaps decide (pool of 1.2 × the bands, one stage a day)', () => {
  // Ruin and recreate after the annealing (decision 026). Before it, seeds 1–5 gave
  // 181 179 181 179 181 on pool 10/1, 515 518 515 521 515 on pool 20/1, 455 453 461 455 453 on
  // pool 20/2 and 774 749 772 788 749 on all 20/2. An executive pressing "generate again" gets
  // the best timetable, or one within 2% of it, on every seed, with every rule kept.
  it('reaches the optimum HiGHS proved on every seed, with the LP solver the workers pass', async () => {
    const solver = await loadHighsSolver()
    const cache = readExactCache()
    for (const [family, bands, instance, slack] of [['pool', 10, 1, 0], ['pool', 20, 1, 0], ['pool', 20, 2, 0], ['all', 20, 2, 0.02]] as const) {
      const live = familyInstance(family, bands, instance)
      const exact = cache[instanceKey(live)]
      expect(exact?.status, `the bench's cache holds ${family} ${bands}/${instance}`).toBe('optimal')
      for (const seed of someOf([1, 2, 3, 4, 5], 2)) {
        const input = { ...live, seed }
        const result = generateTimetable(input, solver)
        expect(checkTimetable(input, result.placements)).toEqual([])
        expect(result.unplaced).toEqual([])
        expect(result.cost.total, `${family} ${bands}/${instance} seed ${seed} ${replay}`).toBeGreaterThanOrEqual(exact!.objective!)
        expect(result.cost.total, `${family} ${bands}/${instance} seed ${seed} ${replay}`).toBeLessThanOrEqual(exact!.objective! * (1 + slack))
      }
    }
  })

  it('keeps every rule and stays deterministic on tight lives of every kind at once', () => {
    for (const bands of [14, 18]) {
      for (const seed of [1, 2, 3]) {
        const input = { ...familyInstance('all', bands, 300 + seed), seed, effort: 0.3 }
        const result = generateTimetable(input)
        expect(checkTimetable(input, result.placements), `all ${bands}/${300 + seed}`).toEqual([])
        expect(result.placements.length + result.unplaced.length).toBe(bands)
        expect(generateTimetable(input)).toEqual(result)
      }
    }
  })
})

describe('lives with mixed set lengths (15–40 minutes, two stages a day)', () => {
  // The exact re-sequencing of each day after the search (decision 028). Before it, seeds 1–5
  // gave 645 645 645 645 644 on mixed 30/1 and 792 792 793 793 792 on mixed 30/2: the same
  // bands on each day as the best timetable, in an order 5 minutes worse in all — except seed 4
  // of mixed 30/1, where two 35-minute bands were on each other's day, which the swap of
  // same-length bands between days (both days re-sequenced) fixes.
  it('reaches the optimum HiGHS proved on every seed, and proves it, with the LP solver the workers pass', async () => {
    const solver = await loadHighsSolver()
    const cache = readExactCache()
    for (const instance of [1, 2]) {
      const live = familyInstance('mixed', 30, instance)
      const exact = cache[instanceKey(live)]
      expect(exact?.status, `the bench's cache holds mixed 30/${instance}`).toBe('optimal')
      for (const seed of someOf([1, 2, 3, 4, 5], 2)) {
        const input = { ...live, seed }
        const result = generateTimetable(input, solver)
        expect(checkTimetable(input, result.placements)).toEqual([])
        expect(result.unplaced).toEqual([])
        expect(result.cost.total, `mixed 30/${instance} seed ${seed} ${replay}`).toBe(exact!.objective)
        expect(result.provenOptimal).toBe(true)
      }
    }
  })

  it('keeps every rule and stays deterministic on short searches, where the re-sequencing changes the timetable', () => {
    // With a twentieth of the usual budget the annealing leaves days out of their best order
    // and the re-sequencing rewrites them (mixed 26/401–402 and all 16/401–402 got 3–10 cheaper
    // with it), on one and two stages a day, with pins, windows and uneven days among them.
    for (const family of ['mixed', 'all'] as const) {
      for (const bands of [16, 26]) {
        for (const seed of [1, 2, 3]) {
          const input = { ...familyInstance(family, bands, 400 + seed), seed, effort: 0.05 }
          const result = generateTimetable(input)
          expect(checkTimetable(input, result.placements), `${family} ${bands}/${400 + seed}`).toEqual([])
          expect(result.placements.length + result.unplaced.length).toBe(bands)
          if (family === 'mixed') expect(result.unplaced).toEqual([])
          expect(timetableCost(input, result.placements).total).toBe(result.cost.total)
          if (seed === 1) expect(generateTimetable(input)).toEqual(result)
        }
      }
    }
  })
})

describe('how far from the best possible, on lives too large for the LP (decision 031)', () => {
  // Before the bound counted what each band holds up after it on its stage, these lives' bound
  // was 1 365 and 1 350, a third under the best HiGHS knows: the screen could not say how close
  // a timetable within 1% of it was.
  it('bounds a 60-band live with mixed set lengths within 1% of the best timetable known, never above it', () => {
    const cache = readExactCache()
    for (const instance of [1, 2]) {
      const input = { ...familyInstance('mixed', 60, instance), effort: 0.1 }
      const best = cache[instanceKey(input)]?.objective
      expect(best, `the bench's cache has a timetable for mixed 60/${instance}`).toBeTypeOf('number')
      const result = generateTimetable(input)
      expect(result.unplaced).toEqual([])
      expect(result.lowerBound, `mixed 60/${instance}`).not.toBeNull()
      expect(result.lowerBound!).toBeLessThanOrEqual(best!)
      expect(result.lowerBound!).toBeLessThanOrEqual(result.cost.total)
      expect(result.lowerBound!, `mixed 60/${instance}`).toBeGreaterThanOrEqual(best! * 0.99)
    }
  })

  it('proves the 60- and 80-band lives with pins optimal, where the bound used to stop 14–15% short', () => {
    const cache = readExactCache()
    for (const [bands, instance] of [[60, 1], [80, 2]] as const) {
      const input = { ...familyInstance('pins', bands, instance), effort: 0.2 }
      const exact = cache[instanceKey(input)]
      expect(exact?.status, `the bench's cache holds pins ${bands}/${instance}`).toBe('optimal')
      const result = generateTimetable(input)
      expect(checkTimetable(input, result.placements)).toEqual([])
      expect(result.cost.total, `pins ${bands}/${instance}`).toBe(exact!.objective)
      expect(result.lowerBound).toBe(exact!.objective)
      expect(result.provenOptimal).toBe(true)
    }
  })
})
