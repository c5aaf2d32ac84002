/**
 * `npm run bench -- --only files` (issue 16): a large file (BENCH_FILE_MB, default 200 MB)
 * uploaded through the real server (tus, the browser's 2 MiB chunks, the finish step with its
 * type check and SHA-256 included) and downloaded back (the personal link, streamed to disk),
 * each against a plain `cp` of the same file on the same disk; and the server's peak resident
 * memory during both, against its idle memory.
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
import { UPLOAD_CHUNK_BYTES } from '../src/contract/files'
import { startServer } from '../tests/support/server-process'

const MB = 1024 * 1024
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 200)
/** The browser's chunk by default; BENCH_CHUNK_MB to see what the chunk size costs. */
const CHUNK_BYTES = process.env.BENCH_CHUNK_MB ? Number(process.env.BENCH_CHUNK_MB) * MB : UPLOAD_CHUNK_BYTES
const TARGETS = { download: 0.5, upload: 0.3, rssMb: 200 }
const ADMIN = { email: 'bench-files@example.ac.jp', password: 'bench files admin password' }

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

async function timeCp(from: string, to: string) {
  const started = performance.now()
  await new Promise<void>((resolve, reject) => {
    const cp = spawn('cp', [from, to], { stdio: 'inherit' })
    cp.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cp exited with ${code}`))))
  })
  return (performance.now() - started) / 1000
}

async function sha256Of(file: string) {
  const hash = createHash('sha256')
  await pipeline((await open(file)).createReadStream(), hash)
  return hash.digest('hex')
}

export async function runFilesBench() {
  console.log(`\n▶ Files (issue 16): a ${FILE_MB} MB upload and download through the server vs cp`)
  const work = mkdtempSync(path.join(os.tmpdir(), 'bandroom-bench-files-'))
  const server = await startServer({ DATA_DIR: path.join(work, 'data'), DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' })
  try {
    const pid = server.child.pid!
    const base = server.baseURL
    const source = path.join(work, 'recording.wav')
    const size = FILE_MB * MB
    await makeRecording(source, size)
    const expected = await sha256Of(source)
    // The copy a plain cp makes of it, twice: the first warms the page cache as the server's reads will be.
    await timeCp(source, path.join(work, 'warm.wav'))
    rmSync(path.join(work, 'warm.wav'))
    const cpSeconds = await timeCp(source, path.join(work, 'copy.wav'))
    rmSync(path.join(work, 'copy.wav'))

    const login = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as { access_token: string }
    const auth = { authorization: `Bearer ${login.access_token}` }
    const settings = (await (await fetch(`${base}/api/settings`, { headers: auth })).json()) as Record<string, unknown>
    await fetch(`${base}/api/settings`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ ...settings, uploadLimitMb: 1024 }) })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const idle = rssMbOf(pid)

    // Upload: tus as the browser does it, chunk after chunk read from disk.
    let stop = watchRss(pid)
    const started = performance.now()
    const tus = { ...auth, 'tus-resumable': '1.0.0' }
    const created = await fetch(`${base}/api/files/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(size), 'upload-metadata': `filename ${Buffer.from('Bench recording.wav').toString('base64')}` },
    })
    if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${await created.text()}`)
    const location = created.headers.get('location')!
    const handle = await open(source)
    const chunk = Buffer.alloc(CHUNK_BYTES)
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
    for (let offset = 0; offset < size; ) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, offset)
      const status = await patch(offset, chunk.subarray(0, bytesRead))
      if (status !== 204) throw new Error(`PATCH at ${offset}: ${status}`)
      offset += bytesRead
    }
    agent.destroy()
    await handle.close()
    const uploadSeconds = (performance.now() - started) / 1000
    const uploadPeak = stop()

    const listed = (await (await fetch(`${base}/api/files?q=Bench`, { headers: auth })).json()) as { items: Array<{ id: string; sha256: string }> }
    const file = listed.items[0]!
    if (file.sha256 !== expected) throw new Error('the stored checksum is not the file’s')

    // Download: the personal link, streamed to disk.
    const link = (await (await fetch(`${base}/api/files/${file.id}/link?download=1`, { headers: auth })).json()) as { url: string }
    const target = path.join(work, 'downloaded.wav')
    stop = watchRss(pid)
    const downloadStarted = performance.now()
    // curl, as a browser would: a native client, so the number is the server's, not Node's fetch's.
    await new Promise<void>((resolve, reject) => {
      const curl = spawn('curl', ['--silent', '--fail', '--output', target, `${base}${link.url}`], { stdio: 'inherit' })
      curl.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`curl exited with ${code}`))))
    })
    const downloadSeconds = (performance.now() - downloadStarted) / 1000
    const downloadPeak = stop()
    if (statSync(target).size !== size || (await sha256Of(target)) !== expected) throw new Error('the downloaded file differs')

    const speed = (seconds: number) => `${(FILE_MB / seconds).toFixed(0)} MB/s`
    const uploadShare = cpSeconds / uploadSeconds
    const downloadShare = cpSeconds / downloadSeconds
    const peakAbove = Math.max(uploadPeak, downloadPeak) - idle
    console.log(`  cp of the file on the same disk: ${cpSeconds.toFixed(2)} s (${speed(cpSeconds)})`)
    console.log(`  upload (tus, ${CHUNK_BYTES / MB} MiB chunks, type check and SHA-256 included): ${uploadSeconds.toFixed(2)} s (${speed(uploadSeconds)}), ${(uploadShare * 100).toFixed(0)}% of cp's speed; peak RSS ${uploadPeak.toFixed(0)} MB`)
    console.log(`  download (link, streamed to disk): ${downloadSeconds.toFixed(2)} s (${speed(downloadSeconds)}), ${(downloadShare * 100).toFixed(0)}% of cp's speed; peak RSS ${downloadPeak.toFixed(0)} MB`)
    console.log(`  server RSS idle ${idle.toFixed(0)} MB; peak ${peakAbove.toFixed(0)} MB above idle`)
    const checks = [
      [`download ≥ ${TARGETS.download * 100}% of cp`, downloadShare >= TARGETS.download],
      [`upload ≥ ${TARGETS.upload * 100}% of cp`, uploadShare >= TARGETS.upload],
      [`peak RSS ≤ ${TARGETS.rssMb} MB above idle`, peakAbove <= TARGETS.rssMb],
    ] as const
    for (const [name, pass] of checks) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}`)
    return checks.every(([, pass]) => pass)
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    rmSync(work, { recursive: true, force: true })
  }
}
