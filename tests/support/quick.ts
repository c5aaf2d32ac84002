/**
 * `npm run test:quick [-- <git ref>]`: the developer's inner loop. Runs the unit, logic and
 * PGlite server tests of what a change touches, then says what it left for `npm test`.
 *
 * A change is the files changed since HEAD (or since the ref given), untracked ones included.
 * Its tests are the changed test files, the tests of the changed files' area (server/src/<area>
 * → tests/server/<area>, src/features/<area> → tests/web/features/<area>, src/timetable →
 * tests/logic/timetable, …) and the test files that import a changed file by name. Not every
 * test that reaches it through the module graph: every server test reaches every server file
 * through buildApp(), which would make any server change the whole suite.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)

const since = process.argv[2] ?? 'HEAD'
const changed = [...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')])].filter((file) => existsSync(path.join(root, file)))
const code = changed.filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file))

const isTest = (file: string) => /\.test\.tsx?$/.test(file)
const testFiles = (dir: string): string[] =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && isTest(entry.name))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    : []
/** The projects test:quick runs: unit (web), logic and the server tests (on PGlite). */
const quickTests = [...testFiles('tests/web'), ...testFiles('tests/logic'), ...testFiles('tests/server')]

/** The test folders of a source file's area. */
function areaTests(file: string): string[] {
  const parts = file.split('/')
  if (file.startsWith('server/drizzle/') || file === 'server/src/db/schema.ts') return testFiles('tests/server')
  if (parts[0] === 'server' && parts[1] === 'src' && parts.length > 3) return [...testFiles(`tests/server/${parts[2]}`), ...testFiles('tests/server').filter((test) => path.basename(test).startsWith(parts[2]!))]
  if (parts[0] === 'src' && parts[1] === 'features') return testFiles(`tests/web/features/${parts[2]}`)
  if (parts[0] === 'src' && (parts[1] === 'timetable' || parts[1] === 'allocation')) return [...testFiles(`tests/logic/${parts[1]}`), ...testFiles(`tests/server/${parts[1] === 'timetable' ? 'lives' : 'allocation'}`)]
  if (parts[0] === 'src' && (parts[1] === 'lib' || parts[1] === 'components')) return testFiles(`tests/web/${parts[1]}`)
  return []
}

/** Test files that import `file` by its path (without extension), e.g. `contract/calendar'`. */
function importers(file: string): string[] {
  const stem = file.replace(/\.(ts|tsx|mts|mjs)$/, '').split('/').slice(-2).join('/')
  return quickTests.filter((test) => readFileSync(path.join(root, test), 'utf8').match(new RegExp(`from '[^']*${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`)))
}

const selected = [...new Set(code.flatMap((file) => (isTest(file) ? [file] : [...areaTests(file), ...importers(file)])))].filter((test) => quickTests.includes(test))
if (changed.length === 0) console.log(`Nothing changed since ${since}.`)
else console.log(`Changed since ${since}: ${changed.length} file(s). Their tests here: ${selected.length} file(s).`)

let status = 0
if (selected.length) {
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'web', '--project', 'logic', '--project', 'server-pglite', ...selected], {
    cwd: root,
    stdio: 'inherit',
  })
  status = run.status ?? 1
}

const serverTests = selected.filter((test) => test.startsWith('tests/server/'))
console.log(
  [
    '',
    'Left for npm test (which runs everything, as CI does):',
    ...(serverTests.length ? [`  these server tests on PostgreSQL:  npx vitest run --project server-postgres ${serverTests.join(' ')}`] : []),
    ...(changed.some((file) => file.startsWith('src/') || file.startsWith('tests/e2e/'))
      ? ['  end to end:                        npx vite build && E2E=<area>,<area> npx vitest run --project e2e   (areas: tests/e2e/<area>.e2e.ts)']
      : []),
    '  the rest of the tests:             npx vitest run --project <web|logic|server-pglite|server-postgres|repo|e2e>',
    '  lint and types:                    npm run lint && npm run typecheck',
  ].join('\n'),
)
process.exit(status)
