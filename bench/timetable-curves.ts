/**
 * The timetable generator's cost curves (issue 35, decision 047): `improveTimetable` — the
 * first answer, then the LP's bound and new seeds — on lives the other timetable checks never
 * build: random lives (`bench/timetable-lives.ts`) and new instances of the seven families, at
 * sizes between the families' fixed ones. Instance seeds 5001–5999 only (kept for measuring:
 * never tune on them). Run alone with `npm run bench -- --only timetable-curves` (or
 * `npx tsx bench/timetable-curves.ts`); it is long (up to 45 CPU-minutes plus HiGHS at the defaults, 96 runs; 16 measured, since a run stops once its bound proves it).
 *
 * The time axis. The machine is shared, so a run is `improveTimetable` with a budget of
 * `t × REFERENCE_RATE` *evaluations* (the generator's moves: what a run computes is then the same
 * on every machine and load) and a clock that is this process's CPU time rescaled to the
 * reference by the evaluations per CPU second measured at the start (s-eq = CPU s × measured
 * rate ÷ reference rate). It stops at whichever comes first, and its events are placed at their
 * s-eq. The LP spends CPU but no evaluations, so its time is on the axis. A second table places
 * the same events by the evaluations spent (e-eq = evaluations ÷ REFERENCE_RATE; decision 047,
 * proposal 5): exact and load-free, but without the LP's time.
 *
 * For each family and size: the cost at 1, 2, 5, 10, 20 and 30 s-eq as a ratio to the best
 * known cost (median and worst over instances × seeds), then PASS/FAIL against the targets:
 *   (a) first answer ≤ 1 s CPU up to 40 bands, ≤ 2 s above (p100; CPU as measured, not rescaled),
 *       measured on a run limited by time, as the server's (its first answer has a time limit);
 *   (b) at 10 s-eq, where the optimum is proven (HiGHS or the generator's own bound): equal to it
 *       on ≥ 98% of the runs, never more than 0.5% above;
 *   (c) at 30 s-eq, where it is not: every run within 1% of the best known (2% at 80 bands).
 * No run may break a rule, and no run may leave out more bands than the best known timetable.
 *
 * The best known timetable of each live is kept in `bench/timetable-best-known.json` (committed):
 * the best over every run the bench has made (all seeds, all budgets), HiGHS's, and
 * `BENCH_CURVES_LONGER` longer runs. HiGHS runs (up to 40 bands, on a cache miss, starting from
 * the best run) only for lives it can model: every band placed, so not when two pins clash.
 *
 * Environment:
 *   BENCH_CURVES_FAMILIES   lives and/or family names (default lives + the seven)
 *   BENCH_CURVES_SIZES      band counts (default 25,35,50,80)
 *   BENCH_CURVES_INSTANCES  instance seeds per family and size (default 5001; 5001–5999 only)
 *   BENCH_CURVES_SEEDS      runs per instance (default 3: generator seeds 1, 10001, 20001)
 *   BENCH_CURVES_SECONDS    the last point, s-eq (default 30)
 *   BENCH_CURVES_LONGER     s-eq of one more run per live (seed 101 001) for the best known only (default 0: none)
 *   BENCH_CURVES_EXACT_SECONDS  HiGHS's limit per live on a cache miss (default 60); 0: no HiGHS
 *   BENCH_CURVES_STREAMS    streams of a run (default 1): 2 is the server's run on a 2-core machine,
 *                           simulated (timetable-streams.ts); a point's s-eq is then the streams'
 *                           time, and the run has that many times the evaluations (the second
 *                           table's e-eq count every stream's)
 * The exit code is 1 when a target is missed.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { TimetableInput, TimetablePlacement } from '../src/contract/timetable'
import { improveTimetable, type AnytimeEvent } from '../src/timetable/anytime'
import { improveWithStreams } from './timetable-streams'
import { generateTimetable } from '../src/timetable/generator'
import { checkTimetable } from '../src/timetable/rules'
import { loadHighsSolver } from '../server/src/workers/highs-solver'
import { rememberedSolver } from '../server/src/workers/remembered-solver'
import type { LinearSolver } from '../src/timetable/time-indexed'
import { instanceKey, solveOrRecordFailure } from './timetable-exact-cache'
import { familyInstance, familyNames, type FamilyName } from './timetable-families'
import { isMeasuringSeed, randomLive } from './timetable-lives'

export const CURVE_TARGETS = {
  firstCpuSeconds: (bands: number) => (bands <= 40 ? 1 : 2),
  provenAt: 10,
  provenEqualShare: 0.98,
  provenMaxPercent: 0.5,
  bestKnownAt: 30,
  bestKnownPercent: (bands: number) => (bands >= 80 ? 2 : 1),
}
export const CHECKPOINTS = [1, 2, 5, 10, 20, 30]
/**
 * The generator seeds of a live's runs: 1, 10 001, 20 001, … An anytime run with seed s
 * searches seeds s, s + 1, s + 2, …, so runs with seeds 1, 2, 3 would share most of their
 * searches and hide the spread between seeds.
 */
