import { expect } from 'vitest'
import { server } from '../mocks/server'

/**
 * The check behind "every visible word comes from the catalogue" (issue 36, decision 046): a
 * screen rendered in Japanese may show Latin letters only where they are the club's data (what
 * the API answered: band names, people, songs, emails), a few names that stay as they are
 * (`KEPT`), or numbers and dates. Anything else is a string that did not go through a message
 * function. Text and the attributes people hear or read (aria-label, placeholder, title, alt)
 * are checked.
 */

/** Words a Japanese screen keeps in Latin letters. */
const KEPT = ['Bandroom', 'English', 'PDF', 'CSV', 'JSON', 'URL', 'Email', 'MB', 'KB', 'GB', 'iCalendar', 'Google', 'Apple', 'Outlook', 'YYYY-MM-DD', 'HH:MM', 'PA', 'DJ', 'MC', 'Wi-Fi', 'JPEG', 'PNG', 'GIF', 'WebP', 'MP3', 'M4A', 'WAV', 'OGG', 'FLAC', 'MP4', 'MOV', 'WebM', 'TXT', 'Markdown', 'Word', 'Excel', 'PowerPoint', 'ODF', 'ZIP']

/** Every string the mocked API answers while it runs: the club's data, which is not translated. */
export function recordApiData() {
  const strings = new Set<string>()
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.trim()) strings.add(value.trim())
    } else if (Array.isArray(value)) value.forEach(collect)
    else if (value && typeof value === 'object') Object.values(value).forEach(collect)
  }
  const listener = async ({ response }: { response: Response }) => {
    if (!response.headers.get('content-type')?.includes('json')) return
    try {
      collect(await response.clone().json())
    } catch {
      // Not JSON after all: nothing to learn.
    }
  }
  server.events.on('response:mocked', listener)
  return {
    strings,
    stop: () => server.events.removeListener('response:mocked', listener),
  }
}

const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description', 'aria-roledescription']

/** The texts shown (and read out) in `root`, one per text node or attribute. */
export function shownTexts(root: Element = document.body): string[] {
  const texts: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style, template, noscript, [data-untranslated]')) continue
      if (node.textContent?.trim()) texts.push(node.textContent.trim())
    } else if (node instanceof Element) {
      // Set aside like its text: attributes too (an element marked, or inside a marked one).
      if (node.closest('[data-untranslated]')) continue
      for (const attribute of ATTRIBUTES) {
        const value = node.getAttribute(attribute)
        if (value?.trim()) texts.push(value.trim())
      }
      if (node instanceof HTMLInputElement && (node.type === 'submit' || node.type === 'button') && node.value) texts.push(node.value)
    }
  }
  return texts
}

/** The texts of `root` with Latin words that are neither data nor kept names: each one missed the catalogue. */
export function untranslatedTexts(root: Element = document.body, data: Iterable<string> = []): string[] {
  const known = [...new Set([...data, ...KEPT])].filter((value) => /[A-Za-z]/.test(value)).sort((a, b) => b.length - a.length)
  return shownTexts(root).filter((text) => {
    let rest = text
    for (const value of known) if (rest.includes(value)) rest = rest.split(value).join(' ')
    return /[A-Za-z]{2,}/.test(rest)
  })
}

/** Fails with the untranslated texts of `root`, if any. */
export function expectAllTranslated(root: Element = document.body, data: Iterable<string> = []) {
  expect(untranslatedTexts(root, data), 'texts on a Japanese screen that did not come from the catalogue').toEqual([])
}
