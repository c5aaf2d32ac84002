/**
 * The timetable instance families of issue 14, in one place for the bench (`bench/timetable.ts`)
 * and the property tests (`tests/logic/timetable/families.test.ts`): club-like lives the
 * generator was not tuned on, each stressing one thing, and one with all of them at once.
 *
 *   capacity   the bands fill 90–98% of the stages' time (performances plus changeovers)
 *   pool       a pool of musicians only 1.2 × the number of bands, some in 6–8 bands, 45-min gap
 *   mixed      set lengths of 15–40 min with 10-min changeovers
 *   windows    half the bands unavailable: one window, windows on two days, or a whole day
 *   pins       about 15% of the performances pinned to a stage and a time
 *   uneven     days with different hours, a stage opening later than the others
 *   all        all of the above at once
 *
 * Every instance is feasible by construction: a hidden timetable (the *witness*) is built
 * first — bands spread over the stages in proportion to their hours, packed from the opening
 * with the changeover — and the rest is drawn so that the witness keeps every hard rule:
 * musicians only join bands whose witness slots are a gap apart on the same day, windows
 * avoid the witness slot, pins are witness slots, and the closing time leaves the family's
 * share of slack. Preferred days are drawn independently of the witness (half the bands the
 * first day, 35% another day, 15% none), so the witness is far from optimal. Everything is
 * a function of (family, bands, seed): the same arguments give the same instance.
 */
import { timetablePresets, type TimetableInput, type TimetablePerformance, type TimetablePlacement, type TimetableWeights } from '../src/contract/timetable'
import { toTime } from '../src/timetable/model'
import { mulberry32 } from '../src/contract/random'

export const familyNames = ['capacity', 'pool', 'mixed', 'windows', 'pins', 'uneven', 'all'] as const
export type FamilyName = (typeof familyNames)[number]

export interface FamilyParameters {
  /** The letter and a few words for tables. */
  letter: string
  title: string
  /** Share of the stages' time the performances and changeovers take, [min, max]. */
  fill: [number, number]
  /** Musicians in the pool per band; most musicians play in up to `maxBands`. */
  poolPerBand: number
  maxBands: number
  /** Musicians per band who play in 6–8 bands (heavy players), e.g. 1 in 12 → bands / 12. */
  heavyPerBand: number
  /** Set lengths to draw from (minutes). */
  minutes: number[]
  changeoverMinutes: number
  musicianGapMinutes: number
  /** Share of bands with unavailable windows, and the kinds' shares (one window, two days, whole day). */
  windowShare: number
  windowKinds: { one: number; twoDays: number; wholeDay: number }
  /** Share of performances pinned (at least one when > 0). */
  pinShare: number
  /** Days with different hours and a stage opening later. */
  uneven: boolean
}

const base: Omit<FamilyParameters, 'letter' | 'title'> = {
  fill: [0.7, 0.85],
  poolPerBand: 2,
  maxBands: 3,
  heavyPerBand: 0,
  minutes: [20],
  changeoverMinutes: 5,
  musicianGapMinutes: 30,
  windowShare: 0.25,
  windowKinds: { one: 1, twoDays: 0, wholeDay: 0 },
  pinShare: 0,
  uneven: false,
}

const capacity: Partial<FamilyParameters> = { fill: [0.9, 0.98] }
const pool: Partial<FamilyParameters> = { poolPerBand: 1.2, maxBands: 4, heavyPerBand: 1 / 12, musicianGapMinutes: 45 }
const mixed: Partial<FamilyParameters> = { minutes: [15, 20, 25, 30, 35, 40], changeoverMinutes: 10 }
const windows: Partial<FamilyParameters> = { windowShare: 0.5, windowKinds: { one: 0.5, twoDays: 0.3, wholeDay: 0.2 } }
const pins: Partial<FamilyParameters> = { pinShare: 0.15 }
const uneven: Partial<FamilyParameters> = { uneven: true }

