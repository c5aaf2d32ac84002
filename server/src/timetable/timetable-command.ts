import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { timetableInputSchema, timetablePlacementSchema } from '../../../src/contract/timetable'
import { improveTimetable } from '../../../src/timetable/anytime'
import { loadHighsSolver } from '../workers/highs-solver'
import { rememberedSolver } from '../workers/remembered-solver'

/**
 * `npm run timetable -- LIVE.json [--seconds N] [--seed S] [--evaluations N] [--start FILE]`
 * (issue 35): the generator's first answer and its improvements on a live given as the
 * contract's `TimetableInput` JSON, one JSON line per event on stdout:
 * `{"event":"first"|"better"|"bound"|"done","seconds","cpuSeconds","evaluations","cost","bound","violations","unplaced"}`
 * (`evaluations`: moves tried so far, a clock no load moves); the `done` line also holds the timetable. `--evaluations` makes the run the same every time.
 * `--start` continues from a timetable, as "Keep improving" continues from the saved draft: a
 * JSON list of placements, an object with `placements`, or a run's output (its `done` line).
 *
 * `runTimetableCommand` is the whole command, its output through `io`; `timetable-cli.ts` gives
 * it the process's arguments, stdout and stderr, and exits with what it returns (the tests call
 * it in process: a spawn under tsx costs seconds).
 */
const usage = 'Usage: npm run timetable -- LIVE.json [--seconds N] [--seed S] [--evaluations N] [--start FILE]'

/** What `--start` reads: placements, `{ placements }`, or a `done` line's `{ timetable: { placements } }`. */
const placementsSchema = z.array(timetablePlacementSchema).max(2000)
const startSchema = z.union([placementsSchema, z.object({ placements: placementsSchema }).transform((value) => value.placements), z.object({ timetable: z.object({ placements: placementsSchema }) }).transform((value) => value.timetable.placements)])

/** Where the command writes: one line at a time. */
export interface CommandOutput {
  out(line: string): void
  err(message: string): void
}

/** A refusal: its message goes to stderr and the command exits with 2, printing no event. */
class Refused extends Error {}

function fail(message: string): never {
  throw new Refused(message)
}

/** A JSON file, or the last line of a run's output (one JSON object per line). */
function readJson(file: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    fail(`${file} could not be read: ${(error as Error).message}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    const last = text.trim().split('\n').at(-1)
    try {
      if (last !== undefined && last !== text.trim()) return JSON.parse(last)
    } catch {
      // Reported below, with the whole file's error.
    }
    fail(`${file} could not be read as JSON: ${(error as Error).message}`)
  }
}

function count(value: string | undefined, name: string, min: number) {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isFinite(number) || number < min) fail(`--${name} needs a number of at least ${min}, not “${value}”.\n${usage}`)
  return number
}

/** Runs the command on `args` (what follows `npm run timetable --`); resolves to its exit code: 0, or 2 when refused. */
export async function runTimetableCommand(args: string[], io: CommandOutput): Promise<number> {
  try {
    await run(args, io)
    return 0
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    io.err(error.message)
    return 2
  }
}

async function run(args: string[], io: CommandOutput) {
  let parsed
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { seconds: { type: 'string' }, seed: { type: 'string' }, evaluations: { type: 'string' }, start: { type: 'string' } } })
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`)
  }
  const [file, ...extra] = parsed.positionals
  if (!file || extra.length) fail(usage)
  const input = timetableInputSchema.safeParse(readJson(file))
  if (!input.success) {
    const first = input.error.issues.slice(0, 5).map((issue) => `  ${issue.path.join('.') || '(the whole file)'}: ${issue.message}`)
    fail(`${file} is not a live in the TimetableInput shape:\n${first.join('\n')}`)
  }
  const seed = count(parsed.values.seed, 'seed', 0)
  const seconds = count(parsed.values.seconds, 'seconds', 0)
  const evaluations = count(parsed.values.evaluations, 'evaluations', 1)
  let start: z.infer<typeof placementsSchema> | undefined
  if (parsed.values.start !== undefined) {
    const given = startSchema.safeParse(readJson(parsed.values.start))
    if (!given.success) fail(`${parsed.values.start} is not a timetable: give a list of placements (performanceId, date, stage, start, end), an object with "placements", or a run's "done" line.`)
    start = given.data
  }
  const solver = rememberedSolver(await loadHighsSolver())
  const live = seed === undefined ? input.data : { ...input.data, seed: Math.floor(seed) >>> 0 }
  for (const { result, searches: _searches, ...event } of improveTimetable(live, { solver, seconds, evaluations, start })) {
    const line = event.event === 'done' ? { ...event, timetable: { placements: result.placements, unplaced: result.unplaced, provenOptimal: result.provenOptimal } } : event
    io.out(JSON.stringify({ ...line, seconds: round(line.seconds), cpuSeconds: round(line.cpuSeconds) }))
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000
