import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import type { ChangeFeed, ChangeNotice } from '../db/change-feed'

/**
 * A counter every write that can change a schedule bumps (bookings made or cancelled; rooms,
 * periods, blackouts and settings changed; bands renamed). Caches keyed on it drop what they
 * hold when it moves. Created once in buildApp and handed to every area that writes.
 *
 * A bump goes through the change feed, so with several server processes on one PostgreSQL
 * every process's counter moves (decision 015-several-processes).
 */
export interface ScheduleVersion {
  current(): number
  bump(): void
  /** For a write in its own transaction: a bump that goes with its commit (ChangeFeed.within). */
  within(): ChangeNotice
}

export function createScheduleVersion(feed: ChangeFeed): ScheduleVersion {
  let value = 0
  feed.subscribe('schedule', () => {
    value += 1
  })
  return {
    current: () => value,
    bump: () => feed.publish('schedule'),
    within: () => feed.within('schedule'),
  }
}

export type Encoding = 'br' | 'gzip'

/** A serialised answer with its strong ETag; compressed copies are made once, on first demand. */
export interface CachedBody {
  body: string
  etag: string
  /** The body in `encoding`, or null when it is too small to be worth compressing. */
  encoded(encoding: Encoding): Buffer | null
}

/** Bodies under this size go as they are (the app's compression threshold). */
const COMPRESS_FROM_BYTES = 1024

function toCachedBody(value: unknown): CachedBody {
  const body = JSON.stringify(value)
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  const copies = new Map<Encoding, Buffer>()
  return {
    body,
    etag,
    encoded(encoding) {
      if (Buffer.byteLength(body) < COMPRESS_FROM_BYTES) return null
      let copy = copies.get(encoding)
      if (!copy) {
        copy =
          encoding === 'br'
            ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
            : zlib.gzipSync(body, { level: 9 })
        copies.set(encoding, copy)
      }
      return copy
    },
  }
}

/**
 * Values by key, built at most once per schedule version: every entry is dropped when the
 * version moves, at most `maxEntries` are kept (the oldest goes first), and with `maxAgeMs`
 * an entry is built again once that old. Concurrent misses for one key share one build; a
 * build that fails or answers null (e.g. "no such room") is not kept.
 */
export function createVersionedCache<T>(
  version: ScheduleVersion,
  options: { maxEntries?: number; maxAgeMs?: number; clock?: () => Date } = {},
) {
  const { maxEntries = 200, maxAgeMs, clock = () => new Date() } = options
  let seen = version.current()
  const entries = new Map<string, { value: Promise<T | null>; builtAt: number }>()

  return {
    /** Drops every entry (and lets builds under way finish without being kept). */
    clear() {
      entries.clear()
    },
    get(key: string, build: () => Promise<T | null>): Promise<T | null> {
      if (version.current() !== seen) {
        entries.clear()
        seen = version.current()
      }
      const now = maxAgeMs === undefined ? 0 : clock().getTime()
      const hit = entries.get(key)
      if (hit && (maxAgeMs === undefined || now - hit.builtAt < maxAgeMs)) return hit.value
      if (!hit && entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      const entry = { value: build(), builtAt: now }
      entries.set(key, entry)
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key)
      }
      entry.value.then((value) => value === null && forget(), forget)
      return entry.value
    },
  }
}

/** Serialised answers with their ETags, per key and schedule version (see createVersionedCache). */
export function createBodyCache(version: ScheduleVersion, maxEntries = 200) {
  const cache = createVersionedCache<CachedBody>(version, { maxEntries })
  return {
    clear: () => cache.clear(),
    get: (key: string, build: () => Promise<unknown>) =>
      cache.get(key, async () => {
        const value = await build()
        return value === null ? null : toCachedBody(value)
      }),
  }
}

/** Whether an If-None-Match header names `etag` (or is `*`); weak comparison, as RFC 9110 asks. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value.replace(/^W\//, '') === etag
  })
}

/** The compression the client prefers among those we keep (br, then gzip); null for none. */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  const accepted = new Set<string>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return null
}