export const generatorSeeds = (count: number) => Array.from({ length: count }, (_, index) => 1 + 10_000 * index)
/**
 * Evaluations per CPU second that make one s-eq: what `measureRate` gave on the bench machine
 * (2 cores shared with six other helpers, load 8.7: 451 000–491 000). Fixed, so budgets are too.
 */
export const REFERENCE_RATE = 450_000
const HIGHS_UP_TO = 40
const EPSILON = 1e-6

export const BEST_KNOWN_FILE = fileURLToPath(new URL('./timetable-best-known.json', import.meta.url))

export interface BestKnown {
  family: string
  bands: number
  seed: number
  /** Fewest bands left out, then the lowest cost, over everything below. */
  unplaced: number
  cost: number
  /** Where it came from: "HiGHS", or "seed S, N s-eq". */
  source: string
  /** The cost is the optimum: HiGHS proved it, or a run's bound met it. */
  proven: boolean
  highs?: { status: string; objective: number | null; bound: number | null; seconds: number; limitSeconds: number; note?: string }
}

export function readBestKnown(): Record<string, BestKnown> {
  try {
    return (JSON.parse(readFileSync(BEST_KNOWN_FILE, 'utf8')) as { entries: Record<string, BestKnown> }).entries
  } catch {
    return {}
  }
}

const better = (a: { unplaced: number; cost: number }, b: { unplaced: number; cost: number }) => a.unplaced < b.unplaced || (a.unplaced === b.unplaced && a.cost < b.cost - EPSILON)

/** Merges one entry (the better of the two, proofs and HiGHS kept), re-reading the file first so two bench processes both land. */
function writeBestKnown(key: string, entry: BestKnown) {
  const entries = readBestKnown()
  const old = entries[key]
  const kept = !old || better(entry, old) ? entry : old
  entries[key] = { ...kept, proven: kept.proven || (!!old?.proven && old.cost === kept.cost && old.unplaced === kept.unplaced), ...((entry.highs ?? old?.highs) ? { highs: entry.highs ?? old!.highs! } : {}) }
  const sorted: Record<string, BestKnown> = {}
  for (const name of Object.keys(entries).sort()) sorted[name] = entries[name]!
  const file = { about: 'The best timetable known for each live of the cost curves (bench/timetable-curves.ts): over all its runs, HiGHS and longer runs', entries: sorted }
  const temporary = `${BEST_KNOWN_FILE}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(file, null, 1)}\n`)
  renameSync(temporary, BEST_KNOWN_FILE)
}

type CurveFamily = 'lives' | FamilyName

interface Live {
  family: CurveFamily
  bands: number
  seed: number
  input: TimetableInput
  key: string
  summary: string
}

function liveOf(family: CurveFamily, bands: number, seed: number): Live {
  if (!isMeasuringSeed(seed)) throw new Error(`instance seed ${seed}: the cost curves measure on seeds 5001–5999 only`)
  const built = family === 'lives' ? randomLive(seed, bands) : { input: familyInstance(family, bands, seed), summary: family }
  return { family, bands, seed, input: built.input, key: instanceKey(built.input), summary: built.summary }
}

interface Point {
  /** s-eq (the clock the run ran on) and CPU seconds since the run began. */
  at: number
  cpu: number
  /**
   * e-eq: the evaluations the run had spent by then ÷ `REFERENCE_RATE` (decision 047, proposal 5):
   * exact and the same under any load, but blind to the LP's time (it spends no evaluations).
   */
  ev: number
  cost: number
  unplaced: number
}

