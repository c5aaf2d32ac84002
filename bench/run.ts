/**
 * `npm run bench`: measures the room-schedule and booking endpoints of a real server (the
 * real `server/src/main.ts` in a child process, on a fresh database loaded with the demo club)
 * with autocannon, each beside a bare Fastify route of the same shape (bench/bare-server.ts)
 * measured in the same run — the ceiling of this machine. PGlite always; PostgreSQL too when
 * BENCH_DATABASE_URL is set (that database is wiped and loaded with the demo club).
 *
 * Environment:
 *   BENCH_DURATION      seconds measured per target (default 10)
 *   BENCH_WARMUP        seconds of warm-up before each measurement (default 2)
 *   BENCH_CONNECTIONS   concurrent connections (default 50)
 *   BENCH_DATABASE_URL  postgres://… to measure PostgreSQL too — ITS CONTENTS ARE REPLACED
 *   BENCH_TARGETS       the http targets to run, e.g. `c` or `a,b` (default all: a, b, c)
 *   BENCH_PGLITE        `0` skips the PGlite run when BENCH_DATABASE_URL is set
 *   BENCH_SERVER_NODE_ARGS  Node flags for the measured server only, e.g.
 *                       `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it
 *   SPA_DIR             passed on to the server (the SPA does not matter for /api)
 *
 * Budgets, on PostgreSQL: the public week schedule reaches ≥ 50% of the ceiling's throughput
 * and its p99 stays under 25 ms at 50 connections (issue #5); the signed-in week grid reaches
 * ≥ 15% of its ceiling with p99 < 25 ms, and the booking create + cancel cycle has p99 < 100 ms
 * (issue 13). The exit code is 1 when a measured budget fails; on PGlite the numbers are
 * reported only.
 *
 * Sections: `http` (above), `health` (issue 13: `/api/health` p99 < 50 ms while the same server
 * generates an 80-band timetable over and over, on every database measured; the generator runs
 * in a worker thread), `timetable` (bench/timetable.ts, issue #7: the generator against HiGHS;
 * its own variables are documented there), `timetable-curves` (bench/timetable-curves.ts, issue 35:
 * the anytime generator's cost curves on new random lives and family instances, and its
 * targets; up to 45 CPU-minutes plus HiGHS (16 measured), so it runs only with `--only timetable-curves`), `allocation` (bench/allocation.ts, issue 15: the room
 * allocator against HiGHS, and 12 weeks of rounds with and without priority points), `dashboard` (issue 17: `GET /api/dashboard`
 * as the demo member, p99 < 30 ms at 20 connections on PostgreSQL; PGlite for information) and `lighthouse` (bench/lighthouse.ts, issue 13:
 * builds the app, then the JavaScript of a first visit to /login and Lighthouse's mobile scores
 * of the public pages) and `files` (bench/files.ts, issue 16: a 200 MB upload and download
 * through the server against `cp`, and the server's peak memory), `memory` (issue 34, decision 043: the server process's
 * resident memory idle after start, after BENCH_MEMORY_LOAD seconds of HTTP load (default 60),
 * and its peak by the end of an 80-band generation; ≤ 250 MB idle on PGlite, ≤ 150 MB on
 * PostgreSQL, ≤ 600 MB peak) and `start` (bench/start.ts, issue 34: `npm run serve` to a
 * healthy /api/health with the demo club, ≤ 2 s). All but `timetable-curves` run by default; one alone with `npm run bench -- --only timetable`
 * (or `--only http`, `--only health`, `--only timetable-curves`, `--only allocation`, `--only lighthouse`, `--only files`, `--only memory`, `--only start`), or BENCH_ONLY=timetable.
 */
import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '../server/src/db/client'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoClub } from '../server/src/demo/demo-club'
import { clubSettingsSchema } from '../src/contract/settings'
import { addDays, todayIn, weekStartOf } from '../src/contract/calendar'
import { runTimetableBench } from './timetable'
import { runTimetableCurves } from './timetable-curves'
import { runAllocationBench } from './allocation'
import { runCrowdedSection } from './allocation-crowded'
import { insertClubLive } from './live-seed'
import { insertClubRound } from './allocation-seed'
import { runLighthouseBench } from './lighthouse'
import { runFilesBench } from './files'
import { runStartBench } from './start'
import { freePort } from '../tests/support/server-process'
import { buildServer } from '../server/build'

const root = fileURLToPath(new URL('..', import.meta.url))
const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}
const DURATION = numberFromEnv('BENCH_DURATION', 10)
const WARMUP = numberFromEnv('BENCH_WARMUP', 2)
const CONNECTIONS = Math.round(numberFromEnv('BENCH_CONNECTIONS', 50))
const BUDGET = { ratio: 0.5, p99Ms: 25 }
/**
 * Issue 13, with what was measured before it (PostgreSQL, 50 connections): the signed-in week
 * grid 970 req/s, p99 98 ms, 4% of its ceiling; the booking cycle p99 286 ms (126 cycles/s).
 */
const WEEK_BUDGET = { ratio: 0.15, p99Ms: 25, before: '4% of the ceiling, p99 98 ms' }
const BOOKING_BUDGET = { p99Ms: 100, before: 'p99 286 ms, 126 cycles/s' }
/** `/api/health` while a large timetable is generated (issue 13). */
const HEALTH_BUDGET = { p99Ms: 50, bands: 80 }
/** `/api/health` while a 100-band allocation round runs (issue 15). */
const ALLOCATION_HEALTH = { p99Ms: 50, bands: 100 }
const BENCH_REASON = 'Benchmark closure (npm run bench)'
const TARGETS = new Set((process.env.BENCH_TARGETS || 'a,b,c').split(',').map((target) => target.trim()))
/** GET /api/dashboard (issue 17): p99 < 30 ms at 20 connections on PostgreSQL, as the demo member. */
const DASHBOARD_BUDGET = { p99Ms: 30, connections: 20 }
const SECTIONS = ['http', 'health', 'dashboard', 'timetable', 'timetable-curves', 'allocation', 'lighthouse', 'files', 'memory', 'start'] as const
/**
 * Resident memory of the whole server process, threads included (issue 34): idle after start and
 * after BENCH_MEMORY_LOAD seconds of HTTP load, on PGlite and on PostgreSQL; peak (VmHWM, the
 * process's high-water mark since it started) by the end of generating an 80-band timetable.
 */
