import { TIMETABLE_GRID_MINUTES as GRID, timetableGoals, type TimetableWeights } from '../../contract/timetable'
import { mulberry32 } from '../../contract/random'
import { dayCost } from '../cost'
import type { Problem } from '../model'
import type { Placed } from '../rules'
import type { TimeIndexedModel } from '../time-indexed'

/**
 * The state every stage of the generator works on (see `../generator.ts` for the pipeline): a
 * serial schedule — per day, the order in which its unpinned performances are placed, and each
 * one's stage — and the decoder that turns it into times and a cost. Construction builds the
 * first one, the search, the exact re-sequencing and the moves between days change it, the
 * bound reads its performances and pins. Broken hard rules cost `HARD` (plus `HARD_MINUTE` per
 * minute over), so every stage first minimises them, then the soft goals.
 */

// Module-local constants: the hot loops must not go through imported bindings (tsx turns them
// into getters, measured at ~10% of the search), so the stages that import these copy them into
// module-local constants of their own.
export const STEP: number = GRID
export const ceilGrid = (minutes: number) => Math.ceil(minutes / STEP) * STEP
export const HARD = 1e7
export const HARD_MINUTE = 1e4
export const EPSILON = 1e-6

/** Only earliness and the preferred day weigh (the compact goals): the decoder sums them itself. */
export const compactGoalsOnly = (weights: TimetableWeights) => timetableGoals.every((goal) => goal === 'earliness' || goal === 'preferredDay' || !weights[goal])

/** Evaluations between two readings of the clock under a time limit (about 3 ms on a slow machine). */
const CLOCK_EVERY = 1000

const rng = (seed: number) => mulberry32(seed >>> 0 || 0x9e3779b9)

/** What `snapshot` keeps and `restore` brings back. */
export type Snapshot = ReturnType<SerialSchedule['snapshot']>

/**
 * The generator's state. Each day has a list of its (unpinned) performances, and each
 * performance a stage: the list is the order in which the decoder places them (a serial
 * schedule), each at its earliest grid start on its stage after the stage's previous one and
 * its changeover, outside its windows, clear of pinned performances on that stage, and clear
 * of its musicians' gaps on either side of the performances already placed that day. Placing
 * in the order of an optimal timetable's starts rebuilds it (or better), so the search loses
 * nothing by working on orders.
 */
export class SerialSchedule {
  readonly problem: Problem
  readonly random: () => number
  /** Performances in play, in input order. */
  active: number[]
  /** The performances the search may move (not pinned). */
  movable: number[]
  /** Per day, its unpinned performances in placing order. */
  orders: number[][]
  laneOf: Int32Array
  pinned: Uint8Array
  /** Pinned performances in play per day, and per lane their [start, end) sorted. */
  dayPins: number[][]
  lanePins: Array<Array<[number, number]>>
  start: Int32Array
  end: Int32Array
  stamp: Int32Array
  epoch = 0
  broken: Uint8Array
  recording = false
  dayCosts: Float64Array
  total = 0
  evaluations = 0
  /** The LP's model and solution, when the generator solved it (restarts sample from it). */
  linear: { model: TimeIndexedModel; values: ArrayLike<number> } | null = null
  /** Only earliness and preferred day weigh: the decoder sums them itself. */
  simple: boolean
  ready: Float64Array
  /** Minutes each performance waited after its stage was ready (musicians' gaps, windows). */
  wait: Float64Array
  /** Per day, how many of its first performances have times from the current configuration. */
  valid: Int32Array
  /** Scratch for `candidate`: the partners placed in the current decoding. */
  near: Int32Array
  /** Scratch for `decodeDay` under the weighted goals: the day's placements, from `pool`. */
  items: Placed[] = []
  pool: Placed[] = []
  /** What a performance ending after its stage closes costs, and per minute over (lower in `softStart`). */
  overrun = HARD
  overrunMinute = HARD_MINUTE
  /**
   * The time limit (`performance.now()`, ms) after which every stage stops and keeps the best it
   * has (`outOfTime`); Infinity for none, so the work is fixed by evaluations alone (decision 047).
   */
  private deadline = Infinity
  private clockCheckAt = 0
  private timeUp = false

