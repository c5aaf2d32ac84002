import { useCallback, useState } from 'react'
import type { z } from 'zod'
import { errorMessage } from '@/components/ui/feedback'
import { fieldErrors } from '@/contract/field-errors'
import { ApiError } from '@/lib/api-client'
import { m } from '@/i18n/paraglide/messages.js'

// Every form shows a failed call the same way (messages under fields, one for the form), so the
// handling lives here once instead of in each screen.

/** A server field path (`songs.0.title`) as TanStack Form names the field (`songs[0].title`). */
export const formFieldOf = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')

/**
 * The server's answer to a form: messages by field (shown under the fields, named as the form
 * names them) and one for the form. A 429 says how long to wait. Cleared when the form is sent
 * again. `mapField` renames fields further where the form's shape differs from the request's
 * (e.g. `bandId` → `bookFor`); it should be stable (a module-level function).
 */
export function useServerErrors<Field extends string = string>(mapField: (name: string) => string = (name) => name) {
  const [fields, setFields] = useState<Partial<Record<Field, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)

  const clear = useCallback(() => {
    setFields({})
    setFormError(null)
  }, [])

  /** Shows a failed call; `message` replaces the form-level sentence (e.g. sign-in's own wording). */
  const show = useCallback(
    (error: unknown, message?: string) => {
      if (error instanceof ApiError) {
        setFields(Object.fromEntries(Object.entries(error.fields).map(([path, text]) => [mapField(formFieldOf(path)), text])) as Partial<Record<Field, string>>)
        if (message === undefined && error.status === 429 && error.retryAfter) {
          const minutes = Math.ceil(error.retryAfter / 60)
          setFormError(m.common_too_many_attempts({ minutes }))
          return
        }
      }
      setFormError(message ?? errorMessage(error))
    },
    [mapField],
  )

  /** Forgets the field messages `drop` picks (e.g. rows that moved), keeping the rest. */
  const dropFields = useCallback((drop: (field: string) => boolean) => {
    setFields((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !drop(field))) as Partial<Record<Field, string>>)
  }, [])

  return { fields, formError, clear, show, dropFields }
}

export type ServerErrors = ReturnType<typeof useServerErrors>

/**
 * A TanStack Form `onSubmit` validator from a shared schema whose input type differs from the
 * form's values (defaults, transforms): each issue goes under the field its path names.
 */
export function schemaValidator(schema: z.ZodType) {
  return ({ value }: { value: unknown }) => {
    const result = schema.safeParse(value)
    if (result.success) return undefined
    const fields = fieldErrors(result.error.issues)
    const formMessage = fields._
    delete fields._
    return { form: formMessage, fields }
  }
}
