/**
 * `npm run smoke`: the compiled server (dist-server/, as `npm run build` leaves it) on the Node
 * named by SMOKE_NODE (a path to a `node` binary; `.ci/run` installs Node 24 from the npm
 * registry and sets it), else on the Node running this script. On a fresh PGlite data directory
 * in a temporary folder it walks what a club does first, over HTTP as the app does: migrate and
 * load the demo club (`npm run demo`), start (`npm run serve`), open the app, sign in, book a
 * room, generate a live's timetable (the worker pool: piscina threads loading HiGHS's
 * WebAssembly), upload a file with tus-js-client (the app's uploader) and download it back —
 * every native or WebAssembly part (argon2's binary, PGlite, HiGHS, the hashing thread) loaded
 * by that Node. It prints each step's time and exits non-zero on the first failure, with the
 * server's output. Decision 044.
 */
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Upload } from 'tus-js-client'
import { freePort, root, runServerScript, waitForHealth, type ServerProcess } from '../support/server-process'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/src/demo/demo-club'
import { UPLOAD_CHUNK, UPLOADS_PATH } from '../../src/contract/files'

const node = process.env.SMOKE_NODE || process.execPath
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
const started = performance.now()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bandroom-smoke-'))
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  JWT_SECRET: 'smoke-secret-that-is-long-enough-for-hs256-0123456789',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
  SMTP_URL: '',
  SPA_DIR: path.join(root, 'dist'),
}
let server: (ServerProcess & { baseURL: string }) | undefined
let current: ServerProcess | undefined

async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
  const begun = performance.now()
  const result = await work()
  console.log(`  ✓ ${what} (${((performance.now() - begun) / 1000).toFixed(1)} s)`)
  return result
}

function fail(message: string): never {
  throw new Error(message)
}

async function call(pathname: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server!.baseURL}${pathname}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, text, json: json as Record<string, unknown> }
}

async function signIn(email: string) {
  const login = await call('/api/login', { method: 'POST', body: { email, password: DEMO_PASSWORD } })
  if (login.status !== 200) fail(`signing in as ${email} answered ${login.status}: ${login.text.slice(0, 300)}`)
  return login.json.access_token as string
}

interface Schedule {
  today: string
  lastBookableDate: string
  rooms: Array<{ id: string; active: boolean }>
  periods: Array<{ id: string }>
  entries: Array<{ roomId: string; date: string; periodId: string }>
  blackouts: Array<{ date: string; roomId: string | null }>
}

const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Books the first free slot after today that the rules accept, as the member for themself. */
async function book(token: string) {
  const weekOf = async (query: string) => {
    const schedule = await call(`/api/room-schedule${query}`, { token })
    if (schedule.status !== 200) fail(`GET /api/room-schedule${query} answered ${schedule.status}: ${schedule.text.slice(0, 300)}`)
    return schedule.json as unknown as Schedule
  }
  const week = await weekOf('')
  // The six days after today reach into next week: its bookings count too.
  week.entries.push(...(await weekOf(`?week=${dayAfter(week.today, 7)}`)).entries)
  const refusals: string[] = []
  for (const room of week.rooms.filter((candidate) => candidate.active)) {
    for (const period of week.periods) {
      for (let day = 1; day <= 6; day += 1) {
        const date = dayAfter(week.today, day)
        if (date > week.lastBookableDate) continue
        if (week.entries.some((entry) => entry.roomId === room.id && entry.date === date && entry.periodId === period.id)) continue
        const created = await call('/api/bookings', { method: 'POST', token, body: { roomId: room.id, date, periodId: period.id, kind: 'personal' } })
        if (created.status === 201) {
          const mine = await call('/api/bookings?when=upcoming&pageSize=100', { token })
          if (!mine.text.includes(String(created.json.id))) fail(`the new booking is not among my bookings: ${mine.status} ${mine.text.slice(0, 300)}`)
          return created.json.id as string
        }
        refusals.push(`${created.status} ${created.text.slice(0, 120)}`)
        if (refusals.length >= 10) fail(`no booking was accepted: ${refusals.join('; ')}`)
      }
    }
  }
  fail(`no free slot found this week: ${refusals.join('; ')}`)
}

