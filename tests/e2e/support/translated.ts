import type { Page, Response } from 'playwright-core'
import { collectStrings, untranslatedAmong } from '../../support/translated-words'

/**
 * "Every visible word comes from the catalogue" in the running app (issue 36, decision 046),
 * as tests/web/support/translated.ts checks screens in jsdom: on a Japanese screen, Latin
 * letters may only be the club's data (any string the API answered since `recordApiData`),
 * a few names kept as they are, or numbers and dates.
 */

export function recordApiData(page: Page) {
  const strings = new Set<string>()
  const pending: Array<Promise<void>> = []
  const listener = (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/') || !response.headers()['content-type']?.includes('json')) return
    pending.push(response.json().then((answer: unknown) => collectStrings(answer, strings), () => undefined))
  }
  page.on('response', listener)
  return {
    strings,
    /** Waits for the answers already seen to be read. */
    settled: () => Promise.all(pending),
    stop: () => page.off('response', listener),
  }
}

/** The texts of the page's main content and menus (and what screen readers hear) with Latin words that are neither data nor kept names. */
export async function untranslatedTexts(page: Page, data: Iterable<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = []
    const attributes = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Text) {
        const parent = node.parentElement
        if (!parent || parent.closest('script, style, template, noscript, [data-untranslated]')) continue
        if (node.textContent?.trim()) found.push(node.textContent.trim())
      } else if (node instanceof Element) {
        for (const attribute of attributes) {
          const value = node.getAttribute(attribute)
          if (value?.trim()) found.push(value.trim())
        }
      }
    }
    return found
  })
  return [...new Set(untranslatedAmong(texts, data))]
}

/** Elements wider than the phone's screen: a Japanese word with nowhere to break, a table that does not scroll. */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        if (box.right <= width + 1 || box.width === 0) return false
        // Inside something that scrolls sideways on purpose (a wide table, the timetable grid).
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const overflowX = getComputedStyle(parent).overflowX
          if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return false
        }
        return true
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`)
  })
}