const MEMORY_BUDGET = { idleMb: { PGlite: 250, PostgreSQL: 150 }, peakMb: 600, bands: 80, before: '540 MB idle on PGlite, 1.0 GB peak at start' }
const MEMORY_LOAD = numberFromEnv('BENCH_MEMORY_LOAD', 60)
const ONLY = (() => {
  const flag = process.argv.indexOf('--only')
  const value = (flag >= 0 ? process.argv[flag + 1] : process.env.BENCH_ONLY) || undefined
  if (value !== undefined && !(SECTIONS as ReadonlyArray<string>).includes(value)) throw new Error(`--only must be one of ${SECTIONS.join(', ')}`)
  return value as (typeof SECTIONS)[number] | undefined
})()

// ── Child processes and temp dirs, cleaned up on every way out ─────────────────────────

const children = new Set<ChildProcess>()
const tempDirs = new Set<string>()

function cleanupSync() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  children.clear()
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
  tempDirs.clear()
}
process.on('exit', cleanupSync)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing temporary data.`)
    // The children got the signal too (same process group on Ctrl-C) and may still be writing
    // their data dir while shutting down: end them and wait before removing it.
    const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null)
    const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)))
    for (const child of running) child.kill('SIGKILL')
    void Promise.race([Promise.all(exited), sleep(3000)]).then(() => {
      cleanupSync()
      process.exit(130)
    })
  })
}

function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.add(dir)
  return dir
}


interface Running {
  url: string
  pid: number
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts an entry in its own Node process (a TypeScript one through tsx, the compiled server's
 * `.mjs` as `npm run serve` does); resolves once `ready` answers.
 */
async function startProcess(label: string, entry: string, env: NodeJS.ProcessEnv, ready: (url: string) => Promise<boolean>, nodeArgs: string[] = []): Promise<Running> {
  const port = await freePort()
  const compiled = !entry.endsWith('.ts')
  const child = spawn(process.execPath, [...nodeArgs, ...(compiled ? SERVE.flags : ['--import', 'tsx']), entry], {
    cwd: root,
    env: { ...process.env, ...(compiled ? SERVE.env : {}), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}:\n${log}`)
    if (Date.now() > deadline) throw new Error(`${label} did not start within 60 s:\n${log}`)
    if (await ready(url).catch(() => false)) break
    await sleep(200)
  }
  return {
    url,
    pid: child.pid!,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(force)
      }
      children.delete(child)
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The environment and Node flags `npm run serve` starts the compiled server with
 * (package.json), so the bench measures the process a club runs (glibc's malloc thresholds and
 * `--max-semi-space-size`: decision 043).
 */
const SERVE = (() => {
  const serve = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? ''
  const parts = /^((?:[A-Z_]+=\S+\s+)*)node (.*?)\s*dist-server\/main\.mjs$/.exec(serve)
  if (!parts) throw new Error(`package.json's serve script is not "[VAR=value …] node <flags> dist-server/main.mjs": ${serve}`)
  const env = Object.fromEntries(parts[1]!.split(/\s+/).filter(Boolean).map((assignment) => assignment.split('=') as [string, string]))
  return { env, flags: parts[2]!.split(/\s+/).filter(Boolean) }
})()

// ── HTTP helpers (setup only; measuring is autocannon's) ────────────────────────────────

async function call(url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, text, json: json as Record<string, unknown> | undefined, bytes: Buffer.byteLength(text) }
}

// ── Measuring ───────────────────────────────────────────────────────────────────────────

/**
 * CPU time (ms) the whole machine spent busy, and the part the system under test spent: this
 * process, its children, and the PostgreSQL backends serving the bench database. The
 * difference over a measurement is other work sharing the cores, which makes numbers noisy.
 * Linux only (/proc); elsewhere the share reads as unknown.
 */
let benchDatabase: string | undefined
function cpuMsOf(pid: number | string) {
  // utime and stime, fields 14 and 15, in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}
function cpuSnapshot(serverPid?: number) {
  const machine = os.cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0)
  const usage = process.cpuUsage()
  let ours = (usage.user + usage.system) / 1000
  let server = 0
  let db = 0
  try {
    for (const child of children) {
      const ms = cpuMsOf(child.pid!)
      ours += ms
      if (child.pid === serverPid) server = ms
    }
    if (benchDatabase) {
      for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
        try {
          // A backend's title: "postgres: [<cluster>: ]<user> <database> <client> <state>".
          const title = /^postgres: (?:\S+: )?\S+ (\S+) /.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
          if (title?.[1] === benchDatabase) db += cpuMsOf(pid)
        } catch {
          // the process ended meanwhile
        }
      }
      ours += db
    }
  } catch {
    return undefined
  }
  return { machine, ours, server, db, at: Date.now() }
}

function othersShare(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>) {
  if (!before || !after) return undefined
  const capacity = (after.at - before.at) * os.cpus().length
  return Math.max(0, (after.machine - before.machine - (after.ours - before.ours)) / capacity)
}

interface Measurement {
  target: string
  reqPerSec: number
  p50: number
  p99: number
  non2xx: number
  /** Socket errors and timeouts. */
  errors: number
  /** Status codes other than 2xx, e.g. "409×3". */
  statuses: string
  bytesPerResponse: number
  /** Share of the machine's CPU that other processes used during the measurement. */
  others?: number
  /** CPU time per request (µs) of the measured server process, and of its PostgreSQL backends. */
  serverCpu?: number
  dbCpu?: number
  ceiling?: Measurement
  note?: string
}

type Options = Omit<autocannon.Options, 'url' | 'duration'>

