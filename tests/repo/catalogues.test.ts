import { describe, expect, it } from 'vitest'
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * The message catalogues (decision 046): src/i18n/messages/<area>/<language>.json. TypeScript
 * catches a message the code asks for that English lacks, or a wrong placeholder; this catches
 * what it cannot: a language missing a message English has (it would show English), a
 * translation that drops or invents a placeholder, and one key in two areas (one would win).
 */
const root = path.resolve(import.meta.dirname, '../../src/i18n')
const settings = JSON.parse(readFileSync(path.join(root, 'project.inlang/settings.json'), 'utf8')) as {
  baseLocale: string
  locales: string[]
  'plugin.inlang.messageFormat': { pathPattern: string[] }
}
const areas = readdirSync(path.join(root, 'messages'))

type Catalogue = Record<string, unknown>
const read = (area: string, language: string): Catalogue => JSON.parse(readFileSync(path.join(root, 'messages', area, `${language}.json`), 'utf8'))

/** The `{placeholders}` a message uses, in any of its variants (inputs declared by plurals included). */
function placeholders(message: unknown): string[] {
  const found = new Set<string>()
  const visit = (value: unknown) => {
    if (typeof value === 'string') for (const match of value.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) found.add(match[1]!)
    else if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'declarations' && Array.isArray(inner)) for (const declaration of inner) if (/^input /.test(String(declaration))) found.add(String(declaration).slice(6).trim())
        if (key !== 'declarations' && key !== 'selectors') visit(inner)
      }
    }
  }
  visit(message)
  return [...found].sort()
}

describe('the message catalogues', () => {
  it('are all read by the compiler', () => {
    expect(settings['plugin.inlang.messageFormat'].pathPattern.sort()).toEqual(areas.map((area) => `./messages/${area}/{locale}.json`).sort())
  })

  it.each(areas)('%s: every language has exactly the messages English has, with the same placeholders', (area) => {
    const english = read(area, settings.baseLocale)
    for (const language of settings.locales.filter((locale) => locale !== settings.baseLocale)) {
      const other = read(area, language)
      expect(Object.keys(other).sort(), `${area}/${language}.json`).toEqual(Object.keys(english).sort())
      for (const [key, message] of Object.entries(english)) {
        expect(placeholders(other[key]), `${area}/${language}.json: ${key}`).toEqual(placeholders(message))
      }
    }
  })

  it('never give one key in two areas', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const area of areas) {
      for (const key of Object.keys(read(area, settings.baseLocale))) {
        if (seen.has(key)) twice.push(`${key} in ${seen.get(key)} and ${area}`)
        seen.set(key, area)
      }
    }
    expect(twice).toEqual([])
  })
})

describe('the loading text before the JavaScript runs (index.html)', () => {
  const project = path.resolve(root, '../..')
  const html = readFileSync(path.join(project, 'index.html'), 'utf8')
  const script = readFileSync(path.join(project, 'public/first-language.js'), 'utf8')

  /** The <html lang> public/first-language.js sets, given what this browser stored and asks for. */
  function languageFor({ stored = {}, languages = [] as string[], storageRefused = false }: { stored?: Record<string, string>; languages?: string[]; storageRefused?: boolean }) {
    const documentElement = { lang: 'en' }
    const window = {} as { localStorage?: unknown }
    Object.defineProperty(window, 'localStorage', {
      get: () => {
        if (storageRefused) throw new Error('SecurityError')
        return { getItem: (key: string) => stored[key] ?? null }
      },
    })
    new Function('window', 'navigator', 'document', script)(window, { languages, language: languages[0] ?? '' }, { documentElement })
    return documentElement.lang
  }

  it('holds the catalogue’s loading text in every language, each marked with its lang', () => {
    for (const language of settings.locales) {
      const text = read('common', language).common_loading_app as string
      expect(html).toContain(`<span lang="${language}">${text}</span>`)
    }
  })

  it('loads its language picker as a same-origin file (script-src stays self), with no inline script', () => {
    expect(html).toContain('<script src="/first-language.js"></script>')
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull()
  })

  it('picks the language chosen here, else the browser’s, else the club’s last known, else English', () => {
    expect(languageFor({ stored: { language: 'ja' }, languages: ['en-GB'] })).toBe('ja')
    expect(languageFor({ languages: ['fr-FR', 'ja-JP', 'en'] })).toBe('ja')
    expect(languageFor({ languages: ['en-US', 'ja'] })).toBe('en')
    expect(languageFor({ stored: { clubLanguage: 'ja' }, languages: ['fr'] })).toBe('ja')
    expect(languageFor({ stored: { language: 'xx' }, languages: ['de'] })).toBe('en')
    expect(languageFor({ storageRefused: true, languages: ['ja'] })).toBe('ja')
  })
})
