import { createReadStream } from 'node:fs'
import { copyFile, link, mkdir, open, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where the club's files keep their bytes, behind one interface (decision 024). The rows in
 * `files` say what a file is; a store only keeps bytes under a key (the upload's id). Today one
 * store exists, a folder on the server's disk; an S3-compatible store for deployments with
 * several server machines implements the same four calls (see the decision record).
 */
export interface FileStorage {
  /**
   * Keeps the finished upload at local path `from` under `key`, durably: when it resolves the
   * bytes are on the disk, not only in the page cache, so the row written next survives a power
   * cut with its bytes. Safe to call again after a crash.
   */
  put(key: string, from: string): Promise<void>
  /** Streams bytes `start`..`end` (inclusive) of `key`, or all of it. Never reads the whole file into memory. */
  read(key: string, range?: { start: number; end: number }): Readable
  /** Whether `key` holds bytes, and how many. */
  size(key: string): Promise<number | null>
  /** Forgets `key`; nothing happens when it holds nothing. */
  delete(key: string): Promise<void>
}

/** Keys are upload ids: letters, digits, `-` and `_`, never a path. */
const KEY = /^[A-Za-z0-9_-]{1,128}$/

function checkKey(key: string) {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`)
  return key
}

/** Flushes a file's bytes, or a folder's entries, to the disk (fsync). */
export async function flush(file: string) {
  const handle = await open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * The local store: `<dir>/<key>`. `put` hard-links the finished upload (same disk, no copy, and
 * the upload stays readable to the tus client until its clean-up job), falling back to a copy
 * when the upload folder is on another disk; then one fsync of the file and one of the folder
 * (the upload's writes themselves are never synced one by one).
 */
export function localStorage(dir: string): FileStorage {
  const fileOf = (key: string) => path.join(dir, checkKey(key))
  let ready: Promise<unknown> | undefined
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true }))
  return {
    async put(key, from) {
      await ensureDir()
      const target = fileOf(key)
      try {
        await link(from, target)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code !== 'EEXIST' && code !== 'EXDEV' && code !== 'EPERM') throw error
        if (code !== 'EEXIST') {
          // Copy beside the target, then link it into place: a crash never leaves half a file under the key.
          const partial = `${target}.partial`
          await copyFile(from, partial)
          await flush(partial)
          await link(partial, target).catch((failure: NodeJS.ErrnoException) => {
            if (failure.code !== 'EEXIST') throw failure
          })
          await rm(partial, { force: true })
        }
      }
      // Also when the key was already there: a put run again after a crash flushes what the first one may not have.
      await flush(target)
      await flush(dir)
    },
    read(key, range) {
      // 1 MiB reads: a sixteenth of the system calls of the default 64 KiB, still flat memory per download.
      return createReadStream(fileOf(key), { highWaterMark: 1024 * 1024, ...(range ? { start: range.start, end: range.end } : {}) })
    },
    async size(key) {
      try {
        return (await stat(fileOf(key))).size
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
  }
}
