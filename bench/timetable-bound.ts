/**
 * The generator's LP bound alone (issue 14, decision 027): for each family instance, the
 * time-indexed model's size, the CPU time to build it and to solve its LP relaxation with the
 * worker's HiGHS, and the bound (rounded up: costs are whole) against HiGHS's cached MILP
 * result (`bench/timetable-exact-results.json`). Run with `npx tsx bench/timetable-bound.ts`;
 * `BENCH_TIMETABLE_SIZES` (default 10,20,30,40 — the generator solves the LP up to 40
 * performances) and `BENCH_TIMETABLE_FAMILIES` pick instances, `BENCH_BOUND_SEEDS` the instance
 * seeds (default 1,2: the cached ones).
 *
 * Exit code 1 when a bound is above a proven optimum or above HiGHS's best timetable — the one
 * thing a lower bound must never do — or when the bound proven from the duals drifts from the
 * LP's primal objective by more than 1e-6.
 */
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { compile } from '../src/timetable/model'
import { timeIndexedModel } from '../src/timetable/time-indexed'
import { loadHighsSolver } from '../server/src/workers/highs-solver'
import { instanceKey, readExactCache } from './timetable-exact-cache'
import { familyInstance, familyNames } from './timetable-families'

const cpuMs = () => {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export async function runBoundBench(): Promise<boolean> {
  const sizes = (process.env.BENCH_TIMETABLE_SIZES ?? '10,20,30,40').split(',').map(Number)
  const wanted = (process.env.BENCH_TIMETABLE_FAMILIES ?? familyNames.join(',')).split(',')
  const seeds = (process.env.BENCH_BOUND_SEEDS ?? '1,2').split(',').map(Number)
  const cache = readExactCache()
  const solver = await loadHighsSolver()
  const loads = [os.loadavg()[0]!]
  const failures: string[] = []
  const bySize = new Map<number, { ms: number[]; proven: number; optimal: number; unknown: number; count: number }>()
  console.log(`\n▶ The LP bound (time-indexed model, HiGHS dual simplex) vs HiGHS's MILP; ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}`)
  console.log('family       bands/inst  columns  nonzeros  build ms  LP ms   bound  MILP (✓ optimum, ≥ bound)  status')
  console.log('───────────  ──────────  ───────  ────────  ────────  ─────  ──────  ─────────────────────────  ──────')
  for (const bands of sizes) {
    for (const family of familyNames.filter((name) => wanted.includes(name))) {
      for (const seed of seeds) {
        const input = familyInstance(family, bands, seed)
        const exact = cache[instanceKey(input)]
        const problem = compile(input)
        const active = problem.perfs.map((perf) => perf.index)
        let began = cpuMs()
        const model = timeIndexedModel(problem, active)
        const buildMs = cpuMs() - began
        began = cpuMs()
        const solution = solver(model, { iterationLimit: 1_000_000 })
        const lpMs = cpuMs() - began
        loads.push(os.loadavg()[0]!)
        const nonzeros = model.rows.reduce((sum, row) => sum + row.columns.length, 0)
        const bound = solution.status === 'optimal' ? Math.ceil(solution.objective - 1e-6) : null
        const primal = solution.values ? model.columns.reduce((sum, column, at) => sum + column.cost * solution.values![at]!, 0) : null
        const optimum = exact?.status === 'optimal' ? exact.objective : null
        const entry = bySize.get(bands) ?? { ms: [], proven: 0, optimal: 0, unknown: 0, count: 0 }
        bySize.set(bands, entry)
        entry.count++
        entry.ms.push(buildMs + lpMs)
        let status = ''
        if (optimum !== null && optimum !== undefined) {
          entry.optimal++
          if (bound === optimum) {
            entry.proven++
            status = 'proves'
          } else status = bound !== null && bound < optimum ? `−${(((optimum - bound) / optimum) * 100).toFixed(2)}%` : ''
        } else entry.unknown++
        if (bound !== null && optimum !== null && optimum !== undefined && bound > optimum) failures.push(`${family} ${bands}/${seed}: bound ${bound} above the optimum ${optimum}`)
        if (bound !== null && exact?.objective != null && bound > exact.objective) failures.push(`${family} ${bands}/${seed}: bound ${bound} above HiGHS's timetable ${exact.objective}`)
        if (primal !== null && Math.abs(primal - solution.objective) > 1e-6) failures.push(`${family} ${bands}/${seed}: dual bound ${solution.objective} vs primal ${primal}`)
        const milp = !exact ? '(not cached)' : exact.status === 'optimal' ? `${exact.objective} ✓` : `${exact.objective ?? '—'} ≥ ${exact.bound ?? '—'}`
        console.log(
          `${family.padEnd(11)}  ${`${bands}/${seed}`.padStart(10)}  ${String(model.columns.length).padStart(7)}  ${String(nonzeros).padStart(8)}  ${buildMs.toFixed(0).padStart(8)}  ${lpMs.toFixed(0).padStart(5)}  ${bound === null ? solution.status.padStart(6) : String(bound).padStart(6)}  ${milp.padStart(25)}  ${status}`,
        )
      }
    }
  }
  console.log('\nPer size: bound equal to the proven optimum / instances with one; CPU ms (build + LP) median and worst')
  for (const [bands, entry] of bySize) {
    console.log(`  ${String(bands).padStart(3)} bands: ${entry.proven}/${entry.optimal} proven${entry.unknown ? ` (+${entry.unknown} without a known optimum)` : ''}; ${median(entry.ms).toFixed(0)} ms median, ${Math.max(...entry.ms).toFixed(0)} ms worst`)
  }
  console.log(`  Machine load (1-min average): ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} on ${os.cpus().length} CPUs`)
  for (const failure of failures) console.log(`  FAIL ${failure}`)
  console.log(failures.length ? '  FAIL' : '  The bound is never above a proven optimum or a known timetable — PASS')
  return !failures.length
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBoundBench().then(
    (ok) => process.exit(ok ? 0 : 1),
    (error: unknown) => {
      console.error(error instanceof Error ? error.stack : error)
      process.exit(2)
    },
  )
}
