import { EPSILON as SHARED_EPSILON, STEP, type SerialSchedule } from './serial-schedule'
import { startsBound, takeDayOrder } from './resequence'

/**
 * A day's placing order by beam search (decision 047, "Days ordered by beam search"): the
 * day's performances (the same ones) placed in start order, one more at each level, as the
 * exact re-sequencing's branch and bound (`resequence.ts`) builds them, but breadth-first:
 * at each level only the `width` partial days of least cost plus bound are kept. The branch
 * and bound, depth-first from the day as it is, spends its branches under the first places
 * and stays near that order; the beam compares every way of starting a day, so it finds the
 * orders the annealing and the branch and bound both miss (on the final timetables of 30 s
 * runs, 6 of 18 got cheaper). Compact goals only (the decoder's own sum). Deterministic.
 */

const EPSILON: number = SHARED_EPSILON

/**
 * Partial days kept at each level of the beam. 3 000 made more final timetables cheaper when
 * given them alone, but no more runs ended within 1% of the best (decision 047).
 */
export const BEAM = { width: 1000 }

/**
 * Evaluations charged per earliest start the beam works out, so its time counts in a run's
 * budget as the annealing's does (measured on `all` 35: 1.24 M earliest starts a second against
 * 0.70 M annealing moves).
 */
const CHARGE = 0.5

/** A partial day one level on from its parent: what it placed, where and when, its cost and its cost plus bound. */
interface Child {
  parent: Node
  /** The performance this level placed (a position in the day's order), its stage (a position in the day's stages) and start. */
  at: number
  lane: number
  start: number
  cost: number
  score: number
}

/** A partial day kept in the beam, with what follows from its parent's: each stage's next free minute and what is placed. */
interface Node extends Omit<Child, 'parent'> {
  parent: Node | null
  ready: Float64Array
  placed: Uint8Array
}

/**
 * Orders `day` by beam search with `width` partial days a level; the day is changed only when
 * the order found costs less than it does now. True when it did.
 */
