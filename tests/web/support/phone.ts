import { onTestFinished } from 'vitest'

/**
 * A phone for the rest of the test: every `min-width` media query fails in jsdom, so screens
 * show their phone layout (cards, the navigation drawer). Put back when the test finishes.
 */
export function asPhone() {
  const original = window.matchMedia
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia
  onTestFinished(() => {
    window.matchMedia = original
  })
}
