import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { ActivityArea } from '../../../src/contract/activity'
import type { Db } from '../db/client'
import { activityLog, allocationRounds, bands, events, fileFolders, files, periods, positions, rooms, users } from '../db/schema'
import type { Executor } from '../db/transaction'
import { routeActionCode, type NotedAction } from './activity-words'

/**
 * The activity log's recording (issue 34 §5, decision 042). `defineRoute` opens one context per
 * write request (`runActivity`); services add what only they know (`noteActivity`: the object,
 * its fields before and after); `withTransaction` writes the entry with the transaction's own
 * executor just before it commits (the first transaction of the request that commits it), so
 * the entry exists exactly when the change does; `defineRoute` writes it after the handler when
 * no transaction did (a route whose service wrote with one statement), and deletes it again
 * when the request failed after all (a 4xx after a transaction that only read).
 */

export interface ActivityObject {
  type: string
  id: string | null
  label: string | null
}
export interface ActivityChange {
  field: string
  before: unknown
  after: unknown
}
export interface ActivityEntryInput {
  at: Date
  actorId: string | null
  area: ActivityArea
  /** A code worded when read (activity-words.ts): the route's key or a noted action; sign-ins store their fixed sentences. */
  action: string
  route?: string | null
  object?: ActivityObject | null
  changes?: ActivityChange[]
}

interface ActivityContext {
  db: Db
  clock: () => Date
  actorId: string | null
  area: ActivityArea
  action: string
  route: string
  object: ActivityObject | null
  changes: ActivityChange[]
  /** The service said what changed: the body's fields are not added. */
  described: boolean
  /**
   * Whether the request leaves an entry: executive and admin routes do; member routes only when
   * the service says the caller used an executive's power (`noteActivity({ include: true })`).
   */
  logged: boolean
  /** open: not written yet; pending: a transaction holding it has not committed; written; closed: the request is over. */
  state: 'open' | 'pending' | 'written' | 'closed'
  id: string | null
}

const storage = new AsyncLocalStorage<ActivityContext>()

/** Shown instead of a secret's value. */
export const HIDDEN = '(hidden)'
/** Field names whose values are never stored: passwords, tokens, secrets, invite codes, keys. */
const SECRET_NAME = /pass(word|phrase)?|token|secret|invite|hash|api[-_]?key|private[-_]?key|credential|smtp[-_]?url/i
const MAX_TEXT = 500
const MAX_ITEMS = 20

/** A value fit to keep: secrets replaced (at any depth), long text cut, long lists counted. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value
  if (value === null || typeof value !== 'object') return value === undefined ? null : value
  if (value instanceof Date) return value.toISOString()
  if (depth > 4) return '(…)'
  if (Array.isArray(value)) return value.length > MAX_ITEMS ? `(${value.length} items)` : value.map((item) => redact(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_NAME.test(key) ? HIDDEN : redact(inner, depth + 1)]))
}

/** One change, its values made fit to keep (a secret's name hides both). */
export function change(field: string, before: unknown, after: unknown): ActivityChange {
  if (SECRET_NAME.test(field)) return { field, before: before === undefined || before === null ? null : HIDDEN, after: HIDDEN }
  return { field, before: redact(before), after: redact(after) }
}

/** The fields that differ between two records (compared as JSON), with dotted names for nested objects. */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>, prefix = ''): ActivityChange[] {
  const out: ActivityChange[] = []
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key]
    const b = after[key]
    const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
    if (isRecord(a) && isRecord(b) && !SECRET_NAME.test(key)) out.push(...changesBetween(a, b, `${prefix}${key}.`))
    else if (JSON.stringify(a) !== JSON.stringify(b)) out.push(change(`${prefix}${key}`, a, b))
  }
  return out
}

/** A request body's fields as changes with nothing known before (the default content). */
function bodyChanges(body: unknown): ActivityChange[] {
  if (body === null || body === undefined) return []
  if (typeof body !== 'object' || Array.isArray(body)) return [change('value', null, body)]
  return Object.entries(body).map(([key, value]) => change(key, null, value))
}