export const families: Record<FamilyName, FamilyParameters> = {
  capacity: { ...base, ...capacity, letter: 'a', title: '90–98% of stage capacity' },
  pool: { ...base, ...pool, letter: 'b', title: 'pool 1.2 × bands, 45-min gap' },
  mixed: { ...base, ...mixed, letter: 'c', title: '15–40 min sets, 10-min changeover' },
  windows: { ...base, ...windows, letter: 'd', title: 'half the bands with windows' },
  pins: { ...base, ...pins, letter: 'e', title: 'pinned performances' },
  uneven: { ...base, ...uneven, letter: 'f', title: 'uneven days, a stage opening later' },
  all: { ...base, ...capacity, ...pool, ...mixed, ...windows, ...pins, ...uneven, letter: 'g', title: 'all at once' },
}

/** The bench's sizes (bands) and instance seeds per family and size. */
export const familySizes = [10, 20, 30, 40, 60, 80] as const
export const familySeeds = [1, 2] as const

/** Days × stages for a number of bands: a stage-day holds about 10 performances. */
export function familyShape(bands: number): { days: number; stages: number } {
  if (bands <= 24) return { days: 2, stages: 1 }
  if (bands <= 45) return { days: 2, stages: 2 }
  if (bands <= 65) return { days: 2, stages: 3 }
  return { days: 3, stages: 3 }
}

/** mulberry32, so instances are the same on every machine. */
export const seeded = mulberry32

const DATES = ['2026-11-07', '2026-11-08', '2026-11-09', '2026-11-10']
const STAGES = ['Main', 'Hall', 'Lounge', 'Studio']
const NAMES = ['Kenta', 'Aiko', 'Yuto', 'Hana', 'Sora', 'Mei', 'Riku', 'Yui', 'Haruto', 'Saki', 'Ren', 'Mio', 'Daiki', 'Nana', 'Sho', 'Emi']
const memberName = (member: number) => `${NAMES[member % NAMES.length]} ${Math.floor(member / NAMES.length) + 1}`

/** Opening (minutes after midnight) and share of a full day's hours for each stage-day. */
function laneTemplate(day: number, stage: number, isUneven: boolean) {
  if (!isUneven) return { opens: 10 * 60, weight: 1 }
  const dayOpens = [10 * 60, 11 * 60 + 30, 9 * 60 + 30, 10 * 60][day]!
  const dayWeight = [1, 0.75, 1.15, 1][day]!
  // The second stage opens two hours late on the first day (half an hour on the others); the
  // third an hour late everywhere.
  const delay = stage === 1 ? (day === 0 ? 120 : 30) : stage === 2 ? 60 : 0
  const stageWeight = stage === 1 ? (day === 0 ? 0.65 : 0.9) : stage === 2 ? 0.8 : 1
  return { opens: dayOpens + delay, weight: dayWeight * stageWeight }
}

interface Slot {
  day: number
  stage: number
  start: number
  end: number
}

/**
 * One instance of a family: `bands` performances (any number ≥ 1; the bench uses 10–80, the
 * tests smaller ones), drawn from `seed`. The generator's seed is 1 and the weights the
 * compact preset unless given.
 */
export function familyInstance(family: FamilyName, bands: number, seed: number, weights: TimetableWeights = timetablePresets.compact): TimetableInput {
  return buildFamily(family, bands, seed, weights).input
}

/** The hidden timetable an instance was built around: it keeps every hard rule (a test checks). */
export function familyWitness(family: FamilyName, bands: number, seed: number): TimetablePlacement[] {
  return buildFamily(family, bands, seed, timetablePresets.compact).witness
}

function buildFamily(family: FamilyName, bands: number, seed: number, weights: TimetableWeights): { input: TimetableInput; witness: TimetablePlacement[] } {
  const random = seeded((Math.imul(familyNames.indexOf(family) + 1, 0x9e3779b1) ^ Math.imul(bands, 0x85ebca6b) ^ Math.imul(seed, 0xc2b2ae35)) >>> 0)
  return buildLive(families[family], bands, familyShape(bands), random, weights)
}

