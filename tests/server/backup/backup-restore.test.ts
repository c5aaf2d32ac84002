import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { asc, eq } from 'drizzle-orm'
import { buildApp } from '../../../server/src/app'
import { writeBackup } from '../../../server/src/backup/backup.service'
import { appTables, connectionOf, connectPostgres, type SqlConnection } from '../../../server/src/backup/connection'
import { restoreBackup, RestoreRefused, type RestoreTarget } from '../../../server/src/backup/restore.service'
import { readTar, TarWriter } from '../../../server/src/backup/tar'
import { openDatabase, type Database } from '../../../server/src/db/client'
import { files, periods, rooms, users } from '../../../server/src/db/schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoClub } from '../../../server/src/demo/demo-club'
import { createTestApp, type TestApp } from '../support/test-app'
import { createScratchPostgres } from '../support/test-database'
import { samples, sha256, tusClient } from '../files/support'
import { addDays } from '../../../src/contract/calendar'
import { root } from '../../support/server-process'

/**
 * Backups (decision 038): the demo club and an uploaded file backed up from this project's
 * engine and restored into the other one (PGlite ⇄ PostgreSQL; PGlite again on a machine
 * without PostgreSQL), compared table by table and file by file, then used.
 */
const SECRET = 'the-source-servers-signing-secret-of-48-characters!'
const otherEngine: RestoreTarget['engine'] = process.env.TEST_DATABASE_KIND === 'postgres' || !process.env.TEST_DATABASE_URL ? 'pglite' : 'postgres'

let t: TestApp
let work: string
let sourceFiles: string
let archive: string
let uploadedId: string
let uploadedBytes: Buffer
let executive: Awaited<ReturnType<TestApp['as']>>
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'bandroom-backup-test-'))
  sourceFiles = path.join(work, 'source-files')
  t = await createTestApp({ filesDir: sourceFiles })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  await loadDemoClub(t.db, { now: t.clock.now() })
  executive = await t.as('executive')
  uploadedBytes = samples.pdf()
  const sent = await tusClient(`http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, executive.headers).upload(uploadedBytes, { filename: 'Club rules.pdf' })
  expect(sent.status).toBe(204)
  const [row] = await t.db.select({ id: files.id }).from(files).where(eq(files.storageKey, sent.location!.split('/').pop()!))
  uploadedId = row!.id

  const connection = await connectionOf(t.database)
  try {
    archive = (await writeBackup({ connection, filesDir: sourceFiles, secret: SECRET }, path.join(work, 'club.tar.gz'))).path
  } finally {
    await connection.close()
  }
}, 120_000)

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  await t.close()
  await rm(work, { recursive: true, force: true })
})

let targets = 0
/** A fresh, empty target of the other engine, with its own files folder and data directory. */
async function emptyTarget(engine = otherEngine) {
  targets += 1
  const dataDir = path.join(work, `target-${targets}`)
  const place = { filesDir: path.join(dataDir, 'files'), secretFile: path.join(dataDir, 'jwt-secret') }
  if (engine === 'pglite') return { engine, pgliteDir: path.join(dataDir, 'pglite'), ...place } satisfies RestoreTarget
  const scratch = await createScratchPostgres('bandroom_restore')
  cleanups.push(scratch.drop)
  return { engine, url: scratch.url, ...place } satisfies RestoreTarget
}

async function openTarget(target: RestoreTarget): Promise<Database> {
  const database = target.engine === 'postgres' ? await openDatabase({ url: target.url, dataDir: 'unused' }) : await openDatabase({ dataDir: target.pgliteDir })
  cleanups.push(() => database.close())
  return database
}

/** Every table's rows as text (UTC), sorted: what the comparison sees. */
async function tablesOf(connection: SqlConnection) {
  await connection.query(`set timezone = 'UTC'`)
  const tables: Record<string, string[]> = {}
  for (const table of await appTables(connection)) {
    tables[table] = (await connection.query<{ line: string }>(`select row_to_json(t)::text as line from "${table}" t`)).map((row) => row.line).sort()
  }
  return tables
}

async function isEmpty(target: RestoreTarget) {
  const noFiles = !existsSync(target.filesDir) || readdirSync(target.filesDir).length === 0
  if (target.engine === 'pglite') return noFiles && !existsSync(target.pgliteDir) && !existsSync(target.secretFile!)
  const connection = await connectPostgres(target.url)
  try {
    const [row] = await connection.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`)
    return noFiles && row!.n === 0 && !existsSync(target.secretFile!)
  } finally {
    await connection.close()
  }
}

