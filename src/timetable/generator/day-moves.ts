import { resequence } from './resequence'
import { EPSILON, type SerialSchedule, type Snapshot } from './serial-schedule'

/**
 * Moves between days (step 3 of the pipeline in `../generator.ts`, after the exact
 * re-sequencing): which bands play which day. Bands of the same length swapped between two days
 * (decision 028), then one band moved to another day — onto a full day too (decision 032) — or
 * two of any lengths swapped when that lowers the preferred-day part (decision 029); the two
 * days each move touches are re-sequenced exactly (`resequence.ts`), and a move is kept only
 * when the timetable got cheaper, so these never raise the cost.
 */

/**
 * After each day's re-sequencing (`RESEQUENCE`), the swaps of same-length performances between
 * days, at most `nodes` branches a day re-sequenced…
 */
export const EXCHANGE = { nodes: 2000 }
/** …then one performance at a time moved to another day, both days re-sequenced (decision 029). */
export const RELOCATE = { nodes: 2000, passes: 3 }

/**
 * Swaps two performances of the same length between two days (when the preferred-day part
 * does not rise) and re-sequences both days, at most `nodeLimit` branches each; kept when the
 * timetable got cheaper. The stages' bound of both days is unchanged by such a swap; what
 * changes is which musicians' gaps and windows meet on each day — the misses re-sequencing a
 * day cannot fix (decision 028). Stops at the target, once `until` evaluations are spent, or at
 * the schedule's time limit.
 */
export function exchangeDays(s: SerialSchedule, nodeLimit: number, target: number, until = Infinity) {
  const { perfs } = s.problem
  const off = (index: number, day: number) => s.offDay(index, day)
  for (let a = 0; a < s.orders.length; a++) {
    for (let b = a + 1; b < s.orders.length; b++) {
      for (const p of [...s.orders[a]!]) {
        for (const q of [...s.orders[b]!]) {
          if (s.total <= target + EPSILON || s.evaluations >= until || s.outOfTime()) return
          if (perfs[p]!.minutes !== perfs[q]!.minutes) continue
          if (off(p, b) + off(q, a) > off(p, a) + off(q, b)) continue
          const orderA = s.orders[a]!
          const orderB = s.orders[b]!
          const i = orderA.indexOf(p)
          const j = orderB.indexOf(q)
          if (i < 0 || j < 0) continue
          const before = s.snapshot()
          const laneP = s.laneOf[p]!
          orderA[i] = q
          orderB[j] = p
          s.laneOf[p] = s.laneOf[q]!
          s.laneOf[q] = laneP
          s.valid[a] = 0
          s.valid[b] = 0
          s.recost(a)
          s.recost(b)
          resequence(s, a, nodeLimit)
          resequence(s, b, nodeLimit)
          if (s.total >= before.total - EPSILON) s.restore(before)
        }
      }
    }
  }
}

/**
 * Which bands play which day (decision 029). Moves one performance to another day (where the
 * preferred-day part does not rise), at its cheapest place there, and re-sequences both days
 * — the day it left at most `nodeLimit` branches, the day it joins at most `nodeLimit` and
 * only for an order that makes the timetable cheaper than before the move; kept when it did.
 * Then the same with two performances of any lengths swapped between two days, when the swap
 * lowers the preferred-day part. Passes over every performance while a pass improved, at most
 * `passes`; stops at the target, once `until` evaluations are spent, or at the time limit.
 */