/** Writes one entry on `executor` (a transaction's, to be part of it). */
export async function writeActivity(executor: Executor, entry: ActivityEntryInput & { id?: string }) {
  await executor.insert(activityLog).values({
    id: entry.id ?? randomUUID(),
    at: entry.at,
    actorId: entry.actorId,
    area: entry.area,
    action: entry.action.slice(0, 200),
    route: entry.route ?? null,
    objectType: entry.object?.type ?? null,
    objectId: entry.object?.id ?? null,
    objectLabel: entry.object?.label?.slice(0, 200) ?? null,
    changes: entry.changes ?? [],
  })
}

function entryOf(context: ActivityContext): ActivityEntryInput & { id: string } {
  return {
    id: context.id!,
    at: context.clock(),
    actorId: context.actorId,
    area: context.area,
    action: context.action,
    route: context.route,
    object: context.object,
    changes: context.changes,
  }
}

/**
 * What a service knows about the request's change: the object, the fields before and after
 * (replacing the body's), an action of its own (a code of `notedActions`). `include` makes a member route's request leave an
 * entry: the caller used a power beyond a member's (cancelling someone else's booking).
 * Outside a logged request it does nothing.
 */
export function noteActivity(note: { action?: NotedAction; object?: ActivityObject; changes?: ActivityChange[]; include?: boolean; area?: ActivityArea }) {
  const context = storage.getStore()
  if (!context || context.state === 'closed') return
  if (note.action) context.action = note.action
  if (note.area) context.area = note.area
  if (note.object) context.object = note.object
  if (note.changes) {
    context.changes = note.changes
    context.described = true
  }
  if (note.include) context.logged = true
}

/** The request leaves no entry after all (nothing happened worth telling). */
export function skipActivity() {
  const context = storage.getStore()
  if (context && context.state === 'open') context.logged = false
}

/** Runs `work` with no request's activity: jobs started from a request must not write its entry. */
export function outsideActivity<T>(work: () => T): T {
  return storage.exit(work)
}

/**
 * Called by `withTransaction` inside the transaction, just before it commits. Returns a
 * function to call with the outcome: committed or not.
 */
export async function writeActivityBeforeCommit(tx: Executor): Promise<((committed: boolean) => void) | undefined> {
  const context = storage.getStore()
  if (!context || !context.logged || context.state !== 'open') return undefined
  context.state = 'pending'
  context.id = randomUUID()
  try {
    await writeActivity(tx, entryOf(context))
  } catch (error) {
    context.state = 'open'
    throw error
  }
  return (committed) => {
    if (context.state === 'pending') context.state = committed ? 'written' : 'open'
  }
}

/** The kind of thing a route parameter names, and where its name is found. */
const labelled: Record<string, { type: string; label: (db: Db, id: string) => Promise<string | null> }> = {}
function lookup(type: string, query: (db: Db, id: string) => Promise<Array<{ label: string | null }>>) {
  return { type, label: async (db: Db, id: string) => (await query(db, id))[0]?.label ?? null }
}
const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
Object.assign(labelled, {
  userId: lookup('user', (db, id) => db.select({ label: users.displayName }).from(users).where(eq(users.id, id))),
  bandId: lookup('band', (db, id) => db.select({ label: bands.name }).from(bands).where(eq(bands.id, id))),
  roomId: lookup('room', (db, id) => db.select({ label: rooms.name }).from(rooms).where(eq(rooms.id, id))),
  periodId: lookup('period', (db, id) => db.select({ label: periods.label }).from(periods).where(eq(periods.id, id))),
  positionId: lookup('position', (db, id) => db.select({ label: positions.name }).from(positions).where(eq(positions.id, id))),
  eventId: lookup('event', (db, id) => db.select({ label: events.title }).from(events).where(eq(events.id, id))),
  fileId: lookup('file', (db, id) => db.select({ label: files.name }).from(files).where(eq(files.id, id))),
  folderId: lookup('folder', (db, id) => db.select({ label: fileFolders.name }).from(fileFolders).where(eq(fileFolders.id, id))),
  holderId: { type: 'position holder', label: async () => null },
  roundId: lookup('allocation round', (db, id) =>
    // Its week, worded when read (activity-words.ts).
    db.select({ label: sql<string>`${allocationRounds.weekStart}::text` }).from(allocationRounds).where(eq(allocationRounds.id, id)),
  ),
})