async function measure(
  target: string,
  url: string,
  options: Options,
  hooks: { serverPid?: number; beforeEach?: () => void | Promise<void>; afterEach?: () => Promise<void> } = {},
) {
  // Warm-up (JIT, caches, pools), then the measurement; the hooks run around each.
  await hooks.beforeEach?.()
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, ...options })
  await hooks.afterEach?.()
  await hooks.beforeEach?.()
  const before = cpuSnapshot(hooks.serverPid)
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options })
  const after = cpuSnapshot(hooks.serverPid)
  const others = othersShare(before, after)
  const perRequest = (ms: number) => (result.requests.total ? (ms * 1000) / result.requests.total : undefined)
  await hooks.afterEach?.()
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
    .join(' ')
  return {
    target,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
    others,
    serverCpu: before && after ? perRequest(after.server - before.server) : undefined,
    dbCpu: before && after && benchDatabase ? perRequest(after.db - before.db) : undefined,
  } satisfies Measurement
}

interface Slot {
  roomId: string
  date: string
  periodId: string
}

interface Schedule {
  today: string
  now: string
  lastBookableDate: string
  rooms: Array<{ id: string; active: boolean }>
  periods: Array<{ id: string; startsAt: string }>
  blackouts: Array<{ date: string; roomId: string | null }>
  entries: Array<{ id: string; roomId: string; date: string; periodId: string; kind: string; label: string }>
}

/** Free slots from tomorrow to the last bookable date, read from the signed-in schedule, spread over days and rooms. */
async function freeSlots(base: string, token: string, weekStart: string, wanted: number) {
  const slots: Slot[] = []
  let lastBookable: string | undefined
  for (let week = weekStart; !lastBookable || week <= lastBookable; week = addDays(week, 7)) {
    const response = await call(`${base}/api/room-schedule?week=${week}`, { token })
    if (response.status !== 200) throw new Error(`GET /api/room-schedule?week=${week} answered ${response.status}: ${response.text.slice(0, 300)}`)
    const schedule = response.json as unknown as Schedule
    lastBookable = schedule.lastBookableDate
    const days = Array.from({ length: 7 }, (_, index) => addDays(week, index)).filter((day) => day > schedule.today && day <= schedule.lastBookableDate)
    for (const date of days) {
      for (const period of schedule.periods) {
        for (const room of schedule.rooms.filter((candidate) => candidate.active)) {
          const blackedOut = schedule.blackouts.some((blackout) => blackout.date === date && (blackout.roomId === null || blackout.roomId === room.id))
          const taken = schedule.entries.some((entry) => entry.roomId === room.id && entry.date === date && entry.periodId === period.id)
          if (!blackedOut && !taken) slots.push({ roomId: room.id, date, periodId: period.id })
        }
      }
    }
  }
  // Every k-th free slot, so the cycle's bookings spread over the whole horizon.
  const step = Math.max(1, Math.floor(slots.length / wanted))
  return slots.filter((_, index) => index % step === 0).slice(0, wanted)
}

/** Cancels every booking the cycle left active (a run stops connections mid-cycle). */
async function cancelLeftovers(base: string, token: string, weekStart: string) {
  let cancelled = 0
  for (let week = weekStart, n = 0; n < 5; week = addDays(week, 7), n++) {
    const response = await call(`${base}/api/room-schedule?week=${week}`, { token })
    if (response.status !== 200) break
    const schedule = response.json as unknown as Schedule
    for (const entry of schedule.entries.filter((candidate) => candidate.kind === 'block' && candidate.label === BENCH_REASON)) {
      const cancel = await call(`${base}/api/bookings/${entry.id}/cancel`, { method: 'POST', token, body: {} })
      if (cancel.status === 200) cancelled++
    }
    if (week > schedule.lastBookableDate) break
  }
  return cancelled
}

/** The create → cancel cycle: each connection books its own free slot, then cancels it, over and over. */
function bookingCycle(options: { pathPrefix: string; token?: string; slots: Slot[]; query?: string }) {
  let pool = [...options.slots]
  const failures = new Map<string, number>()
  const headers = { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) }
  type Context = { slot?: Slot; id?: string }
  const fail = (what: string, status: number, body: string) => {
    let code = ''
    try {
      code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? ''
    } catch {
      // not JSON
    }
    const key = `${what} ${status}${code ? ` ${code}` : ''}`
    failures.set(key, (failures.get(key) ?? 0) + 1)
  }
  const requests: autocannon.Request[] = [
    {
      method: 'POST',
      path: `${options.pathPrefix}${options.query ?? ''}`,
      headers,
      setupRequest: (request, context) => {
        const ctx = context as Context
        // One slot per connection at a time; the pool holds as many slots as connections.
        ctx.slot = pool.shift() ?? options.slots[Math.floor(Math.random() * options.slots.length)]
        ctx.id = undefined
        return { ...request, body: JSON.stringify({ ...ctx.slot, kind: 'block', reason: BENCH_REASON }) }
      },
      onResponse: (status, body, context) => {
        const ctx = context as Context
        if (status === 201) {
          ctx.id = (JSON.parse(body) as { id: string }).id
        } else {
          fail('create', status, body)
          if (ctx.slot) pool.push(ctx.slot)
          ctx.slot = undefined
        }
      },
    },
    {
      method: 'POST',
      path: `${options.pathPrefix}/x/cancel`,
      headers,
      body: '{}',
      setupRequest: (request, context) => {
        const ctx = context as Context
        // Nothing to cancel when the create failed: autocannon goes back to the first request.
        if (!ctx.id) return null as unknown as autocannon.Request
        return { ...request, path: `${options.pathPrefix}/${ctx.id}/cancel${options.query ?? ''}` }
      },
      onResponse: (status, body, context) => {
        const ctx = context as Context
        if (status !== 200) fail('cancel', status, body)
        if (ctx.slot) pool.push(ctx.slot)
        ctx.slot = undefined
        ctx.id = undefined
      },
    },
  ]
  return {
    requests,
    failures,
    /** Before each autocannon run: connections stopped mid-cycle took their slots with them. */
    reset() {
      pool = [...options.slots]
      failures.clear()
    },
  }
}

// ── One database: load the demo, start the server, measure every target ───────────────

/**
 * d. Sequential `/api/health` calls while the server generates an 80-band timetable, again and
 * again (at least 3 generations and BENCH_DURATION seconds): the latency a member sees while an
 * executive generates. Only calls made and answered during a generation count.
 */
