import { CALENDAR_YEARS } from '@/contract/choices'

/**
 * Parsers for URL search parameters, without zod. The router imports every route's
 * `validateSearch` at start-up; with zod there, all of zod (~30 KB compressed) was part of a
 * visitor's first load of /login (decision 016). The rule is the one the zod schemas had:
 * a value that makes no sense is dropped (the parameter reads as absent), never an error.
 * The request bodies the server re-parses still go through the zod contract.
 */

/** One parameter: its value, or undefined when it is absent or makes no sense. */
export type Param<T> = (value: unknown) => T

type Simplify<T> = { [K in keyof T]: T[K] } & {}
type Output<P> = P extends Param<infer T> ? T : never
/** The parsed search: a parameter that can be undefined is optional, one with a fallback is not. */
export type SearchOf<P extends Record<string, Param<unknown>>> = Simplify<
  { [K in keyof P as undefined extends Output<P[K]> ? K : never]?: Output<P[K]> } & {
    [K in keyof P as undefined extends Output<P[K]> ? never : K]: Output<P[K]>
  }
>

export interface SearchParser<P extends Record<string, Param<unknown>>> {
  (search: Record<string, unknown>): SearchOf<P>
  /** The parameters, to build a larger parser (`searchParams({ ...base.params, more })`). */
  readonly params: P
}

/**
 * A route's `validateSearch`: each parameter parsed on its own. An absent one stays absent; a
 * dropped one is there as undefined, as with zod: the router lays the parsed search over the
 * raw one, so leaving a bad value out would let the raw value through (`?redirect=//evil`).
 */
export function searchParams<P extends Record<string, Param<unknown>>>(params: P): SearchParser<P> {
  const parse = (search: Record<string, unknown>) => {
    const result: Record<string, unknown> = {}
    for (const key of Object.keys(params)) {
      const value = params[key]!(search[key])
      if (value !== undefined || key in search) result[key] = value
    }
    return result as SearchOf<P>
  }
  return Object.assign(parse, { params })
}

// zod's `z.uuid()`: RFC 9562 versions 1–8 with the variant bits, plus the nil and max UUIDs.
const uuidPattern = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/

export const isUuid = (value: unknown): value is string => typeof value === 'string' && uuidPattern.test(value)

export const uuid: Param<string | undefined> = (value) => (isUuid(value) ? value : undefined)

/** A string of `min` to `max` characters, as given. */
export const string =
  ({ max = Number.POSITIVE_INFINITY, min = 0 }: { max?: number; min?: number } = {}): Param<string | undefined> =>
  (value) =>
    typeof value === 'string' && value.length >= min && value.length <= max ? value : undefined

/**
 * A search box's text: the router reads `?q=123` as a number, so a number becomes its digits;
 * trimmed; empty or longer than `max` is dropped.
 */
export const searchText =
  (max: number): Param<string | undefined> =>
  (value) => {
    const text = typeof value === 'number' ? String(value) : value
    if (typeof text !== 'string') return undefined
    const trimmed = text.trim()
    return trimmed && trimmed.length <= max ? trimmed : undefined
  }

/** One of a fixed list. */
export const oneOf =
  <const T extends string | number>(choices: ReadonlyArray<T>): Param<T | undefined> =>
  (value) =>
    (choices as ReadonlyArray<unknown>).includes(value) ? (value as T) : undefined

export const boolean: Param<boolean | undefined> = (value) => (typeof value === 'boolean' ? value : undefined)

/** A page number, 1 to 100,000; `coerce` also takes its digits as a string (`?page=%222%22`). */
export const page =
  ({ coerce }: { coerce: boolean }): Param<number | undefined> =>
  (value) => {
    if (value === undefined) return undefined
    const number = coerce ? Number(value) : value
    return typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= 100_000 ? number : undefined
  }

/** A real `YYYY-MM-DD` day (no 30 February); `inCalendarYears` also keeps to the years the contract accepts. */
export const isoDate =
  ({ inCalendarYears }: { inCalendarYears: boolean }): Param<string | undefined> =>
  (value) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
    const [year, month, day] = value.split('-').map(Number) as [number, number, number]
    const date = new Date(Date.UTC(2000, month - 1, day))
    date.setUTCFullYear(year)
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined
    if (inCalendarYears && (year < CALENDAR_YEARS.min || year > CALENDAR_YEARS.max)) return undefined
    return value
  }

/** A parameter that is never absent: `fallback` stands in for a missing or wrong value. */
export const withFallback =
  <T>(param: Param<T | undefined>, fallback: T): Param<T> =>
  (value) =>
    param(value) ?? fallback