/** The archive rewritten entry by entry through `change` (which may replace an entry's bytes, or drop it with null), as a new, well-formed archive. */
async function rewritten(name: string, change: (entry: string, bytes: Buffer) => Buffer | null) {
  const file = path.join(work, name)
  const out = createWriteStream(file)
  const gzip = createGzip()
  gzip.pipe(out)
  const tar = new TarWriter(gzip)
  for await (const entry of readTar(createReadStream(archive).pipe(createGunzip()))) {
    const parts: Buffer[] = []
    for await (const chunk of entry.body) parts.push(chunk)
    const bytes = change(entry.name, Buffer.concat(parts))
    if (bytes) await tar.add(entry.name, bytes.length, bytes)
  }
  await tar.finish()
  gzip.end()
  await finished(out)
  return file
}

describe(`a backup restored into an empty ${otherEngine} database`, () => {
  let target: RestoreTarget
  let restored: Database

  beforeAll(async () => {
    target = await emptyTarget()
    await restoreBackup(archive, target)
    restored = await openTarget(target)
    // What the server does when it starts on the restored copy.
    await restored.migrate()
  }, 120_000)

  it('holds every row of every table, and every file with the same SHA-256', async () => {
    const source = await connectionOf(t.database)
    const copy = await connectionOf(restored)
    try {
      const [before, after] = [await tablesOf(source), await tablesOf(copy)]
      expect(Object.keys(after)).toEqual(Object.keys(before))
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table])
      expect(before.users!.length).toBeGreaterThan(50)
      expect(before.files).toHaveLength(1)
    } finally {
      await source.close()
      await copy.close()
    }
    const sourceStore = path.join(sourceFiles, 'store')
    const keys = readdirSync(sourceStore)
    expect(keys).toHaveLength(1)
    expect(readdirSync(path.join(target.filesDir, 'store'))).toEqual(keys)
    for (const key of keys) expect(sha256(readFileSync(path.join(target.filesDir, 'store', key)))).toBe(sha256(readFileSync(path.join(sourceStore, key))))
    expect(readFileSync(target.secretFile!, 'utf8').trim()).toBe(SECRET)
  })

  it('lets the club sign in, book a room and download the file on the restored copy', async () => {
    const { app } = await buildApp({
      database: restored,
      jwtSecret: new TextEncoder().encode(readFileSync(target.secretFile!, 'utf8').trim()),
      clock: t.clock.now,
      filesDir: target.filesDir,
      loginCallsPerMinute: 10_000,
    })
    cleanups.push(() => app.close())
    await app.ready()
    const signIn = async (email: string, password: string) => {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })
      expect(response.statusCode, response.body).toBe(200)
      return { authorization: `Bearer ${response.json().access_token}` }
    }
    const member = await signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD)
    const room = (await restored.db.select().from(rooms).where(eq(rooms.active, true)).orderBy(asc(rooms.sortOrder)))[0]!
    const dayPeriods = await restored.db.select().from(periods).orderBy(asc(periods.sortOrder))
    const today = t.clock.now().toISOString().slice(0, 10)
    let booked: { statusCode: number; body: string } | undefined
    search: for (let day = 1; day <= 7; day += 1) {
      for (const period of dayPeriods) {
        const response = await app.inject({ method: 'POST', url: '/api/bookings', headers: member, payload: { roomId: room.id, periodId: period.id, date: addDays(today, day), kind: 'personal' } })
        if (response.statusCode === 201) {
          booked = response
          break search
        }
      }
    }
    expect(booked?.statusCode, booked?.body).toBe(201)

    const exec = await signIn(executive.user.email, executive.user.password)
    const link = await app.inject({ method: 'GET', url: `/api/files/${uploadedId}/link`, headers: exec })
    expect(link.statusCode, link.body).toBe(200)
    const content = await app.inject({ method: 'GET', url: new URL(link.json().url, 'http://localhost').pathname + new URL(link.json().url, 'http://localhost').search })
    expect(content.statusCode).toBe(200)
    expect(sha256(content.rawPayload)).toBe(sha256(uploadedBytes))
    expect((await restored.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.member))).length).toBe(1)
  })

  it('refuses to restore into it again, now that it is not empty', async () => {
    await expect(restoreBackup(archive, target)).rejects.toThrow(/is not empty|already holds files/)
  })
})

