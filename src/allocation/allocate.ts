import { rankWeight, type AllocationAssignment, type AllocationResult, type AllocationSnapshot, type AllocationUnmet, type UnmetReason } from '../contract/allocation'
import { FlowGraph } from './flow'
import { compile, objectiveOf, rankOf, type Option, type Problem } from './model'

/**
 * The allocator (issue 15, decision 020): a pure function from a round's snapshot to the
 * cells each band receives, its figures, and a reason for every wish not met.
 *
 * Objective, lexicographic: (a) bands with ≥ 1 period, (b) Σ priority weight × rank weight,
 * (c) Σ lottery tickets of the periods (a seeded order of the bands). The three are one
 * integer `K × (M × a + b) + c` with M and K larger than what the level below can add.
 *
 * Method (decision 020): a Lagrangian relaxation solved as a flow, then branch and bound.
 * 1. The relaxation drops one hard rule — a person in two bands playing in two rooms at
 *    once — and is then a max-profit flow (exact). A multiplier λ ≥ 0 per (person, slot)
 *    charges each band of that person for the slot; flow value + Σ λ stays an upper bound for
 *    any λ, and a fixed number of subgradient steps tighten it.
 * 2. Every flow met is repaired into an allocation (drop the clashes, fill greedily) and
 *    improved by a local search (take an option, let go of what it conflicts with, refill).
 * 3. Branch and bound with the best λ: a node whose flow puts a person p in the bands Q at
 *    one slot splits into one child per band X of Q in which the others may not have that
 *    slot (every allocation keeps at most one band of p there, so it lies in a child). Best
 *    bound first; it stops when no open node can beat the best allocation (proven optimal)
 *    or after `nodeBudget` nodes — a count, never a time, so the same snapshot and seed give
 *    the same result.
 */

const DEFAULT_NODE_BUDGET = 40

/**
 * Branch-and-bound nodes for a round's run (the closing-time job, "run now", the demo): a node
 * costs about as much as a flow solve, which grows with the bands, so the budget shrinks with
 * them — 80 nodes at 100 bands (about 1.5 s of CPU on the crowded rounds of decision 020), up
 * to 600 on small rounds. A count from the snapshot alone: the stored snapshot gives the same
 * result again.
 */
export function roundNodeBudget(snapshot: Pick<AllocationSnapshot, 'bands'>): number {
  return Math.min(600, Math.max(80, Math.round(8000 / Math.max(1, snapshot.bands.length))))
}
/** Subgradient steps on the Lagrangian multipliers before branching. */
const LAGRANGE_STEPS = 60
/** Steps without a better bound before the step size halves and λ goes back to the best met. */
const LAGRANGE_STALL = 4
/** λ moves in quarters of a score unit: exact in floating point, finer than whole units (tighter bounds). */
const LAMBDA_STEPS_PER_UNIT = 4

interface Node {
  /** band × slot pairs closed in this node. */
  closed: Set<number>
  value: number
  chosen: Option[]
}