async function healthWhileGenerating(base: string, token: string, eventId: string): Promise<Measurement> {
  return healthDuring(base, `d. GET /api/health while an ${HEALTH_BUDGET.bands}-band timetable is generated`, 'generations', (n) =>
    call(`${base}/api/events/${eventId}/timetable/generate`, { method: 'POST', token, body: { seed: n + 1 } }),
  )
}

/**
 * Sequential `/api/health` calls while `work` runs on the server, again and again (at least 3
 * times and BENCH_DURATION seconds). Only calls made and answered during a run count.
 */
async function healthDuring(base: string, target: string, runs: string, work: (n: number) => Promise<Awaited<ReturnType<typeof call>>>): Promise<Measurement> {
  const latencies: number[] = []
  const generationMs: number[] = []
  let non2xx = 0
  let errors = 0
  let bytes = 0
  const started = Date.now()
  while (generationMs.length < 3 || Date.now() - started < DURATION * 1000) {
    let generating = true
    const begun = performance.now()
    const generation = work(generationMs.length).finally(() => {
      generating = false
    })
    while (generating) {
      const sent = performance.now()
      try {
        const response = await fetch(`${base}/api/health`)
        bytes = (await response.text()).length
        if (!generating) break
        latencies.push(performance.now() - sent)
        if (response.status !== 200) non2xx++
      } catch {
        errors++
      }
      await sleep(5)
    }
    const answer = await generation
    if (answer.status !== 200) return missing(target, answer.status, answer.text.slice(0, 200))
    generationMs.push(performance.now() - begun)
  }
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0
  const seconds = generationMs.reduce((sum, ms) => sum + ms, 0) / 1000
  return {
    target,
    reqPerSec: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
    errors,
    statuses: '',
    bytesPerResponse: bytes,
    note: `${latencies.length} sequential calls during ${generationMs.length} ${runs} of ${(seconds / generationMs.length).toFixed(1)} s; slowest ${at(1).toFixed(1)} ms`,
  }
}

/**
 * A fresh data directory (or the named PostgreSQL database) loaded with the demo club (and,
 * with `bigLive`, an 80-band live for the health section), and the real server on it.
 */
async function startDemoServer(kind: 'PGlite' | 'PostgreSQL', databaseUrl?: string, env: NodeJS.ProcessEnv = {}, { withBigLive = false, withRound = false } = {}) {
  const dataDir = tempDir('bandroom-bench-')
  benchDatabase = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : undefined
  console.log(`\n▶ ${kind}: loading the demo club…`)
  const database = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'pglite') })
  let loaded
  let bigLive
  let roundId: string | undefined
  try {
    await database.migrate()
    loaded = await loadDemoClub(database.db, { now: new Date() })
    if (withBigLive) bigLive = await insertClubLive(database.db, { bands: HEALTH_BUDGET.bands, days: 3, stages: 3 }, 1)
    if (withRound) roundId = await insertClubRound(database.db, ALLOCATION_HEALTH.bands, 1)
  } finally {
    await database.close()
  }
  console.log(`  ${loaded.users} accounts, ${loaded.bands} bands, ${loaded.bookings.list.any} room bookings (${loaded.bookings.list.upcoming} upcoming) from the week of ${loaded.bookings.weeks[0]!.weekStart}`)

  const server = await startProcess(
    `The ${kind} server`,
    'dist-server/main.mjs',
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SMTP_URL: '',
      ...env,
    },
    async (url) => (await call(`${url}/api/health`)).status === 200,
    process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  )
  return { server, bigLive, roundId }
}

