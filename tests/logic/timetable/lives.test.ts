import { describe, expect, it } from 'vitest'
import { instanceKey } from '../../../bench/timetable-exact-cache'
import { isMeasuringSeed, MEASURING_SEEDS, randomLive } from '../../../bench/timetable-lives'
import { checkTimetable } from '../../../src/timetable/rules'

/**
 * The random lives of the timetable bench (bench/timetable-lives.ts, issue 35): built around a
 * hidden timetable that keeps every hard rule (but for a band pinned over another pin), the
 * same for the same arguments, and spread over the ranges they promise.
 */
describe('random lives', () => {
  it('are feasible but for a clashing pin: the hidden timetable breaks only that pin', () => {
    for (const bands of [10, 25, 35, 50, 80]) {
      for (let seed = 1; seed <= 12; seed++) {
        const live = randomLive(seed, bands)
        expect(live.input.performances).toHaveLength(bands)
        const broken = checkTimetable(live.input, live.witness)
        if (!live.clashingPins) expect(broken, `${bands}/${seed}`).toEqual([])
        else {
          expect(broken.map((violation) => violation.rule), `${bands}/${seed}`).toEqual(['pin'])
          // Without the band pinned over another, the rest of the hidden timetable keeps every rule.
          const clashing = broken[0]!.performanceId
          const rest = { ...live.input, performances: live.input.performances.filter((performance) => performance.id !== clashing) }
          expect(checkTimetable(rest, live.witness.filter((placement) => placement.performanceId !== clashing))).toEqual([])
        }
      }
    }
  })

  it('are the same for the same arguments and differ otherwise', () => {
    expect(randomLive(7, 30)).toEqual(randomLive(7, 30))
    expect(instanceKey(randomLive(7, 30).input)).not.toBe(instanceKey(randomLive(8, 30).input))
    expect(instanceKey(randomLive(7, 30).input)).not.toBe(instanceKey(randomLive(7, 31).input))
  })

  it('cover the ranges: 10–80 bands, 1–4 stages, every constraint, clashing pins', () => {
    const lives = Array.from({ length: 120 }, (_, index) => randomLive(index + 1))
    const bands = lives.map((live) => live.input.performances.length)
    expect(Math.min(...bands)).toBeLessThanOrEqual(15)
    expect(Math.max(...bands)).toBeGreaterThanOrEqual(75)
    expect(bands.every((count) => count >= 10 && count <= 80)).toBe(true)
    expect(new Set(lives.map((live) => live.shape.stages)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(lives.map((live) => live.shape.days))).toEqual(new Set([1, 2, 3]))
    expect(lives.some((live) => live.clashingPins)).toBe(true)
    const everything = lives.filter(
      (live) => live.params.heavyPerBand > 0 && live.params.pinShare > 0 && live.params.windowShare > 0.3 && live.params.uneven && live.params.minutes.length > 2 && live.params.fill[0] > 0.85,
    )
    expect(everything.length).toBeGreaterThan(0)
  })

  it('keep seeds 5001–5999 for measuring', () => {
    expect([MEASURING_SEEDS.from, MEASURING_SEEDS.to]).toEqual([5001, 5999])
    expect(isMeasuringSeed(5001) && isMeasuringSeed(5999)).toBe(true)
    expect(isMeasuringSeed(5000) || isMeasuringSeed(6000) || isMeasuringSeed(1) || isMeasuringSeed(702)).toBe(false)
  })
})
