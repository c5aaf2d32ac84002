/** Drops unset values so a query string has no `status=undefined` or `q=`. */
export const compactQuery = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== null && entry !== '')) as Partial<T>