export function allocate(snapshot: AllocationSnapshot): AllocationResult {
  const problem = compile(snapshot)
  const { bands, bigM, lotteryScale } = problem
  const budget = snapshot.nodeBudget ?? DEFAULT_NODE_BUDGET

  // ── The flow network ──
  const SOURCE = 0
  const SINK = 1
  let nodeCount = 2 + bands.length
  const bandSlotNode = new Map<number, number>()
  const bandSlotKey = (band: number, slot: number) => band * problem.slotCount + slot
  const cellNode = new Map<number, number>()
  for (const band of bands) {
    for (const option of band.options) {
      const key = bandSlotKey(band.index, option.slot)
      if (!bandSlotNode.has(key)) bandSlotNode.set(key, nodeCount++)
    }
  }
  const usedCells = [...new Set(bands.flatMap((band) => band.options.map((option) => option.cell)))].sort((a, b) => a - b)
  for (const cell of usedCells) cellNode.set(cell, nodeCount++)
  const graph = new FlowGraph(nodeCount)
  for (const band of bands) {
    if (!band.options.length) continue
    graph.addArc(SOURCE, 2 + band.index, 1, -lotteryScale * bigM)
    if (band.cap > 1) graph.addArc(SOURCE, 2 + band.index, band.cap - 1, 0)
  }
  const bandSlotArc = new Map<number, number>()
  for (const band of bands) {
    for (const option of band.options) {
      const key = bandSlotKey(band.index, option.slot)
      if (!bandSlotArc.has(key)) bandSlotArc.set(key, graph.addArc(2 + band.index, bandSlotNode.get(key)!, 1, 0))
    }
  }
  const optionArcs: Array<{ arc: number; option: Option }> = []
  for (const band of bands) {
    for (const option of band.options) {
      const arc = graph.addArc(bandSlotNode.get(bandSlotKey(band.index, option.slot))!, cellNode.get(option.cell)!, 1, -(lotteryScale * option.value + band.ticket))
      optionArcs.push({ arc, option })
    }
  }
  for (const cell of usedCells) graph.addArc(cellNode.get(cell)!, SINK, 1, 0)

  // ── Lagrangian penalties on "a person in two places" ──
  // The relaxation may put a person in two or more bands at one slot. A multiplier λ ≥ 0 per
  // such (person, slot) charges every band of that person for using the slot, and gives λ
  // back once: for any λ, flow value + Σ λ is still an upper bound, and a good λ makes it
  // much tighter (and the flow's allocations nearer to keeping every rule).
  const pairOf = new Map<number, number>()
  const pairBandSlots: number[][] = []
  for (const band of bands) {
    const slots = [...new Set(band.options.map((option) => option.slot))]
    for (const slot of slots) {
      for (const person of band.memberIndices) {
        const key = slot * problem.personCount + person
        if (!pairOf.has(key)) {
          pairOf.set(key, pairBandSlots.length)
          pairBandSlots.push([])
        }
        pairBandSlots[pairOf.get(key)!]!.push(bandSlotKey(band.index, slot))
      }
    }
  }
  const pairs = pairBandSlots.map((list, index) => ({ index, bandSlots: list })).filter((pair) => pair.bandSlots.length > 1)
  const pairsOfBandSlot = new Map<number, number[]>()
  pairs.forEach((pair, at) => {
    for (const key of pair.bandSlots) pairsOfBandSlot.set(key, [...(pairsOfBandSlot.get(key) ?? []), at])
  })
  let lambda = new Float64Array(pairs.length)
  let applied: Float64Array | null = null
  const applyLambda = (values: Float64Array) => {
    if (applied === values) return
    for (const [key, list] of pairsOfBandSlot) {
      let penalty = 0
      for (const at of list) penalty += values[at]!
      graph.setCost(bandSlotArc.get(key)!, lotteryScale * penalty)
    }
    applied = values
  }
  const zero = new Float64Array(pairs.length)

  const solveNode = (closed: Set<number>, values: Float64Array): Node => {
    applyLambda(values)
    const cost = graph.solve(
      SOURCE,
      SINK,
      [...closed].map((key) => bandSlotArc.get(key)!),
    )
    let given = 0
    for (const value of values) given += value
    const chosen = optionArcs.filter(({ arc }) => graph.flow(arc) > 0).map(({ option }) => option)
    return { closed, value: -cost + lotteryScale * given, chosen }
  }

  // ── Allocations: the combined value, clashes, repair ──
  const combined = (chosen: Option[]) => {
    const served = new Set(chosen.map((option) => option.band)).size
    let total = lotteryScale * bigM * served
    for (const option of chosen) total += lotteryScale * option.value + bands[option.band]!.ticket
    return total
  }
  /**
   * The clash to branch on: among the people holding two or more bands at one slot, the one
   * where the most is at stake (the largest sum of the values there but the best one), ties
   * by slot and person; null when the allocation keeps every rule.
   */
  const clash = (chosen: Option[]) => {
    const holders = new Map<number, Option[]>()
    for (const option of chosen) {
      for (const person of bands[option.band]!.memberIndices) {
        const key = option.slot * problem.personCount + person
        holders.set(key, [...(holders.get(key) ?? []), option])
      }
    }
    let best: { key: number; stake: number; options: Option[] } | null = null
    for (const [key, options] of holders) {
      if (options.length < 2) continue
      const values = options.map((option) => option.value).sort((a, b) => b - a)
      const stake = values.slice(1).reduce((sum, value) => sum + value, 0)
      if (!best || stake > best.stake || (stake === best.stake && key < best.key)) best = { key, stake, options }
    }
    if (!best) return null
    return { slot: Math.floor(best.key / problem.personCount), bands: best.options.map((option) => option.band).sort((a, b) => a - b) }
  }
  const allOptions = bands.flatMap((band) => band.options).sort(byValue(problem))
  const repair = (chosen: Option[]): Option[] => {
    const state = new State(problem)
    // Keep the flow's periods, most valuable first (a band's first period before any other).
    const firstOf = new Set<Option>()
    const seen = new Set<number>()
    for (const option of [...chosen].sort(byValue(problem))) {
      if (seen.has(option.band)) continue
      seen.add(option.band)
      firstOf.add(option)
    }
    const keep = [...chosen].sort((a, b) => Number(firstOf.has(b)) - Number(firstOf.has(a)) || byValue(problem)(a, b))
    for (const option of keep) if (state.fits(option)) state.add(option)
    fill(state, allOptions)
    improve(state, problem, allOptions)
    return state.chosen
  }
  const scoreOf = (value: number) => Math.floor(value / lotteryScale)
  let best: Option[] = []
  let bestValue = 0
  const offer = (chosen: Option[]) => {
    const repaired = repair(chosen)
    const value = combined(repaired)
    if (value > bestValue) {
      best = repaired
      bestValue = value
    }
  }

  // ── Subgradient steps on λ (a fixed number: deterministic) ──
  let bestBound = Infinity
  let bestLambda = lambda
  let bestNode: Node | null = null
  let theta = 1
  let stall = 0
  for (let step = 0; step < LAGRANGE_STEPS && pairs.length; step++) {
    let node = solveNode(new Set(), lambda)
    offer(node.chosen)
    let bound = scoreOf(node.value)
    if (bound < bestBound) {
      bestBound = bound
      bestLambda = lambda
      bestNode = node
      stall = 0
    } else if (++stall >= LAGRANGE_STALL) {
      // No better bound for a while: halve the step and go on from the best λ met.
      theta /= 2
      stall = 0
      lambda = bestLambda
      node = bestNode!
      bound = bestBound
    }
    if (bestBound <= scoreOf(bestValue)) break
    const usage = new Int32Array(pairs.length)
    for (const option of node.chosen) for (const at of pairsOfBandSlot.get(bandSlotKey(option.band, option.slot)) ?? []) usage[at]!++
    const next = new Float64Array(pairs.length)
    let norm = 0
    for (let at = 0; at < pairs.length; at++) {
      const g = usage[at]! - 1
      if (g > 0 || lambda[at]! > 0) norm += g * g
    }
    if (norm === 0) break
    const size = (theta * (bound - scoreOf(bestValue))) / norm
    for (let at = 0; at < pairs.length; at++) {
      const g = usage[at]! - 1
      const delta = Math.round(size * g * LAMBDA_STEPS_PER_UNIT) / LAMBDA_STEPS_PER_UNIT
      next[at] = Math.max(0, lambda[at]! + (g > 0 ? Math.max(1 / LAMBDA_STEPS_PER_UNIT, delta) : delta))
    }
    lambda = next
  }
  lambda = pairs.length ? bestLambda : zero

  // ── Branch and bound, best bound first ──
  // Nodes are pruned on (a)+(b) only: a node whose bound cannot beat the best score is closed
  // even if it could win on the lottery, so (c) breaks ties among the allocations the search
  // visits, without a proof (proving it would cost many more nodes).
  let nodes = 1
  const root = bestNode ?? solveNode(new Set(), lambda)
  if (!bestNode) offer(root.chosen)
  const open: Node[] = [root]
  while (open.length) {
    // Best bound first; equal bounds: the node found first (deterministic).
    let at = 0
    for (let i = 1; i < open.length; i++) if (open[i]!.value > open[at]!.value) at = i
    const node = open[at]!
    if (scoreOf(node.value) <= scoreOf(bestValue)) {
      open.length = 0
      break
    }
    if (nodes >= budget) break
    open.splice(at, 1)
    let found = clash(node.chosen)
    if (!found) {
      // Keeps every rule: with λ its score may still be below its bound; without λ the
      // relaxation is exact when it keeps every rule, or shows a clash to branch on.
      offer(node.chosen)
      const plain = solveNode(node.closed, zero)
      nodes++
      found = clash(plain.chosen)
      if (!found) {
        offer(plain.chosen)
        continue
      }
      node.chosen = plain.chosen
    }
    for (const keepBand of found.bands) {
      const closed = new Set(node.closed)
      for (const other of found.bands) if (other !== keepBand) closed.add(bandSlotKey(other, found.slot))
      const child = solveNode(closed, lambda)
      nodes++
      offer(child.chosen)
      child.value = Math.min(child.value, node.value)
      if (scoreOf(child.value) > scoreOf(bestValue)) open.push(child)
    }
  }
  // Every node not explored is open (closed ones were explored or could not beat the best).
  const bound = Math.max(bestValue, ...open.map((node) => node.value))

  // A last greedy fill: never lowers the objective, and leaves no free cell a band could still take.
  const finalState = new State(problem)
  for (const option of best) finalState.add(option)
  fill(finalState, allOptions)
  best = finalState.chosen

  const assignments: AllocationAssignment[] = best
    .map((option) => {
      const cell = problem.cells[option.cell]!
      return { bandId: bands[option.band]!.id, roomId: cell.roomId, date: cell.date, periodId: cell.periodId, rank: option.rank }
    })
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || problem.periods.findIndex((p) => p.id === a.periodId) - problem.periods.findIndex((p) => p.id === b.periodId) || problem.rooms.findIndex((r) => r.id === a.roomId) - problem.rooms.findIndex((r) => r.id === b.roomId))
  const objective = objectiveOf(problem, assignments)
  const scoreBound = Math.max(objective.score, scoreOf(bound))
  return {
    assignments,
    bands: bands.map((band) => {
      const mine = best.filter((option) => option.band === band.index)
      return {
        bandId: band.id,
        asked: band.asked,
        received: mine.length,
        satisfaction: mine.reduce((sum, option) => sum + option.value / band.weight, 0),
        lottery: band.lotteryPlace,
      }
    }),
    unmet: unmetWishes(problem, finalState),
    objective,
    bound: scoreBound,
    provenOptimal: scoreBound === objective.score,
    nodes,
  }
}