/**
 * A live of `bands` performances on `shape` (days ≤ 4, stages ≤ 4) with the parameters given,
 * its witness first (see above), every draw from `random`. The families and the random lives
 * of `bench/timetable-lives.ts` are both built here.
 */
export function buildLive(
  params: Omit<FamilyParameters, 'letter' | 'title'>,
  bands: number,
  shape: { days: number; stages: number },
  random: () => number,
  weights: TimetableWeights,
): { input: TimetableInput; witness: TimetablePlacement[] } {
  const pick = (n: number) => Math.floor(random() * n)
  const shuffle = <T>(items: T[]) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = pick(i + 1)
      ;[items[i], items[j]] = [items[j]!, items[i]!]
    }
    return items
  }
  const dates = DATES.slice(0, shape.days)
  const fill = params.fill[0] + random() * (params.fill[1] - params.fill[0])
  const co = params.changeoverMinutes
  const gap = params.musicianGapMinutes

  // The witness: lengths, then bands spread over the lanes (longest first, to the lane least
  // loaded for its hours), then each lane in a random order from its opening.
  const minutes = Array.from({ length: bands }, () => params.minutes[pick(params.minutes.length)]!)
  const lanes: Array<{ day: number; stage: number; opens: number; weight: number; bands: number[]; load: number }> = []
  for (let day = 0; day < shape.days; day++) {
    for (let stage = 0; stage < shape.stages; stage++) lanes.push({ day, stage, ...laneTemplate(day, stage, params.uneven), bands: [], load: 0 })
  }
  const order = shuffle(Array.from({ length: bands }, (_, band) => band)).sort((a, b) => minutes[b]! - minutes[a]!)
  for (const band of order) {
    let best = lanes[0]!
    for (const lane of lanes) if ((lane.load + minutes[band]! + co) / lane.weight < (best.load + minutes[band]! + co) / best.weight) best = lane
    best.bands.push(band)
    best.load += minutes[band]! + co
  }
  const slots: Slot[] = new Array<Slot>(bands)
  for (const lane of lanes) {
    let at = lane.opens
    for (const band of shuffle(lane.bands)) {
      slots[band] = { day: lane.day, stage: lane.stage, start: at, end: at + minutes[band]! }
      at += minutes[band]! + co
    }
  }
  // Hours: the fullest lane (for its share) sets the scale; the closing leaves the slack.
  const scale = Math.max(...lanes.map((lane) => Math.max(0, lane.load - co) / lane.weight)) / fill
  const closes = lanes.map((lane) => lane.opens + Math.max(Math.ceil((scale * lane.weight) / 5) * 5, Math.max(0, lane.load - co)))
  const dayOpens = dates.map((_, day) => Math.min(...lanes.filter((lane) => lane.day === day).map((lane) => lane.opens)))
  const dayCloses = dates.map((_, day) => Math.max(...lanes.flatMap((lane, index) => (lane.day === day ? [closes[index]!] : []))))

  // Musicians: heavy players first (6–8 bands whose witness slots are a gap apart), then the
  // rest of each band from the pool, only where the witness keeps the gap.
  const compatible = (a: number, b: number) => {
    const x = slots[a]!
    const y = slots[b]!
    return x.day !== y.day || y.start >= x.end + gap || x.start >= y.end + gap
  }
  const poolSize = Math.max(2, Math.round(bands * params.poolPerBand))
  const heavy = params.heavyPerBand > 0 ? Math.max(1, Math.round(bands * params.heavyPerBand)) : 0
  const playsIn: number[][] = Array.from({ length: poolSize }, () => [])
  const membersOf: number[][] = Array.from({ length: bands }, () => [])
  const sizes = Array.from({ length: bands }, () => 3 + pick(3))
  const join = (member: number, band: number) => {
    playsIn[member]!.push(band)
    membersOf[band]!.push(member)
  }
  const fits = (member: number, band: number) => !membersOf[band]!.includes(member) && playsIn[member]!.every((other) => compatible(other, band))
  for (let member = 0; member < heavy; member++) {
    const target = 6 + pick(3)
    for (const band of shuffle(Array.from({ length: bands }, (_, index) => index))) {
      if (playsIn[member]!.length >= target) break
      if (membersOf[band]!.length < sizes[band]! && fits(member, band)) join(member, band)
    }
  }
  for (let band = 0; band < bands; band++) {
    for (const member of shuffle(Array.from({ length: poolSize - heavy }, (_, index) => heavy + index))) {
      if (membersOf[band]!.length >= sizes[band]!) break
      if (playsIn[member]!.length < params.maxBands && fits(member, band)) join(member, band)
    }
  }

  const pinCount = params.pinShare > 0 ? Math.max(1, Math.round(bands * params.pinShare)) : 0
  const pinned = new Set(shuffle(Array.from({ length: bands }, (_, index) => index)).slice(0, pinCount))

  const performances: TimetablePerformance[] = []
  for (let band = 0; band < bands; band++) {
    const slot = slots[band]!
    const roll = random()
    const preferred = roll < 0.5 ? 0 : roll < 0.85 ? 1 + pick(Math.max(1, shape.days - 1)) : -1
    const unavailable: TimetablePerformance['unavailable'] = []
    // A window on `day` of about `length` minutes, clipped so that it misses the witness slot.
    const addWindow = (day: number, length: number) => {
      let from = dayOpens[day]! + 5 * pick(Math.max(1, (dayCloses[day]! - dayOpens[day]! - length) / 5))
      let to = Math.min(dayCloses[day]!, from + length)
      if (day === slot.day && from < slot.end && slot.start < to) {
        if (slot.start - from >= to - slot.end) to = slot.start
        else from = slot.end
      }
      if (to - from >= 30) unavailable.push({ date: dates[day]!, from: toTime(from), to: toTime(to) })
    }
    if (random() < params.windowShare) {
      const kind = random()
      const { one, twoDays } = params.windowKinds
      const otherDays = dates.map((_, day) => day).filter((day) => day !== slot.day)
      if (kind < one || !otherDays.length) addWindow(pick(shape.days), 60 + 5 * pick(25))
      else if (kind < one + twoDays) {
        addWindow(slot.day, 60 + 5 * pick(13))
        addWindow(otherDays[pick(otherDays.length)]!, 60 + 5 * pick(13))
      } else {
        const day = otherDays[pick(otherDays.length)]!
        unavailable.push({ date: dates[day]!, from: toTime(dayOpens[day]!), to: toTime(dayCloses[day]!) })
      }
    }
    const wishRoll = random()
    const members = membersOf[band]!.length ? [...membersOf[band]!].sort((a, b) => a - b) : [poolSize + band]
    performances.push({
      id: `b${String(band + 1).padStart(2, '0')}`,
      bandName: `Band ${band + 1}`,
      minutes: minutes[band]!,
      members: members.map((member) => ({ id: `m${member}`, name: memberName(member) })),
      preferredDate: preferred >= 0 ? (dates[Math.min(preferred, dates.length - 1)] ?? null) : null,
      unavailable,
      grade: 1 + pick(4),
      pin: pinned.has(band) ? { date: dates[slot.day]!, stage: STAGES[slot.stage]!, start: toTime(slot.start) } : null,
      wish: wishRoll < 0.03 ? 'first' : wishRoll < 0.06 ? 'last' : null,
    })
  }
  const witness = slots.map((slot, band) => ({
    performanceId: performances[band]!.id,
    date: dates[slot.day]!,
    stage: STAGES[slot.stage]!,
    start: toTime(slot.start),
    end: toTime(slot.end),
  }))
  const input: TimetableInput = {
    event: {
      days: dates.map((date, day) => ({
        date,
        stages: lanes.flatMap((lane, index) => (lane.day === day ? [{ name: STAGES[lane.stage]!, opensAt: toTime(lane.opens), closesAt: toTime(closes[index]!) }] : [])),
      })),
      changeoverMinutes: co,
      musicianGapMinutes: gap,
    },
    performances,
    weights,
    seed: 1,
  }
  return { input, witness }
}