  constructor(problem: Problem, active: number[], seed: number) {
    this.problem = problem
    this.random = rng(seed)
    this.active = [...active]
    const n = problem.perfs.length
    this.pinned = new Uint8Array(n)
    this.dayPins = problem.days.map(() => [])
    this.lanePins = problem.lanes.map(() => [])
    for (const index of active) {
      const perf = problem.perfs[index]!
      if (!perf.pin) continue
      this.pinned[index] = 1
      this.dayPins[problem.lanes[perf.pin.lane]!.day]!.push(index)
      this.lanePins[perf.pin.lane]!.push([perf.pin.start, perf.pin.start + perf.minutes])
    }
    for (const list of this.lanePins) list.sort((a, b) => a[0] - b[0])
    this.movable = active.filter((index) => !this.pinned[index])
    this.orders = problem.days.map(() => [])
    this.laneOf = new Int32Array(n).fill(-1)
    this.start = new Int32Array(n)
    this.end = new Int32Array(n)
    this.stamp = new Int32Array(n)
    this.broken = new Uint8Array(n)
    this.dayCosts = new Float64Array(problem.days.length)
    const weights = problem.weights
    this.simple = compactGoalsOnly(weights)
    this.ready = new Float64Array(problem.lanes.length)
    this.wait = new Float64Array(n)
    this.valid = new Int32Array(problem.days.length)
    this.near = new Int32Array(n)
  }

  /** Sets the time limit (`performance.now()`, ms; Infinity: none). */
  limitTime(deadline: number) {
    this.deadline = deadline
    this.clockCheckAt = 0
    this.timeUp = false
  }

  /** Whether the time limit has passed: the clock is read at most once every `CLOCK_EVERY` evaluations. */
  outOfTime(): boolean {
    if (this.deadline === Infinity || this.evaluations < this.clockCheckAt) return this.timeUp
    this.clockCheckAt = this.evaluations + CLOCK_EVERY
    this.timeUp = performance.now() >= this.deadline
    return this.timeUp
  }

  dayOf(lane: number) {
    return this.problem.lanes[lane]!.day
  }

  /** What playing `day` costs `index` in the preferred-day goal. */
  offDay(index: number, day: number) {
    const { perfs, weights } = this.problem
    return perfs[index]!.preferredDay >= 0 && perfs[index]!.preferredDay !== day ? weights.preferredDay : 0
  }

  // ── Decoding ─────────────────────────────────────────────────────────────────────────

  recompute() {
    this.total = 0
    for (let day = 0; day < this.problem.days.length; day++) {
      this.dayCosts[day] = this.decodeDay(day)
      this.total += this.dayCosts[day]!
    }
  }

  /** Starts a decoding of `day`: a new epoch with the day's pinned performances in place. */
  placePins(day: number) {
    const epoch = ++this.epoch
    for (const index of this.dayPins[day]!) {
      const perf = this.problem.perfs[index]!
      this.start[index] = perf.pin!.start
      this.end[index] = perf.pin!.start + perf.minutes
      this.stamp[index] = epoch
    }
  }

  /**
   * The earliest start of `index` on `lane` (a lane of `day`) whose stage is ready at
   * `this.ready[lane]`, given what this epoch has placed.
   */
  candidate(index: number, day: number, lane: number) {
    const { perfs, partners, gap, changeover } = this.problem
    const perf = perfs[index]!
    const windows = perf.windows[day]!
    const pins = this.lanePins[lane]!
    const minutes = perf.minutes
    // The partners this decoding has placed: usually a few of many (the hottest loop).
    const { stamp, epoch, start: starts, end: ends, near } = this
    const others = partners[index]!
    let count = 0
    for (let k = 0; k < others.length; k++) {
      const other = others[k]!
      if (stamp[other] === epoch) near[count++] = other
    }
    let start = ceilGrid(this.ready[lane]!)
    for (;;) {
      const before = start
      for (let k = 0; k < windows.length; k++) {
        const window = windows[k]!
        if (start < window[1] && window[0] < start + minutes) start = ceilGrid(window[1])
      }
      for (let k = 0; k < pins.length; k++) {
        const pin = pins[k]!
        if (start < pin[1] + changeover && pin[0] < start + minutes + changeover) start = ceilGrid(pin[1] + changeover)
      }
      for (let k = 0; k < count; k++) {
        const other = near[k]!
        const free = ends[other]! + gap
        if (start < free && starts[other]! < start + minutes + gap) start = ceilGrid(free)
      }
      if (start === before) return start
    }
  }

  /** The `items.length`-th pooled placement, set to these values. */
  private item(perf: number, lane: number, start: number, end: number): Placed {
    let item = this.pool[this.items.length]
    if (!item) this.pool.push((item = { perf, lane, start, end }))
    item.perf = perf
    item.lane = lane
    item.start = start
    item.end = end
    return item
  }

