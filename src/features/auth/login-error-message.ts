import { ApiError } from '@/lib/api-client'

function formatWait(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** The form-level message for a failed sign-in; field errors are shown by their fields. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.'
  switch (error.code) {
    case 'RATE_LIMITED':
      return error.retryAfter !== null
        ? `Too many sign-in attempts. Try again in ${formatWait(error.retryAfter)}.`
        : 'Too many sign-in attempts. Wait a while and try again.'
    case 'INVALID_CREDENTIALS':
    case 'ACCOUNT_PENDING':
    case 'ACCOUNT_SUSPENDED':
    case 'ACCOUNT_DELETED':
      // The server words these for people (e.g. "waiting for approval").
      return error.message
    case 'VALIDATION_FAILED':
      return 'Check the highlighted fields.'
    case 'NETWORK':
      return error.message
    default:
      return 'Sign-in is not available right now. Please try again in a moment.'
  }
}
