import { useEffect, useId, useState } from 'react'
import { PASSWORD_MIN } from '@/contract/accounts'
import { loadPasswordStrength, type PasswordStrength } from './password-strength'
import { m } from '@/i18n/paraglide/messages.js'

const barColour = (score: number) => (score >= 3 ? 'bg-brand' : score === 2 ? 'bg-warn' : 'bg-danger')

/**
 * A live strength meter under a new-password field: four bars, a label and zxcvbn's hint.
 * Labelled as a meter for screen readers; the text updates politely, not on every key.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: { password: string; userInputs?: ReadonlyArray<string> }) {
  const [strength, setStrength] = useState<PasswordStrength | null>(null)
  const [unavailable, setUnavailable] = useState(false)
  const labelId = useId()
  const inputsKey = userInputs.join('\u0000')

  useEffect(() => {
    if (!password) return
    let cancelled = false
    const timer = setTimeout(() => {
      loadPasswordStrength()
        .then((estimate) => {
          if (!cancelled) {
            setUnavailable(false)
            setStrength(estimate(password, inputsKey ? inputsKey.split('\u0000') : []))
          }
        })
        .catch(() => {
          if (!cancelled) setUnavailable(true)
        })
    }, 120)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [password, inputsKey])

  if (!password) {
    return <p className="text-sm text-ink-muted">{m.accounts_strength_intro({ min: PASSWORD_MIN })}</p>
  }
  if (unavailable) {
    return <p className="text-sm text-ink-muted">{m.accounts_strength_unavailable()}</p>
  }
  const score = strength?.score ?? 0
  const tooShort = password.length < PASSWORD_MIN
  const label = strength ? (tooShort ? m.accounts_strength_too_short() : strength.label) : m.accounts_strength_checking()
  const hint = tooShort ? m.accounts_strength_use_at_least({ min: PASSWORD_MIN }) : strength && strength.score < 3 ? strength.warning || strength.suggestion : ''

  return (
    <div className="flex flex-col gap-1">
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength ? score : 0}
        aria-valuetext={label}
        className="grid grid-cols-4 gap-1"
      >
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={`h-1.5 rounded-full ${strength && score >= bar ? barColour(score) : 'bg-line'}`} />
        ))}
      </div>
      <p className="text-sm text-ink" aria-live="polite">
        <span id={labelId}>{m.accounts_strength()}</span>: <strong>{label}</strong>
        {hint ? <span className="text-ink-muted"> — {hint}</span> : null}
      </p>
    </div>
  )
}
