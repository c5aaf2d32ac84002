import { EPSILON as SHARED_EPSILON, HARD as SHARED_HARD, HARD_MINUTE as SHARED_HARD_MINUTE, type SerialSchedule } from './serial-schedule'
import { planOf } from './bound'

/**
 * The search (step 3 of the pipeline in `../generator.ts`): simulated annealing over the serial
 * schedule, from construction's first timetable to the bound or the end of its budget. Moves:
 * swap two performances, change one's stage, move one to another place. Independent restarts
 * share the budget, each from the start kicked at random or from a rounding of the LP; at
 * 21–40 performances, when the first timetable runs late, every restart but the first begins
 * with a stage's overrun priced low and rising (decision 032). On small lives (≤ 20
 * performances) the last part of the budget goes to ruin and recreate (decision 026). From a
 * warm start (the run's best so far), up to 40 performances, the annealing starts hotter
 * (`WARM`, decision 047). When a stage still runs late, the search starts again from the first
 * timetable, annealing on the minutes over. The budget is a number of evaluations fixed by
 * `effort`, so the same input and seed give the same result; only a run's first answer under a
 * time limit (the schedule's `outOfTime`, decision 047) may stop earlier, and the annealing never
 * stops for time before it has a timetable where no stage runs late, so no band is left out for
 * time. After it: the exact re-sequencing (`resequence.ts`) and the moves between days
 * (`day-moves.ts`).
 */

// Module-local copies for the hot loop (see serial-schedule.ts).
const EPSILON: number = SHARED_EPSILON
const HARD: number = SHARED_HARD
const HARD_MINUTE: number = SHARED_HARD_MINUTE

/** Share of random moves that start from a waiting performance (tuned on the bench's shapes). */
const TARGETED = 0.9
/** Annealing temperatures, in cost units (5 minutes of earliness = 1), tuned on bench-like lives. */
const HOT = 5
/** Moves per performance in one cooling cycle; each new cycle reheats from the best so far. */
const CYCLE = 2500
const COLD = 0.3
/**
 * A warm start's annealing (decision 047, "Warm starts searched hotter") starts `factor` times
 * hotter on lives of at most `performances` movable performances: from the run's best timetable,
 * HOT's cooling went back to the same few timetables, and runs stayed where they were for most
 * of their 30 seconds. At 80 bands (one long cooling a search) it did worse, so it stays off there.
 */
const WARM = { factor: 3, performances: 40 }
/**
 * Independent annealing runs sharing the budget, each from the start kicked at random; the best
 * wins. Measured on the families (decision 018): 8 runs fix the small lives where one run stays
 * in its first valley (10–20 bands); at 30–40 bands 4 did best; at 60–80 bands one long run
 * beats any split of the same budget.
 */
const RESTARTS = { small: { performances: 20, runs: 8 }, medium: { performances: 40, runs: 4 } }
/**
 * Ruin and recreate after the annealing (decision 026), on lives of at most `performances`
 * movable performances: the last `share` of the budget takes out `fewest`–`most` related
 * performances at a time and puts each back at its best place, annealing-accepted from `hot`
 * to `cold` (cost units). Measured on the pool and all-at-once families at 10–20 bands, seeds
 * 1–10: runs at the optimum went from 49 to 67 of 70 (shares 0.3–0.6 and 6–10 taken out gave
 * 56–67); at 30–40 bands (4 restarts, each then shorter) it did no better than the annealing
 * alone, so it stays off there.
 */
const RECREATE = { performances: 20, share: 0.45, hot: 0.3, cold: 0.05, fewest: 2, most: 8 }
/** Random moves per performance that kick a restart away from the start. */
const KICK = 1
/** `randomMove`'s three kinds of move. */
const SWAP = 0
const RESTAGE = 1
const REINSERT = 2
/**
 * The restarts' soft start (decision 032), compact goals, 21–40 movable performances, when the
 * search's first timetable has a stage running late, every restart but the first: for the first
 * `share` of its cooling, a stage running late costs only `from`…`to` per minute over (rising
 * geometrically in `steps`), so which bands play which day is settled by earliness and the
 * preferred day rather than by whatever first removes the overrun; then the usual penalties.
 */