/** The witness's share of the stages' time an instance takes (performances + changeovers). */
export function stageFill(input: TimetableInput) {
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))
  const hours = input.event.days.reduce((sum, day) => sum + day.stages.reduce((inner, stage) => inner + toMinutes(stage.closesAt) - toMinutes(stage.opensAt), 0), 0)
  const busy = input.performances.reduce((sum, performance) => sum + performance.minutes + input.event.changeoverMinutes, 0)
  return busy / hours
}

// ── The bench's own instances of issue #7 (kept for the live seed and older tests) ──────

export interface BenchShape {
  bands: number
  days: number
  stages: number
}
/** Sizes of the issue-7 bench; stage-days of 6 h hold 14 performances of 20 min with 5-min changeovers. */
export const benchShapes: BenchShape[] = [
  { bands: 12, days: 2, stages: 1 },
  { bands: 20, days: 2, stages: 1 },
  { bands: 30, days: 2, stages: 2 },
  { bands: 40, days: 2, stages: 2 },
  { bands: 60, days: 2, stages: 3 },
  { bands: 80, days: 3, stages: 3 },
]

/**
 * A club-like live (issue #7): bands of 3–5 members drawn from a pool about twice the number
 * of bands (so many members play in two or three bands), 20-minute performances, 5-minute
 * changeover, 30-minute musician gap, stages open 10:00–16:00, preferred days skewed towards
 * the first day, and a quarter of the bands unavailable for an hour or two on one day. Not
 * feasible by construction, but with plenty of slack.
 */