/**
 * The result's figures and reasons for any list of assignments, e.g. a draft an executive
 * changed by hand (decision 020): ranks (0 for a cell the band did not wish for), each band's
 * periods, and a reason for every wish not met. `bound`, `provenOptimal` and `nodes` are those
 * of `run` (the allocator's own result), kept as they were.
 */
export function describeAssignments(
  snapshot: AllocationSnapshot,
  assignments: ReadonlyArray<Omit<AllocationAssignment, 'rank'>>,
  run: Pick<AllocationResult, 'bound' | 'provenOptimal' | 'nodes'>,
): AllocationResult {
  const problem = compile(snapshot)
  const state = new State(problem)
  const placed: AllocationAssignment[] = []
  for (const assignment of assignments) {
    const band = problem.bandById.get(assignment.bandId)
    const cell = problem.cellIndex(assignment.roomId, assignment.date, assignment.periodId)
    if (!band || cell === undefined) continue
    const rank = rankOf(band, cell) ?? 0
    const value = rank > 0 ? band.weight * rankWeight(rank) : 0
    state.add({ band: band.index, cell, slot: problem.cells[cell]!.slot, rank, value })
    placed.push({ ...assignment, rank })
  }
  return {
    assignments: placed,
    bands: problem.bands.map((band) => {
      const mine = state.byBand[band.index]!
      return {
        bandId: band.id,
        asked: band.asked,
        received: mine.length,
        satisfaction: mine.reduce((sum, option) => sum + (option.rank > 0 ? rankWeight(option.rank) : 0), 0),
        lottery: band.lotteryPlace,
      }
    }),
    unmet: unmetWishes(problem, state, true),
    objective: objectiveOf(problem, placed),
    bound: run.bound,
    provenOptimal: run.provenOptimal,
    nodes: run.nodes,
  }
}

