import { expect } from 'vitest'
import { server } from '../mocks/server'
import { collectStrings, untranslatedAmong } from '../../support/translated-words'

/**
 * The check behind "every visible word comes from the catalogue" (issue 36, decision 046): a
 * screen rendered in Japanese may show Latin letters only where they are the club's data (what
 * the API answered: band names, people, songs, emails), a few names that stay as they are
 * (tests/support/translated-words.ts), or numbers and dates. Anything else is a string that did not go through a message
 * function. Text and the attributes people hear or read (aria-label, placeholder, title, alt)
 * are checked.
 */

/** Every string the mocked API answers while it runs: the club's data, which is not translated. */
export function recordApiData() {
  const strings = new Set<string>()
  const listener = async ({ response }: { response: Response }) => {
    if (!response.headers.get('content-type')?.includes('json')) return
    try {
      collectStrings(await response.clone().json(), strings)
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
  return untranslatedAmong(shownTexts(root), data)
}

/** Fails with the untranslated texts of `root`, if any. */
export function expectAllTranslated(root: Element = document.body, data: Iterable<string> = []) {
  expect(untranslatedTexts(root, data), 'texts on a Japanese screen that did not come from the catalogue').toEqual([])
}