const SOFT_START = { share: 0.7, from: 0.5, to: 200, steps: 20 }
/**
 * Moves evaluated per performance at effort 1 (see decision 009): the compact preset usually
 * stops far earlier, at its bound; the other presets have no tight bound and a costlier
 * evaluation, so they get fewer (under 2 s for 80 bands on the loaded bench machine).
 */
const EVALUATIONS_PER_PERFORMANCE = { compact: 5000, weighted: 1000 }
/** …and at most this many in all at effort 1 (about 1 s on the bench machine). */
const MAX_EVALUATIONS = 250_000
/**
 * …and at least this many: small lives are where musicians' gaps make the search hardest (the
 * restarts need room), and their evaluations are cheap (0.1–0.3 s at 10–20 bands).
 */
const MIN_EVALUATIONS = { compact: 200_000, weighted: 50_000 }

/** The search's budget in evaluations: per performance, within the floor and the ceiling, times `effort`. */
export function evaluationBudget(s: SerialSchedule, effort: number | undefined) {
  const perPerformance = s.simple ? EVALUATIONS_PER_PERFORMANCE.compact : EVALUATIONS_PER_PERFORMANCE.weighted
  const floor = s.simple ? MIN_EVALUATIONS.compact : MIN_EVALUATIONS.weighted
  return Math.round(Math.max(floor, Math.min(perPerformance * Math.max(1, s.active.length), MAX_EVALUATIONS)) * Math.max(0.05, effort ?? 1))
}

/**
 * The whole search from the current timetable, `budget` evaluations, stopping at `target`
 * (the bound, or -Infinity when there is none); ends on the best timetable seen. `warm`: the
 * current timetable is a warm start (the run's best), searched hotter (`WARM`).
 */
export function search(s: SerialSchedule, budget: number, target: number, warm = false) {
  const start = s.snapshot()
  // Small lives: the annealing's restarts, then ruin and recreate from their best (decision 026).
  const recreating = s.movable.length >= 2 && s.movable.length <= RECREATE.performances
  const hot = warm && s.movable.length <= WARM.performances ? HOT * WARM.factor : HOT
  anneal(s, recreating ? Math.round(budget * (1 - RECREATE.share)) : budget, target, false, hot)
  if (recreating) recreate(s, budget, target)
  // A stage still runs late. Before leaving a band out, search again from the start (twice at
  // most), this time annealing on the minutes over while any remain (see `anneal`); keep the best.
  for (let retry = 0; retry < 2 && s.total >= HARD; retry++) {
    const late = s.snapshot()
    s.restore(start)
    anneal(s, s.evaluations + budget, target, true)
    if (s.total >= late.total) s.restore(late)
  }
}

/**
 * Simulated annealing over random moves (geometric cooling from `hot` to COLD over the
 * budget), keeping the best timetable seen; stops early at the target (the bound), or at the
 * schedule's time limit once it has a timetable where no stage runs late.
 */