describe('a damaged archive', () => {
  it('refuses an archive cut short, and the target stays empty', async () => {
    const whole = readFileSync(archive)
    const cut = path.join(work, 'cut.tar.gz')
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)))
    const target = await emptyTarget()
    await expect(restoreBackup(cut, target)).rejects.toThrow(new RestoreRefused(`${cut} is damaged (it is cut short or its bytes were changed); nothing was restored. Use another copy of the backup.`))
    expect(await isEmpty(target)).toBe(true)
  })

  it('refuses an archive whose rows were altered (the SHA-256 no longer matches), and the target stays empty', async () => {
    const altered = await rewritten('altered.tar.gz', (entry, bytes) => 
      // Same length, one digit changed: only the SHA-256 tells.
      entry === 'database/users.jsonl' ? Buffer.from(bytes.toString('utf8').replace(/"enrollment_year":(\d)/, (_, digit: string) => `"enrollment_year":${(Number(digit) + 1) % 10}`)) : bytes,
    )
    const target = await emptyTarget()
    await expect(restoreBackup(altered, target)).rejects.toThrow('database/users.jsonl does not match its SHA-256')
    expect(await isEmpty(target)).toBe(true)
  })

  it('refuses an archive without its manifest (killed before the end), and the target stays empty', async () => {
    const file = await rewritten('no-manifest.tar.gz', (entry, bytes) => (entry === 'manifest.json' ? null : bytes))
    const target = await emptyTarget()
    await expect(restoreBackup(file, target)).rejects.toThrow('it has no manifest')
    expect(await isEmpty(target)).toBe(true)
  })

  it('refuses a backup of a newer version (a database change this code does not know), and the target stays empty', async () => {
    const newer = await rewritten('newer.tar.gz', (entry, bytes) => {
      if (entry !== 'manifest.json') return bytes
      const manifest = JSON.parse(bytes.toString('utf8'))
      manifest.app.version = '9.0.0'
      manifest.migration = { tag: '0099_from_the_future', when: manifest.migration.when + 1, hash: 'f'.repeat(64) }
      return Buffer.from(JSON.stringify(manifest))
    })
    const target = await emptyTarget()
    await expect(restoreBackup(newer, target)).rejects.toThrow('This backup comes from a newer version of Bandroom (9.0.0, database change 0099_from_the_future)')
    expect(await isEmpty(target)).toBe(true)
  })
})

it('never leaves a complete-looking archive behind a backup that fails midway', async () => {
  // The stored file cannot be read (a folder in its place): the tables are already in the archive when it fails.
  const brokenFiles = path.join(work, 'broken-files')
  for (const key of readdirSync(path.join(sourceFiles, 'store'))) mkdirSync(path.join(brokenFiles, 'store', key), { recursive: true })
  const file = path.join(work, 'failed', 'club.tar.gz')
  const connection = await connectionOf(t.database)
  try {
    await expect(writeBackup({ connection, filesDir: brokenFiles, secret: SECRET }, file)).rejects.toThrow(/EISDIR/)
  } finally {
    await connection.close()
  }
  expect(readdirSync(path.dirname(file))).toEqual([])
})

