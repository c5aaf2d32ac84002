/**
 * The start section (issue 34, `npm run bench -- --only start`): how long a club's server takes
 * from `npm run serve` to a healthy `/api/health` with the demo club loaded on PGlite (the
 * compiled server with plain Node; budget ≤ 2 s, the median of BENCH_START_RUNS, default 5,
 * after one unmeasured start that fills the page cache). Beside it, for information: the CPU
 * seconds the whole process tree (npm, sh, node and its threads) spent until then — steadier
 * than the wall time on a shared machine —, the floor (a bare `node:http` server started the
 * same way, its ratio as the HTTP section's ceiling) and `npm start` when dist/ and
 * dist-server/ are already up to date (no build: server/build-if-changed.mjs, decision 044).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '../server/src/db/client'
import { loadDemoClub } from '../server/src/demo/demo-club'
import { staleBuilds } from '../server/build-if-changed.mjs'
import { freePort } from '../tests/support/server-process'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Math.max(1, Number(process.env.BENCH_START_RUNS ?? 5))
const BUDGET = { seconds: 2 }
/** `npm`, as the bench itself was started (`npm run bench`) or from the PATH. */
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm']

/** CPU seconds (user + system) of a process and every descendant still running, from /proc (Linux). */
function treeCpuSeconds(rootPid: number) {
  const stats = new Map<number, { parent: number; cpu: number }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')
      // ppid, then utime and stime in clock ticks (USER_HZ, 100 on Linux).
      stats.set(Number(entry), { parent: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / 100 })
    } catch {
      // ended meanwhile
    }
  }
  let total = 0
  const queue = [rootPid]
  while (queue.length) {
    const pid = queue.pop()!
    total += stats.get(pid)?.cpu ?? 0
    for (const [child, stat] of stats) if (stat.parent === pid) queue.push(child)
  }
  return total
}

interface Start {
  seconds: number
  cpu: number
}

/** Starts `command` in its own process group, waits for a 200 from `/api/health`, stops the group. */
async function timeStart(command: string[], env: NodeJS.ProcessEnv): Promise<Start> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-10_000)))
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-10_000)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}:\n${output}`)
      if (performance.now() - started > 60_000) throw new Error(`${command.join(' ')} was not healthy within 60 s:\n${output}`)
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
      if (healthy) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return { seconds: (performance.now() - started) / 1000, cpu: treeCpuSeconds(child.pid!) }
  } finally {
    // The whole group: npm, the shell and the server (which also holds the data directory's lock).
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM')
    await exited
    for (let i = 0; i < 200 && existsSync(path.join(env.DATA_DIR ?? '', 'pglite.lock')); i += 1) await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function series(label: string, command: string[], env: NodeJS.ProcessEnv) {
  await timeStart(command, env) // page cache, compiled code cache
  const runs: Start[] = []
  for (let i = 0; i < RUNS; i += 1) runs.push(await timeStart(command, env))
  const seconds = runs.map((run) => run.seconds)
  const result = { label, seconds: median(seconds), cpu: median(runs.map((run) => run.cpu)), min: Math.min(...seconds), max: Math.max(...seconds) }
  console.log(`  ${label}: median ${result.seconds.toFixed(2)} s (${result.min.toFixed(2)}–${result.max.toFixed(2)} s), ${result.cpu.toFixed(2)} s of CPU`)
  return result
}

export async function runStartBench() {
  console.log(`\n▶ Start (issue 34): npm run serve → a healthy /api/health, the demo club on PGlite (median of ${RUNS}; load average ${os.loadavg()[0]!.toFixed(1)})`)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bandroom-bench-start-'))
  try {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') })
    try {
      await database.migrate()
      await loadDemoClub(database.db, { now: new Date(), filesDir: path.join(dataDir, 'files') })
    } finally {
      await database.close()
    }
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SMTP_URL: '',
    }
    const floorScript = "require('node:http').createServer((request, response) => response.end('{}')).listen(Number(process.env.PORT), process.env.HOST)"
    const floor = await series('floor: a bare node:http server (node -e)', [process.execPath, '-e', floorScript], env)
    const serve = await series('npm run serve', [...npm, 'run', '--silent', 'serve'], env)
    const stale = staleBuilds()
    if (stale.length === 0) await series('npm start, dist/ and dist-server/ up to date (no build)', [...npm, 'run', '--silent', 'start'], env)
    else console.log(`  npm start: not measured, ${stale.map((build) => build.outDir).join(' and ')} not up to date with the sources (npm run build first)`)
    const pass = serve.seconds <= BUDGET.seconds
    console.log(`  ${pass ? 'PASS' : 'FAIL'}  npm run serve → healthy with the demo club ≤ ${BUDGET.seconds} s: ${serve.seconds.toFixed(2)} s (${(serve.seconds / floor.seconds).toFixed(1)} × the floor, ${serve.cpu.toFixed(2)} s of CPU)`)
    return pass
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