export function anneal(s: SerialSchedule, budget: number, target: number, lateFirst = false, hot = HOT) {
  if (!s.movable.length) return
  const first = s.snapshot()
  let best = first
  const restarts = s.movable.length <= RESTARTS.small.performances ? RESTARTS.small.runs : s.movable.length <= RESTARTS.medium.performances ? RESTARTS.medium.runs : 1
  const began = s.evaluations
  // Only where there is an overrun to end, at 21–40 performances: below, the eight restarts
  // and ruin and recreate did better without; with slack (mixed 40), a little worse.
  const soft = s.simple && !lateFirst && s.movable.length > RESTARTS.small.performances && restarts > 1 && first.total >= HARD
  for (let round = 0; round < restarts && best.total > target + EPSILON && s.evaluations < budget && !(best.total < HARD && s.outOfTime()); round++) {
    const until = began + Math.round(((budget - began) * (round + 1)) / restarts)
    if (round > 0) {
      if (s.linear && round % 2 === 1) sampleLinear(s)
      else {
        s.restore(first)
        kick(s)
      }
    }
    const cycle = Math.max(1000, Math.min(CYCLE * s.movable.length, until - s.evaluations))
    if (round > 0 && soft) softStart(s, s.evaluations + Math.round(SOFT_START.share * cycle), cycle)
    let own = s.snapshot()
    let from = s.evaluations
    while (s.evaluations < until && own.total > target + EPSILON) {
      // The time limit, asked every 1,024 moves: a call per move measured about 5% slower (5 runs
      // each, within their spread); this, nothing measurable (6 A/B pairs of searches).
      if ((s.evaluations & 1023) === 0 && own.total < HARD && s.outOfTime()) break
      if (s.evaluations - from >= cycle) {
        // Reheat from this round's best timetable.
        s.restore(own)
        from = s.evaluations
      }
      const progress = (s.evaluations - from) / cycle
      const temperature = hot * Math.pow(COLD / hot, progress)
      // `lateFirst`: while a stage runs late, temperatures are in minutes over, so a move that
      // adds a minute or two is often kept early on and the search can get out of a valley.
      randomMove(s, lateFirst && s.total >= HARD ? temperature * HARD_MINUTE : temperature)
      if (s.total < own.total - EPSILON) own = s.snapshot()
    }
    if (own.total < best.total - EPSILON) best = own
  }
  s.restore(best)
}

/**
 * The first part of a restart with a stage's overrun priced low and rising (SOFT_START), at
 * the annealing's temperatures for that part of its cooling; the usual penalties after.
 */
function softStart(s: SerialSchedule, until: number, cycle: number) {
  const { steps, from, to } = SOFT_START
  const began = s.evaluations
  try {
    for (let step = 0; step < steps; step++) {
      s.overrun = 0
      s.overrunMinute = from * Math.pow(to / from, step / (steps - 1))
      // Only the costs change (the starts do not): `recompute` decodes every day afresh.
      s.recompute()
      const stepUntil = began + Math.round(((until - began) * (step + 1)) / steps)
      while (s.evaluations < stepUntil && !s.outOfTime()) randomMove(s, HOT * Math.pow(COLD / HOT, (s.evaluations - began) / cycle))
    }
  } finally {
    s.overrun = HARD
    s.overrunMinute = HARD_MINUTE
    s.recompute()
  }
}

// ── Moves ────────────────────────────────────────────────────────────────────────────

/** Picks a performance to move: most often one that waits (where cost above the bound is). */
function pick(s: SerialSchedule) {
  const { movable } = s
  let index = movable[Math.floor(s.random() * movable.length)]!
  for (let tries = 0; tries < 6 && s.wait[index]! <= 0 && s.random() < TARGETED; tries++) index = movable[Math.floor(s.random() * movable.length)]!
  return index
}

/**
 * One random move — swap two performances (their places in the order and their stages),
 * give one another stage of its day, or move one to another place and stage — kept or
 * undone (annealing acceptance at `temperature`); true if kept.
 */
