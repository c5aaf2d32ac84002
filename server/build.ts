// Compiles the server to plain JavaScript for production (`npm run build`, `npm start`): one
// ES module per entry in dist-server/, the project's own code bundled and every package left to
// node_modules, with source maps. The server then starts with plain Node, without tsx's loader
// (measured: 6.3 → 2.9 s of CPU to a healthy /api/health; decision 033). The tests build it too,
// once per run (tests/support/build-server.ts), and start their server processes from it.
import { build, type BuildOptions } from 'esbuild'
import { hashInputs, serverInputs, writeStamp } from './build-stamp.mjs'
import { copyFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverOutDir = path.join(root, 'dist-server')

/** esbuild's options for the server's bundle into `outDir` (tests/repo/build-stamp.test.ts reads what it bundles). */
export function serverBuildOptions(outDir = serverOutDir) {
  return {
    absWorkingDir: root,
    entryPoints: {
      main: 'server/src/main.ts',
      'load-demo': 'server/src/demo/load-demo.ts',
      // The worker pool's thread: worker-pool.ts names ./worker-entry.mjs beside itself, which in
      // the bundle is beside main.mjs.
      'worker-entry': 'server/src/workers/worker-thread.ts',
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  } satisfies BuildOptions
}

export async function buildServer(outDir = serverOutDir): Promise<void> {
  // The inputs as they are before building: a source changed meanwhile builds again next start.
  const inputsHash = hashInputs(root, serverInputs)
  rmSync(outDir, { recursive: true, force: true })
  await build(serverBuildOptions(outDir))
  // Plain JavaScript already, started as a thread by upload-hasher.ts from beside itself.
  copyFileSync(path.join(root, 'server/src/files/upload-hasher-worker.mjs'), path.join(outDir, 'upload-hasher-worker.mjs'))
  // Last: `npm start` skips this build while the stamp matches the sources (decision 044).
  writeStamp(outDir, inputsHash)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer()