async function runOn(kind: 'PGlite' | 'PostgreSQL', bare: Running | undefined, databaseUrl?: string) {
  const { server, bigLive } = await startDemoServer(kind, databaseUrl, {}, { withBigLive: ONLY !== 'http' })
  const results: Measurement[] = []
  try {
    const login = await call(`${server.url}/api/login`, { method: 'POST', body: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } })
    if (login.status !== 200) throw new Error(`signing in as the demo admin failed: ${login.status} ${login.text}`)
    const token = login.json!.access_token as string
    const { timeZone } = clubSettingsSchema.parse({})
    const week = weekStartOf(todayIn(new Date(), timeZone))
    if (bare) {
      const bareGet = async (bytes: number) => measure('  bare ceiling', `${bare.url}/bare/get/${Math.round(bytes)}`, {}, { serverPid: bare.pid })

      // a. The public week grid, full body (no If-None-Match).
      const publicUrl = `${server.url}/api/public/room-schedule?week=${week}`
      const probe = await call(publicUrl)
      if (!TARGETS.has('a')) {
        // not asked for (BENCH_TARGETS)
      } else if (probe.status !== 200) {
        results.push(missing('a. GET /api/public/room-schedule', probe.status))
      } else {
        const ceiling = await bareGet(probe.bytes)
        results.push({ ...(await measure(`a. GET /api/public/room-schedule?week=${week}`, publicUrl, {}, { serverPid: server.pid })), ceiling, note: `${(probe.bytes / 1024).toFixed(1)} kB` })
        const compressed = await measure('a′ same, Accept-Encoding: gzip, deflate, br', publicUrl, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, { serverPid: server.pid })
        results.push({ ...compressed, ceiling, note: `${(compressed.bytesPerResponse / 1024).toFixed(1)} kB on the wire` })
      }

      // b. The signed-in week grid.
      const signedInUrl = `${server.url}/api/room-schedule?week=${week}`
      const signedInProbe = await call(signedInUrl, { token })
      if (!TARGETS.has('b')) {
        // not asked for (BENCH_TARGETS)
      } else if (signedInProbe.status !== 200) {
        results.push(missing('b. GET /api/room-schedule', signedInProbe.status))
      } else {
        const ceiling = await bareGet(signedInProbe.bytes)
        const measured = await measure(`b. GET /api/room-schedule?week=${week} (Bearer)`, signedInUrl, { headers: { authorization: `Bearer ${token}` } }, { serverPid: server.pid })
        results.push({ ...measured, ceiling, note: `${(signedInProbe.bytes / 1024).toFixed(1)} kB` })
      }

      // c. Book a free slot as a closure, then cancel it; one slot per connection.
      if (!TARGETS.has('c')) {
        // not asked for (BENCH_TARGETS)
      } else if (signedInProbe.status !== 200) {
        results.push(missing('c. POST /api/bookings + cancel', signedInProbe.status))
      } else {
        const slots = await freeSlots(server.url, token, week, CONNECTIONS)
        const probeCreate = await call(`${server.url}/api/bookings`, { method: 'POST', token, body: { ...slots[0], kind: 'block', reason: BENCH_REASON } })
        const probeCancel = probeCreate.status === 201 ? await call(`${server.url}/api/bookings/${String(probeCreate.json?.id)}/cancel`, { method: 'POST', token, body: {} }) : undefined
        if (probeCreate.status !== 201 || probeCancel?.status !== 200) {
          results.push(missing('c. POST /api/bookings + cancel', probeCancel?.status ?? probeCreate.status, (probeCancel ?? probeCreate).text.slice(0, 200)))
        } else {
          const size = Math.round((probeCreate.bytes + probeCancel.bytes) / 2)
          const connections = Math.min(CONNECTIONS, slots.length)
          const bareCycle = bookingCycle({ pathPrefix: '/bare/bookings', slots, query: `?size=${size}` })
          const ceiling = await measure('  bare ceiling', bare.url, { requests: bareCycle.requests, connections }, { serverPid: bare.pid, beforeEach: bareCycle.reset })
          const cycle = bookingCycle({ pathPrefix: '/api/bookings', token, slots })
          let leftovers = 0
          const measured = await measure(
            'c. POST /api/bookings (block) → POST …/cancel',
            server.url,
            { requests: cycle.requests, connections },
            {
              serverPid: server.pid,
              beforeEach: cycle.reset,
              afterEach: async () => {
                await sleep(300)
                leftovers += await cancelLeftovers(server.url, token, week)
              },
            },
          )
          const why = [...cycle.failures].map(([key, n]) => `${key}×${n}`).join(', ')
          results.push({
            ...measured,
            ceiling,
            note: `${slots.length} slots, ${(measured.reqPerSec / 2).toFixed(0)} cycles/s${why ? `; failures: ${why}` : ''}${leftovers ? `; ${leftovers} left active by the stop, cancelled` : ''}`,
          })
        }
      }
    }
    if (bigLive) results.push(await healthWhileGenerating(server.url, token, bigLive.id))
  } catch (error) {
    console.error(`\nThe ${kind} server's last output:\n${server.output() || '(none)'}`)
    throw error
  } finally {
    await server.stop()
  }
  return results
}

function missing(target: string, status: number, detail = ''): Measurement {
  return { target, reqPerSec: 0, p50: 0, p99: 0, non2xx: 0, errors: 0, statuses: '', bytesPerResponse: 0, note: `not measured: the endpoint answered ${status}${detail ? ` ${detail}` : ''}` }
}

// ── Report ──────────────────────────────────────────────────────────────────────────────

function table(title: string, results: Measurement[]) {
  const rows: string[][] = [['target', 'req/s', 'p50 ms', 'p99 ms', '÷ ceiling', 'non-2xx', 'errors', 'CPU µs/req', 'other CPU']]
  const cpu = (result: Measurement) =>
    result.serverCpu === undefined ? '?' : `${result.serverCpu.toFixed(0)}${result.dbCpu !== undefined ? ` + ${result.dbCpu.toFixed(0)} db` : ''}`
  const share = (value: number | undefined) => (value === undefined ? '?' : `${(value * 100).toFixed(0)}%`)
  const notes: string[] = []
  for (const result of results) {
    if (!result.reqPerSec && result.note) {
      rows.push([result.target, '—', '—', '—', '—', '—', '—', '—', '—'])
      notes.push(`${result.target.slice(0, 2)} ${result.note}`)
      continue
    }
    const ratio = result.ceiling ? (result.reqPerSec / result.ceiling.reqPerSec).toFixed(2) : ''
    rows.push([result.target, result.reqPerSec.toFixed(0), result.p50.toFixed(1), result.p99.toFixed(1), ratio, `${result.non2xx}${result.statuses ? ` (${result.statuses})` : ''}`, String(result.errors), cpu(result), share(result.others)])
    const shownCeiling = result.ceiling && !results.slice(results.indexOf(result) + 1).some((later) => later.ceiling === result.ceiling)
    if (result.ceiling && shownCeiling) {
      const c = result.ceiling
      rows.push([c.target, c.reqPerSec.toFixed(0), c.p50.toFixed(1), c.p99.toFixed(1), '1.00', String(c.non2xx), String(c.errors), cpu({ ...c, dbCpu: undefined }), share(c.others)])
    }
    if (result.note) notes.push(`${result.target.slice(0, 2)} ${result.note}`)
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  console.log(`\n${title}`)
  console.log(line(rows[0]!))
  console.log(widths.map((width) => '─'.repeat(width)).join('  '))
  for (const row of rows.slice(1)) console.log(line(row))
  for (const note of notes) console.log(`  ${note}`)
}

function budgets(results: Measurement[]) {
  const publicSchedule = results.find((result) => result.target.startsWith('a. '))
  if (!publicSchedule || !publicSchedule.reqPerSec || !publicSchedule.ceiling) {
    console.log('  public week schedule: not measured (endpoint missing) — FAIL')
    return false
  }
  const ratio = publicSchedule.reqPerSec / publicSchedule.ceiling.reqPerSec
  const clean = publicSchedule.non2xx === 0 && publicSchedule.errors === 0
  const week = results.find((result) => result.target.startsWith('b. '))
  const weekRatio = week?.reqPerSec && week.ceiling ? week.reqPerSec / week.ceiling.reqPerSec : 0
  const booking = results.find((result) => result.target.startsWith('c. '))
  const lines = [
    [`public week schedule throughput ≥ ${BUDGET.ratio * 100}% of the ceiling (before: 33%)`, `${(ratio * 100).toFixed(0)}%`, ratio >= BUDGET.ratio],
    [`public week schedule p99 < ${BUDGET.p99Ms} ms at ${CONNECTIONS} connections`, `${publicSchedule.p99.toFixed(1)} ms`, publicSchedule.p99 < BUDGET.p99Ms],
    ['public week schedule answers only 2xx, no socket errors', `${publicSchedule.non2xx} non-2xx, ${publicSchedule.errors} errors`, clean],
    [
      `signed-in week grid ≥ ${WEEK_BUDGET.ratio * 100}% of the ceiling, p99 < ${WEEK_BUDGET.p99Ms} ms (before: ${WEEK_BUDGET.before})`,
      week?.reqPerSec ? `${(weekRatio * 100).toFixed(0)}%, p99 ${week.p99.toFixed(1)} ms` : 'not measured',
      !!week?.reqPerSec && weekRatio >= WEEK_BUDGET.ratio && week.p99 < WEEK_BUDGET.p99Ms && week.non2xx === 0 && week.errors === 0,
    ],
    [
      `booking create + cancel p99 < ${BOOKING_BUDGET.p99Ms} ms (before: ${BOOKING_BUDGET.before})`,
      booking?.reqPerSec ? `p99 ${booking.p99.toFixed(1)} ms, ${(booking.reqPerSec / 2).toFixed(0)} cycles/s` : 'not measured',
      !!booking?.reqPerSec && booking.p99 < BOOKING_BUDGET.p99Ms && booking.errors === 0,
    ],
  ] as const
  for (const [what, value, ok] of lines) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${what}: ${value}`)
  return lines.every(([, , ok]) => ok)
}

/** `/api/health` p99 while generating, on every database measured. */
function healthBudget(runs: Array<[string, Measurement[]]>) {
  let ok = true
  for (const [title, results] of runs) {
    const row = results.find((result) => result.target.startsWith('d. '))
    const pass = !!row?.reqPerSec && row.p99 < HEALTH_BUDGET.p99Ms && row.non2xx === 0 && row.errors === 0
    const value = row?.reqPerSec ? `${row.p99.toFixed(1)} ms, ${row.non2xx} non-2xx, ${row.errors} errors` : 'not measured'
    console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${title.split(' ')[0]}: /api/health p99 < ${HEALTH_BUDGET.p99Ms} ms while an ${HEALTH_BUDGET.bands}-band timetable is generated: ${value}`)
    ok &&= pass
  }
  return ok
}