export function randomMove(s: SerialSchedule, temperature: number): boolean {
  const { movable, orders, problem, laneOf } = s
  // Every attempt counts, even one that turns out to be no move, so the search always ends.
  s.evaluations++
  const index = pick(s)
  const a = laneOf[index]!
  const dayA = s.dayOf(a)
  const orderA = orders[dayA]!
  const i = orderA.indexOf(index)
  let dayB = dayA
  // Where each day's order changes first: the decoding starts there.
  let fromA = i
  let fromB = i
  // What the undo needs (no closure: this is the search's hottest path).
  let other = -1
  let b = a
  let j = i
  const kind = s.random()
  const move = kind < 0.4 ? SWAP : kind < 0.55 ? RESTAGE : REINSERT
  if (move === SWAP) {
    other = movable[Math.floor(s.random() * movable.length)]!
    if (other === index) return false
    b = laneOf[other]!
    dayB = s.dayOf(b)
    j = orders[dayB]!.indexOf(other)
    if (dayB === dayA) fromA = fromB = Math.min(i, j)
    else fromB = j
    orderA[i] = other
    orders[dayB]![j] = index
    laneOf[index] = b
    laneOf[other] = a
  } else if (move === RESTAGE) {
    const lanes = problem.days[dayA]!.lanes
    if (lanes.length < 2) return false
    b = lanes[Math.floor(s.random() * lanes.length)]!
    if (b === a) return false
    laneOf[index] = b
  } else {
    b = Math.floor(s.random() * problem.lanes.length)
    dayB = s.dayOf(b)
    orderA.splice(i, 1)
    const orderB = orders[dayB]!
    j = Math.floor(s.random() * (orderB.length + 1))
    if (dayB === dayA && j === i && b === a) {
      orderA.splice(i, 0, index)
      return false
    }
    if (dayB === dayA) fromA = fromB = Math.min(i, j)
    else fromB = j
    orderB.splice(j, 0, index)
    laneOf[index] = b
  }
  const costA = s.decodeDay(dayA, fromA)
  const costB = dayB === dayA ? costA : s.decodeDay(dayB, fromB)
  const total = s.total - s.dayCosts[dayA]! + costA + (dayB === dayA ? 0 : costB - s.dayCosts[dayB]!)
  const delta = total - s.total
  // At an infinite temperature (a restart's kick) any move is kept that breaks no new rule.
  const kept = temperature === Infinity ? delta <= EPSILON || total < HARD : delta <= EPSILON || (temperature > 0 && s.random() < Math.exp(-delta / temperature))
  if (kept) {
    s.dayCosts[dayA] = costA
    s.dayCosts[dayB] = costB
    s.total = total
    return true
  }
  if (move === SWAP) {
    orderA[i] = index
    orders[dayB]![j] = other
    laneOf[other] = b
  } else if (move === REINSERT) {
    orders[dayB]!.splice(j, 1)
    orderA.splice(i, 0, index)
  }
  laneOf[index] = a
  // The times from the first change on belong to the undone move now.
  s.valid[dayA] = Math.min(s.valid[dayA]!, fromA)
  s.valid[dayB] = Math.min(s.valid[dayB]!, fromB)
  return false
}

/** A new start for a restart: random moves kept whatever they cost, if they break no rule. */
function kick(s: SerialSchedule) {
  const moves = KICK * s.movable.length
  for (let k = 0; k < moves; k++) randomMove(s, Infinity)
}

/**
 * A restart's start from the LP: each performance at a start drawn with the LP's weights
 * (randomised rounding), so restarts explore around the relaxation's optimum.
 */
function sampleLinear(s: SerialSchedule) {
  const { model, values } = s.linear!
  const byPerf = new Map<number, number[]>()
  model.columns.forEach((column, at) => {
    if (values[at]! > 1e-6) byPerf.set(column.perf, [...(byPerf.get(column.perf) ?? []), at])
  })
  const picked: number[] = []
  for (const columns of byPerf.values()) {
    let draw = s.random() * columns.reduce((sum, at) => sum + values[at]!, 0)
    let chosen = columns[columns.length - 1]!
    for (const at of columns) {
      draw -= values[at]!
      if (draw <= 0) {
        chosen = at
        break
      }
    }
    picked.push(chosen)
  }
  s.setPlan(planOf(s.problem, model, picked))
}

// ── Ruin and recreate ────────────────────────────────────────────────────────────────

/**
 * Large-neighbourhood search from the current timetable until `until` evaluations: take out
 * a few related performances (sharing musicians, or neighbours in a day's placing order, or
 * at random) and put each back at its best place (any day, position and stage, the others
 * decoded again around it); kept by annealing acceptance. Keeps the best seen.
 */
