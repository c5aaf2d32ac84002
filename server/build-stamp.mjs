// Whether a build in dist/ or dist-server/ is up to date with its sources: each build writes a
// stamp file holding the SHA-256 of its inputs (every file's path and bytes) as they were when it
// began, and `npm start` (server/build-if-changed.mjs) builds again only when the inputs' hash
// differs from the stamp's. A build stopped midway leaves no stamp (it is written last, and each
// build empties its folder first), so it is built again. Plain JavaScript, so `npm start` asks
// without loading tsx or Vite (decision 044). Types in build-stamp.d.mts.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The stamp's name inside the build's folder (no extension the service worker precaches). */
export const STAMP_FILE = '.build-stamp'

/** What the app's build (`vite build` → dist/) reads. */
export const appInputs = ['src', 'public', 'index.html', 'vite.config.ts', 'tailwind.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'server/build-stamp.mjs']

/** What the server's build (server/build.ts → dist-server/) reads: the server and what it imports from src/ (contract, timetable, allocation). */
export const serverInputs = ['server', 'src', 'tsconfig.json', 'package.json', 'package-lock.json']

/** Written from the other inputs (the router plugin's route tree, the compiled messages): not inputs of their own. */
const generated = new Set(['src/routeTree.gen.ts'])
const generatedFolders = ['src/i18n/paraglide/', 'src/i18n/paraglide-tests/']

/** Every file under the inputs, as sorted paths relative to `root` with `/` separators. */
function filesOf(root, inputs) {
  const files = []
  for (const input of inputs) {
    const full = path.join(root, input)
    if (!existsSync(full)) continue
    if (statSync(full).isFile()) {
      files.push(input)
      continue
    }
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
      if (!generated.has(relative) && !generatedFolders.some((folder) => relative.startsWith(folder))) files.push(relative)
    }
  }
  return [...new Set(files)].sort()
}

/** SHA-256 (hex) of the inputs: each file's path and bytes, so an added, removed, renamed or changed file changes it. */
export function hashInputs(root, inputs) {
  const hash = createHash('sha256')
  for (const file of filesOf(root, inputs)) {
    const bytes = readFileSync(path.join(root, file))
    hash.update(`${file}\0${bytes.length}\0`).update(bytes)
  }
  return hash.digest('hex')
}

/** The hash a build of `outDir` recorded, or undefined (never built, or stopped midway). */
export function readStamp(outDir) {
  try {
    return readFileSync(path.join(outDir, STAMP_FILE), 'utf8').trim() || undefined
  } catch {
    return undefined
  }
}

/** Records that `outDir` was built from inputs hashing to `hash`: the last step of a build. */
export function writeStamp(outDir, hash) {
  writeFileSync(path.join(outDir, STAMP_FILE), `${hash}\n`)
}

/** Whether `outDir` holds a finished build of the inputs as they are now. */
export function isUpToDate(root, outDir, inputs) {
  const stamp = readStamp(outDir)
  return stamp !== undefined && stamp === hashInputs(root, inputs)
}