describe('npm run backup and npm run restore', () => {
  /** Runs a command of package.json's as npm would (through tsx), with `env` on top of ours. */
  function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, `server/src/backup/${script}-cli.ts`), ...args], {
      cwd: work,
      env: { ...process.env, DATABASE_URL: '', JWT_SECRET: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })))
  }

  it('refuses to back up the embedded database while the server has it, saying what to do', async () => {
    // A running process holds the data directory's lock, as a server does.
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
    cleanups.push(async () => server.kill())
    const dataDir = path.join(work, 'running')
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(path.join(dataDir, 'pglite.lock'), `${server.pid}\n`)
    const result = await run('backup', [path.join(work, 'while-running.tar.gz')], { DATA_DIR: dataDir })
    expect(result.code).toBe(1)
    expect(result.output).toContain(`No backup was made: the server (pid ${server.pid}) is using the embedded database in ${path.join(dataDir, 'pglite')}`)
    expect(result.output).toContain('Stop the server, run npm run backup again')
    expect(existsSync(path.join(work, 'while-running.tar.gz'))).toBe(false)
  }, 120_000)

  it('refuses a restore into a place that is not empty, and names the archive to restore', async () => {
    const dataDir = path.join(work, 'taken')
    mkdirSync(path.join(dataDir, 'files', 'store'), { recursive: true })
    writeFileSync(path.join(dataDir, 'files', 'store', 'someone-elses-file'), 'bytes')
    const result = await run('restore', [archive], { DATA_DIR: dataDir })
    expect(result.code).toBe(1)
    expect(result.output).toContain(`${path.join(dataDir, 'files')} already holds files: restore into an empty place`)
    expect(await run('restore', [], { DATA_DIR: dataDir })).toMatchObject({ code: 1, output: expect.stringContaining('Name the backup to restore: npm run restore -- FILE') })
  }, 120_000)
})

it('backs up one instant while the club goes on writing: what each write put in two tables is restored in both or in neither', async () => {
  // Each write adds a room and a period of the same number in one transaction. A backup that read
  // the tables at different moments would restore more periods (read first) than rooms.
  // `started` names each write; `committed` counts those done (three writers are in flight at once).
  let started = 0
  let committed = 0
  let writing = true
  const writer = async () => {
    while (writing) {
      const n = (started += 1)
      await t.db.transaction(async (tx) => {
        await tx.insert(rooms).values({ name: `Concurrent ${n}`, capacity: 4 })
        await tx.insert(periods).values({ label: `Concurrent ${n}`, startsAt: '20:00', endsAt: '21:00' })
      })
      committed += 1
      // As requests arrive, through the event loop: PGlite answers without I/O, so a bare loop would starve every timer.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  const writers = [writer(), writer(), writer()]
  while (committed < 30) await new Promise((resolve) => setTimeout(resolve, 5))
  const connection = await connectionOf(t.database)
  let file: string
  try {
    file = (await writeBackup({ connection, filesDir: sourceFiles, secret: SECRET }, path.join(work, 'while-writing.tar.gz'))).path
  } finally {
    await connection.close()
    writing = false
    await Promise.all(writers)
  }
  const target = await emptyTarget()
  await restoreBackup(file, target)
  const restored = await openTarget(target)
  const names = async (rows: Promise<{ name: string }[]>) => (await rows).map((row) => row.name).filter((name) => name.startsWith('Concurrent ')).sort()
  const roomNames = await names(restored.db.select({ name: rooms.name }).from(rooms))
  const periodNames = await names(restored.db.select({ name: periods.label }).from(periods))
  expect(roomNames.length).toBeGreaterThanOrEqual(30)
  expect(periodNames).toEqual(roomNames)
}, 120_000)

it('fails with an error, not a crash, when its folder vanishes while it writes, and leaves no archive', async () => {
  const folder = path.join(work, 'vanishing')
  const connection = await connectionOf(t.database)
  // The folder goes while the first table is read (e.g. a removed USB disk): the next table's file cannot be made.
  let gone = false
  const vanishing: SqlConnection = {
    ...connection,
    transaction: (characteristics, run) =>
      connection.transaction(characteristics, (query) =>
        run((async (sql: string, params?: unknown[]) => {
          if (!gone && sql.startsWith('fetch')) {
            gone = true
            await rm(folder, { recursive: true, force: true })
          }
          return query(sql, params)
        }) as typeof query),
      ),
  }
  try {
    await expect(writeBackup({ connection: vanishing, filesDir: sourceFiles, secret: SECRET }, path.join(folder, 'club.tar.gz'))).rejects.toThrow(/ENOENT/)
  } finally {
    await connection.close()
  }
  expect(existsSync(path.join(folder, 'club.tar.gz'))).toBe(false)
})