export function relocateDays(s: SerialSchedule, nodeLimit: number, target: number, passes: number, until = Infinity) {
  const { problem } = s
  const off = (index: number, day: number) => s.offDay(index, day)
  for (let pass = 0; pass < passes; pass++) {
    let improved = false
    for (let a = 0; a < s.orders.length; a++) {
      for (const p of [...s.orders[a]!]) {
        for (let b = 0; b < s.orders.length; b++) {
          if (s.total <= target + EPSILON || s.evaluations >= until || s.outOfTime()) return
          if (b === a || !problem.days[b]!.lanes.length || off(p, b) > off(p, a)) continue
          const at = s.orders[a]!.indexOf(p)
          if (at < 0) break
          const before = s.snapshot()
          s.orders[a]!.splice(at, 1)
          s.valid[a] = 0
          s.recost(a)
          insertInto(s, p, b)
          if (settleMove(s, before, a, b, nodeLimit)) {
            improved = true
            break
          }
        }
      }
    }
    // Swaps of two performances of any length that lower the preferred-day part.
    for (let a = 0; a < s.orders.length; a++) {
      for (let b = a + 1; b < s.orders.length; b++) {
        for (const p of [...s.orders[a]!]) {
          for (const q of [...s.orders[b]!]) {
            if (s.total <= target + EPSILON || s.evaluations >= until || s.outOfTime()) return
            if (off(p, b) + off(q, a) >= off(p, a) + off(q, b)) continue
            const i = s.orders[a]!.indexOf(p)
            const j = s.orders[b]!.indexOf(q)
            if (i < 0 || j < 0) continue
            const before = s.snapshot()
            s.orders[a]!.splice(i, 1)
            s.orders[b]!.splice(j, 1)
            s.valid[a] = 0
            s.valid[b] = 0
            s.recost(a)
            s.recost(b)
            insertInto(s, p, b)
            insertInto(s, q, a)
            if (settleMove(s, before, a, b, nodeLimit)) {
              improved = true
              break
            }
          }
        }
      }
    }
    if (!improved) return
  }
}

/**
 * After a move between days `a` and `b` (decision 029): both re-sequenced — `b` only for an
 * order that makes the timetable cheaper than `before` — and the move kept when the timetable
 * got cheaper, else undone. True when kept.
 */
function settleMove(s: SerialSchedule, before: Snapshot, a: number, b: number, nodeLimit: number) {
  resequence(s, a, nodeLimit)
  resequence(s, b, nodeLimit, before.total - (s.total - s.dayCosts[b]!))
  if (s.total < before.total - EPSILON) return true
  s.restore(before)
  return false
}

/** Inserts `index` (in no day's order) into `day` where that day costs least: any position, stage. */
export function insertInto(s: SerialSchedule, index: number, day: number) {
  const lanes = s.problem.days[day]!.lanes
  const order = s.orders[day]!
  let best = Infinity
  let bestAt = 0
  let bestLane = lanes[0]!
  for (let at = 0; at <= order.length; at++) {
    order.splice(at, 0, index)
    for (const lane of lanes) {
      s.laneOf[index] = lane
      s.evaluations++
      const cost = s.decodeDay(day, at)
      if (cost < best - EPSILON) {
        best = cost
        bestAt = at
        bestLane = lane
      }
      s.valid[day] = Math.min(s.valid[day]!, at)
    }
    order.splice(at, 1)
  }
  order.splice(bestAt, 0, index)
  s.laneOf[index] = bestLane
  s.valid[day] = Math.min(s.valid[day]!, bestAt)
  s.recost(day)
}

/**
 * A warm start's shake (decision 047, "a band sent to the other day"): one movable performance,
 * drawn with the search's seed, taken from its day and put last on another day (drawn too), on
 * one of that day's stages (drawn too), whatever that costs. A stage then often runs late, so at
 * 21–40 bands the search's restarts after the first begin with the overrun priced low
 * (`search.ts`'s soft start), and the search settles the band, and the bands around it, where
 * they cost least: a way out of a timetable that warm starts from it only give back. False when
 * there is no other day or nothing to move.
 */
export function displaceOne(s: SerialSchedule) {
  const days = s.problem.days.map((_, day) => day).filter((day) => s.problem.days[day]!.lanes.length)
  if (days.length < 2 || !s.movable.length) return false
  const index = s.movable[Math.floor(s.random() * s.movable.length)]!
  const from = s.dayOf(s.laneOf[index]!)
  const at = s.orders[from]!.indexOf(index)
  if (at < 0) return false
  const others = days.filter((day) => day !== from)
  const to = others[Math.floor(s.random() * others.length)]!
  const lanes = s.problem.days[to]!.lanes
  s.orders[from]!.splice(at, 1)
  s.orders[to]!.push(index)
  s.laneOf[index] = lanes[Math.floor(s.random() * lanes.length)]!
  s.valid[from] = 0
  s.valid[to] = 0
  s.recost(from)
  s.recost(to)
  return true
}