/** The object a route's parameters name: its first `…Id`, with its name as it is before the change. */
async function objectOfParams(db: Db, params: unknown): Promise<ActivityObject | null> {
  if (!params || typeof params !== 'object') return null
  const entry = Object.entries(params as Record<string, unknown>).find(([key, value]) => key.endsWith('Id') && typeof value === 'string')
  if (!entry) return null
  const [key, id] = entry as [string, string]
  const known = labelled[key]
  const type = known?.type ?? key.slice(0, -2).replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
  const label = known && uuidLike.test(id) ? await known.label(db, id).catch(() => null) : null
  return { type, id, label }
}

/** A route's tag as an area of the log's filter; the settings have their own. */
export function areaOf(tag: string, url: string): ActivityArea {
  if (url.startsWith('/api/settings')) return 'settings'
  const areas: Record<string, ActivityArea> = {
    auth: 'sign-in',
    accounts: 'accounts',
    people: 'people',
    users: 'users',
    members: 'members',
    bands: 'bands',
    bookings: 'bookings',
    schedule: 'bookings',
    allocation: 'allocation',
    lives: 'lives',
    feedback: 'feedback',
    files: 'files',
    notices: 'notices',
    club: 'club',
    mail: 'mail',
    backup: 'backups',
    backups: 'backups',
  }
  return areas[tag] ?? 'club'
}

/**
 * Runs one write request's handler in its activity context. `logged` says whether the request
 * leaves an entry unless its service says otherwise; the entry is written by the first
 * transaction that commits, else here after the handler, and removed when the request failed.
 */
export async function runActivity<T>(
  setup: { db: Db; clock: () => Date; actorId: string; tag: string; method: string; url: string; logged: boolean; params: unknown },
  handler: () => Promise<T>,
  succeeded: () => boolean,
): Promise<T> {
  const context: ActivityContext = {
    db: setup.db,
    clock: setup.clock,
    actorId: setup.actorId,
    area: areaOf(setup.tag, setup.url),
    // Stored as the route's key, worded in the reader's language when read (decision 046).
    action: routeActionCode(setup.method, setup.url),
    route: `${setup.method} ${setup.url}`,
    // Executive and admin writes are rare: one primary-key read for the object's name is cheap.
    object: setup.logged ? await objectOfParams(setup.db, setup.params) : null,
    changes: [],
    described: false,
    logged: setup.logged,
    state: 'open',
    id: null,
  }
  let result: T
  try {
    result = await storage.run(context, handler)
  } catch (error) {
    await forget(context)
    throw error
  }
  if (!succeeded()) {
    await forget(context)
    return result
  }
  if (context.logged && context.state === 'open') {
    context.object ??= (await objectOfParams(setup.db, setup.params)) ?? objectOfResult(result, setup.url)
    context.id = randomUUID()
    context.state = 'written'
    await writeActivity(setup.db, entryOf(context))
  } else if (context.state === 'written' && !context.object) {
    // A new record's id and name are known only from the answer.
    const made = objectOfResult(result, setup.url)
    if (made) await setup.db.update(activityLog).set({ objectType: made.type, objectId: made.id, objectLabel: made.label }).where(eq(activityLog.id, context.id!))
  }
  context.state = 'closed'
  return result
}

async function forget(context: ActivityContext) {
  const id = context.state === 'written' ? context.id : null
  context.state = 'closed'
  if (id) await context.db.delete(activityLog).where(eq(activityLog.id, id))
}

/** A created record from a handler's answer (`{id, name}`), named after the route's last word. */
function objectOfResult(result: unknown, url: string): ActivityObject | null {
  if (!result || typeof result !== 'object') return null
  const record = result as Record<string, unknown>
  if (typeof record.id !== 'string') return null
  const name = [record.name, record.title, record.displayName, record.label].find((value) => typeof value === 'string') as string | undefined
  const last = url.split('/').filter((part) => part && !part.startsWith(':')).pop() ?? 'record'
  return { type: last.replace(/s$/, ''), id: record.id, label: name ?? null }
}

/**
 * Sets body changes before a transaction writes the entry (called by defineRoute once the body
 * is parsed). Not for requests that are not logged (yet): a member's booking costs nothing, and
 * a service that includes one names its changes itself.
 */
export function setDefaultChanges(body: unknown) {
  const context = storage.getStore()
  if (context && context.logged && !context.described) context.changes = bodyChanges(body)
}
