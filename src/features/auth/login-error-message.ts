import { ApiError } from '@/lib/api-client'
import { m } from '@/i18n/paraglide/messages.js'

function tooManyAttempts(seconds: number) {
  return seconds < 60 ? m.auth_error_rate_limited_seconds({ seconds }) : m.auth_error_rate_limited_minutes({ minutes: Math.ceil(seconds / 60) })
}

/** The form-level message for a failed sign-in; field errors are shown by their fields. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return m.auth_error_unexpected()
  switch (error.code) {
    case 'RATE_LIMITED':
      return error.retryAfter !== null
        ? tooManyAttempts(error.retryAfter)
        : m.auth_error_rate_limited()
    case 'INVALID_CREDENTIALS':
    case 'ACCOUNT_PENDING':
    case 'ACCOUNT_SUSPENDED':
    case 'ACCOUNT_DELETED':
      // The server words these for people (e.g. "waiting for approval").
      return error.message
    case 'VALIDATION_FAILED':
      return m.auth_error_fields()
    case 'NETWORK':
      return error.message
    default:
      return m.auth_error_unavailable()
  }
}