export function beamDay(s: SerialSchedule, day: number, width = BEAM.width): boolean {
  const { problem, ready, stamp } = s
  const { perfs, lanes, weights, changeover, gap } = problem
  const laneIds = problem.days[day]!.lanes
  const order = [...s.orders[day]!]
  const n = order.length
  if (!s.simple || n < 2) return false
  const current = s.decodeDay(day)
  const perMinute = weights.earliness / STEP
  let fixed = 0
  for (const index of order) fixed += s.offDay(index, day)
  for (const index of s.dayPins[day]!) fixed += perMinute * (s.start[index]! - lanes[perfs[index]!.pin!.lane]!.first) + s.offDay(index, day)
  const lengths = order.map((index) => perfs[index]!.minutes)
  const byLength = order.map((_, at) => at).sort((a, b) => lengths[a]! - lengths[b]! || order[a]! - order[b]!)
  const firsts = laneIds.map((lane) => lanes[lane]!.first)
  const closes = laneIds.map((lane) => lanes[lane]!.close)
  // Stages like an earlier one (same hours, no pins): a set on the later one adds nothing new while both are ready together.
  const twinOf = laneIds.map((lane, at) => laneIds.findIndex((other, before) => before < at && lanes[other]!.first === lanes[lane]!.first && lanes[other]!.close === lanes[lane]!.close && !s.lanePins[other]!.length && !s.lanePins[lane]!.length))
  let candidates = 0
  // Each performance's latest start on each stage of the day, given its windows and the day's
  // pins (-1: none). A partial day after which something still to place can no longer start by
  // its latest on any stage is not kept: else the beam could keep only such partial days, end
  // with none, and leave the day as it was (12 of the 72 days of the tuning runs' final
  // timetables before this check, 3 after it: decision 047).
  s.placePins(day)
  const stages = laneIds.length
  const latest = new Float64Array(n * stages).fill(-1)
  for (let at = 0; at < n; at++) {
    for (let l = 0; l < stages; l++) {
      const lane = laneIds[l]!
      for (let from = Math.floor((closes[l]! - lengths[at]!) / STEP) * STEP; from >= firsts[l]!; from -= STEP) {
        ready[lane] = from
        const start = s.candidate(order[at]!, day, lane)
        candidates++
        if (start + lengths[at]! <= closes[l]!) {
          latest[at * stages + l] = start
          break
        }
      }
      ready[lane] = firsts[l]!
    }
  }
  let beam: Node[] = [{ parent: null, at: -1, lane: -1, start: -Infinity, cost: fixed, score: 0, ready: Float64Array.from(firsts), placed: new Uint8Array(n) }]
  const widths: number[] = []
  const scratch = new Float64Array(laneIds.length)
  for (let depth = 0; depth < n && beam.length; depth++) {
    const next: Child[] = []
    const seen = new Map<number, number>()
    for (const node of beam) {
      // The decoder's state for this partial day: its pins, then what the node placed.
      s.placePins(day)
      for (let step: Node | null = node; step && step.parent; step = step.parent) {
        const index = order[step.at]!
        stamp[index] = s.epoch
        s.start[index] = step.start
        s.end[index] = step.start + lengths[step.at]!
      }
      let left = 0
      for (let at = 0; at < n; at++) if (!node.placed[at]) left += lengths[at]! + changeover
      for (let l = 0; l < laneIds.length; l++) {
        const lane = laneIds[l]!
        const twin = twinOf[l]!
        if (twin >= 0 && node.ready[twin] === node.ready[l]) continue
        ready[lane] = node.ready[l]!
        for (let at = 0; at < n; at++) {
          if (node.placed[at]) continue
          const index = order[at]!
          candidates++
          const start = s.candidate(index, day, lane)
          const end = start + lengths[at]!
          if (start < node.start || end > closes[l]!) continue
          for (let k = 0; k < laneIds.length; k++) scratch[k] = node.ready[k]!
          scratch[l] = end + changeover
          // Room left: what is still to place must fit before the stages close.
          let room = 0
          for (let k = 0; k < laneIds.length; k++) room += Math.max(0, closes[k]! + changeover - Math.max(scratch[k]!, start))
          if (left - lengths[at]! - changeover > room) continue
          // What is still to place must each have a stage free by its latest start there.
          let stranded = false
          for (let k = 0; k < n && !stranded; k++) {
            if (node.placed[k] || k === at) continue
            stranded = true
            for (let m = 0; m < stages && stranded; m++) if (Math.max(scratch[m]!, start) <= latest[k * stages + m]!) stranded = false
          }
          if (stranded) continue
          const cost = node.cost + perMinute * (start - firsts[l]!)
          // The same state reached more cheaply (the same performances placed, the stages ready at
          // the same minutes, the same musicians' gaps still running): nothing new. Keyed by a 52-bit
          // hash of it: a collision, rare as it is, only drops a partial day, never a rule.
          let h1 = Math.imul(start | 0, 0x9e3779b1)
          let h2 = (start | 0) ^ 0x85ebca6b
          for (let k = 0; k < laneIds.length; k++) {
            h1 = Math.imul(h1 ^ (scratch[k]! | 0), 0x85ebca6b)
            h2 = Math.imul(h2 ^ (scratch[k]! | 0), 0xc2b2ae35)
          }
          for (let k = 0; k < n; k++) {
            if (!node.placed[k] && k !== at) continue
            const kStart = k === at ? start : s.start[order[k]!]!
            const running = kStart + lengths[k]! + gap > start ? kStart + 1 : 0
            h1 = Math.imul(h1 ^ (k + 1), 0x9e3779b1) ^ running
            h2 = Math.imul(h2 ^ ((k + 1) << 16) ^ running, 0x27d4eb2f)
          }
          const key = (h1 >>> 0) * 0x100000 + ((h2 >>> 0) & 0xfffff)
          const seenCost = seen.get(key)
          if (seenCost !== undefined && seenCost <= cost + EPSILON) continue
          seen.set(key, cost)
          node.placed[at] = 1
          const score = cost + startsBound(perMinute, byLength, lengths, node.placed, scratch, firsts, start, changeover, widths)
          node.placed[at] = 0
          next.push({ parent: node, at, lane: l, start, cost, score })
        }
        ready[lane] = node.ready[l]!
      }
    }
    next.sort((a, b) => a.score - b.score || a.cost - b.cost)
    // Only the partial days kept get their stages' minutes and placed set, from their parent's.
    beam = (next.length > width ? next.slice(0, width) : next).map((child) => {
      const ready = child.parent.ready.slice()
      ready[child.lane] = child.start + lengths[child.at]! + changeover
      const placed = child.parent.placed.slice()
      placed[child.at] = 1
      return { parent: child.parent, at: child.at, lane: child.lane, start: child.start, cost: child.cost, score: child.score, ready, placed }
    })
  }
  s.evaluations += Math.round(candidates * CHARGE)
  const done = beam.length ? beam.reduce((a, b) => (b.cost < a.cost ? b : a)) : null
  s.valid[day] = 0
  if (!done || done.cost >= current - EPSILON) {
    s.decodeDay(day)
    return false
  }
  const found: Array<{ index: number; lane: number }> = []
  for (let step: Node | null = done; step && step.parent; step = step.parent) found.push({ index: order[step.at]!, lane: laneIds[step.lane]! })
  const cost = takeDayOrder(s, day, found.reverse(), current)
  return cost < current - EPSILON
}
