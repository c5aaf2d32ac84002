// `npm start`'s first half: builds the app (dist/) and the server (dist-server/) only when their
// sources changed since the last build, as `npm run build` would build them (decision 044).
// `npm run build` (and so `npm test`) always builds.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { appInputs, isUpToDate, serverInputs } from './build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The builds whose output is missing or older than their sources, in `npm run build`'s order. */
export function staleBuilds(at = root) {
  return [
    { name: 'app', outDir: 'dist', inputs: appInputs, command: ['node_modules/vite/bin/vite.js', 'build'] },
    { name: 'server', outDir: 'dist-server', inputs: serverInputs, command: ['--import', 'tsx', 'server/build.ts'] },
  ].filter((build) => !isUpToDate(at, path.join(at, build.outDir), build.inputs))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = staleBuilds()
  for (const build of ['app', 'server']) {
    if (!stale.some((candidate) => candidate.name === build)) console.log(`The ${build} in ${build === 'app' ? 'dist/' : 'dist-server/'} is up to date with its sources: not built again.`)
  }
  for (const build of stale) {
    console.log(`Building the ${build.name} into ${build.outDir}/ (its sources changed since the last build, or it was never built)…`)
    const result = spawnSync(process.execPath, build.command, { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
}
