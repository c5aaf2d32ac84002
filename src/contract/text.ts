import { z } from 'zod'
import { CALENDAR_YEARS } from './choices'

/**
 * The two string shapes every input schema is built from (decision 010-hardening-input).
 * `text()` is any free text a person types; `calendarDate()` any `YYYY-MM-DD` day. Both
 * reject what PostgreSQL, date-fns or the time-zone maths cannot take, so hostile input is a
 * 400 naming the field instead of a 500: NUL and other control characters, lone UTF-16
 * surrogates, impossible days and years outside CALENDAR_YEARS.
 */

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/
// eslint-disable-next-line no-control-regex
const controlCharactersButLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const SPECIAL_CHARACTERS = 'Remove the special characters'

export function isCleanText(value: string, multiline = false) {
  return !(multiline ? controlCharactersButLineBreaks : controlCharacters).test(value) && !loneSurrogate.test(value)
}

export interface TextOptions {
  /** At most this many characters (UTF-16 units, as today). */
  max: number
  /** At least this many characters after trimming (0 by default). */
  min?: number
  /** The message when the value is missing, not a string or shorter than `min`. */
  empty?: string
  /** The message when it is longer than `max`. */
  tooLong?: string
  /** Tabs and line breaks allowed (notes, descriptions). */
  multiline?: boolean
}

/** Trimmed free text with min/max, no control characters (but tab/newline when multiline), no lone surrogates. */
export function text({ max, min = 0, empty, tooLong = `At most ${max} characters`, multiline = false }: TextOptions) {
  const base = z.string(empty ? { error: empty } : undefined).trim()
  const sized = min > 0 ? base.min(min, empty ?? `At least ${min} characters`) : base
  return sized.max(max, tooLong).refine((value) => isCleanText(value, multiline), SPECIAL_CHARACTERS)
}

export { CALENDAR_YEARS }

/** A real day `YYYY-MM-DD` with a year in CALENDAR_YEARS. */
export function calendarDate(message = 'Use YYYY-MM-DD') {
  return z.iso.date(message).refine((value) => {
    const year = Number(value.slice(0, 4))
    return year >= CALENDAR_YEARS.min && year <= CALENDAR_YEARS.max
  }, `Choose a date between ${CALENDAR_YEARS.min} and ${CALENDAR_YEARS.max}`)
}