const byValue = (problem: Problem) => (a: Option, b: Option) =>
  b.value - a.value || problem.bands[b.band]!.ticket - problem.bands[a.band]!.ticket || a.cell - b.cell

/** Greedy fill over options sorted by `byValue`: bands with nothing first, then the most valuable options, each when it keeps every rule. */
function fill(state: State, sorted: Option[]) {
  for (const option of sorted) if (state.count[option.band] === 0 && state.fits(option)) state.add(option)
  for (const option of sorted) if (state.fits(option)) state.add(option)
}

/** An allocation being built: who holds each cell, who is where, each band's periods. */
class State {
  holder: Int32Array
  count: Int32Array
  byBand: Option[][]
  /** (slot, person) → band index, or −1; people first, then each band itself. */
  private at: Int32Array
  private stride: number
  constructor(private problem: Problem) {
    this.holder = new Int32Array(problem.cells.length).fill(-1)
    this.count = new Int32Array(problem.bands.length)
    this.byBand = problem.bands.map(() => [])
    this.stride = problem.personCount + problem.bands.length
    this.at = new Int32Array(problem.slotCount * this.stride).fill(-1)
  }
  get chosen() {
    return this.byBand.flat()
  }
  /** The band a person (index) plays with at a slot in this allocation, or −1. */
  bandOf(slot: number, person: number) {
    return this.at[slot * this.stride + person]!
  }
  /** The band itself at a slot (−1 when not there). */
  bandAt(slot: number, band: number) {
    return this.at[slot * this.stride + this.problem.personCount + band]!
  }
  fits(option: Option) {
    const band = this.problem.bands[option.band]!
    if (this.holder[option.cell] !== -1 || this.count[option.band]! >= band.cap) return false
    const base = option.slot * this.stride
    if (this.at[base + this.problem.personCount + option.band] !== -1) return false
    for (const person of band.memberIndices) if (this.at[base + person] !== -1) return false
    return true
  }
  add(option: Option) {
    this.mark(option, option.band)
    this.byBand[option.band]!.push(option)
    this.count[option.band]!++
  }
  remove(option: Option) {
    this.mark(option, -1)
    const list = this.byBand[option.band]!
    list.splice(list.indexOf(option), 1)
    this.count[option.band]!--
  }
  private mark(option: Option, value: number) {
    const band = this.problem.bands[option.band]!
    this.holder[option.cell] = value
    const base = option.slot * this.stride
    this.at[base + this.problem.personCount + option.band] = value
    for (const person of band.memberIndices) this.at[base + person] = value
  }
  /** What must leave for `option` to fit: the cell's holder, the bands of its members at that time, and the band's own period at that time or its least valuable one when full. */
  conflicts(option: Option): Option[] {
    const band = this.problem.bands[option.band]!
    const out = new Set<Option>()
    const holder = this.holder[option.cell]!
    const atSlot = (other: number) => this.byBand[other]!.find((item) => item.slot === option.slot)
    if (holder !== -1) out.add(atSlot(holder)!)
    for (const person of band.memberIndices) {
      const other = this.bandOf(option.slot, person)
      if (other !== -1) out.add(atSlot(other)!)
    }
    const own = [...out].filter((item) => item.band === option.band).length
    if (!own && this.count[option.band]! >= band.cap) {
      const mine = this.byBand[option.band]!
      out.add(mine.reduce((low, item) => (item.value < low.value || (item.value === low.value && item.cell > low.cell) ? item : low)))
    }
    return [...out]
  }
}

