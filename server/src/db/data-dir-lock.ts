import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'

/**
 * PGlite is one process's database: a second process opening the same directory writes over
 * the first one's files and breaks the database for good. So whoever opens a PGlite directory
 * first holds `<dir>.lock` (its pid) until it closes; a second server or `npm run demo` is
 * refused with a sentence saying why. A lock left by a process that died (SIGKILL, power cut)
 * is taken over: its pid no longer names a running process.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Bandroom process (pid ${pid}). ` +
        'Only one server or demo load may use it at a time: stop that process first, or set DATA_DIR to another directory.',
    )
    this.name = 'DataDirInUseError'
  }
}

export interface DataDirLock {
  release(): void
}

function isRunning(pid: number) {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** Takes the lock of `dataDir` for this process, or throws DataDirInUseError. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = `${path.resolve(dataDir)}.lock`
  mkdirSync(path.dirname(file), { recursive: true })
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      // 'wx' fails when the file exists: creating it is the atomic "take the lock".
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      const release = () => {
        process.off('exit', release)
        if (readPid(file) === process.pid) unlinkSync(file)
      }
      // An exit without close (an error at start, process.exit) still gives the lock back.
      process.once('exit', release)
      return { release }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = readPid(file)
    // A pid being written this very moment reads as null: look again rather than steal it.
    if (holder === null && attempt === 0) continue
    if (holder !== null && isRunning(holder)) throw new DataDirInUseError(path.resolve(dataDir), holder)
    // Left by a process that is gone: take it over.
    try {
      unlinkSync(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}
