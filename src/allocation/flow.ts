/**
 * A small max-profit flow (successive shortest paths, Dijkstra on reduced costs) for the
 * allocator's relaxation: source → band (a first unit worth M, the rest worth 0) → band at a
 * slot (capacity 1) → cell (the option's value) → sink (capacity 1). Costs are integers held
 * in doubles (all below 2^53). Arcs are added in layer order (every arc goes from a lower node
 * to a higher one), so the first potentials come from one pass in node order.
 */
export class FlowGraph {
  private arcTo: number[] = []
  private arcCap: number[] = []
  private arcCost: number[] = []
  private arcFrom: number[] = []
  // Built by `freeze()`: arcs grouped by tail node (CSR), as typed arrays.
  private first = new Int32Array(0)
  private order = new Int32Array(0)
  private to = new Int32Array(0)
  private cost = new Float64Array(0)
  private baseCap = new Int32Array(0)
  cap = new Int32Array(0)
  private frozen = false

  constructor(readonly nodes: number) {}

  /** Adds u → v; returns the arc's index (its reverse is index ^ 1). */
  addArc(u: number, v: number, capacity: number, cost: number) {
    if (this.frozen) throw new Error('FlowGraph: arcs after the first solve')
    const arc = this.arcTo.length
    this.arcFrom.push(u, v)
    this.arcTo.push(v, u)
    this.arcCap.push(capacity, 0)
    this.arcCost.push(cost, -cost)
    return arc
  }

  private freeze() {
    this.frozen = true
    const m = this.arcTo.length
    const n = this.nodes
    this.to = Int32Array.from(this.arcTo)
    this.cost = Float64Array.from(this.arcCost)
    this.baseCap = Int32Array.from(this.arcCap)
    this.first = new Int32Array(n + 1)
    for (let arc = 0; arc < m; arc++) this.first[this.arcFrom[arc]! + 1]!++
    for (let u = 0; u < n; u++) this.first[u + 1]! += this.first[u]!
    const fillAt = this.first.slice(0, n)
    this.order = new Int32Array(m)
    for (let arc = 0; arc < m; arc++) this.order[fillAt[this.arcFrom[arc]!]!++] = arc
  }

  /** Sets a forward arc's cost (its reverse gets the opposite). */
  setCost(arc: number, cost: number) {
    if (!this.frozen) this.freeze()
    this.cost[arc] = cost
    this.cost[arc ^ 1] = -cost
  }

  /** Flow on a forward arc after `solve`. */
  flow(arc: number) {
    return this.cap[arc ^ 1]!
  }

  /**
   * The max-profit flow from `source` to `sink` (profit = −cost): augments along cheapest
   * paths while a path still costs less than 0. `closed` arcs get capacity 0 for this solve.
   * Returns the total cost (≤ 0).
   */
  solve(source: number, sink: number, closed: Iterable<number> = []): number {
    if (!this.frozen) this.freeze()
    const n = this.nodes
    const { to, cost, first, order } = this
    const cap = (this.cap = this.baseCap.slice())
    for (const arc of closed) cap[arc] = 0
    const potential = new Float64Array(n).fill(Infinity)
    potential[source] = 0
    for (let u = 0; u < n; u++) {
      const pu = potential[u]!
      if (pu === Infinity) continue
      for (let k = first[u]!; k < first[u + 1]!; k++) {
        const arc = order[k]!
        if (cap[arc]! > 0 && pu + cost[arc]! < potential[to[arc]!]!) potential[to[arc]!] = pu + cost[arc]!
      }
    }
    for (let u = 0; u < n; u++) if (potential[u] === Infinity) potential[u] = 0
    let total = 0
    const dist = new Float64Array(n)
    const via = new Int32Array(n)
    const done = new Uint8Array(n)
    const heap = new Heap(order.length + n)
    for (;;) {
      dist.fill(Infinity)
      done.fill(0)
      dist[source] = 0
      heap.clear()
      heap.push(0, source)
      while (heap.size) {
        const u = heap.popValue()
        if (done[u]) continue
        done[u] = 1
        // Stop once the sink is settled: nodes not settled count as at the sink's distance
        // below, which keeps every reduced cost ≥ 0 (they are at least that far).
        if (u === sink) break
        const du = dist[u]! + potential[u]!
        for (let k = first[u]!; k < first[u + 1]!; k++) {
          const arc = order[k]!
          if (cap[arc]! <= 0) continue
          const v = to[arc]!
          if (done[v]) continue
          const nd = du + cost[arc]! - potential[v]!
          if (nd < dist[v]!) {
            dist[v] = nd
            via[v] = arc
            heap.push(nd, v)
          }
        }
      }
      if (dist[sink] === Infinity) break
      const pathCost = dist[sink]! - potential[source]! + potential[sink]!
      if (pathCost >= 0) break
      const limit = dist[sink]!
      for (let u = 0; u < n; u++) potential[u] = potential[u]! + (done[u] ? dist[u]! : limit)
      let push = Infinity
      for (let v = sink; v !== source; v = to[via[v]! ^ 1]!) push = Math.min(push, cap[via[v]!]!)
      for (let v = sink; v !== source; v = to[via[v]! ^ 1]!) {
        cap[via[v]!]! -= push
        cap[via[v]! ^ 1]! += push
      }
      total += push * pathCost
    }
    return total
  }
}

/** A binary min-heap of (key, value) pairs in typed arrays; equal keys pop the smaller value first (deterministic). */
class Heap {
  private keys: Float64Array
  private values: Int32Array
  size = 0
  constructor(capacity: number) {
    this.keys = new Float64Array(capacity + 1)
    this.values = new Int32Array(capacity + 1)
  }
  clear() {
    this.size = 0
  }
  push(key: number, value: number) {
    const { keys, values } = this
    let i = this.size++
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (keys[parent]! < key || (keys[parent] === key && values[parent]! <= value)) break
      keys[i] = keys[parent]!
      values[i] = values[parent]!
      i = parent
    }
    keys[i] = key
    values[i] = value
  }
  popValue(): number {
    const { keys, values } = this
    const top = values[0]!
    const n = --this.size
    const lastKey = keys[n]!
    const lastValue = values[n]!
    if (n > 0) {
      let i = 0
      for (;;) {
        let child = 2 * i + 1
        if (child >= n) break
        if (child + 1 < n && (keys[child + 1]! < keys[child]! || (keys[child + 1] === keys[child] && values[child + 1]! < values[child]!))) child++
        if (lastKey < keys[child]! || (lastKey === keys[child] && lastValue <= values[child]!)) break
        keys[i] = keys[child]!
        values[i] = values[child]!
        i = child
      }
      keys[i] = lastKey
      values[i] = lastValue
    }
    return top
  }
}
