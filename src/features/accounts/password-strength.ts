import { keyedTranslations, suggestionText, warningText } from '@/contract/password-advice'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * The password-strength estimate for the meter. zxcvbn and its dictionaries are large, so
 * they load on first use (a separate chunk), never with /login or the app shell. The server
 * runs the same estimate and has the last word.
 */
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4
  label: string
  /** Why it is weak, when zxcvbn can say. */
  warning: string
  suggestion: string
}

/** The meter's words for zxcvbn's scores 0–4, in the language shown. */
export const strengthLabels = [
  () => m.accounts_strength_very_weak(),
  () => m.accounts_strength_weak(),
  () => m.accounts_strength_fair(),
  () => m.accounts_strength_strong(),
  () => m.accounts_strength_very_strong(),
] as const

type Estimate = (password: string, userInputs: string[]) => PasswordStrength

let loading: Promise<Estimate> | null = null

export function loadPasswordStrength(): Promise<Estimate> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')])
    .then(([core, common, en]) => {
      core.zxcvbnOptions.setOptions({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: keyedTranslations(en.translations),
      })
      return (password: string, userInputs: string[]) => {
        const result = core.zxcvbn(password, [...userInputs.filter((word) => word.length >= 3), 'bandroom'])
        // zxcvbn's advice comes as keys, worded from the catalogue in the language shown.
        return {
          score: result.score,
          label: strengthLabels[result.score](),
          warning: warningText(result.feedback.warning),
          suggestion: suggestionText(result.feedback.suggestions[0]),
        }
      }
    })
    .catch((error: unknown) => {
      // A chunk that failed to load (offline) may load on the next keystroke.
      loading = null
      throw error
    })
  return loading
}