/**
 * Local search on an allocation: for each option not taken (most valuable first), take it,
 * let go of what it conflicts with, refill the bands that lost a period from their own
 * options, and keep the change when (a)+(b)+(c) improves. Until no change helps (at most a
 * few passes).
 */
function improve(state: State, problem: Problem, sorted: Option[]) {
  const { lotteryScale, bigM } = problem
  const bandValue = (band: number) => {
    let total = state.count[band]! > 0 ? lotteryScale * bigM : 0
    for (const item of state.byBand[band]!) total += lotteryScale * item.value + problem.bands[band]!.ticket
    return total
  }
  for (let pass = 0; pass < 4; pass++) {
    let changed = false
    for (const option of sorted) {
      if (state.holder[option.cell] === option.band) continue
      // A full band gains nothing from an option worth no more than its least valuable period.
      const mine = state.byBand[option.band]!
      if (state.count[option.band]! >= problem.bands[option.band]!.cap && !mine.some((item) => item.slot === option.slot) && mine.every((item) => item.value >= option.value)) continue
      if (state.fits(option)) {
        state.add(option)
        changed = true
        continue
      }
      const out = state.conflicts(option)
      if (out.length > 3) continue
      const bands = [...new Set([option.band, ...out.map((item) => item.band)])]
      const before = bands.reduce((sum, band) => sum + bandValue(band), 0)
      for (const item of out) state.remove(item)
      if (!state.fits(option)) {
        for (const item of out) state.add(item)
        continue
      }
      state.add(option)
      const added: Option[] = [option]
      for (const band of bands) {
        if (band === option.band) continue
        for (const candidate of problem.bands[band]!.options) {
          if (state.fits(candidate)) {
            state.add(candidate)
            added.push(candidate)
          }
        }
      }
      const after = bands.reduce((sum, band) => sum + bandValue(band), 0)
      if (after > before) {
        changed = true
        continue
      }
      for (const item of added) state.remove(item)
      for (const item of out) state.add(item)
    }
    if (!changed) break
  }
}

