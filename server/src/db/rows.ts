/** The rows of a `db.execute` answer: node-postgres gives `{ rows }`, PGlite's driver too, some drivers an array. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? [])
}