async function main() {
  // Long (up to 45 CPU-minutes plus HiGHS), so only when asked for; needs no server.
  if (ONLY === 'timetable-curves') process.exit((await runTimetableCurves()) ? 0 : 1)
  // The servers the bench starts run the compiled server, as `npm run serve` does.
  await buildServer()
  if (ONLY === 'timetable') {
    const ok = await runTimetableBench()
    process.exit(ok ? 0 : 1)
  }
  if (ONLY === 'allocation') {
    const allocationOk = await runAllocationBench()
    const crowdedOk = await runCrowdedSection()
    process.exit(allocationOk && crowdedOk && (await allocationHealthSection()) ? 0 : 1)
  }
  if (ONLY === 'lighthouse') process.exit((await lighthouseSection()) ? 0 : 1)
  if (ONLY === 'dashboard') process.exit((await dashboardSection()) ? 0 : 1)
  if (ONLY === 'files') process.exit((await runFilesBench()) ? 0 : 1)
  if (ONLY === 'memory') process.exit((await memorySection()) ? 0 : 1)
  if (ONLY === 'start') process.exit((await runStartBench()) ? 0 : 1)
  const pgUrl = process.env.BENCH_DATABASE_URL || undefined
  console.log(`Bandroom bench — ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target`)
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; autocannon, the server and the bare server share it.`)
  const loadBefore = os.loadavg()[0]!
  if (pgUrl) {
    console.log(`\n⚠  BENCH_DATABASE_URL is set: the database ${pgUrl.replace(/\/\/[^@]*@/, '//…@')} will be WIPED and loaded with the demo club.`)
  }

  const bare = ONLY === 'health' ? undefined : await startProcess('The bare server', 'bench/bare-server.ts', {}, async (url) => (await call(`${url}/bare/get/16`)).status === 200)
  const runs: Array<[string, Measurement[]]> = []
  try {
    if (!pgUrl || process.env.BENCH_PGLITE !== '0') runs.push(['PGlite (embedded, DATA_DIR in a temp dir)', await runOn('PGlite', bare)])
    if (pgUrl) runs.push(['PostgreSQL (DATABASE_URL)', await runOn('PostgreSQL', bare, pgUrl)])
  } finally {
    await bare?.stop()
  }

  console.log('\n══ Results ══')
  console.log(`${CONNECTIONS} connections, ${DURATION} s per target after ${WARMUP} s warm-up; ceiling = bare Fastify returning constant JSON of the same size, measured right before.`)
  console.log('"CPU µs/req" = CPU time of the measured server process per request (+ its PostgreSQL backends): steadier than req/s when the machine is shared.')
  const shares = runs.flatMap(([, results]) => results.flatMap((result) => [result.others, result.ceiling?.others])).filter((value): value is number => value !== undefined)
  const worst = shares.length ? Math.max(...shares) : undefined
  console.log(
    worst === undefined
      ? `(Could not tell how busy the machine was with other work; load average ${loadBefore.toFixed(1)} at the start.)`
      : worst > 0.1
        ? `⚠  Other processes used up to ${(worst * 100).toFixed(0)}% of the machine's CPU during a measurement ("other CPU"): those rows are noisy; run again on a quiet machine.`
        : `"other CPU" = CPU used by processes outside the bench during each measurement (at most ${(worst * 100).toFixed(0)}% here).`,
  )
  for (const [title, results] of runs) table(title, results)

  let ok = true
  if (ONLY !== 'health') {
    console.log('\nBudgets (issues #5 and #13, on PostgreSQL):')
    const pg = runs.find(([title]) => title.startsWith('PostgreSQL'))
    if (pg) ok = budgets(pg[1])
    else console.log('  not checked: set BENCH_DATABASE_URL=postgres://… to measure PostgreSQL (PGlite numbers are for information).')
  }
  if (ONLY !== 'http') {
    console.log('\nBudget (issue 13, every database):')
    ok = healthBudget(runs) && ok
  }
  const pglite = runs.find(([title]) => title.startsWith('PGlite'))?.[1].find((result) => result.target.startsWith('a. '))
  if (pglite?.ceiling && pglite.reqPerSec) {
    console.log(`  (PGlite, for information: ${((pglite.reqPerSec / pglite.ceiling.reqPerSec) * 100).toFixed(0)}% of the ceiling, p99 ${pglite.p99.toFixed(1)} ms)`)
  }
  cleanupSync()
  if (ONLY === undefined) {
    const dashboardOk = await dashboardSection()
    ok = ok && dashboardOk
    const timetableOk = await runTimetableBench()
    const allocationOk = [await runAllocationBench(), await runCrowdedSection()].every(Boolean) && (await allocationHealthSection())
    const lighthouseOk = await lighthouseSection()
    const filesOk = await runFilesBench()
    const memoryOk = await memorySection()
    const startOk = await runStartBench()
    ok = ok && timetableOk && allocationOk && lighthouseOk && filesOk && memoryOk && startOk
  }
  process.exit(ok ? 0 : 1)
}

