import { afterEach, describe, expect, it } from 'vitest'
import { build } from 'esbuild'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { appInputs, hashInputs, isUpToDate, serverInputs, writeStamp } from '../../server/build-stamp.mjs'
import { staleBuilds } from '../../server/build-if-changed.mjs'
import { serverBuildOptions } from '../../server/build'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const roots: string[] = []
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A small copy of the repository's shape: sources, a built app in dist/ and a built server in dist-server/, each stamped. */
function builtProject() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bandroom-stamp-'))
  roots.push(root)
  const files: Record<string, string> = {
    'index.html': '<div id="root"></div>',
    'vite.config.ts': 'export default {}',
    'tailwind.config.ts': 'export default {}',
    'tsconfig.json': '{}',
    'package.json': '{"name":"bandroom"}',
    'package-lock.json': '{}',
    'public/favicon.svg': '<svg/>',
    'src/main.tsx': 'render()',
    'src/contract/rooms.ts': 'export const room = 1',
    'src/routeTree.gen.ts': '// generated',
    'server/src/main.ts': 'listen()',
    'server/build-stamp.mjs': '// the stamp',
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  for (const [outDir, inputs] of [['dist', appInputs], ['dist-server', serverInputs]] as const) {
    mkdirSync(path.join(root, outDir))
    writeStamp(path.join(root, outDir), hashInputs(root, inputs))
  }
  const edit = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return { root, edit, stale: () => staleBuilds(root).map((stale) => stale.outDir) }
}

describe('npm start builds only what its sources changed', () => {
  it('builds nothing while both builds match their sources', () => {
    expect(builtProject().stale()).toEqual([])
  })

  it('builds the app and the server again after a change to the shared sources', () => {
    const project = builtProject()
    project.edit('src/contract/rooms.ts', 'export const room = 2')
    expect(project.stale()).toEqual(['dist', 'dist-server'])
  })

  it('builds only the app after a change to index.html, a public file or the Vite config', () => {
    for (const [file, text] of [['index.html', '<div id="root">!</div>'], ['public/favicon.svg', '<svg></svg>'], ['vite.config.ts', 'export default { build: {} }']]) {
      const project = builtProject()
      project.edit(file, text)
      expect(project.stale(), file).toEqual(['dist'])
    }
  })

  it('builds only the server after a change to the server', () => {
    const project = builtProject()
    project.edit('server/src/main.ts', 'listen(3000)')
    expect(project.stale()).toEqual(['dist-server'])
  })

  it('builds again after a source is added, removed or renamed', () => {
    const added = builtProject()
    added.edit('src/features/new-screen.tsx', 'export {}')
    expect(added.stale()).toEqual(['dist', 'dist-server'])
    const removed = builtProject()
    unlinkSync(path.join(removed.root, 'public/favicon.svg'))
    expect(removed.stale()).toEqual(['dist'])
    const renamed = builtProject()
    unlinkSync(path.join(renamed.root, 'src/main.tsx'))
    renamed.edit('src/app.tsx', 'render()')
    expect(renamed.stale()).toEqual(['dist', 'dist-server'])
  })

  it('builds again when a build left no stamp (never built, or stopped midway)', () => {
    const project = builtProject()
    rmSync(path.join(project.root, 'dist'), { recursive: true })
    mkdirSync(path.join(project.root, 'dist'))
    expect(project.stale()).toEqual(['dist'])
    rmSync(path.join(project.root, 'dist-server'), { recursive: true })
    expect(project.stale()).toEqual(['dist', 'dist-server'])
  })

  it('does not count the route tree the build itself writes', () => {
    const project = builtProject()
    project.edit('src/routeTree.gen.ts', '// generated again')
    expect(isUpToDate(project.root, path.join(project.root, 'dist'), appInputs)).toBe(true)
  })

  it('hashes every file the server bundle is built from', async () => {
    const result = await build({ ...serverBuildOptions(path.join(os.tmpdir(), 'unused')), write: false, metafile: true, sourcemap: false, logLevel: 'silent' })
    const sources = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'))
    expect(sources.length).toBeGreaterThan(100)
    const outside = sources.filter((file) => !serverInputs.some((input) => file === input || file.startsWith(`${input}/`)))
    expect(outside).toEqual([])
    // Bundling the server takes 1–2 s alone, over 5 s beside the whole suite: a net for a hang only.
  }, 60_000)

  it('leaves `npm run build` (and so `npm test`) building everything every time', () => {
    const scripts = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts as Record<string, string>
    expect(scripts.build).toBe('vite build && tsx server/build.ts')
    expect(scripts.start).toMatch(/^node server\/build-if-changed\.mjs && /)
  })
})
