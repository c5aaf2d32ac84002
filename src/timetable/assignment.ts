/**
 * Minimum-cost assignment of `rows` to distinct columns (rows ≤ columns), the Hungarian
 * method with potentials (Kuhn–Munkres, O(rows² · columns)). `cost` is row-major.
 * Returns the column of each row and the total.
 */
export function assign(rows: number, columns: number, cost: Float64Array): { columnOf: Int32Array; total: number } {
  if (rows > columns) throw new Error('assign: more rows than columns')
  const u = new Float64Array(rows + 1)
  const v = new Float64Array(columns + 1)
  const rowOfColumn = new Int32Array(columns + 1)
  const way = new Int32Array(columns + 1)
  const minv = new Float64Array(columns + 1)
  const used = new Uint8Array(columns + 1)
  for (let row = 1; row <= rows; row++) {
    rowOfColumn[0] = row
    let j0 = 0
    minv.fill(Infinity)
    used.fill(0)
    do {
      used[j0] = 1
      const i0 = rowOfColumn[j0]!
      const base = (i0 - 1) * columns - 1
      let delta = Infinity
      let j1 = 0
      for (let j = 1; j <= columns; j++) {
        if (used[j]) continue
        const current = cost[base + j]! - u[i0]! - v[j]!
        if (current < minv[j]!) {
          minv[j] = current
          way[j] = j0
        }
        if (minv[j]! < delta) {
          delta = minv[j]!
          j1 = j
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (used[j]) {
          u[rowOfColumn[j]!] += delta
          v[j] -= delta
        } else {
          minv[j] -= delta
        }
      }
      j0 = j1
    } while (rowOfColumn[j0] !== 0)
    do {
      const j1 = way[j0]!
      rowOfColumn[j0] = rowOfColumn[j1]!
      j0 = j1
    } while (j0)
  }
  const columnOf = new Int32Array(rows)
  let total = 0
  for (let j = 1; j <= columns; j++) {
    const row = rowOfColumn[j]!
    if (row) {
      columnOf[row - 1] = j - 1
      total += cost[(row - 1) * columns + j - 1]!
    }
  }
  return { columnOf, total }
}
