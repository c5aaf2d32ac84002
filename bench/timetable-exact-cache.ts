/**
 * HiGHS's results on the family instances, cached in `bench/timetable-exact-results.json` (it
 * is committed): HiGHS needs up to its limit per instance, the generator milliseconds, so the
 * bench only solves what the cache misses. Keyed by a hash of the instance as the MILP sees it
 * (event, performances, the two weights it models) — a change to a family makes new keys, and
 * stale entries are dropped when the cache is filled.
 *
 *   npx tsx bench/timetable-exact-cache.ts            fill what is missing (all families × sizes × seeds)
 *   BENCH_EXACT_REFRESH=1 npx tsx bench/timetable-exact-cache.ts   solve everything again
 *   BENCH_EXACT_RETRY=1 …                              solve again what is cached without a proof
 *   … --only mixed/20/2,all/30/1                       just these instances, solved again
 *   … --shard 1/2                                      half of the instances (run two at once)
 *   BENCH_EXACT_SECONDS=120                            HiGHS's limit per instance (default 120)
 *
 * Every solution is checked on the way in: no hard rule broken (`checkTimetable`) and its cost
 * (`timetableCost`) equal to HiGHS's objective, so the two models cannot drift apart silently.
 */
import { createHash } from 'node:crypto'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { TimetableInput, TimetablePlacement } from '../src/contract/timetable'
import { timetableCost } from '../src/timetable/cost'
import { generateTimetable } from '../src/timetable/generator'
import { checkTimetable } from '../src/timetable/rules'
import { solveExact, type ExactResult } from './timetable-exact'
import { familyInstance, familyNames, familySeeds, familySizes, familyWitness, type FamilyName } from './timetable-families'

export const EXACT_CACHE_FILE = fileURLToPath(new URL('./timetable-exact-results.json', import.meta.url))

export interface ExactEntry {
  family: string
  bands: number
  seed: number
  status: ExactResult['status']
  infeasible: boolean
  objective: number | null
  bound: number | null
  /** HiGHS's time and limit, seconds. */
  seconds: number
  limitSeconds: number
  variables: number
  rows: number
  nonzeros?: number
  presolve?: string
  note?: string
}

interface CacheFile {
  about: string
  entries: Record<string, ExactEntry>
}

/** The instance as the exact model sees it, hashed (the generator's seed and effort are not part of it). */
export function instanceKey(input: TimetableInput) {
  const { event, performances, weights } = input
  const text = JSON.stringify({ event, performances, weights: { earliness: weights.earliness, preferredDay: weights.preferredDay } })
  return createHash('sha256').update(text).digest('hex').slice(0, 20)
}

export function readExactCache(): Record<string, ExactEntry> {
  try {
    return (JSON.parse(readFileSync(EXACT_CACHE_FILE, 'utf8')) as CacheFile).entries
  } catch {
    return {}
  }
}

/** Merges entries into the file (re-read first, so two fills running at once both land), keeping only `keep` keys if given. */
export function writeExactEntries(entries: Record<string, ExactEntry>, keep?: Set<string>) {
  const merged = { ...readExactCache(), ...entries }
  const sorted: Record<string, ExactEntry> = {}
  for (const key of Object.keys(merged).sort()) if (!keep || keep.has(key)) sorted[key] = merged[key]!
  const file: CacheFile = {
    about: 'HiGHS on the timetable families (bench/timetable-exact-cache.ts); refresh with BENCH_EXACT_REFRESH=1 npx tsx bench/timetable-exact-cache.ts',
    entries: sorted,
  }
  const temporary = `${EXACT_CACHE_FILE}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(file, null, 1)}\n`)
  renameSync(temporary, EXACT_CACHE_FILE)
}

/**
 * Solves one instance with HiGHS and checks its timetable against the checker and the cost.
 * HiGHS starts from the best timetable at hand — `start` when given, else the family's witness
 * or the generator's with seeds 1–5 — which prunes its search; a proven optimum does not depend on where it started.
 */
export async function solveAndCheck(input: TimetableInput, meta: { family: string; bands: number; seed: number }, seconds: number, start?: TimetablePlacement[]): Promise<ExactEntry> {
  const result = await solveExact(input, { seconds, start: start ?? bestStart(input, meta) })
  if (result.placements.length) {
    const violations = checkTimetable(input, result.placements)
    if (violations.length) throw new Error(`HiGHS's timetable for ${meta.family} ${meta.bands}/${meta.seed} breaks a rule: ${violations[0]!.message} — the MILP misses a rule`)
    const cost = timetableCost(input, result.placements).total
    if (Math.abs(cost - result.objective!) > 1e-6) throw new Error(`HiGHS's objective ${result.objective} differs from the cost of its timetable ${cost} (${meta.family} ${meta.bands}/${meta.seed})`)
  }
  return {
    ...meta,
    status: result.status,
    infeasible: result.infeasible,
    objective: result.objective,
    bound: result.bound,
    seconds: Math.round(result.seconds * 10) / 10,
    limitSeconds: seconds,
    variables: result.variables,
    rows: result.rows,
    ...(result.nonzeros !== undefined ? { nonzeros: result.nonzeros } : {}),
    ...(result.presolve !== undefined ? { presolve: result.presolve } : {}),
  }
}

