/**
 * zxcvbn's advice (why a password is weak, how to make it stronger) in the language shown
 * (decision 046). zxcvbn words it in English only: it is set up with translations whose
 * words are their own keys, and each key is worded here from the catalogue (the English
 * catalogue keeps zxcvbn's English). A key this table does not know gives no advice: the
 * caller then shows the general hint.
 */

import { m } from '../i18n/paraglide/messages.js'

const warnings: Record<string, () => string> = {
  straightRow: () => m.accounts_pw_warning_straight_row(),
  keyPattern: () => m.accounts_pw_warning_key_pattern(),
  simpleRepeat: () => m.accounts_pw_warning_simple_repeat(),
  extendedRepeat: () => m.accounts_pw_warning_extended_repeat(),
  sequences: () => m.accounts_pw_warning_sequences(),
  recentYears: () => m.accounts_pw_warning_recent_years(),
  dates: () => m.accounts_pw_warning_dates(),
  topTen: () => m.accounts_pw_warning_top_ten(),
  topHundred: () => m.accounts_pw_warning_top_hundred(),
  common: () => m.accounts_pw_warning_common(),
  similarToCommon: () => m.accounts_pw_warning_similar_to_common(),
  wordByItself: () => m.accounts_pw_warning_word_by_itself(),
  namesByThemselves: () => m.accounts_pw_warning_names_by_themselves(),
  commonNames: () => m.accounts_pw_warning_common_names(),
  userInputs: () => m.accounts_pw_warning_user_inputs(),
  pwned: () => m.accounts_pw_warning_pwned(),
}

const suggestions: Record<string, () => string> = {
  l33t: () => m.accounts_pw_suggestion_l33t(),
  reverseWords: () => m.accounts_pw_suggestion_reverse_words(),
  allUppercase: () => m.accounts_pw_suggestion_all_uppercase(),
  capitalization: () => m.accounts_pw_suggestion_capitalization(),
  dates: () => m.accounts_pw_suggestion_dates(),
  recentYears: () => m.accounts_pw_suggestion_recent_years(),
  associatedYears: () => m.accounts_pw_suggestion_associated_years(),
  sequences: () => m.accounts_pw_suggestion_sequences(),
  repeated: () => m.accounts_pw_suggestion_repeated(),
  longerKeyboardPattern: () => m.accounts_pw_suggestion_longer_keyboard_pattern(),
  anotherWord: () => m.accounts_pw_suggestion_another_word(),
  useWords: () => m.accounts_pw_suggestion_use_words(),
  noNeed: () => m.accounts_pw_suggestion_no_need(),
  pwned: () => m.accounts_pw_suggestion_pwned(),
}

/** zxcvbn's translations with every warning and suggestion replaced by its own key. */
export function keyedTranslations<T extends { warnings: Record<string, string>; suggestions: Record<string, string> }>(translations: T): T {
  const keyed = (words: Record<string, string>) => Object.fromEntries(Object.keys(words).map((key) => [key, key]))
  return { ...translations, warnings: keyed(translations.warnings), suggestions: keyed(translations.suggestions) }
}

/** A warning key (from a checker set up with `keyedTranslations`) in the language shown; '' when none. */
export const warningText = (key: string | null | undefined) => (key && Object.hasOwn(warnings, key) ? warnings[key]!() : '')

/** A suggestion key in the language shown; '' when none. */
export const suggestionText = (key: string | null | undefined) => (key && Object.hasOwn(suggestions, key) ? suggestions[key]!() : '')
