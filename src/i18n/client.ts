import { useSyncExternalStore } from 'react'
import { overwriteGetLocale } from './paraglide/runtime.js'
import { baseLanguage, chooseLanguage, isLanguage, languageFromTags, type Language } from './language'

/**
 * The language this browser shows (decision 046), decided before the first render and handed
 * to the message functions (`getLocale`). Changing it re-renders the app in place (app.tsx
 * keys its tree on it), and `<html lang>` follows.
 */
const CHOSEN_KEY = 'language'
const CLUB_KEY = 'clubLanguage'

let current: Language = baseLanguage
const listeners = new Set<() => void>()
overwriteGetLocale(() => current)

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function apply(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language
  if (language === current) return
  current = language
  for (const listener of listeners) listener()
}

const browserLanguages = () => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]))

/** Decides the language from the stored account, this browser's choice, its languages and the club's default. */
export function startLanguage(account?: string | null) {
  const store = storage()
  apply(chooseLanguage({ account, chosen: store?.getItem(CHOSEN_KEY), browser: browserLanguages(), club: store?.getItem(CLUB_KEY) }))
}

/** How long the first render waits for the club's default at most (then the base language). */
const CLUB_WAIT_MS = 3000

/**
 * A first visit from a browser that asks for none of the app's languages (French, say) is shown
 * the club's default, which this browser does not know yet: asked of the server before the first
 * render, so the public pages are not shown in one language and the screens after sign-in in
 * another. Every other start decides at once and asks nothing. Offline or slow: the base language.
 */
export async function learnClubLanguage() {
  const store = storage()
  if (!store || isLanguage(store.getItem(CHOSEN_KEY)) || isLanguage(store.getItem(CLUB_KEY)) || languageFromTags(browserLanguages())) return
  try {
    // A plain fetch, not `clubInfoQueryOptions`: its zod schema would join the first load, which
    // is at its budget (120 KB; decision 046). The answer is checked by `rememberClubLanguage`.
    const response = await fetch(new URL('/api/club', window.location.href), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(CLUB_WAIT_MS) })
    if (response.ok) rememberClubLanguage(((await response.json()) as { language?: unknown }).language)
  } catch {
    // Offline, or the server too slow to wait for: the base language, and the next visit asks again.
  }
}

export const currentLanguage = () => current

/** The public pages' switch, and the profile's choice once saved: kept on this browser. */
export function chooseLanguageHere(language: Language) {
  storage()?.setItem(CHOSEN_KEY, language)
  apply(language)
}

/**
 * The account's saved language, after sign-in and on every session refresh. An account that
 * follows the browser (null) keeps what this browser chose on the public pages.
 */
export function followAccountLanguage(account: string | null | undefined) {
  if (!isLanguage(account)) return
  storage()?.setItem(CHOSEN_KEY, account)
  apply(account)
}

/** The profile's "as my browser asks": forgets this browser's choice too. */
export function followBrowserLanguage() {
  storage()?.removeItem(CHOSEN_KEY)
  startLanguage()
}

/** The club's default, remembered for the next start (GET /api/club says it). */
export function rememberClubLanguage(language: unknown) {
  if (!isLanguage(language)) return
  const store = storage()
  if (store?.getItem(CLUB_KEY) === language) return
  store?.setItem(CLUB_KEY, language)
  startLanguage()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The language shown; a component using it re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage)
}