/** As `solveAndCheck`, but HiGHS aborting (most likely out of memory) is recorded as no result, not thrown. */
export async function solveOrRecordFailure(input: TimetableInput, meta: { family: string; bands: number; seed: number }, seconds: number, start?: TimetablePlacement[]): Promise<ExactEntry> {
  const began = performance.now()
  try {
    return await solveAndCheck(input, meta, seconds, start)
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('Aborted')) throw error
    console.log(`HiGHS aborted on ${meta.family} ${meta.bands}/${meta.seed}: ${error.message.split('.')[0]}`)
    return { ...meta, status: 'none', infeasible: false, objective: null, bound: null, seconds: Math.round((performance.now() - began) / 100) / 10, limitSeconds: seconds, variables: 0, rows: 0, note: 'HiGHS aborted (most likely out of memory)' }
  }
}

function bestStart(input: TimetableInput, meta: { family: string; bands: number; seed: number }) {
  const candidates: TimetablePlacement[][] = []
  if ((familyNames as readonly string[]).includes(meta.family)) candidates.push(familyWitness(meta.family as FamilyName, meta.bands, meta.seed))
  for (let seed = 1; seed <= 5; seed++) {
    const result = generateTimetable({ ...input, seed })
    if (!result.unplaced.length) candidates.push(result.placements)
  }
  const complete = candidates.filter((placements) => placements.length === input.performances.length && !checkTimetable(input, placements).length)
  return complete.sort((a, b) => timetableCost(input, a).total - timetableCost(input, b).total)[0]
}

export const exactLimitSeconds = () => {
  const limit = Number(process.env.BENCH_EXACT_SECONDS ?? 120)
  if (!Number.isFinite(limit) || limit <= 0) throw new Error('BENCH_EXACT_SECONDS must be a positive number')
  return limit
}

/** Every bench instance, smallest first. */
export function benchInstances() {
  const list: Array<{ family: FamilyName; bands: number; seed: number; input: TimetableInput; key: string }> = []
  for (const bands of familySizes) {
    for (const seed of familySeeds) {
      for (const family of familyNames) {
        const input = familyInstance(family, bands, seed)
        list.push({ family, bands, seed, input, key: instanceKey(input) })
      }
    }
  }
  return list
}

async function fill() {
  const refresh = process.env.BENCH_EXACT_REFRESH === '1'
  const retry = process.env.BENCH_EXACT_RETRY === '1'
  const limit = exactLimitSeconds()
  const shardArgument = process.argv.indexOf('--shard')
  const [shard, shards] = shardArgument > 0 ? process.argv[shardArgument + 1]!.split('/').map(Number) : [1, 1]
  // --only capacity/20/1,mixed/40/2: just these instances (solved again even when cached).
  const onlyArgument = process.argv.indexOf('--only')
  const only = onlyArgument > 0 ? new Set(process.argv[onlyArgument + 1]!.split(',')) : null
  const instances = benchInstances()
  const cached = readExactCache()
  const began = performance.now()
  let solved = 0
  for (const [index, item] of instances.entries()) {
    if (index % shards! !== shard! - 1) continue
    if (only && !only.has(`${item.family}/${item.bands}/${item.seed}`)) continue
    if (!only && !refresh && cached[item.key] && !(retry && cached[item.key]!.status !== 'optimal')) continue
    const entry = await solveOrRecordFailure(item.input, { family: item.family, bands: item.bands, seed: item.seed }, limit)
    writeExactEntries({ [item.key]: entry })
    solved++
    console.log(`${item.family} ${item.bands} bands seed ${item.seed}: ${entry.status} ${entry.objective ?? '—'} (bound ${entry.bound ?? '—'}) in ${entry.seconds} s`)
  }
  // Drop entries no bench instance uses any more (a family changed).
  if (shards === 1 && !only) writeExactEntries({}, new Set(instances.map((item) => item.key)))
  console.log(`${solved} instances solved in ${((performance.now() - began) / 60000).toFixed(1)} min`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fill().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.stack : error)
      process.exit(2)
    },
  )
}
