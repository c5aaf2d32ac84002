/**
 * `npm run bench -- --only files` (issue 16): a large file (BENCH_FILE_MB, default 200 MB)
 * uploaded through the real server (tus, chunks sized as the browser sizes them — UPLOAD_CHUNK —, the finish step with its
 * type check, SHA-256 and fsync included) and downloaded back (the personal link, curl to a
 * file), each against a plain `cp` of the same file on the same disk; and the server's peak
 * resident memory during both, against its idle memory.
 *
 * The baseline (decision 024): every copy counts once its bytes are on the disk — `cp` then
 * `sync` of the copy; the upload's last PATCH answers after the server's fsync; the download is
 * curl then `sync` of the downloaded file. The source is in the page cache for all three (cp
 * reads the file the bench just wrote; the server reads the upload it just stored). A `cp`
 * left in the page cache (memory speed, no disk) is printed beside it, without a target.
 * The machine is shared: each figure is the best of BENCH_FILE_RUNS runs (default 3), the
 * worst is printed too, with the server's CPU seconds, which the neighbours move less.
 *
 * Targets: download ≥ 50% of cp's speed, upload ≥ 30%, peak RSS ≤ 200 MB above idle.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { nextUploadChunkBytes, UPLOAD_CHUNK } from '../src/contract/files'
import { startServer } from '../tests/support/server-process'

const MB = 1024 * 1024
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 200)
/** Chunks sized as the browser sizes them (UPLOAD_CHUNK: from the last one's speed) by default; BENCH_CHUNK_MB for a fixed size. */
const FIXED_CHUNK_BYTES = process.env.BENCH_CHUNK_MB ? Number(process.env.BENCH_CHUNK_MB) * MB : null
const RUNS = Math.max(1, Number(process.env.BENCH_FILE_RUNS ?? 3))
const TARGETS = { download: 0.5, upload: 0.3, rssMb: 200 }
const ADMIN = { email: 'bench-files@example.ac.jp', password: 'bench files admin password' }

/** A process's CPU time so far (user + system), in seconds. */
const cpuSecondsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime, in clock ticks: USER_HZ, 100 on Linux.
  return (Number(fields[11]) + Number(fields[12])) / 100
}
const rssMbOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

/** Samples a process's RSS every 20 ms until stopped; resolves with the peak (MB). */
function watchRss(pid: number) {
  let peak = rssMbOf(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMbOf(pid))
  }, 20)
  return () => {
    clearInterval(timer)
    return Math.max(peak, rssMbOf(pid))
  }
}

/** A WAV header and random samples: a file the club accepts, as big as asked. */
async function makeRecording(file: string, bytes: number) {
  const handle = await open(file, 'w')
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(bytes - 8, 4)
  header.write('WAVEfmt ', 8, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(2, 22)
  header.writeUInt32LE(44_100, 24)
  header.writeUInt32LE(44_100 * 4, 28)
  header.writeUInt16LE(4, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(bytes - 44, 40)
  await handle.write(header)
  const block = Buffer.alloc(4 * MB)
  for (let written = 44; written < bytes; written += block.length) {
    for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i)
    await handle.write(block, 0, Math.min(block.length, bytes - written))
  }
  await handle.close()
}

/** Runs a command to its end; rejects when it fails. */
function run(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))))
  })
}

/** Seconds `cp` takes to copy `from` to a new file `to`; with `durable`, until `sync` has the copy on the disk. */
async function timeCp(from: string, to: string, durable: boolean) {
  const started = performance.now()
  await run('cp', [from, to])
  if (durable) await run('sync', [to])
  const seconds = (performance.now() - started) / 1000
  rmSync(to)
  return seconds
}

async function sha256Of(file: string) {
  const hash = createHash('sha256')
  await pipeline((await open(file)).createReadStream(), hash)
  return hash.digest('hex')
}

