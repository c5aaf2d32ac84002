/** The SQLSTATE of a database error, as node-postgres and PGlite report it, possibly wrapped by Drizzle in `cause`. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Postgres' unique_violation (23505). */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505'

/** The name of the constraint a database error names, when it names one. */
export function constraintOf(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint
    if (typeof constraint === 'string') return constraint
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** A LIKE/ILIKE pattern for "contains `text`", with `%`, `_` and `\` typed by a user matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
