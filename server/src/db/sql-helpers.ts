/** Postgres' unique_violation (23505), as node-postgres and PGlite report it, possibly wrapped by Drizzle in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** A LIKE/ILIKE pattern for "contains `text`", with `%`, `_` and `\` typed by a user matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
