import { execFile } from 'node:child_process'
import { writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import type { TimetableInput } from '../../../src/contract/timetable'
import { createImprovementRun, firstAnswerSeconds, improveTimetable, searchOnce, type AnytimeEvent } from '../../../src/timetable/anytime'
import { checkTimetable } from '../../../src/timetable/rules'
import type { LinearSolver } from '../../../src/timetable/time-indexed'
import { loadHighsSolver } from '../../../server/src/workers/highs-solver'
import { rememberedSolver } from '../../../server/src/workers/remembered-solver'
import { runTimetableCommand } from '../../../server/src/timetable/timetable-command'
import { familyInstance } from '../../../bench/timetable-families'
import { randomLive } from '../../../bench/timetable-lives'
import { performance, SAT, timetableInput } from './factories'

let solver: LinearSolver
beforeAll(async () => {
  solver = rememberedSolver(await loadHighsSolver())
})

const run = (input: TimetableInput, options: Parameters<typeof improveTimetable>[1]) => [...improveTimetable(input, { solver, ...options })]
const shape = (events: AnytimeEvent[]) => events.map(({ event, cost, bound, unplaced, searches }) => ({ event, cost, bound, unplaced, searches }))

describe('the anytime generator (issue 35)', () => {
  // A crowded live the bench's checks do not use (family "all", 16 bands, instance seed 901).
  const crowded = familyInstance('all', 16, 901)

  it('answers first, reports only improvements and bounds that hold, and ends with done', () => {
    const events = run(crowded, { evaluations: 800_000 })
    expect(events[0]!.event).toBe('first')
    expect(events.at(-1)!.event).toBe('done')
    expect(events.slice(1, -1).every((event) => event.event === 'better' || event.event === 'bound')).toBe(true)
    for (let i = 1; i < events.length; i++) expect(events[i]!.cost).toBeLessThanOrEqual(events[i - 1]!.cost)
    for (const event of events) {
      if (event.bound !== null) expect(event.bound).toBeLessThanOrEqual(event.cost + 1e-6)
      expect(event.violations).toBe(0)
      expect(event.result.cost.total).toBe(event.cost)
    }
    const done = events.at(-1)!
    expect(done.result.provenOptimal).toBe(done.bound !== null && done.cost <= done.bound + 1e-6)
  })

  it('gives the same events on every run with the same seed and evaluation budget', () => {
    expect(shape(run(crowded, { evaluations: 500_000 }))).toEqual(shape(run(crowded, { evaluations: 500_000 })))
  })

  it('stops as soon as the timetable is proven best', () => {
    const live = timetableInput({ performances: [performance('Blue Train'), performance('Night Owls'), performance('Sunrise')] })
    const events = run(live, { seconds: 60 })
    expect(events.map((event) => event.event)).toEqual(['first', 'done'])
    expect(events.at(-1)!.result.provenOptimal).toBe(true)
  })
})

describe('days ordered by beam search (decision 047)', () => {
  it('follows each new best timetable with its days ordered by beam search, once, and never ends worse than that timetable', () => {
    const live = familyInstance('all', 16, 901)
    const r = createImprovementRun(live, { evaluations: 1_500_000 })
    let ordered: typeof r.best = null
    let beams = 0
    for (let task = r.next(), index = 0; task; task = r.next(), index++) {
      const before = r.best
      if (index < 2) expect(task.beam).toBeUndefined()
      else expect(task.beam === true).toBe(before !== ordered)
      const result = searchOnce(task, solver)
      if (task.beam) {
        beams += 1
        expect(task.start).toEqual(before!.placements)
        expect(result.cost.total).toBeLessThanOrEqual(before!.cost.total)
        expect(result.unplaced.length).toBeLessThanOrEqual(before!.unplaced.length)
        expect(checkTimetable(live, result.placements)).toEqual([])
      }
      r.take(task, result)
      if (task.beam) ordered = r.best
    }
    expect(beams).toBeGreaterThan(0)
  })
})

describe('a band sent to the other day (decision 047)', () => {
  it('shakes a warm start from the same timetable as the last warm start, and keeps every rule', () => {
    const live = familyInstance('all', 24, 907)
    const r = createImprovementRun(live, { evaluations: 3_000_000 })
    let warmedFrom: typeof r.best = null
    let displaced = 0
    for (let task = r.next(); task; task = r.next()) {
      const before = r.best
      const result = searchOnce(task, solver)
      if (task.start && !task.beam && !task.quick) {
        expect(task.displace === true).toBe(before === warmedFrom)
        warmedFrom = before
        if (task.displace) {
          displaced += 1
          expect(checkTimetable(live, result.placements)).toEqual([])
        }
      } else expect(task.displace).toBeUndefined()
      r.take(task, result)
    }
    expect(displaced).toBeGreaterThan(1)
  })
})

describe('"Keep improving" from a timetable (a warm start)', () => {
  it('never returns worse than the timetable it starts from, and keeps improving from it', () => {
    // A crowded live the bench's checks do not use (family "all", 24 bands, instance 905); no LP,
    // so each search is the generator's own. A first run stops early; the second starts from its best.
    const live = familyInstance('all', 24, 905)
    const first = [...improveTimetable(live, { evaluations: 300_000 })].at(-1)!
    const again = [...improveTimetable({ ...live, seed: 7 }, { evaluations: 600_000, start: first.result.placements })]
    for (const event of again) {
      expect(event.cost).toBeLessThanOrEqual(first.cost)
      expect(event.unplaced).toBeLessThanOrEqual(first.unplaced)
    }
    // It found better timetables than the one it started from (the same seed from scratch starts 3% worse).
    expect(again.some((event) => event.event === 'better')).toBe(true)
    expect(again.at(-1)!.cost).toBeLessThan(first.cost)
  })
})

describe('a start that is not a good timetable', () => {
  const live = timetableInput({ performances: [performance('Blue Train', { id: 'a' }), performance('Night Owls', { id: 'b' }), performance('Sunrise', { id: 'c' })] })

  it('is never reported when it breaks a rule (a hand-edited draft): the search starts from it and mends it', () => {
    // Two bands at the same time on the one stage.
    const clashing = [
      { performanceId: 'a', date: SAT, stage: 'Main', start: '10:00', end: '10:20' },
      { performanceId: 'b', date: SAT, stage: 'Main', start: '10:00', end: '10:20' },
      { performanceId: 'c', date: SAT, stage: 'Main', start: '10:25', end: '10:45' },
    ]
    const events = run(live, { evaluations: 1, start: clashing })
    expect(events[0]!.event).toBe('first')
    for (const event of events) expect(checkTimetable(live, event.result.placements)).toEqual([])
    expect(events.at(-1)!.result.placements).toHaveLength(3)
  })

  it('places the bands it leaves out', () => {
    const partial = [{ performanceId: 'b', date: SAT, stage: 'Main', start: '10:00', end: '10:20' }]
    const done = run(live, { evaluations: 1, start: partial }).at(-1)!
    expect(done.unplaced).toBe(0)
    expect(done.result.provenOptimal).toBe(true)
  })
})

describe('the first answer with two clashing pins (decision 047, proposal 1)', () => {
  it('still tries leaving out either pin, and claims "best possible" only as the bound covers both', () => {
    // Keeping the pin at 10:00 lets the day start at 10:00; which one that is depends on the order.
    for (const [first, second] of [
      ['10:10', '10:00'],
      ['10:00', '10:10'],
    ] as const) {
      const live = timetableInput({
        performances: [
          performance('Blue Train', { id: 'a', pin: { date: SAT, stage: 'Main', start: first } }),
          performance('Night Owls', { id: 'b', pin: { date: SAT, stage: 'Main', start: second } }),
          performance('Sunrise', { id: 'c' }),
          performance('Moonlight', { id: 'd' }),
        ],
      })
      const answer = improveTimetable(live, { solver, evaluations: 1 }).next().value as AnytimeEvent
      expect(answer.event).toBe('first')
      expect(answer.result.unplaced.map((entry) => entry.performanceId)).toEqual([first === '10:00' ? 'b' : 'a'])
      expect(answer.result.provenOptimal).toBe(true)
    }
  })

  it('costs one search, not one per way of keeping the pins', () => {
    // A random live with a clash the bench never builds (12 bands, instance 904): each way's
    // search alone has a budget of 200 000 moves; searched in full, the two ways took 400 000.
    const live = randomLive(904, 12)
    expect(live.clashingPins).toBe(1)
    const answer = improveTimetable(live.input, { solver, evaluations: 1 }).next().value as AnytimeEvent
    expect(answer.evaluations).toBeLessThan(250_000)
    expect(answer.unplaced).toBe(1)
    // The bound is the least over both ways, so it holds for the cheaper way too.
    expect(answer.bound).not.toBeNull()
    expect(answer.bound!).toBeLessThanOrEqual(answer.cost)
  })

  it('keeps the first answer short when its search had to run again to end a late stage', () => {
    // A crowded live whose first search ends with a stage running late and runs again from the
    // start ("all", 35 bands, instance 4016, seed 1; a budget of 200 000 moves): it spent 755 000
    // moves with the polish after it, 1.2–1.6 s of CPU. The first answer now stops polishing at
    // 2.5 budgets; the searches after it polish in full.
    const live = { ...familyInstance('all', 35, 4016), seed: 1 }
    const events = improveTimetable(live, { evaluations: 1 })
    const first = events.next().value as AnytimeEvent
    expect(first.event).toBe('first')
    expect(first.evaluations).toBeLessThanOrEqual(560_000)
    expect(first.unplaced).toBe(0)
    expect(checkTimetable(live, first.result.placements)).toEqual([])
    const full = searchOnce({ input: live, lp: false })
    expect(full.evaluations).toBeGreaterThan(700_000)
  })
})

describe('the first answer of a run limited by time', () => {
  // A crowded live the bench's checks do not use ("all", 35 bands, instance 903).
  const live = { ...familyInstance('all', 35, 903), seed: 1 }

  it('stops searching at its time limit, so a slow machine answers on time too, every band placed', () => {
    const unlimited = searchOnce({ input: live, lp: false, quick: true })
    // No time at all: the search stops as soon as no stage runs late.
    const hurried = searchOnce({ input: live, lp: false, quick: true, seconds: 0 })
    expect(hurried.evaluations).toBeLessThan(unlimited.evaluations / 4)
    expect(hurried.unplaced).toEqual([])
    expect(checkTimetable(live, hurried.placements)).toEqual([])
  })

  it('never leaves a band out for time: the search goes on past the limit until no stage runs late', () => {
    // The live whose first search ends with a stage running late (4016, seed 1; see above).
    const late = { ...familyInstance('all', 35, 4016), seed: 1 }
    const hurried = searchOnce({ input: late, lp: false, quick: true, seconds: 0 })
    expect(hurried.unplaced).toEqual([])
    expect(checkTimetable(late, hurried.placements)).toEqual([])
  })

  it('still searches every way of keeping clashing pins, and claims only a bound that covers them all', () => {
    // The clashing live of "costs one search" above (12 bands, instance 904), with no time at all.
    const clash = randomLive(904, 12).input
    const hurried = searchOnce({ input: clash, lp: false, quick: true, seconds: 0 }, solver)
    expect(hurried.unplaced).toHaveLength(1)
    expect(checkTimetable(clash, hurried.placements).filter((violation) => violation.performanceId !== hurried.unplaced[0]!.performanceId)).toEqual([])
    const full = searchOnce({ input: clash, lp: false, quick: true }, solver)
    expect(hurried.lowerBound).not.toBeNull()
    expect(hurried.lowerBound).toBe(full.lowerBound)
    expect(hurried.lowerBound!).toBeLessThanOrEqual(Math.min(hurried.cost.total, full.cost.total))
  })

  it('is set by a run limited by time, and not by one limited by evaluations, which must be the same on every machine', () => {
    expect(createImprovementRun(live, { seconds: 30 }).next()!.seconds).toBe(firstAnswerSeconds(live))
    expect(createImprovementRun(live, {}).next()!.seconds).toBe(firstAnswerSeconds(live))
    expect(createImprovementRun(live, { evaluations: 1_000_000 }).next()!.seconds).toBeUndefined()
    expect(createImprovementRun(live, { seconds: 30, evaluations: 1_000_000 }).next()!.seconds).toBeUndefined()
    expect(firstAnswerSeconds(live)).toBeLessThan(1)
    expect(firstAnswerSeconds(familyInstance('all', 80, 903))).toBeLessThan(2)
  })
})

describe('npm run timetable', () => {
  const cli = path.resolve('server/src/timetable/timetable-cli.ts')
  const tsx = path.resolve('node_modules/.bin/tsx')
  const folder = mkdtempSync(path.join(tmpdir(), 'timetable-cli-'))
  const exec = promisify(execFile)
  // The command in this process (the same function the script runs): a spawn under tsx costs
  // seconds, so only the first test runs the script itself.
  const command = async (...args: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await runTimetableCommand(args, { out: (line) => out.push(line), err: (message) => err.push(message) })
    return { code, stdout: out.map((line) => `${line}\n`).join(''), stderr: err.join('\n') }
  }

  it('prints one JSON line per event for a live in the contract’s shape (the script itself)', async () => {
    const file = path.join(folder, 'live.json')
    writeFileSync(file, JSON.stringify(familyInstance('pins', 12, 902)))
    const { stdout } = await exec(tsx, [cli, file, '--evaluations', '500000', '--seed', '3'])
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines[0]).toMatchObject({ event: 'first', violations: 0, unplaced: expect.any(Number), cost: expect.any(Number) })
    expect(lines.at(-1)).toMatchObject({ event: 'done', timetable: { placements: expect.any(Array) } })
    for (const line of lines) expect(Object.keys(line)).toEqual(expect.arrayContaining(['event', 'seconds', 'cpuSeconds', 'evaluations', 'cost', 'bound', 'violations', 'unplaced']))
    // The evaluations spent so far only grow, and the run ends when its budget is spent (or the optimum proven).
    const spent = lines.map((line) => line.evaluations as number)
    expect(spent).toEqual([...spent].sort((a, b) => a - b))
    expect(spent[0]).toBeGreaterThan(0)
    const done = lines.at(-1)!
    expect(done.evaluations as number >= 500_000 || done.bound === done.cost).toBe(true)
  }, 60_000)

  it('prints the same lines on every run with the same seed and evaluation budget (times aside)', async () => {
    const file = path.join(folder, 'same.json')
    writeFileSync(file, JSON.stringify(familyInstance('all', 14, 903)))
    const lines = async () => {
      const { stdout } = await command(file, '--evaluations', '300000', '--seed', '4')
      return stdout
        .trim()
        .split('\n')
        .map((line) => {
          const { seconds: _seconds, cpuSeconds: _cpu, ...rest } = JSON.parse(line) as Record<string, unknown>
          return rest
        })
    }
    const first = await lines()
    expect(first.length).toBeGreaterThanOrEqual(2)
    expect(await lines()).toEqual(first)
  }, 120_000)

  it('continues from a timetable given with --start (a run’s output): its first answer is that timetable or better', async () => {
    const file = path.join(folder, 'continued.json')
    writeFileSync(file, JSON.stringify(familyInstance('all', 30, 904)))
    const run = async (...options: string[]) => {
      const { stdout } = await command(file, '--seed', '6', ...options)
      return { stdout, lines: stdout.trim().split('\n').map((line) => JSON.parse(line) as { event: string; cost: number; unplaced: number }) }
    }
    const longer = await run('--evaluations', '1500000')
    const output = path.join(folder, 'continued-run.jsonl')
    writeFileSync(output, longer.stdout)
    const done = longer.lines.at(-1)!
    const alone = await run('--evaluations', '1')
    const continued = await run('--evaluations', '1', '--start', output)
    expect(continued.lines[0]!.event).toBe('first')
    // The longer run found better than one search does alone; continuing keeps it.
    expect(done.cost).toBeLessThan(alone.lines[0]!.cost)
    expect(continued.lines[0]!.unplaced).toBeLessThanOrEqual(done.unplaced)
    expect(continued.lines[0]!.cost).toBeLessThanOrEqual(done.cost)
  }, 120_000)

  it('refuses a --start file that is not a timetable, and prints no event', async () => {
    const file = path.join(folder, 'live-for-start.json')
    writeFileSync(file, JSON.stringify(familyInstance('pins', 12, 905)))
    const start = path.join(folder, 'not-a-timetable.json')
    writeFileSync(start, JSON.stringify({ placements: [{ performanceId: 'p1', date: 'tomorrow' }] }))
    const error = await command(file, '--start', start)
    expect(error.code).toBe(2)
    expect(error.stdout).toBe('')
    expect(error.stderr).toContain('is not a timetable')
  })

  it('refuses a file that is not a live, saying where, and prints no event', async () => {
    const file = path.join(folder, 'bad.json')
    writeFileSync(file, JSON.stringify({ event: { days: [], changeoverMinutes: 5 }, performances: [] }))
    const error = await command(file)
    expect(error.code).toBe(2)
    expect(error.stdout).toBe('')
    expect(error.stderr).toContain('is not a live in the TimetableInput shape')
    expect(error.stderr).toContain('event.days')
  })
})
