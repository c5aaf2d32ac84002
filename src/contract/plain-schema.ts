/**
 * A schema checked by hand, with the part of zod's interface the app's screens use: `parse`,
 * `safeParse` and Standard Schema (`~standard`, read by TanStack Form's validators). For the
 * pages a visitor opens first, which do without zod (decision 016): `sign-in.ts` and
 * `public-schedule.ts`; a test holds each to the zod schema it copies.
 */

export interface Issue {
  path: PropertyKey[]
  message: string
}
export type Result<T> = { success: true; data: T; error?: undefined } | { success: false; data?: undefined; error: { issues: Issue[] } }

export function schema<T>(check: (value: unknown, issues: Issue[]) => T | undefined) {
  const safeParse = (value: unknown): Result<T> => {
    const issues: Issue[] = []
    const data = check(value, issues)
    return issues.length ? { success: false, error: { issues } } : { success: true, data: data as T }
  }
  return {
    safeParse,
    parse(value: unknown): T {
      const result = safeParse(value)
      if (!result.success) throw new Error(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '))
      return result.data
    },
    '~standard': {
      version: 1 as const,
      vendor: 'bandroom',
      validate: (value: unknown) => {
        const result = safeParse(value)
        return result.success ? { value: result.data } : { issues: result.error.issues }
      },
    },
  }
}

// zod's `z.uuid()` pattern.
export const uuidPattern = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