interface CurveRun {
  seed: number
  firstCpu: number
  /** Every event's CPU second and best timetable so far. */
  points: Point[]
  last: Point
  proven: boolean
  violations: number
  placements: TimetablePlacement[]
}

/** Seconds of this process's CPU. */
const cpuNow = () => {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1e6
}

function curveRun(input: TimetableInput, seed: number, highs: LinearSolver, seconds: number, rate: number, streams = 1): CurveRun {
  // A fresh remembered LP per run, as a first press on the server (it pays its LP once).
  const solver = rememberedSolver(highs)
  // The run's clock: this process's CPU seconds, rescaled to s-eq.
  const began = cpuNow()
  const clock = { wall: () => ((cpuNow() - began) * rate) / REFERENCE_RATE, cpu: () => cpuNow() - began }
  const points: Point[] = []
  let violations = 0
  let done: AnytimeEvent | undefined
  const live = { ...input, seed }
  const broken = (result: AnytimeEvent['result']) =>
    checkTimetable(live, result.placements).filter((violation) => !result.unplaced.some((entry) => entry.performanceId === violation.performanceId)).length
  // (a) The first answer as the server gives it: a run limited by time, so with the first
  // answer's time limit (which a run limited by evaluations, below, has not).
  const first = improveTimetable(live, { seconds }).next().value as AnytimeEvent
  const firstCpu = first.cpuSeconds
  violations += broken(first.result)
  const events =
    streams > 1
      ? improveWithStreams(live, { solver: highs, evaluations: Math.round(seconds * REFERENCE_RATE * streams), streams, perSecond: REFERENCE_RATE })
      : improveTimetable(live, { solver, seconds, evaluations: Math.round(seconds * REFERENCE_RATE), clock })
  for (const event of events) {
    points.push({ at: event.seconds, cpu: event.cpuSeconds, ev: event.evaluations / REFERENCE_RATE, cost: event.cost, unplaced: event.unplaced })
    if (event.event === 'first') violations += broken(event.result)
    done = event
  }
  violations += broken(done!.result)
  return { seed, firstCpu, points, last: points.at(-1)!, proven: done!.result.provenOptimal, violations, placements: done!.result.placements }
}

/** Evaluations per CPU second of plain searches (no LP) on lives of the tuning range (random lives 1–3). */
function measureRate() {
  let evaluations = 0
  const began = cpuNow()
  for (const [seed, bands] of [[1, 30], [2, 50], [3, 80]] as const) evaluations += generateTimetable({ ...randomLive(seed, bands).input, seed: 1 }).evaluations
  return evaluations / (cpuNow() - began)
}

