import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core'
import * as zxcvbnCommon from '@zxcvbn-ts/language-common'
import * as zxcvbnEn from '@zxcvbn-ts/language-en'
import { PASSWORD_MAX, PASSWORD_MIN, passwordIsEmail } from '../../../src/contract/accounts'
import { AppError } from '../http/errors'

/** zxcvbn scores 0–4; below this a password is refused (SPEC §4: "not a common password"). */
export const MIN_PASSWORD_SCORE = 2

let configured = false
function configure() {
  if (configured) return
  zxcvbnOptions.setOptions({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  })
  configured = true
}

/** Words a guesser would try first for this person: their address, its parts, their name. */
function personalWords(person: { email: string; displayName?: string }, extra: string[] = []) {
  const [local = '', domain = ''] = person.email.toLowerCase().split('@')
  return [person.email.toLowerCase(), local, ...local.split(/[._+-]/), domain, ...(person.displayName ? [person.displayName, ...person.displayName.split(/\s+/)] : []), 'bandroom', ...extra].filter(
    (word) => word.length >= 3,
  )
}

/** Why a password is refused, in a sentence for the form; null when it is acceptable. */
export function passwordProblem(password: string, person: { email: string; displayName?: string }, extraWords: string[] = []): string | null {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters`
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters`
  if (passwordIsEmail(password, person.email)) return 'Your password must not be your email address'
  configure()
  const result = zxcvbn(password, personalWords(person, extraWords))
  if (result.score >= MIN_PASSWORD_SCORE) return null
  const why = result.feedback.warning || 'This password is too easy to guess.'
  const hint = result.feedback.suggestions[0] ?? 'Add more words or characters that are not a common phrase.'
  return `${why.replace(/\.?$/, '.')} ${hint}`
}

/** Throws a 400 naming `field` when the password is refused. */
export function assertAcceptablePassword(password: string, person: { email: string; displayName?: string }, field: string, extraWords: string[] = []) {
  const problem = passwordProblem(password, person, extraWords)
  if (problem) throw new AppError(400, 'PASSWORD_TOO_WEAK', 'Choose a stronger password.', { [field]: problem })
}