/**
 * `GET /api/dashboard` as the demo member (bands, bookings, lives and feedback of the demo club)
 * at 20 connections: on PostgreSQL when BENCH_DATABASE_URL is set (the budget), else on PGlite
 * (for information).
 */
async function dashboardSection() {
  const pgUrl = process.env.BENCH_DATABASE_URL || undefined
  const kind = pgUrl ? 'PostgreSQL' : 'PGlite'
  const { server } = await startDemoServer(kind, pgUrl)
  try {
    const login = await call(`${server.url}/api/login`, { method: 'POST', body: { email: DEMO_ACCOUNTS.member, password: DEMO_PASSWORD } })
    if (login.status !== 200) throw new Error(`signing in as the demo member failed: ${login.status} ${login.text}`)
    const token = login.json!.access_token as string
    const url = `${server.url}/api/dashboard`
    const probe = await call(url, { token })
    const cards = probe.json as Record<string, unknown[]> | undefined
    const counts = cards ? ['bookings', 'bands', 'openLives', 'performances', 'feedback'].map((key) => `${cards[key]?.length ?? 0} ${key}`).join(', ') : probe.text.slice(0, 200)
    const result =
      probe.status === 200
        ? { ...(await measure('e. GET /api/dashboard (demo member, Bearer)', url, { headers: { authorization: `Bearer ${token}` }, connections: DASHBOARD_BUDGET.connections }, { serverPid: server.pid })), note: `${(probe.bytes / 1024).toFixed(1)} kB: ${counts}` }
        : missing('e. GET /api/dashboard', probe.status, probe.text.slice(0, 200))
    // For information: every answer from the database (what the first open after a change costs).
    const computed =
      probe.status === 200
        ? await measure('e. …computed each time (Cache-Control: no-cache)', url, { headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' }, connections: DASHBOARD_BUDGET.connections }, { serverPid: server.pid })
        : missing('e. GET /api/dashboard, computed', probe.status, probe.text.slice(0, 200))
    table(`${kind}, ${DASHBOARD_BUDGET.connections} connections`, [result, computed])
    const pass = !!result.reqPerSec && result.p99 < DASHBOARD_BUDGET.p99Ms && result.non2xx === 0 && result.errors === 0
    const value = result.reqPerSec ? `p99 ${result.p99.toFixed(1)} ms, ${result.reqPerSec.toFixed(0)} req/s` : 'not measured'
    if (!pgUrl) {
      console.log(`  (PGlite, for information: ${value}; the budget is checked on PostgreSQL: set BENCH_DATABASE_URL)`)
      return true
    }
    console.log(`\nBudget (issue 17, PostgreSQL):\n  ${pass ? 'PASS' : 'FAIL'}  GET /api/dashboard p99 < ${DASHBOARD_BUDGET.p99Ms} ms at ${DASHBOARD_BUDGET.connections} connections: ${value}`)
    return pass
  } finally {
    await server.stop()
    cleanupSync()
  }
}

/**
 * Issue 15: sequential `/api/health` calls while an executive runs a 100-band allocation round
 * over the API (the allocator in the worker pool, `roundNodeBudget`: 80 nodes at 100 bands), again and again, on the
 * real server with PGlite. Target: p99 < 50 ms.
 */
async function allocationHealthSection() {
  console.log(`\n▶ /api/health during ${ALLOCATION_HEALTH.bands}-band allocation runs (PGlite, the demo club plus the bench's ${ALLOCATION_HEALTH.bands}-band round)`)
  const { server, roundId } = await startDemoServer('PGlite', undefined, {}, { withRound: true })
  try {
    const login = await call(`${server.url}/api/login`, { method: 'POST', body: { email: DEMO_ACCOUNTS.president, password: DEMO_PASSWORD } })
    if (login.status !== 200) throw new Error(`signing in as the demo president failed: ${login.status} ${login.text}`)
    const token = login.json!.access_token as string
    const result = await healthDuring(server.url, `GET /api/health during a ${ALLOCATION_HEALTH.bands}-band allocation run`, 'runs', (n) =>
      call(`${server.url}/api/allocation/rounds/${roundId}/run`, { method: 'POST', token, body: { seed: n + 1 } }),
    )
    const pass = !!result.reqPerSec && result.p99 < ALLOCATION_HEALTH.p99Ms && result.non2xx === 0 && result.errors === 0
    const value = result.reqPerSec ? `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.non2xx} non-2xx, ${result.errors} errors (${result.note})` : `not measured: ${result.note}`
    console.log(`  ${pass ? 'PASS' : 'FAIL'}  /api/health p99 < ${ALLOCATION_HEALTH.p99Ms} ms during a ${ALLOCATION_HEALTH.bands}-band allocation run: ${value}`)
    return pass
  } finally {
    await server.stop()
    cleanupSync()
  }
}

/** VmRSS and VmHWM (MB) of a process, threads included (Linux /proc). */
function residentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024, threads: kb('Threads') }
}