export function recreate(s: SerialSchedule, until: number, target: number) {
  if (s.movable.length < 2) return
  let best = s.snapshot()
  const began = s.evaluations
  const span = Math.max(1, until - began)
  const { hot, cold } = RECREATE
  while (s.evaluations < until && best.total > target + EPSILON && !(best.total < HARD && s.outOfTime())) {
    const before = s.snapshot()
    const removed = ruinSet(s)
    const touched = new Set<number>()
    for (const index of removed) {
      const day = s.dayOf(s.laneOf[index]!)
      const order = s.orders[day]!
      const at = order.indexOf(index)
      order.splice(at, 1)
      s.valid[day] = Math.min(s.valid[day]!, at)
      touched.add(day)
    }
    for (const day of touched) s.recost(day)
    for (const index of removed) insertBest(s, index)
    const delta = s.total - before.total
    const temperature = hot * Math.pow(cold / hot, (s.evaluations - began) / span)
    if (delta <= EPSILON || s.random() < Math.exp(-delta / temperature)) {
      if (s.total < best.total - EPSILON) best = s.snapshot()
    } else s.restore(before)
  }
  s.restore(best)
}

/** 2–8 performances to take out: a musician's bands, neighbours in a day's order, or random. */
function ruinSet(s: SerialSchedule): number[] {
  const { movable, problem } = s
  const size = Math.min(movable.length, RECREATE.fewest + Math.floor(s.random() * (RECREATE.most - RECREATE.fewest + 1)))
  const seed = pick(s)
  const set = [seed]
  // Only performances in play and not pinned (a partner may have been left out at the start).
  const movableSet = new Set(movable)
  const kind = s.random()
  if (kind < 0.4) {
    // Related by musicians: the seed's partners, then theirs.
    for (let k = 0; k < set.length && set.length < size; k++) {
      const partners = problem.partners[set[k]!]!.filter((other) => movableSet.has(other) && !set.includes(other))
      while (partners.length && set.length < size) set.push(partners.splice(Math.floor(s.random() * partners.length), 1)[0]!)
    }
  } else if (kind < 0.8) {
    // Neighbours in the day's placing order (close in time, any stage).
    const order = s.orders[s.dayOf(s.laneOf[seed]!)]!
    const at = order.indexOf(seed)
    const from = Math.max(0, Math.min(order.length - size, at - Math.floor(s.random() * size)))
    for (let k = from; k < Math.min(order.length, from + size); k++) if (!set.includes(order[k]!)) set.push(order[k]!)
  }
  while (set.length < size) {
    const other = movable[Math.floor(s.random() * movable.length)]!
    if (!set.includes(other)) set.push(other)
  }
  // Put back in a random order.
  for (let k = set.length - 1; k > 0; k--) {
    const j = Math.floor(s.random() * (k + 1))
    ;[set[k], set[j]] = [set[j]!, set[k]!]
  }
  return set
}

/** Inserts `index` (in no day's order) where the timetable costs least: any day, position, stage. */
function insertBest(s: SerialSchedule, index: number) {
  const { problem } = s
  let best = Infinity
  let bestDay = -1
  let bestAt = 0
  let bestLane = -1
  for (let day = 0; day < problem.days.length; day++) {
    const lanes = problem.days[day]!.lanes
    if (!lanes.length) continue
    const order = s.orders[day]!
    for (let at = 0; at <= order.length; at++) {
      order.splice(at, 0, index)
      for (const lane of lanes) {
        s.laneOf[index] = lane
        s.evaluations++
        const delta = s.decodeDay(day, at) - s.dayCosts[day]!
        if (delta < best - EPSILON) {
          best = delta
          bestDay = day
          bestAt = at
          bestLane = lane
        }
        s.valid[day] = Math.min(s.valid[day]!, at)
      }
      order.splice(at, 1)
    }
  }
  s.orders[bestDay]!.splice(bestAt, 0, index)
  s.laneOf[index] = bestLane
  s.valid[bestDay] = Math.min(s.valid[bestDay]!, bestAt)
  s.recost(bestDay)
}
