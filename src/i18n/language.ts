import { baseLocale, locales, type Locale } from './paraglide/runtime.js'

/**
 * Which language a member reads (decision 046): the one chosen on their profile (saved on the
 * account, so mails, notices and calendar feeds use it too), otherwise what their browser asks
 * for (`navigator.languages`, `Accept-Language`), otherwise the club's default from system
 * settings. The same rule on both sides; a third language is a catalogue file away
 * (src/i18n/messages/<area>/<language>.json and its name below).
 */
export type Language = Locale
export const languages = locales
export const baseLanguage: Language = baseLocale

/** Each language in its own words: what a language switch lists. */
export const languageNames: Record<Language, string> = { en: 'English', ja: '日本語' }

/** The locale behind each language for `Intl` ('en-GB': day before month, 24-hour clock). */
export const intlLocales: Record<Language, string> = { en: 'en-GB', ja: 'ja-JP' }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as ReadonlyArray<string>).includes(value)
}

/** The first of the wanted language tags ('ja-JP', 'en') the app has, by primary subtag. */
export function languageFromTags(tags: ReadonlyArray<string>): Language | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
    if (isLanguage(primary)) return primary
  }
  return null
}

export interface LanguageChoices {
  /** Saved on the account (null: "as my browser asks"). */
  account?: string | null
  /** Chosen on this browser with the public pages' switch. */
  chosen?: string | null
  /** What the browser asks for, most wanted first. */
  browser?: ReadonlyArray<string>
  /** The club's default (system settings). */
  club?: string | null
}

export function chooseLanguage({ account, chosen, browser = [], club }: LanguageChoices): Language {
  if (isLanguage(account)) return account
  if (isLanguage(chosen)) return chosen
  return languageFromTags(browser) ?? (isLanguage(club) ? club : baseLanguage)
}
