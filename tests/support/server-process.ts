import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

/** The repository root, where `npm start` runs. */
export const root = path.resolve(import.meta.dirname, '../..')

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  child: ChildProcess
  /** Everything the process printed so far, stdout and stderr. */
  output(): string
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>
}

/**
 * Runs an entry of the compiled server (`main`: the server; `load-demo`: `npm run demo`) as
 * `npm start` would, with `env` on top of ours. The tests' global set-up compiles it from the
 * sources first (tests/support/build-server.ts). `node`: another Node binary to run it (the
 * smoke test's SMOKE_NODE); this process's by default.
 */
export function runServerScript(entry: 'main' | 'load-demo', env: Record<string, string>, { node = process.execPath } = {}): ServerProcess {
  let output = ''
  const child = spawn(node, ['--enable-source-maps', path.join(root, 'dist-server', `${entry}.mjs`)], {
    cwd: root,
    // Backups (a daily job at 04:00 club time) go beside the test's data, never into the project's backups/.
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...(env.DATA_DIR && !env.BACKUPS_DIR ? { BACKUPS_DIR: path.join(env.DATA_DIR, 'backups') } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  return { child, output: () => output, exited }
}

/** Waits until `GET /api/health` answers 200; throws with the server's output if it exits or takes 60 s. */
export async function waitForHealth(url: string, server: ServerProcess) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server exited with ${server.child.exitCode}:\n${server.output()}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not become healthy in 60 s:\n${server.output()}`)
}

/** Starts the server on a free port and waits until it is healthy. */
export async function startServer(env: Record<string, string>) {
  const port = await freePort()
  const server = runServerScript('main', { PORT: String(port), ...env })
  const baseURL = `http://127.0.0.1:${port}`
  await waitForHealth(baseURL, server)
  return { ...server, baseURL }
}
