import type { z } from 'zod'
import { fieldErrors } from '@/contract/errors'
import { ApiError } from '@/lib/api-client'
import { errorMessage } from '@/components/ui/feedback'

/** Splits a failed call into messages under fields and one for the form. */
export function splitApiError(error: unknown): { fields: Record<string, string>; message: string } {
  if (error instanceof ApiError) return { fields: error.fields, message: error.message }
  return { fields: {}, message: errorMessage(error) }
}

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
