import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/src/db/client'
import { users } from '../../server/src/db/schema'
import { hashPassword } from '../../server/src/auth/passwords'
import { bootstrapAdmin } from '../../server/src/users/bootstrap'
import { E2E_ADMIN, E2E_MEMBER, E2E_USERS } from './support/accounts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

const root = path.resolve(import.meta.dirname, '../..')

function freePort() {
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

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${log()}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not become healthy in 60 s:\n${log()}`)
}

/**
 * Starts the real server on the built app (dist/), on a fresh PGlite data directory seeded
 * with the bootstrap admin and the accounts of support/accounts.ts, and shares its URL with the e2e files. `npm test` builds before vitest runs.
 */
export default async function setup(project: TestProject) {
  // E2E_DIST_DIR lets a developer test a build made elsewhere (e.g. while another build runs).
  const spaDir = process.env.E2E_DIST_DIR ? path.resolve(process.env.E2E_DIST_DIR) : path.join(root, 'dist')
  if (!existsSync(path.join(spaDir, 'index.html'))) {
    throw new Error('dist/ is missing: the e2e tests drive the built app; run `npm run build` first (npm test does).')
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bandroom-e2e-'))
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') })
  await database.migrate()
  // The real first-start bootstrap makes the admin; the member is added beside it.
  await bootstrapAdmin(database.db, { email: E2E_ADMIN.email, password: E2E_ADMIN.password, now: new Date() })
  for (const account of [E2E_MEMBER, ...Object.values(E2E_USERS)]) {
    await database.db.insert(users).values({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      displayName: account.displayName,
      enrollmentYear: account.enrollmentYear ?? 2025,
      role: 'member',
      status: account.status ?? 'active',
    })
  }
  await database.close()

  const port = await freePort()
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SPA_DIR: spaDir,
      // Every e2e file signs people in from 127.0.0.1; the limit itself has a server test.
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const baseURL = `http://127.0.0.1:${port}`
  await waitForHealth(baseURL, child, () => output)
  project.provide('baseURL', baseURL)

  return async () => {
    child.kill('SIGTERM')
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
