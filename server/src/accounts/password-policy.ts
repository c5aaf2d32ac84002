import type { zxcvbn as Zxcvbn } from '@zxcvbn-ts/core'
import { PASSWORD_MAX, PASSWORD_MIN, passwordIsEmail } from '../../../src/contract/accounts'
import { AppError } from '../http/errors'
import { getLocale } from '../../../src/i18n/paraglide/runtime.js'
import { m } from '../../../src/i18n/paraglide/messages.js'
import { keyedTranslations, suggestionText, warningText } from '../../../src/contract/password-advice'

/** zxcvbn scores 0–4; below this a password is refused (SPEC §4: "not a common password"). */
export const MIN_PASSWORD_SCORE = 2

/**
 * zxcvbn with its dictionaries, loaded on the first password checked rather than at start: the
 * word lists are about 20 MB of the server's heap (decision 043), and most processes never
 * see a sign-up, a reset or a password change.
 */
let loaded: Promise<typeof Zxcvbn> | undefined
function strengthChecker() {
  return (loaded ??= (async () => {
    const [{ zxcvbn, zxcvbnOptions }, zxcvbnCommon, zxcvbnEn] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')])
    zxcvbnOptions.setOptions({
      dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
      graphs: zxcvbnCommon.adjacencyGraphs,
      translations: keyedTranslations(zxcvbnEn.translations),
    })
    return zxcvbn
  })())
}

/** Words a guesser would try first for this person: their address, its parts, their name. */
function personalWords(person: { email: string; displayName?: string }, extra: string[] = []) {
  const [local = '', domain = ''] = person.email.toLowerCase().split('@')
  return [person.email.toLowerCase(), local, ...local.split(/[._+-]/), domain, ...(person.displayName ? [person.displayName, ...person.displayName.split(/\s+/)] : []), 'bandroom', ...extra].filter(
    (word) => word.length >= 3,
  )
}

/** Why a password is refused, in a sentence for the form; null when it is acceptable. */
export async function passwordProblem(password: string, person: { email: string; displayName?: string }, extraWords: string[] = []): Promise<string | null> {
  if (password.length < PASSWORD_MIN) return m.accounts_password_at_least({ min: PASSWORD_MIN })
  if (password.length > PASSWORD_MAX) return m.accounts_password_at_most({ max: PASSWORD_MAX })
  if (passwordIsEmail(password, person.email)) return m.accounts_password_not_email()
  const zxcvbn = await strengthChecker()
  const result = zxcvbn(password, personalWords(person, extraWords))
  if (result.score >= MIN_PASSWORD_SCORE) return null
  // zxcvbn's advice comes as keys, worded from the catalogue (password-advice.ts).
  const why = warningText(result.feedback.warning) || m.accounts_password_too_easy()
  const hint = suggestionText(result.feedback.suggestions[0]) || m.accounts_strength_hint()
  return getLocale() === 'en' ? `${why.replace(/\.?$/, '.')} ${hint}` : `${why}${hint}`
}

/** Throws a 400 naming `field` when the password is refused. */
export async function assertAcceptablePassword(password: string, person: { email: string; displayName?: string }, field: string, extraWords: string[] = []) {
  const problem = await passwordProblem(password, person, extraWords)
  if (problem) throw new AppError(400, 'PASSWORD_TOO_WEAK', m.accounts_password_stronger(), { [field]: problem })
}