type Run = { seconds: number; cpu: number; peakRss: number }
const best = (runs: Run[]) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a))
const worst = (runs: Run[]) => runs.reduce((a, b) => (b.seconds > a.seconds ? b : a))

export async function runFilesBench() {
  console.log(`\n▶ Files (issue 16): a ${FILE_MB} MB upload and download through the server vs cp (best of ${RUNS})`)
  const work = mkdtempSync(path.join(os.tmpdir(), 'bandroom-bench-files-'))
  const server = await startServer({ DATA_DIR: path.join(work, 'data'), DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' })
  try {
    const pid = server.child.pid!
    const base = server.baseURL
    const source = path.join(work, 'recording.wav')
    const size = FILE_MB * MB
    await makeRecording(source, size)
    const expected = await sha256Of(source)
    const copy = path.join(work, 'copy.wav')
    // A first copy warms the page cache as the server's reads of its stored upload will be.
    await timeCp(source, copy, false)
    const cpDurable: number[] = []
    const cpCached: number[] = []
    for (let i = 0; i < RUNS; i += 1) {
      cpDurable.push(await timeCp(source, copy, true))
      cpCached.push(await timeCp(source, copy, false))
    }

    const login = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as { access_token: string }
    const auth = { authorization: `Bearer ${login.access_token}` }
    const settings = (await (await fetch(`${base}/api/settings`, { headers: auth })).json()) as Record<string, unknown>
    await fetch(`${base}/api/settings`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ ...settings, uploadLimitMb: 1024 }) })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const idle = rssMbOf(pid)
    const tus = { ...auth, 'tus-resumable': '1.0.0' }

    /** Upload: tus as the browser does it, chunk after chunk read from disk; done when the last PATCH answers (the file stored). */
    async function upload(name: string): Promise<Run> {
      const cpu = cpuSecondsOf(pid)
      const stop = watchRss(pid)
      const started = performance.now()
      const created = await fetch(`${base}/api/files/uploads`, {
        method: 'POST',
        headers: { ...tus, 'upload-length': String(size), 'upload-metadata': `filename ${Buffer.from(name).toString('base64')}` },
      })
      if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${await created.text()}`)
      const location = created.headers.get('location')!
      const handle = await open(source)
      const chunk = Buffer.alloc(FIXED_CHUNK_BYTES ?? UPLOAD_CHUNK.most)
      let chunkBytes = FIXED_CHUNK_BYTES ?? UPLOAD_CHUNK.first
      const sizes = new Set<number>()
      // node:http with keep-alive, a lighter client than fetch: the time is the server's.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const patch = (offset: number, body: Buffer) =>
        new Promise<number>((resolve, reject) => {
          const request = http.request(`${base}${location}`, {
            method: 'PATCH',
            agent,
            headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': body.length },
          })
          request.once('response', (response) => {
            response.resume()
            response.once('end', () => resolve(response.statusCode ?? 0))
          })
          request.once('error', reject)
          request.end(body)
        })
      try {
        for (let offset = 0; offset < size; ) {
          const { bytesRead } = await handle.read(chunk, 0, chunkBytes, offset)
          const sent = performance.now()
          const status = await patch(offset, chunk.subarray(0, bytesRead))
          if (status !== 204) throw new Error(`PATCH at ${offset}: ${status}`)
          offset += bytesRead
          sizes.add(chunkBytes)
          if (!FIXED_CHUNK_BYTES) chunkBytes = nextUploadChunkBytes(bytesRead, (performance.now() - sent) / 1000)
        }
      } finally {
        agent.destroy()
        await handle.close()
      }
      chunkSizes = [...sizes].sort((a, b) => a - b)
      return { seconds: (performance.now() - started) / 1000, cpu: cpuSecondsOf(pid) - cpu, peakRss: stop() }
    }
    let chunkSizes: number[] = []

    /** Download: the personal link, with curl (a native client, as a browser is: the number is the server's), to a file on the disk. */
    async function download(fileId: string): Promise<Run> {
      const link = (await (await fetch(`${base}/api/files/${fileId}/link?download=1`, { headers: auth })).json()) as { url: string }
      const target = path.join(work, 'downloaded.wav')
      const cpu = cpuSecondsOf(pid)
      const stop = watchRss(pid)
      const started = performance.now()
      await run('curl', ['--silent', '--fail', '--output', target, `${base}${link.url}`])
      await run('sync', [target])
      const result = { seconds: (performance.now() - started) / 1000, cpu: cpuSecondsOf(pid) - cpu, peakRss: stop() }
      if (statSync(target).size !== size || (await sha256Of(target)) !== expected) throw new Error('the downloaded file differs')
      rmSync(target)
      return result
    }

    const uploads: Run[] = []
    const downloads: Run[] = []
    for (let i = 1; i <= RUNS; i += 1) {
      const name = `Bench recording ${i}.wav`
      uploads.push(await upload(name))
      const listed = (await (await fetch(`${base}/api/files?q=${encodeURIComponent(name)}`, { headers: auth })).json()) as { items: Array<{ id: string; sha256: string }> }
      const file = listed.items[0]!
      if (file.sha256 !== expected) throw new Error('the stored checksum is not the file’s')
      downloads.push(await download(file.id))
    }

    const speed = (seconds: number) => `${(FILE_MB / seconds).toFixed(0)} MB/s`
    const cp = Math.min(...cpDurable)
    const cpFast = Math.min(...cpCached)
    const up = best(uploads)
    const down = best(downloads)
    const uploadShare = cp / up.seconds
    const downloadShare = cp / down.seconds
    const peakAbove = Math.max(...uploads.map((r) => r.peakRss), ...downloads.map((r) => r.peakRss)) - idle
    const line = (what: string, r: Run, slow: Run) =>
      `${what}: ${r.seconds.toFixed(2)} s (${speed(r.seconds)}), ${((cp / r.seconds) * 100).toFixed(0)}% of cp's speed [${((cpFast / r.seconds) * 100).toFixed(0)}% of the cached cp]; server CPU ${r.cpu.toFixed(2)} s; worst run ${slow.seconds.toFixed(2)} s (${((cp / slow.seconds) * 100).toFixed(0)}%, CPU ${slow.cpu.toFixed(2)} s)`
    console.log(`  load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`)
    console.log(`  cp to a new file on the same disk, then sync: ${cp.toFixed(2)} s (${speed(cp)}; worst ${Math.max(...cpDurable).toFixed(2)} s)`)
    console.log(`  cp left in the page cache (memory speed, no target): ${cpFast.toFixed(2)} s (${speed(cpFast)})`)
    const chunks = chunkSizes.map((bytes) => bytes / MB).join(', ')
    console.log(`  ${line(`upload (tus, ${FIXED_CHUNK_BYTES ? `${chunks} MiB chunks` : `chunks sized as the browser does: ${chunks} MiB`}, type check, SHA-256 and fsync included)`, up, worst(uploads))}`)
    console.log(`  ${line('download (link, curl to a file, then sync)', down, worst(downloads))}`)
    console.log(`  server RSS idle ${idle.toFixed(0)} MB; peak ${peakAbove.toFixed(0)} MB above idle`)
    const checks = [
      [`download ≥ ${TARGETS.download * 100}% of cp`, downloadShare >= TARGETS.download],
      [`upload ≥ ${TARGETS.upload * 100}% of cp`, uploadShare >= TARGETS.upload],
      [`peak RSS ≤ ${TARGETS.rssMb} MB above idle`, peakAbove <= TARGETS.rssMb],
    ] as const
    for (const [name, pass] of checks) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}`)
    return checks.every(([, pass]) => pass)
  } catch (error) {
    // What the server said is the first thing to read when a request failed.
    console.error(`  the server's output:\n${server.output().slice(-4000)}`)
    throw error
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    rmSync(work, { recursive: true, force: true })
  }
}
