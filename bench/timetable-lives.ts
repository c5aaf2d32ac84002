/**
 * Random lives for the timetable bench (issue 35: "the bench's families are easier than the
 * world's: widen them — random parameter ranges, sizes between the fixed ones, lives mixing
 * every constraint — before tuning anything, and never tune on the cases you measure on").
 *
 * Each live draws its own parameters, then is built like the families (`buildLive` in
 * `bench/timetable-families.ts`: a hidden timetable first, so it is feasible by construction):
 *
 *   bands          given (the bench: 25, 35, 50, 80), or drawn across 10–80
 *   days × stages  2–3 days (1 day for small lives now and then), stages so that a stage-day
 *                  holds 7–13 performances (1–4 stages)
 *   fill           60–97% of the stages' time
 *   musicians      a pool of 1.2–2.4 × the bands, playing in up to 2–4 bands; in half the lives
 *                  heavy players (one per 8–20 bands) in 6–8 bands; a gap of 20–45 min
 *   set lengths    one to six of 15–40 min; changeover 5 or 10 min
 *   windows        0–60% of the bands, each kind (one window, two days, a whole day) mixed
 *   pins           in 60% of the lives 3–20% of the bands pinned; in a quarter of those one
 *                  more band pinned over a pinned band's slot (two pins that clash, issue 35:
 *                  a live with them cannot place every band, and which to leave out matters)
 *   uneven days    in half the lives
 *
 * Every draw is a function of (bands, seed); the same arguments give the same live.
 *
 * SEEDS. Instance seeds from `MEASURING_SEEDS` (5001–5999) are for measuring only: the cost
 * curves of `bench/timetable-curves.ts` use them (for the random lives and for the seven
 * families) and nothing may be tuned on them. Tune on seeds below 5000 (the families' bench
 * uses 1–2, the first-answer check 701–702; random lives 1–4999 are free for tuning).
 */
import { timetablePresets, type TimetableInput, type TimetablePlacement, type TimetableWeights } from '../src/contract/timetable'
import { buildLive, seeded, type FamilyParameters } from './timetable-families'

/** Instance seeds kept for measuring: never tune on them. */
export const MEASURING_SEEDS = { from: 5001, to: 5999 } as const
export const isMeasuringSeed = (seed: number) => seed >= MEASURING_SEEDS.from && seed <= MEASURING_SEEDS.to

export interface RandomLive {
  input: TimetableInput
  /** The hidden timetable: keeps every hard rule, except the clashing pin's band when there is one. */
  witness: TimetablePlacement[]
  params: Omit<FamilyParameters, 'letter' | 'title'>
  shape: { days: number; stages: number }
  /** Bands pinned over another pinned band's slot (0 or 1). */
  clashingPins: number
  /** A few words for tables: "3×2, fill 91%, pins + clash, windows 40%, …". */
  summary: string
}

const SET_LENGTHS = [15, 20, 25, 30, 35, 40]

/** A random live of `bands` bands (drawn across 10–80 when not given) for `seed`. */
export function randomLive(seed: number, bands?: number, weights: TimetableWeights = timetablePresets.compact): RandomLive {
  const random = seeded((Math.imul(seed, 0x2c1b3c6d) ^ Math.imul(bands ?? 0, 0x297a2d39) ^ 0x5bd1e995) >>> 0)
  const between = (min: number, max: number) => min + random() * (max - min)
  const pick = (n: number) => Math.floor(random() * n)
  const size = bands ?? 10 + pick(71)

  // Shape: 7–13 performances per stage-day, on 2–3 days (one day sometimes for small lives).
  const perLane = between(7, 13)
  const lanes = Math.max(1, Math.round(size / perLane))
  const days = lanes <= 2 && random() < 0.3 ? 1 : lanes >= 7 && random() < 0.6 ? 3 : 2
  const stages = Math.min(4, Math.max(1, Math.round(lanes / days)))

  const lengths = [...SET_LENGTHS]
  for (let i = lengths.length - 1; i > 0; i--) {
    const j = pick(i + 1)
    ;[lengths[i], lengths[j]] = [lengths[j]!, lengths[i]!]
  }
  lengths.length = 1 + pick(SET_LENGTHS.length)
  const one = random()
  const twoDays = random()
  const wholeDay = random()
  const kinds = one + twoDays + wholeDay
  const pinned = random() < 0.6
  const params: RandomLive['params'] = {
    fill: ((f) => [f, f])(between(0.6, 0.97)),
    poolPerBand: between(1.2, 2.4),
    maxBands: 2 + pick(3),
    heavyPerBand: random() < 0.5 ? 1 / between(8, 20) : 0,
    minutes: lengths.sort((a, b) => a - b),
    changeoverMinutes: random() < 0.5 ? 5 : 10,
    musicianGapMinutes: 5 * (4 + pick(6)),
    windowShare: between(0, 0.6),
    windowKinds: { one: one / kinds, twoDays: twoDays / kinds, wholeDay: wholeDay / kinds },
    pinShare: pinned ? between(0.03, 0.2) : 0,
    uneven: random() < 0.5,
  }
  const clash = pinned && random() < 0.25
  const clashRoll = random()
  const { input, witness } = buildLive(params, size, { days, stages }, random, weights)

  // Two pins that clash: an unpinned band pinned where a pinned band plays (same stage, from
  // its start or 5–10 minutes later).
  let clashingPins = 0
  if (clash) {
    const pinnedBands = input.performances.flatMap((performance, index) => (performance.pin ? [index] : []))
    const free = input.performances.flatMap((performance, index) => (performance.pin ? [] : [index]))
    if (pinnedBands.length && free.length) {
      const over = input.performances[pinnedBands[Math.floor(clashRoll * pinnedBands.length)]!]!
      const band = free[Math.floor(((clashRoll * 7919) % 1) * free.length)]!
      const start = over.pin!.start
      const shift = 5 * Math.floor(((clashRoll * 104729) % 1) * 3)
      const minutes = Number(start.slice(0, 2)) * 60 + Number(start.slice(3)) + shift
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
      input.performances[band] = { ...input.performances[band]!, pin: { date: over.pin!.date, stage: over.pin!.stage, start: time } }
      clashingPins = 1
    }
  }
  const percent = (value: number) => `${Math.round(value * 100)}%`
  const summary = [
    `${days}×${stages}`,
    `fill ${percent(params.fill[0])}`,
    `pool ${params.poolPerBand.toFixed(1)}×${params.heavyPerBand ? ' heavy' : ''}`,
    `gap ${params.musicianGapMinutes}`,
    `sets ${params.minutes.join('/')}`,
    `co ${params.changeoverMinutes}`,
    `windows ${percent(params.windowShare)}`,
    params.pinShare ? `pins ${percent(params.pinShare)}${clashingPins ? ' + clash' : ''}` : 'no pins',
    params.uneven ? 'uneven' : 'even',
  ].join(', ')
  return { input, witness, params, shape: { days, stages }, clashingPins, summary }
}