/** The median, NaN (no answer yet) counted as the worst. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b))
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const list = (name: string) => process.env[name]?.split(',').map((value) => value.trim()).filter(Boolean)

interface Judged {
  live: Live
  runs: CurveRun[]
  reference: BestKnown
}

export async function runTimetableCurves(): Promise<boolean> {
  const families = (list('BENCH_CURVES_FAMILIES') ?? ['lives', ...familyNames]) as CurveFamily[]
  const sizes = (list('BENCH_CURVES_SIZES') ?? ['25', '35', '50', '80']).map(Number)
  const instances = (list('BENCH_CURVES_INSTANCES') ?? ['5001']).map(Number)
  const seedCount = Number(process.env.BENCH_CURVES_SEEDS ?? 3)
  const seconds = Number(process.env.BENCH_CURVES_SECONDS ?? 30)
  const longer = Number(process.env.BENCH_CURVES_LONGER ?? 0)
  const exactSeconds = Number(process.env.BENCH_CURVES_EXACT_SECONDS ?? 60)
  const streams = Number(process.env.BENCH_CURVES_STREAMS ?? 1)
  if (!Number.isInteger(streams) || streams < 1) throw new Error(`BENCH_CURVES_STREAMS: a whole number of streams, 1 or more (not ${process.env.BENCH_CURVES_STREAMS})`)
  const streamed = streams > 1 ? `, ${streams} streams` : ''
  const checkpoints = CHECKPOINTS.filter((t) => t <= seconds)
  for (const family of families) if (family !== 'lives' && !familyNames.includes(family)) throw new Error(`BENCH_CURVES_FAMILIES: unknown family ${family}`)

  const wallBegan = performance.now()
  const cpuBegan = cpuNow()
  const loads = [os.loadavg()[0]!]
  const highs = await loadHighsSolver()
  const rateBefore = measureRate()
  console.log(`\n▶ Timetable cost curves (issue 35): improveTimetable on new lives, instance seeds ${instances.join(', ')} (measuring only), generator seeds ${generatorSeeds(seedCount).join(', ')}${streamed}`)
  console.log(
    `  ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load ${loads[0]!.toFixed(1)}; ` +
      `${Math.round(rateBefore).toLocaleString('en')} evaluations per CPU second now (reference ${REFERENCE_RATE.toLocaleString('en')} = 1 s-eq); runs of ${seconds} s-eq = ${(seconds * REFERENCE_RATE).toLocaleString('en')} evaluations`,
  )

  const judged: Judged[] = []
  for (const bands of sizes) {
    for (const family of families) {
      for (const seed of instances) {
        const live = liveOf(family, bands, seed)
        const runs = generatorSeeds(seedCount).map((seed) => curveRun(live.input, seed, highs, seconds, rateBefore, streams))
        loads.push(os.loadavg()[0]!)
        const meta = { family, bands, seed }
        const best = runs.reduce((a, b) => (better(b.last, a.last) ? b : a))
        writeBestKnown(live.key, { ...meta, unplaced: best.last.unplaced, cost: best.last.cost, source: `seed ${best.seed}, ${seconds} s-eq${streamed}`, proven: runs.some((run) => run.proven && run.last.cost === best.last.cost) })
        if (longer > 0) {
          const run = curveRun(live.input, 101_001, highs, longer, rateBefore)
          writeBestKnown(live.key, { ...meta, unplaced: run.last.unplaced, cost: run.last.cost, source: `seed 101001, ${longer} s-eq`, proven: run.proven })
        }
        let known = readBestKnown()[live.key]!
        if (exactSeconds > 0 && bands <= HIGHS_UP_TO && !known.proven && !known.highs && best.last.unplaced === 0) {
          const exact = await solveOrRecordFailure(live.input, meta, exactSeconds, best.placements)
          const highsEntry = { status: exact.status, objective: exact.objective, bound: exact.bound, seconds: exact.seconds, limitSeconds: exactSeconds, ...(exact.note ? { note: exact.note } : {}) }
          writeBestKnown(live.key, { ...known, highs: highsEntry, ...(exact.objective !== null && exact.objective <= known.cost + EPSILON ? { cost: exact.objective, unplaced: 0, source: 'HiGHS', proven: exact.status === 'optimal' } : {}) })
          known = readBestKnown()[live.key]!
        }
        judged.push({ live, runs, reference: known })
        const curve = checkpoints.map((t) => `${t}: ${runs.map((run) => formatRatio(ratioAt(run, known, t))).join('/')}`).join(', ')
        console.log(
          `  ${family} ${bands}/${seed} (${live.summary}): best known ${known.cost}${known.unplaced ? ` with ${known.unplaced} left out` : ''} (${known.proven ? 'proven' : known.source}` +
            `${known.highs && !known.proven ? `; HiGHS ${known.highs.status} ${known.highs.objective ?? '—'}, bound ${known.highs.bound ?? '—'}` : ''}), ` +
            `first ${runs.map((run) => run.firstCpu.toFixed(2)).join('/')} s CPU; seeds' cost ÷ best known at s-eq ${curve}`,
        )
      }
    }
  }
  const rateAfter = measureRate()
  loads.push(os.loadavg()[0]!)
  return report(judged, checkpoints, rateBefore, { rateBefore, rateAfter, loads, wall: (performance.now() - wallBegan) / 1000, cpu: cpuNow() - cpuBegan })
}

/**
 * The run's best timetable by `t` s-eq (or e-eq: evaluations, with `axis` 'ev') as a ratio to the
 * reference: ∞ when it leaves out more, NaN before its first answer.
 */
function ratioAt(run: CurveRun, reference: BestKnown, t: number, axis: 'at' | 'ev' = 'at') {
  const reached = run.points.filter((point) => point[axis] <= t + EPSILON)
  if (!reached.length) return NaN
  const point = reached.at(-1)!
  if (point.unplaced > reference.unplaced) return Infinity
  return reference.cost > 0 ? point.cost / reference.cost : point.cost > 0 ? Infinity : 1
}