  /**
   * Decodes one day into times (in `start`/`end`) and returns its cost with penalties. The
   * placing order makes a serial schedule prefix-stable: when a move changes the order only
   * from position `from` on, the times before it are still those of the last decoding of this
   * configuration (`valid[day]` says how many are) and are reused instead of recomputed.
   */
  decodeDay(day: number, from = 0): number {
    const { problem, ready } = this
    const { perfs, lanes, weights, changeover } = problem
    const laneIds = problem.days[day]!.lanes
    const order = this.orders[day]!
    const begin = Math.min(from, this.valid[day]!, order.length)
    this.placePins(day)
    const { epoch, laneOf, start: starts, end: ends, wait, stamp } = this
    for (const lane of laneIds) ready[lane] = lanes[lane]!.first
    let cost = 0
    // The weighted goals cost the day's placements as a list: reused objects, not new ones.
    const items: Placed[] | null = this.simple ? null : this.items
    if (items) items.length = 0
    for (let k = 0; k < order.length; k++) {
      const index = order[k]!
      const laneId = laneOf[index]!
      const lane = lanes[laneId]!
      const perf = perfs[index]!
      let start: number
      if (k < begin) start = starts[index]!
      else {
        start = this.candidate(index, day, laneId)
        starts[index] = start
        ends[index] = start + perf.minutes
        wait[index] = start - ready[laneId]!
      }
      const end = start + perf.minutes
      stamp[index] = epoch
      if (end > lane.close) {
        cost += this.overrun + (end - lane.close) * this.overrunMinute
        if (this.recording) this.broken[index] = 1
      }
      if (items) items.push(this.item(index, laneId, start, end))
      else {
        cost += (weights.earliness * (start - lane.first)) / STEP
        if (perf.preferredDay >= 0 && perf.preferredDay !== day) cost += weights.preferredDay
      }
      ready[laneId] = end + changeover
    }
    this.valid[day] = order.length
    if (items) {
      for (const index of this.dayPins[day]!) items.push(this.item(index, perfs[index]!.pin!.lane, starts[index]!, ends[index]!))
      cost += dayCost(problem, items, null, null)
    } else {
      for (const index of this.dayPins[day]!) {
        const lane = lanes[perfs[index]!.pin!.lane]!
        cost += (weights.earliness * (this.start[index]! - lane.first)) / STEP
        if (perfs[index]!.preferredDay >= 0 && perfs[index]!.preferredDay !== day) cost += weights.preferredDay
      }
    }
    return cost
  }

  /** Decodes `day` again (from its first position not yet valid) and brings its cost into the total. */
  recost(day: number) {
    const cost = this.decodeDay(day)
    this.total += cost - this.dayCosts[day]!
    this.dayCosts[day] = cost
    return cost
  }

  // ── Whole timetables ─────────────────────────────────────────────────────────────────

  snapshot() {
    return { orders: this.orders.map((order) => [...order]), laneOf: this.laneOf.slice(), dayCosts: this.dayCosts.slice(), total: this.total }
  }

  restore(state: Snapshot) {
    this.orders = state.orders.map((order) => [...order])
    this.laneOf = state.laneOf.slice()
    this.dayCosts = state.dayCosts.slice()
    this.total = state.total
    this.valid.fill(0)
  }

  /**
   * Places the unpinned performances of `plan` in its start order on its stages, and keeps
   * that as the current timetable when it costs less than the current one.
   */
  tryPlan(plan: Placed[]) {
    const before = this.snapshot()
    this.setPlan(plan)
    if (this.total >= before.total - EPSILON) this.restore(before)
  }

  setPlan(plan: Placed[]) {
    const orders: number[][] = this.problem.days.map(() => [])
    for (const item of [...plan].sort((a, b) => a.start - b.start || a.perf - b.perf)) {
      if (this.pinned[item.perf]) continue
      orders[this.dayOf(item.lane)]!.push(item.perf)
      this.laneOf[item.perf] = item.lane
    }
    this.orders = orders
    this.valid.fill(0)
    this.recompute()
  }

  remove(index: number) {
    const day = this.dayOf(this.laneOf[index]!)
    const order = this.orders[day]!
    const at = order.indexOf(index)
    if (at >= 0) order.splice(at, 1)
    this.valid[day] = 0
    this.laneOf[index] = -1
    this.movable = this.movable.filter((other) => other !== index)
    this.active = this.active.filter((other) => other !== index)
    this.recompute()
  }

  /** Performances the current timetable cannot place without breaking a rule. */
  brokenPerformances(): number[] {
    this.broken.fill(0)
    this.recording = true
    this.recompute()
    this.recording = false
    return this.active.filter((index) => this.broken[index])
  }

  placed(): Placed[] {
    const placed: Placed[] = []
    for (let day = 0; day < this.problem.days.length; day++) {
      this.decodeDay(day)
      for (const index of [...this.dayPins[day]!, ...this.orders[day]!]) {
        placed.push({ perf: index, lane: this.laneOf[index]!, start: this.start[index]!, end: this.end[index]! })
      }
    }
    return placed
  }
}
