import { describe, expect, it } from 'vitest'
import { translations } from '@zxcvbn-ts/language-en'
import { passwordProblem } from '../../../server/src/accounts/password-policy'
import { inLanguage } from '../../../server/src/http/language'
import { suggestionText, warningText } from '../../../src/contract/password-advice'

/** The password checker's advice in the reader's language, from zxcvbn's keys (issue 36, decision 046). */
const person = { email: 'hana@club.example', displayName: 'Hana Sato' }

describe('the password checker’s advice', () => {
  it('words every warning and suggestion zxcvbn gives, in English exactly as zxcvbn does', () => {
    for (const [key, english] of Object.entries(translations.warnings)) {
      expect(inLanguage('en', () => warningText(key))).toBe(english)
      expect(inLanguage('ja', () => warningText(key))).toMatch(/[ぁ-んァ-ヶ一-龠]/)
    }
    for (const [key, english] of Object.entries(translations.suggestions)) {
      expect(inLanguage('en', () => suggestionText(key))).toBe(english)
      expect(inLanguage('ja', () => suggestionText(key))).toMatch(/[ぁ-んァ-ヶ一-龠]/)
    }
    expect(warningText('noSuchKey')).toBe('')
    expect(suggestionText(undefined)).toBe('')
  })

  it('refuses a common password with zxcvbn’s reason and advice, in Japanese and in English', async () => {
    expect(await inLanguage('ja', () => passwordProblem('qwertyuiop', person))).toBe('よく使われているパスワードです。あまり使われない単語を足してください。')
    expect(await inLanguage('en', () => passwordProblem('qwertyuiop', person))).toBe('This is a frequently used password. Add more words that are less common.')
  })

  it('refuses a repeated character with its own reason in Japanese', async () => {
    expect(await inLanguage('ja', () => passwordProblem('aaaaaaaaaaaa', person))).toBe('「aaa」のような同じ文字の繰り返しは推測されやすいです。あまり使われない単語を足してください。')
  })
})
