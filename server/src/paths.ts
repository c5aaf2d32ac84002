import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's root (the folder of package.json), found from this module's own place: the
 * same from the TypeScript sources (`tsx`, the tests) and from the compiled server
 * (`dist-server/`, one bundle whose modules no longer sit where their sources do).
 */
export const projectRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`)
    dir = parent
  }
  return dir
})()

/** The SQL migrations, applied at every start. */
export const migrationsFolder = path.join(projectRoot, 'server/drizzle')

/** The built app the server serves unless SPA_DIR says otherwise. */
export const builtAppDir = path.join(projectRoot, 'dist')
