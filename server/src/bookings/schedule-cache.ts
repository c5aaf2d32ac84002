import { createHash } from 'node:crypto'
import zlib from 'node:zlib'

/**
 * A counter every write that can change a schedule bumps (bookings made or cancelled; rooms,
 * periods, blackouts and settings changed; bands renamed). Caches keyed on it drop what they
 * hold when it moves. Created once in buildApp and handed to every area that writes.
 *
 * It lives in the process: the app runs as one process (decisions 001 and 004). With several
 * processes a write in one would not reach the others' caches until their entries expire.
 */
export interface ScheduleVersion {
  current(): number
  bump(): void
}

export function createScheduleVersion(): ScheduleVersion {
  let value = 0
  return {
    current: () => value,
    bump: () => {
      value += 1
    },
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
 * Answers by key, built at most once per schedule version: every entry is dropped when the
 * version moves, and at most `maxEntries` are kept (the oldest goes first). Concurrent misses
 * for one key share one build. A build answering null (e.g. "no such room") is not kept.
 */
export function createBodyCache(version: ScheduleVersion, maxEntries = 200) {
  let seen = version.current()
  const entries = new Map<string, Promise<CachedBody | null>>()

  return {
    get(key: string, build: () => Promise<unknown>): Promise<CachedBody | null> {
      if (version.current() !== seen) {
        entries.clear()
        seen = version.current()
      }
      const hit = entries.get(key)
      if (hit) return hit
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      const entry = build().then((value) => (value === null ? null : toCachedBody(value)))
      entries.set(key, entry)
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key)
      }
      entry.then((value) => value === null && forget(), forget)
      return entry
    },
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