/**
 * Issue 34: the server's resident memory (VmRSS of the process: the main thread, the worker
 * pool's threads and PGlite's WebAssembly heap) idle after start, idle after BENCH_MEMORY_LOAD
 * seconds of HTTP load (the public and signed-in week grids and the booking cycle, a third of
 * the time each), and its peak (VmHWM) by the end of two generations of an 80-band timetable —
 * the first also timed, as a member waits for it after the server sat idle. On PGlite, and on
 * PostgreSQL when BENCH_DATABASE_URL is set.
 */
async function memorySection() {
  const pgUrl = process.env.BENCH_DATABASE_URL || undefined
  const kinds: Array<['PGlite' | 'PostgreSQL', string | undefined]> = []
  if (!pgUrl || process.env.BENCH_PGLITE !== '0') kinds.push(['PGlite', undefined])
  if (pgUrl) kinds.push(['PostgreSQL', pgUrl])
  const lines: Array<[string, string, boolean]> = []
  for (const [kind, url] of kinds) {
    console.log(`\n▶ Memory, ${kind} (load ${os.loadavg()[0]!.toFixed(1)})`)
    const { server, bigLive } = await startDemoServer(kind, url, {}, { withBigLive: true })
    try {
      const started = residentMb(server.pid)
      await sleep(5000)
      const idle = residentMb(server.pid)
      console.log(`  after start: ${idle.rss.toFixed(0)} MB resident (${idle.threads} threads); peak while starting ${started.hwm.toFixed(0)} MB, by 5 s later ${idle.hwm.toFixed(0)} MB`)

      const login = await call(`${server.url}/api/login`, { method: 'POST', body: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } })
      if (login.status !== 200) throw new Error(`signing in as the demo admin failed: ${login.status} ${login.text}`)
      const token = login.json!.access_token as string
      const week = weekStartOf(todayIn(new Date(), clubSettingsSchema.parse({}).timeZone))
      const slots = await freeSlots(server.url, token, week, CONNECTIONS)
      const cycle = bookingCycle({ pathPrefix: '/api/bookings', token, slots })
      cycle.reset()
      const third = Math.max(1, Math.round(MEMORY_LOAD / 3))
      let requests = 0
      for (const options of [
        { url: `${server.url}/api/public/room-schedule?week=${week}` },
        { url: `${server.url}/api/room-schedule?week=${week}`, headers: { authorization: `Bearer ${token}` } },
        { url: server.url, requests: cycle.requests, connections: Math.min(CONNECTIONS, slots.length) },
      ]) {
        const result = await autocannon({ connections: CONNECTIONS, duration: third, ...options })
        requests += result.requests.total
      }
      await sleep(300)
      await cancelLeftovers(server.url, token, week)
      await sleep(5000)
      const loaded = residentMb(server.pid)
      console.log(`  after ${third * 3} s of HTTP load (${requests} requests): ${loaded.rss.toFixed(0)} MB resident (${loaded.threads} threads); peak so far ${loaded.hwm.toFixed(0)} MB`)

      const generations: number[] = []
      for (let seed = 1; seed <= 2; seed++) {
        const begun = performance.now()
        const answer = await call(`${server.url}/api/events/${bigLive!.id}/timetable/generate`, { method: 'POST', token, body: { seed } })
        if (answer.status !== 200) throw new Error(`generating the ${MEMORY_BUDGET.bands}-band timetable answered ${answer.status}: ${answer.text.slice(0, 200)}`)
        generations.push(performance.now() - begun)
      }
      const generated = residentMb(server.pid)
      console.log(
        `  ${MEMORY_BUDGET.bands}-band timetable generated twice (${generations.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', then ')}): ${generated.rss.toFixed(0)} MB resident (${generated.threads} threads); peak ${generated.hwm.toFixed(0)} MB`,
      )
      const idleBudget = MEMORY_BUDGET.idleMb[kind]
      lines.push(
        [`${kind}: idle after start ≤ ${idleBudget} MB (before: ${MEMORY_BUDGET.before})`, `${idle.rss.toFixed(0)} MB`, idle.rss <= idleBudget],
        [`${kind}: idle after ${third * 3} s of HTTP load ≤ ${idleBudget} MB`, `${loaded.rss.toFixed(0)} MB`, loaded.rss <= idleBudget],
        [`${kind}: peak ≤ ${MEMORY_BUDGET.peakMb} MB, start and ${MEMORY_BUDGET.bands}-band generation included`, `${generated.hwm.toFixed(0)} MB (first generation ${(generations[0]! / 1000).toFixed(2)} s)`, generated.hwm <= MEMORY_BUDGET.peakMb],
      )
    } catch (error) {
      console.error(`\nThe ${kind} server's last output:\n${server.output() || '(none)'}`)
      throw error
    } finally {
      await server.stop()
      cleanupSync()
    }
  }
  console.log(`\nBudgets (issue 34, resident memory of the whole server process; load ${os.loadavg()[0]!.toFixed(1)}):`)
  for (const [what, value, ok] of lines) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${what}: ${value}`)
  if (!pgUrl) console.log('  PostgreSQL not measured: set BENCH_DATABASE_URL=postgres://… (its contents are replaced).')
  return lines.every(([, , ok]) => ok)
}

/** Builds the app as shipped, serves it from the real server on the demo club, measures it. */
async function lighthouseSection() {
  console.log('\n▶ Building the app (vite build)…')
  const build = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  children.add(build)
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve))
  children.delete(build)
  if (code !== 0) throw new Error(`vite build exited with code ${code}`)
  const { server } = await startDemoServer('PGlite', undefined, { SPA_DIR: path.join(root, 'dist') })
  try {
    return await runLighthouseBench(server.url)
  } finally {
    await server.stop()
    cleanupSync()
  }
}

main().catch((error: unknown) => {
  console.error('\nThe bench failed:', error instanceof Error ? error.message : error)
  cleanupSync()
  process.exit(2)
})
