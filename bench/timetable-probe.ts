/**
 * A quick probe of the timetable generator's search quality (issue 14, decision 026): the
 * generator (compact preset, HiGHS as its LP solver, as the worker runs it) on every family
 * instance with a cached HiGHS result, generator seeds 1–5, compared with HiGHS's proven
 * optimum (or the best known timetable: HiGHS's incumbent or any seed's). No HiGHS MILP runs
 * here and nothing is judged: it prints the figures the search is tuned on, for before/after
 * comparisons — the bench (`bench/timetable.ts`) stays the one that fails on a missed target.
 *
 *   npx tsx bench/timetable-probe.ts                    sizes 10–40, seeds 1–5
 *   … --sizes 10,20 --families pool,all --seeds 10      a subset, more seeds
 *   … --json /tmp/after.json                            every run, for a diff with another probe
 *   … --compare /tmp/before.json                        per instance: worst seed before → after
 *   … --memo-lp --effort 2                              the LP once per instance (quick); more effort
 *   … --no-lp                                           without the LP solver (as the editor's demo runs it)
 *   … --instances 3,4,5,6 --json /tmp/a.json            lives the bench never builds (no HiGHS result: vs the best seed)
 *
 * It prints: runs equal to the optimum (instances HiGHS proved), runs more than 1% over, the
 * worst gap, per family the median and worst gap, the seed spread (worst vs best seed) of
 * every instance over 2%, and the CPU time (median and worst) per size. CPU time, not wall
 * clock: the bench machine is shared (decision 018).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { generateTimetable } from '../src/timetable/generator'
import { checkTimetable } from '../src/timetable/rules'
import type { LinearSolver } from '../src/timetable/time-indexed'
import { loadHighsSolver } from '../server/src/workers/highs-solver'
import { benchInstances, readExactCache } from './timetable-exact-cache'
import { familyInstance, familyNames, type FamilyName } from './timetable-families'

interface ProbeRun {
  family: FamilyName
  bands: number
  instance: number
  seed: number
  cost: number
  complete: boolean
  violations: number
  cpuMs: number
  provenOptimal: boolean
  /** HiGHS's proven optimum, or null. */
  optimum: number | null
  /** The best timetable known (HiGHS's or any seed's of this probe). */
  reference: number | null
}

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : undefined
}
const percent = (value: number, reference: number) => (reference > 0 ? ((value - reference) / reference) * 100 : value > reference ? Infinity : 0)
const format = (value: number) => (Number.isFinite(value) ? `${value >= 0 ? '+' : ''}${value.toFixed(2)}%` : '∞')
const quantile = (values: number[], q: number) => {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

async function probe() {
  const sizes = (argument('sizes') ?? '10,20,30,40').split(',').map(Number)
  const wanted = (argument('families') ?? familyNames.join(',')).split(',')
  const seedCount = Number(argument('seeds') ?? 5)
  const seeds = Array.from({ length: seedCount }, (_, index) => index + 1)
  const cache = readExactCache()
  // --instances 3,4,5,6: lives the bench never builds (instance seeds other than its own), so
  // with no HiGHS result: each run is compared with the best any seed found (of this probe, and
  // of --compare's runs), for an A/B on lives the search was not tuned on.
  const unseen = argument('instances')?.split(',').map(Number)
  const instances = unseen
    ? sizes.flatMap((bands) => unseen.flatMap((seed) => familyNames.filter((family) => wanted.includes(family)).map((family) => ({ family, bands, seed, input: familyInstance(family, bands, seed), key: '' }))))
    : benchInstances().filter((item) => sizes.includes(item.bands) && wanted.includes(item.family) && cache[item.key])
  const highs = await loadHighsSolver()
  generateTimetable(instances[0]!.input, highs)
  // --memo-lp: the LP solved once per instance and reused by its other seeds (same answer, as
  // the solver is deterministic) — for quick iterations on the search; the CPU times then leave
  // out the LP for seeds 2–5.
  const memo = process.argv.includes('--memo-lp')
  const effort = argument('effort') ? Number(argument('effort')) : undefined

  const loads = [os.loadavg()[0]!]
  const began = performance.now()
  const runs: ProbeRun[] = []
  for (const item of instances) {
    const exact = cache[item.key] ?? { status: 'none', objective: null }
    const mine: ProbeRun[] = []
    let solved: ReturnType<LinearSolver> | null = null
    const solver: LinearSolver = memo ? (model, options) => (solved ??= highs(model, options)) : highs
    for (const seed of seeds) {
      const input = { ...item.input, seed, ...(effort !== undefined ? { effort } : {}) }
      const cpu = process.cpuUsage()
      const result = generateTimetable(input, process.argv.includes('--no-lp') ? undefined : solver)
      const used = process.cpuUsage(cpu)
      const violations = checkTimetable(input, result.placements).length
      mine.push({
        family: item.family,
        bands: item.bands,
        instance: item.seed,
        seed,
        cost: result.cost.total,
        complete: result.unplaced.length === 0 && violations === 0,
        violations,
        cpuMs: (used.user + used.system) / 1000,
        provenOptimal: result.provenOptimal,
        optimum: exact.status === 'optimal' ? exact.objective : null,
        reference: null,
      })
    }
    const known = [...(exact.objective !== null ? [exact.objective] : []), ...mine.filter((run) => run.complete).map((run) => run.cost)]
    const reference = known.length ? Math.min(...known) : null
    for (const run of mine) run.reference = run.optimum ?? reference
    runs.push(...mine)
    loads.push(os.loadavg()[0]!)
    process.stderr.write('.')
  }
  process.stderr.write('\n')
  report(runs, sizes, loads, (performance.now() - began) / 1000)
  const json = argument('json')
  if (json) writeFileSync(json, JSON.stringify(runs, null, 1))
  const compare = argument('compare')
  if (compare) compareWith(JSON.parse(readFileSync(compare, 'utf8')) as ProbeRun[], runs)
}

const gapOf = (run: ProbeRun) => (!run.complete ? Infinity : run.reference === null ? NaN : percent(run.cost, run.reference))

function report(runs: ProbeRun[], sizes: number[], loads: number[], seconds: number) {
  const proven = runs.filter((run) => run.optimum !== null)
  const equal = proven.filter((run) => run.complete && run.cost === run.optimum)
  const over = proven.filter((run) => gapOf(run) > 1 + 1e-9)
  const worst = proven.reduce<ProbeRun | null>((a, b) => (!a || gapOf(b) > gapOf(a) ? b : a), null)
  console.log(`Timetable probe: ${runs.length} runs, compact preset, ${process.argv.includes('--no-lp') ? 'no LP solver (as the editor\'s demo runs it)' : 'HiGHS as the LP solver'}; load ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} on ${os.cpus().length} CPUs; ${seconds.toFixed(0)} s`)
  console.log(`Runs on HiGHS-proven instances: ${equal.length}/${proven.length} equal to the optimum (${((100 * equal.length) / Math.max(1, proven.length)).toFixed(1)}%), ${over.length} more than 1% over`)
  if (worst) console.log(`Worst run: ${worst.family} ${worst.bands}/${worst.instance} seed ${worst.seed}: ${worst.cost} vs ${worst.optimum} (${format(gapOf(worst))})`)
  const incomplete = runs.filter((run) => !run.complete)
  if (incomplete.length) console.log(`Runs leaving a band out or breaking a rule: ${incomplete.map((run) => `${run.family} ${run.bands}/${run.instance} s${run.seed}${run.violations ? ` (${run.violations} violations!)` : ''}`).join(', ')}`)

  console.log('\nfamily       runs  equal (proven)  >1%  gap median  gap worst  (gap vs the optimum, or the best known where unproven)')
  for (const family of familyNames) {
    const mine = runs.filter((run) => run.family === family)
    if (!mine.length) continue
    const gaps = mine.map(gapOf).filter((gap) => !Number.isNaN(gap))
    const mineProven = mine.filter((run) => run.optimum !== null)
    const mineEqual = mineProven.filter((run) => run.complete && run.cost === run.optimum).length
    const mineOver = mine.filter((run) => gapOf(run) > 1 + 1e-9).length
    console.log(`${family.padEnd(11)}  ${String(mine.length).padStart(4)}  ${`${mineEqual}/${mineProven.length}`.padStart(14)}  ${String(mineOver).padStart(3)}  ${format(quantile(gaps, 0.5)).padStart(10)}  ${format(Math.max(...gaps)).padStart(9)}`)
  }

  console.log('\nSeed spread (worst vs best seed) over 2%:')
  const byInstance = new Map<string, ProbeRun[]>()
  for (const run of runs) {
    const key = `${run.family} ${run.bands}/${run.instance}`
    byInstance.set(key, [...(byInstance.get(key) ?? []), run])
  }
  let spreads = 0
  let worstSpread = 0
  for (const [key, mine] of byInstance) {
    const costs = mine.filter((run) => run.complete).map((run) => run.cost)
    const spread = costs.length < mine.length ? Infinity : percent(Math.max(...costs), Math.min(...costs))
    worstSpread = Math.max(worstSpread, spread)
    if (spread > 2 + 1e-9) {
      spreads++
      console.log(`  ${key.padEnd(16)} ${format(spread).padStart(8)}  costs ${mine.map((run) => (run.complete ? run.cost : `${run.cost}*`)).join(' ')}  optimum ${mine[0]!.optimum ?? '—'}`)
    }
  }
  console.log(`  ${spreads} of ${byInstance.size} instances over 2%; worst ${format(worstSpread)}`)

  console.log('\nCPU ms per size: median / worst')
  for (const bands of sizes) {
    const times = runs.filter((run) => run.bands === bands).map((run) => run.cpuMs)
    if (times.length) console.log(`  ${String(bands).padStart(3)} bands: ${quantile(times, 0.5).toFixed(0)} / ${Math.max(...times).toFixed(0)}`)
  }
}

function compareWith(before: ProbeRun[], after: ProbeRun[]) {
  console.log('\nChanged instances (worst seed before → after; cost per seed):')
  const key = (run: ProbeRun) => `${run.family} ${run.bands}/${run.instance}`
  const old = new Map<string, ProbeRun[]>()
  for (const run of before) old.set(key(run), [...(old.get(key(run)) ?? []), run])
  const now = new Map<string, ProbeRun[]>()
  for (const run of after) now.set(key(run), [...(now.get(key(run)) ?? []), run])
  for (const [name, runs] of now) {
    const was = old.get(name)
    if (!was) continue
    const a = was.map((run) => (run.complete ? run.cost : Infinity))
    const b = runs.map((run) => (run.complete ? run.cost : Infinity))
    if (a.join() === b.join()) continue
    console.log(`  ${name.padEnd(16)} ${String(Math.max(...a)).padStart(6)} → ${String(Math.max(...b)).padEnd(6)} [${a.join(' ')}] → [${b.join(' ')}]  optimum ${runs[0]!.optimum ?? '—'}`)
  }
}

probe().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error)
    process.exit(2)
  },
)
