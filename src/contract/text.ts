import { z } from 'zod'
import { CALENDAR_YEARS } from './choices'
import { m } from '../i18n/paraglide/messages.js'

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

/**
 * A schema's message: a message function from the catalogue (decision 046), called when the
 * check fails, so it is worded in the language of whoever is told (the browser's, or the
 * request's on the server). A plain string is English only: none should remain.
 */
export type Message = string | (() => string)

/** zod's `{ error }` parameter for a message. */
export const says = (message: Message) => ({ error: message })

export const SPECIAL_CHARACTERS: Message = () => m.common_special_characters()

export function isCleanText(value: string, multiline = false) {
  return !(multiline ? controlCharactersButLineBreaks : controlCharacters).test(value) && !loneSurrogate.test(value)
}

export interface TextOptions {
  /** At most this many characters (UTF-16 units, as today). */
  max: number
  /** At least this many characters after trimming (0 by default). */
  min?: number
  /** The message when the value is missing, not a string or shorter than `min`. */
  empty?: Message
  /** The message when it is longer than `max`. */
  tooLong?: Message
  /** Tabs and line breaks allowed (notes, descriptions). */
  multiline?: boolean
}

/** Trimmed free text with min/max, no control characters (but tab/newline when multiline), no lone surrogates. */
export function text({ max, min = 0, empty, tooLong = () => m.common_at_most_characters({ max }), multiline = false }: TextOptions) {
  const base = z.string(empty ? says(empty) : undefined).trim()
  const sized = min > 0 ? base.min(min, says(empty ?? (() => m.common_at_least_characters({ min })))) : base
  return sized.max(max, says(tooLong)).refine((value) => isCleanText(value, multiline), says(SPECIAL_CHARACTERS))
}

export { CALENDAR_YEARS }

/** A real day `YYYY-MM-DD` with a year in CALENDAR_YEARS. */
export function calendarDate(message: Message = () => m.common_date_format()) {
  return z.iso.date(says(message)).refine(
    (value) => {
      const year = Number(value.slice(0, 4))
      return year >= CALENDAR_YEARS.min && year <= CALENDAR_YEARS.max
    },
    says(() => m.common_date_between({ first: CALENDAR_YEARS.min, last: CALENDAR_YEARS.max })),
  )
}