/** Generates a timetable (in the server's worker threads) for the first live with accepted bands. */
async function generate(token: string) {
  const events = await call('/api/events', { token })
  if (events.status !== 200) fail(`GET /api/events answered ${events.status}`)
  const answers: string[] = []
  for (const event of (events.json.items ?? events.json) as unknown as Array<{ id: string; title?: string }>) {
    const generated = await call(`/api/events/${event.id}/timetable/generate`, { method: 'POST', token, body: { seed: 1 } })
    if (generated.status === 200) {
      const proposal = generated.json as { placements?: unknown[]; lowerBound?: number | null }
      if (!proposal.placements?.length || proposal.lowerBound == null) fail(`the generator placed no band or proved no bound: ${generated.text.slice(0, 300)}`)
      return proposal.placements.length
    }
    answers.push(`${generated.status} ${generated.text.slice(0, 120)}`)
  }
  fail(`no live's timetable could be generated: ${answers.join('; ')}`)
}

/** Uploads a file with tus-js-client as the files screen does, then downloads it through a personal link. */
async function uploadAndDownload(uploader: string, token: string) {
  const name = `Smoke test ${Date.now()}.txt`
  const body = Buffer.from(`Bandroom smoke test on Node ${version}\n`.repeat(20_000))
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(body, {
      endpoint: `${server!.baseURL}${UPLOADS_PATH}`,
      chunkSize: UPLOAD_CHUNK.first / 4,
      retryDelays: [],
      storeFingerprintForResuming: false,
      metadata: { filename: name, folderId: '', visibility: 'members', onClash: 'ask' },
      headers: { authorization: `Bearer ${uploader}` },
      onSuccess: () => resolve(),
      onError: reject,
    })
    upload.start()
  })
  const listed = await call(`/api/files?q=${encodeURIComponent(name)}`, { token })
  const file = (listed.json.items as Array<{ id: string; sha256: string; size: number }> | undefined)?.[0]
  if (!file) fail(`the uploaded file is not listed: ${listed.status} ${listed.text.slice(0, 300)}`)
  const expected = createHash('sha256').update(body).digest('hex')
  if (file.sha256 !== expected) fail('the stored checksum is not the file’s')
  const link = await call(`/api/files/${file.id}/link?download=1`, { token })
  if (link.status !== 200) fail(`the download link answered ${link.status}: ${link.text.slice(0, 300)}`)
  const download = await fetch(`${server!.baseURL}${link.json.url as string}`)
  const bytes = Buffer.from(await download.arrayBuffer())
  if (download.status !== 200 || createHash('sha256').update(bytes).digest('hex') !== expected) fail(`the download differs from the upload (${download.status}, ${bytes.length} of ${body.length} bytes)`)
  return body.length
}

async function main() {
  console.log(`Smoke test on Node ${version} (${node})`)
  if (!existsSync(path.join(root, 'dist-server', 'main.mjs'))) fail('dist-server/ is missing: run `npm run build` first')
  await step('migrated an empty database and loaded the demo club (npm run demo)', async () => {
    current = runServerScript('load-demo', env, { node })
    const code = await current.exited
    if (code !== 0) fail(`the demo loader exited with ${code}:\n${current.output()}`)
  })
  await step('started; /api/health answers (npm run serve)', async () => {
    const port = await freePort()
    current = runServerScript('main', { ...env, PORT: String(port) }, { node })
    server = { ...current, baseURL: `http://127.0.0.1:${port}` }
    await waitForHealth(server.baseURL, current)
  })
  if (existsSync(path.join(env.SPA_DIR, 'index.html'))) {
    await step('served the app', async () => {
      const page = await fetch(`${server!.baseURL}/`, { headers: { accept: 'text/html' } })
      if (page.status !== 200 || !(await page.text()).includes('<div id="root"')) fail(`GET / answered ${page.status}`)
    })
  }
  const member = await step('signed in as the demo member (argon2)', () => signIn(DEMO_ACCOUNTS.member))
  await step('booked a room', () => book(member))
  const president = await step('signed in as the demo president', () => signIn(DEMO_ACCOUNTS.president))
  await step('generated a live’s timetable in the worker pool (HiGHS)', () => generate(president))
  await step('uploaded a file with tus (as an executive) and downloaded it back (as a member)', () => uploadAndDownload(president, member))
  await step('stopped on SIGTERM', async () => {
    server!.child.kill('SIGTERM')
    const code = await server!.exited
    if (code !== 0) fail(`the server exited with ${code} on SIGTERM:\n${server!.output()}`)
  })
  console.log(`Smoke test passed on Node ${version} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

try {
  await main()
} catch (error) {
  console.error(`\nSmoke test FAILED on Node ${version}: ${error instanceof Error ? error.message : String(error)}`)
  if (current) console.error(`\nThe process's output:\n${current.output() || '(none)'}`)
  process.exitCode = 1
} finally {
  if (current && current.child.exitCode === null && current.child.signalCode === null) {
    current.child.kill('SIGKILL')
    await current.exited
  }
  rmSync(dataDir, { recursive: true, force: true })
}
