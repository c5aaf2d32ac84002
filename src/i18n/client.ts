import { useSyncExternalStore } from 'react'
import { overwriteGetLocale } from './paraglide/runtime.js'
import { baseLanguage, chooseLanguage, isLanguage, type Language } from './language'

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

/** Decides the language from the stored account, this browser's choice, its languages and the club's default. */
export function startLanguage(account?: string | null) {
  const store = storage()
  apply(
    chooseLanguage({
      account,
      chosen: store?.getItem(CHOSEN_KEY),
      browser: typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
      club: store?.getItem(CLUB_KEY),
    }),
  )
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
export function rememberClubLanguage(language: string | undefined) {
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