const formatRatio = (ratio: number) => (Number.isNaN(ratio) ? '—' : Number.isFinite(ratio) ? ratio.toFixed(3) : '∞')
const worstOf = (values: number[]) => (values.some((value) => Number.isNaN(value)) ? NaN : Math.max(...values))

function printTable(title: string, table: string[][]) {
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)))
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  console.log(`\n${title}`)
  console.log(line(table[0]!))
  console.log(widths.map((width) => '─'.repeat(width)).join('  '))
  for (const cells of table.slice(1)) console.log(line(cells))
}

function report(judged: Judged[], checkpoints: number[], rate: number, measured: { rateBefore: number; rateAfter: number; loads: number[]; wall: number; cpu: number }) {
  const families = [...new Set(judged.map((entry) => entry.live.family))]
  const sizes = [...new Set(judged.map((entry) => entry.live.bands))].sort((a, b) => a - b)
  const table: string[][] = [['family', 'bands', 'runs', 'first CPU med/worst', ...checkpoints.map((t) => `${t} s-eq med/worst`)]]
  for (const family of families) {
    for (const bands of sizes) {
      const mine = judged.filter((entry) => entry.live.family === family && entry.live.bands === bands)
      if (!mine.length) continue
      const runs = mine.flatMap((entry) => entry.runs.map((run) => ({ run, reference: entry.reference })))
      const first = runs.map(({ run }) => run.firstCpu)
      table.push([
        family,
        String(bands),
        String(runs.length),
        `${median(first).toFixed(2)}/${Math.max(...first).toFixed(2)} s`,
        ...checkpoints.map((t) => {
          const ratios = runs.map(({ run, reference }) => ratioAt(run, reference, t))
          return `${formatRatio(median(ratios))}/${formatRatio(worstOf(ratios))}`
        }),
      ])
    }
  }
  printTable('  cost ÷ best known, median/worst over instances × seeds (— : no answer yet by then; ∞ : more bands left out)', table)
  // The same curves placed by evaluations (e-eq = evaluations ÷ REFERENCE_RATE): the same on every
  // machine and load; the LP's time is not on this axis, so lives up to 40 bands look earlier here.
  const byEvaluations: string[][] = [['family', 'bands', 'runs', ...checkpoints.map((t) => `${t} e-eq med/worst`)]]
  for (const family of families) {
    for (const bands of sizes) {
      const runs = judged.filter((entry) => entry.live.family === family && entry.live.bands === bands).flatMap((entry) => entry.runs.map((run) => ({ run, reference: entry.reference })))
      if (!runs.length) continue
      byEvaluations.push([
        family,
        String(bands),
        String(runs.length),
        ...checkpoints.map((t) => {
          const ratios = runs.map(({ run, reference }) => ratioAt(run, reference, t, 'ev'))
          return `${formatRatio(median(ratios))}/${formatRatio(worstOf(ratios))}`
        }),
      ])
    }
  }
  printTable(`  the same by evaluations (1 e-eq = ${REFERENCE_RATE.toLocaleString('en')} evaluations; load-free)`, byEvaluations)

  // Targets (at the last point when the runs were shorter than the target's time).
  const provenAt = Math.min(CURVE_TARGETS.provenAt, checkpoints.at(-1)!)
  const bestKnownAt = Math.min(CURVE_TARGETS.bestKnownAt, checkpoints.at(-1)!)
  const lines: Array<{ pass: boolean; text: string }> = []
  const allRuns = judged.flatMap((entry) => entry.runs.map((run) => ({ entry, run })))
  const broken = allRuns.filter(({ run }) => run.violations).length
  lines.push({ pass: broken === 0, text: `no rule broken: ${broken} of ${allRuns.length} runs break one` })
  for (const group of [{ name: 'up to 40 bands', test: (bands: number) => bands <= 40 }, { name: 'above 40 bands', test: (bands: number) => bands > 40 }]) {
    const firsts = allRuns.filter(({ entry }) => group.test(entry.live.bands))
    if (!firsts.length) continue
    const worst = firsts.reduce((a, b) => (b.run.firstCpu > a.run.firstCpu ? b : a))
    const budget = CURVE_TARGETS.firstCpuSeconds(worst.entry.live.bands)
    const over = firsts.filter(({ entry, run }) => run.firstCpu > CURVE_TARGETS.firstCpuSeconds(entry.live.bands))
    lines.push({
      pass: !over.length,
      text: `(a) first answer ${group.name}: ≤ ${budget} s CPU (p100): median ${median(firsts.map(({ run }) => run.firstCpu)).toFixed(2)} s, worst ${worst.run.firstCpu.toFixed(2)} s (${worst.entry.live.family} ${worst.entry.live.bands}/${worst.entry.live.seed} seed ${worst.run.seed}); ${over.length} of ${firsts.length} over`,
    })
  }
  const proven = allRuns.filter(({ entry }) => entry.reference.proven)
  if (proven.length) {
    const gaps = proven.map(({ entry, run }) => ({ entry, run, ratio: ratioAt(run, entry.reference, provenAt) }))
    const equal = gaps.filter(({ ratio }) => Math.abs(ratio - 1) < EPSILON).length
    const worst = gaps.reduce((a, b) => (!(b.ratio <= a.ratio) ? b : a))
    lines.push({
      pass: equal / gaps.length >= CURVE_TARGETS.provenEqualShare,
      text: `(b) at ${provenAt} s-eq, proven optimum: equal on ≥ ${CURVE_TARGETS.provenEqualShare * 100}% of runs: ${equal} of ${gaps.length} (${((equal / gaps.length) * 100).toFixed(1)}%)`,
    })
    lines.push({
      pass: !(worst.ratio > 1 + CURVE_TARGETS.provenMaxPercent / 100 + EPSILON),
      text: `(b) at ${provenAt} s-eq, proven optimum: never > ${CURVE_TARGETS.provenMaxPercent}% above: worst ${formatPercent(worst.ratio)} (${worst.entry.live.family} ${worst.entry.live.bands}/${worst.entry.live.seed} seed ${worst.run.seed})`,
    })
  }
  for (const group of [{ name: 'below 80 bands', test: (bands: number) => bands < 80 }, { name: 'at 80 bands', test: (bands: number) => bands >= 80 }]) {
    const open = allRuns.filter(({ entry }) => !entry.reference.proven && group.test(entry.live.bands))
    if (!open.length) continue
    const limit = CURVE_TARGETS.bestKnownPercent(open[0]!.entry.live.bands)
    const gaps = open.map(({ entry, run }) => ({ entry, run, ratio: ratioAt(run, entry.reference, bestKnownAt) }))
    const over = gaps.filter(({ ratio }) => !(ratio <= 1 + limit / 100 + EPSILON))
    const worst = gaps.reduce((a, b) => (!(b.ratio <= a.ratio) ? b : a))
    lines.push({
      pass: !over.length,
      text: `(c) at ${bestKnownAt} s-eq, no proven optimum, ${group.name}: every run within ${limit}% of the best known: ${over.length} of ${gaps.length} over, median ${formatPercent(median(gaps.map(({ ratio }) => ratio)))}, worst ${formatPercent(worst.ratio)} (${worst.entry.live.family} ${worst.entry.live.bands}/${worst.entry.live.seed} seed ${worst.run.seed})`,
    })
  }
  console.log('')
  for (const line of lines) console.log(`  ${line.pass ? 'PASS' : 'FAIL'}  ${line.text}`)
  const loads = measured.loads
  console.log(
    `  ${judged.length} lives, ${allRuns.length} runs (${judged.filter((entry) => entry.reference.proven).length} lives with a proven optimum); ` +
      `${Math.round(measured.rateBefore).toLocaleString('en')} → ${Math.round(measured.rateAfter).toLocaleString('en')} evaluations per CPU second (1 s-eq = ${(REFERENCE_RATE / rate).toFixed(2)} s CPU here); ` +
      `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}; ${(measured.cpu / 60).toFixed(1)} CPU-min, ${(measured.wall / 60).toFixed(1)} min wall`,
  )
  return lines.every((line) => line.pass)
}

const formatPercent = (ratio: number) => (Number.isFinite(ratio) ? `+${((ratio - 1) * 100).toFixed(2)}%` : Number.isNaN(ratio) ? 'no answer' : '∞')

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runTimetableCurves().then(
    (ok) => process.exit(ok ? 0 : 1),
    (error: unknown) => {
      console.error(error instanceof Error ? error.stack : error)
      process.exit(2)
    },
  )
}
