import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../../..')
const stampFile = path.join(root, 'tests/server/hostile-input.stamp')

/** What the hostile walk depends on: the shared schemas, the HTTP layer and every area's routes. */
function walkedFiles() {
  const files = (dir: string) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
  return [...files('src/contract'), ...files('server/src/http'), ...files('server/src').filter((file) => file.endsWith('.routes.ts'))].sort()
}

/**
 * The routes' and schemas' hash when the exhaustive walk last passed (`npm run test:hostile`
 * writes it): the ordinary run samples the walk while it matches, and walks everything when
 * something it depends on changed, until the stamp is renewed.
 */
export function hostileStamp() {
  const hash = createHash('sha256')
  for (const file of walkedFiles()) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0')
  const digest = hash.digest('hex')
  const recorded = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : ''
  return {
    current: recorded === digest,
    write: () => writeFileSync(stampFile, `${digest}\n`),
  }
}

// `npm run test:hostile` runs this once the exhaustive walk has passed on both databases.
if (process.argv[1] === import.meta.filename) hostileStamp().write()
