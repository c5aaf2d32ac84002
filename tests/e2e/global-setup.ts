import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/src/db/client'
import { users } from '../../server/src/db/schema'
import { hashPassword } from '../../server/src/auth/passwords'
import { bootstrapAdmin } from '../../server/src/users/bootstrap'
import { E2E_ADMIN, E2E_MEMBER, E2E_USERS } from './support/accounts'
import { root, startServer } from '../support/server-process'
import { seedHistory } from './support/history'
import { migratedPgliteDataDir } from '../server/support/test-database'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

/**
 * Starts the real server on the built app (dist/), on a fresh PGlite data directory seeded
 * with the bootstrap admin, the accounts of support/accounts.ts and a week of the club's past
 * (support/history.ts), and shares its URL with the e2e files. `npm test` builds before vitest runs.
 */
export default async function setup(project: TestProject) {
  // E2E_DIST_DIR lets a developer test a build made elsewhere (e.g. while another build runs).
  const spaDir = process.env.E2E_DIST_DIR ? path.resolve(process.env.E2E_DIST_DIR) : path.join(root, 'dist')
  if (!existsSync(path.join(spaDir, 'index.html'))) {
    throw new Error('dist/ is missing: the e2e tests drive the built app; run `npm run build` first (npm test does).')
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bandroom-e2e-'))
  // From the migrated template (no initdb): the e2e file waits for this before its first test.
  await migratedPgliteDataDir(dataDir)
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
  await seedHistory(database.db)
  await database.close()

  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SPA_DIR: spaDir,
    // Every e2e file signs people in from 127.0.0.1; the limit itself has a server test.
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  })
  const { baseURL, child } = server
  project.provide('baseURL', baseURL)

  return async () => {
    child.kill('SIGTERM')
    await server.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}