export function clubInstance(shape: BenchShape, seed: number): TimetableInput {
  const random = seeded(seed)
  const pick = (n: number) => Math.floor(random() * n)
  const dates = DATES.slice(0, shape.days)
  const stageNames = STAGES.slice(0, shape.stages)
  const pool = Math.round(shape.bands * 2)
  const performances: TimetablePerformance[] = []
  for (let band = 0; band < shape.bands; band++) {
    const size = 3 + pick(3)
    const members = new Set<number>()
    while (members.size < size) members.add(pick(pool))
    const roll = random()
    const preferred = roll < 0.5 ? 0 : roll < 0.85 ? 1 + pick(Math.max(1, shape.days - 1)) : -1
    const unavailable = []
    if (random() < 0.25) {
      const from = 10 * 60 + 5 * pick(60)
      const to = Math.min(16 * 60, from + 60 + 5 * pick(13))
      unavailable.push({ date: dates[pick(dates.length)]!, from: toTime(from), to: toTime(to) })
    }
    performances.push({
      id: `b${String(band + 1).padStart(2, '0')}`,
      bandName: `Band ${band + 1}`,
      minutes: 20,
      members: [...members].sort((a, b) => a - b).map((member) => ({ id: `m${member}`, name: memberName(member) })),
      preferredDate: preferred >= 0 ? (dates[Math.min(preferred, dates.length - 1)] ?? null) : null,
      unavailable,
      grade: 1 + pick(4),
    })
  }
  return {
    event: {
      days: dates.map((date) => ({ date, stages: stageNames.map((name) => ({ name, opensAt: '10:00', closesAt: '16:00' })) })),
      changeoverMinutes: 5,
      musicianGapMinutes: 30,
    },
    performances,
    weights: timetablePresets.compact,
    seed,
  }
}
