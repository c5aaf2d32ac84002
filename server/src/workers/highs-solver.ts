import highsLoader from 'highs'
import { dualBound, type LinearSolver } from '../../../src/timetable/time-indexed'

type Highs = Awaited<ReturnType<typeof highsLoader>>

/**
 * The generator's LP solver (decision 009): HiGHS (WebAssembly), loaded once per worker
 * thread. It solves the LP relaxation of the time-indexed model with a simplex iteration
 * limit — a count, so the same input gives the same answer on any machine — and reports
 * `stopped` when the limit is reached. The bound it reports is proven from the duals
 * (`dualBound`), not taken on trust from the solver's objective. Synchronous: it blocks the
 * worker thread, never the request thread.
 */
export function highsSolver(highs: Highs): LinearSolver {
  return (model, { iterationLimit }) => {
    const starts = [0]
    const indices: number[] = []
    for (const row of model.rows) {
      for (const column of row.columns) indices.push(column)
      starts.push(indices.length)
    }
    const instance = highs.createModel({
      numCols: model.columns.length,
      numRows: model.rows.length,
      colCost: model.columns.map((column) => column.cost),
      colLower: model.columns.map(() => 0),
      colUpper: model.columns.map(() => 1),
      rowLower: model.rows.map((row) => (row.lower === -Infinity ? -highs.infinity : row.lower)),
      rowUpper: model.rows.map((row) => row.upper),
      matrix: { format: 'csr', numRows: model.rows.length, numCols: model.columns.length, starts, indices, values: indices.map(() => 1) },
    })
    try {
      // Simplex only (its iteration count is the limit) quietly.
      instance.options.set({ output_flag: false, solver: 'simplex', simplex_iteration_limit: iterationLimit })
      instance.run()
      const status = instance.getModelStatus()
      const { modelStatus } = highs.constants
      if (status === modelStatus.optimal) {
        // The bound from HiGHS's duals, recomputed here (`dualBound`): valid whatever its
        // tolerances; on the bench's lives it equals HiGHS's objective to 1e-9.
        const solution = instance.getSolution()
        return { status: 'optimal', objective: dualBound(model, solution.rowDual), values: solution.colValue }
      }
      if (status === modelStatus.infeasible) return { status: 'infeasible', objective: Infinity, values: null }
      return { status: 'stopped', objective: -Infinity, values: null }
    } finally {
      instance.dispose()
    }
  }
}

let loaded: Promise<LinearSolver> | undefined
/** The solver of this thread, HiGHS loaded on first use. */
export function loadHighsSolver(): Promise<LinearSolver> {
  return (loaded ??= highsLoader().then(highsSolver))
}
