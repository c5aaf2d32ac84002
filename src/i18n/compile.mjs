// Compiles the message catalogues (src/i18n/messages/<area>/<language>.json) into typed message
// functions in src/i18n/paraglide/ (Paraglide JS, decision 046). Generated, not committed: run by
// `npm install` (postinstall), `npm run i18n`, the type check and vite.config.ts (build, dev,
// vitest). A stamp of the catalogues' SHA-256 makes a run with nothing changed a no-op, so the
// parallel steps of `npm test` never rewrite the folder under each other. Plain JavaScript: it
// runs before anything is compiled.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const projectDir = path.join(here, 'project.inlang')
export const outDir = path.join(here, 'paraglide')
/**
 * The same messages as three modules (one per language and an index) for the test runs: the
 * app's build wants a module per message (each screen's chunk carries its own words), but a
 * test file importing 2,000 modules paid for each (the suite took three times as long).
 * vite.config.ts points the tests' imports of paraglide/messages.js and runtime.js here.
 */
export const testsOutDir = path.join(here, 'paraglide-tests')
const stampFile = path.join(outDir, '.stamp')

/** The catalogues and settings, with the compiler's version and this script: what the output is made from. */
function inputsHash() {
  const hash = createHash('sha256')
  const files = [path.join(projectDir, 'settings.json')]
  for (const entry of readdirSync(path.join(here, 'messages'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.json')) files.push(path.join(entry.parentPath, entry.name))
  }
  for (const file of files.sort()) hash.update(path.relative(here, file)).update('\0').update(readFileSync(file)).update('\0')
  const compiler = JSON.parse(readFileSync(path.join(here, '../../node_modules/@inlang/paraglide-js/package.json'), 'utf8'))
  // This script too: a change to what it writes must reach a folder compiled before it.
  return hash.update(compiler.version).update(readFileSync(fileURLToPath(import.meta.url))).digest('hex')
}

/** Compiles unless the output is there and made from the same catalogues; true when it compiled. */
export async function compileMessages({ force = false } = {}) {
  const hash = inputsHash()
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) return false
  const { compile } = await import('@inlang/paraglide-js')
  // The app decides the language itself (src/i18n/language.ts) and hands it to the runtime with
  // overwriteGetLocale, in the browser and per request on the server.
  await compile({ project: projectDir, outdir: outDir, strategy: ['baseLocale'], emitTsDeclarations: true, emitPrettierIgnore: false })
  writeRuntime(outDir)
  keepPluralRules(outDir)
  await compile({ project: projectDir, outdir: testsOutDir, strategy: ['baseLocale'], outputStructure: 'locale-modules', emitPrettierIgnore: false })
  writeRuntime(testsOutDir)
  keepPluralRules(testsOutDir)
  writeFileSync(stampFile, hash)
  return true
}

/**
 * Paraglide's runtime finds the language itself (URL, cookie, storage strategies): ~1 KB on
 * every first load that the app does not use, since it decides the language in
 * src/i18n/language.ts and hands it over with `overwriteGetLocale`. It is replaced with the
 * part the message functions call; its types are kept.
 */
function writeRuntime(outDir) {
  const settings = JSON.parse(readFileSync(path.join(projectDir, 'settings.json'), 'utf8'))
  const header = '// Written by src/i18n/compile.mjs in place of Paraglide\'s runtime (decision 046).\n'
  writeFileSync(
    path.join(outDir, 'runtime.js'),
    `${header}export const baseLocale = ${JSON.stringify(settings.baseLocale)}
export const locales = /** @type {const} */ (${JSON.stringify(settings.locales)})
export const experimentalStaticLocale = undefined
let current = () => baseLocale
/** The language the message functions speak: the one the app handed over. */
export const getLocale = () => current()
/** Hands the app's language to the message functions: a function asked on every message. */
export const overwriteGetLocale = (fn) => {
  current = fn
}
`,
  )
  if (!existsSync(path.join(outDir, 'runtime.d.ts'))) return
  const types = readFileSync(path.join(outDir, 'runtime.d.ts'), 'utf8')
  const kept = types.slice(types.indexOf('export type Locale ='))
  writeFileSync(
    path.join(outDir, 'runtime.d.ts'),
    `${header}export declare const baseLocale: ${JSON.stringify(settings.baseLocale)}
export declare const locales: readonly [${settings.locales.map((locale) => JSON.stringify(locale)).join(', ')}]
export declare const experimentalStaticLocale: Locale | undefined
export declare function getLocale(): Locale
export declare function overwriteGetLocale(fn: () => Locale): void
${kept}`,
  )
  // The server middleware of Paraglide, for its own strategies: not used.
  for (const file of ['server.js', 'server.d.ts']) rmSync(path.join(outDir, file), { force: true })
}

/**
 * Paraglide's plural helper makes a new Intl.PluralRules on every call of a counted message
 * (a list of 50 rows asks 50 times); the rules of a language are made once and kept.
 */
function keepPluralRules(outDir) {
  const file = path.join(outDir, 'registry.js')
  const made = 'return new Intl.PluralRules(locale, options).select(Number(input))'
  const source = readFileSync(file, 'utf8')
  if (!source.includes(made)) throw new Error(`${file}: Paraglide's plural helper changed; update keepPluralRules in src/i18n/compile.mjs`)
  writeFileSync(
    file,
    source.replace('export function plural(', 'const pluralRules = new Map()\nexport function plural(').replace(
      made,
      `const key = \`\${locale} \${JSON.stringify(options ?? {})}\`
	let rules = pluralRules.get(key)
	if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, options)))
	return rules.select(Number(input))`,
    ),
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const compiled = await compileMessages({ force: process.argv.includes('--force') })
  console.log(compiled ? 'Compiled the message catalogues into src/i18n/paraglide/.' : 'The compiled messages in src/i18n/paraglide/ are up to date.')
}
