import { useCallback, useState } from 'react'
import { errorMessage } from '@/components/ui/feedback'
import { ApiError } from '@/lib/api-client'

/**
 * The server's answer to a form: messages by field (shown under the fields) and one for the
 * form. A 429 says how long to wait. Cleared when the form is sent again.
 */
export function useServerErrors<Field extends string>() {
  const [fields, setFields] = useState<Partial<Record<Field, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)

  const clear = useCallback(() => {
    setFields({})
    setFormError(null)
  }, [])

  const show = useCallback((error: unknown) => {
    if (error instanceof ApiError) {
      setFields(error.fields as Partial<Record<Field, string>>)
      if (error.status === 429 && error.retryAfter) {
        const minutes = Math.ceil(error.retryAfter / 60)
        setFormError(`Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`)
        return
      }
    }
    setFormError(errorMessage(error))
  }, [])

  return { fields, formError, clear, show }
}