/** Every wish a band did not get, with the first reason that applies (decision 020). */
function unmetWishes(problem: Problem, state: State, byHand = false): AllocationUnmet[] {
  const unmet: AllocationUnmet[] = []
  const credited = new Set(state.chosen.map((option) => `${option.band}|${option.rank}`))
  for (const band of problem.bands) {
    const mine = state.chosen.filter((option) => option.band === band.index)
    band.wishCells.forEach((cells, at) => {
      const rank = at + 1
      if (credited.has(`${band.index}|${rank}`)) return
      const reason = reasonFor(problem, state, band.index, rank, cells, mine, byHand)
      unmet.push({ bandId: band.id, rank, reason })
    })
  }
  return unmet
}

/**
 * The first reason that applies to the band's wish of `rank`. A better wish (or an executive's
 * gift) at the same time is the whole story; a *worse* wish received at that time is not — the
 * band wanted this one more, so the reason is what kept it from them (the cell went to another
 * band, a member plays elsewhere), and "you received that time instead" only when nothing else
 * explains it.
 */
function reasonFor(problem: Problem, state: State, bandIndex: number, rank: number, cells: number[] | null, mine: Option[], byHand: boolean): UnmetReason {
  if (cells === null) return { kind: 'not-in-round' }
  const band = problem.bands[bandIndex]!
  const slot = problem.cells[cells[0]!]!.slot
  const sameTime = mine.find((option) => option.slot === slot)
  const sameTimeReason: UnmetReason | null = sameTime ? { kind: 'same-time', roomId: problem.cells[sameTime.cell]!.roomId, rank: sameTime.rank } : null
  if (sameTime && (sameTime.rank === 0 || sameTime.rank < rank)) return sameTimeReason!
  // Receiving the worse wish at this time instead used no more of the band's periods.
  if (!sameTime && mine.length >= band.cap) return { kind: 'enough', received: mine.length, wants: band.band.wants, limit: band.band.limit }
  for (const person of band.members) {
    const booking = problem.busy[slot]!.get(person)
    if (booking) return { kind: 'member-busy', personId: person, roomName: booking.roomName, label: booking.label }
  }
  const holders = cells.map((cell) => state.holder[cell]!)
  const taken = cells.findIndex((cell, at) => holders[at] !== -1 && problem.cells[cell]!.unavailable === null)
  const free = cells.findIndex((cell, at) => holders[at] === -1 && problem.cells[cell]!.unavailable === null && problem.cells[cell]!.booking === null)
  if (free !== -1 || taken !== -1) {
    // A member plays at that time with a band that received a room in this allocation.
    for (const [at, person] of band.members.entries()) {
      const other = state.bandOf(slot, band.memberIndices[at]!)
      if (other !== -1 && other !== bandIndex) {
        const held = state.chosen.find((option) => option.band === other && option.slot === slot)!
        return { kind: 'member-allocated', personId: person, roomId: problem.cells[held.cell]!.roomId, otherBandId: problem.bands[other]!.id }
      }
    }
  }
  if (taken !== -1) return { kind: 'taken', roomId: problem.cells[cells[taken]!]!.roomId, byBandId: problem.bands[holders[taken]!]!.id }
  const booked = cells.find((cell) => problem.cells[cell]!.unavailable === null && problem.cells[cell]!.booking !== null)
  if (booked !== undefined) return { kind: 'booked', roomId: problem.cells[booked]!.roomId, label: problem.cells[booked]!.booking!.label }
  const closed = cells.find((cell) => problem.cells[cell]!.unavailable !== null)
  if (closed !== undefined) return { kind: 'unavailable', roomId: problem.cells[closed]!.roomId, reason: problem.cells[closed]!.unavailable! }
  // Only after hand changes: the allocator fills every free cell a band could take.
  if (byHand && free !== -1) return { kind: 'left-free', roomId: problem.cells[cells[free]!]!.roomId }
  if (sameTimeReason) return sameTimeReason
  throw new Error(`allocate: no reason found for a wish of ${band.id}`)
}
