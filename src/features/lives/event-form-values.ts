import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import { useAppForm } from '@/components/form/form-kit'
import { formFieldOf } from '@/components/form/server-errors'
import { addDays, zonedInstant } from '@/contract/calendar'
import { fieldErrors } from '@/contract/field-errors'
import { eventInputSchema, type EventInput, type EventStatus, type LiveEvent } from '@/contract/lives'
import { liveName } from './live-routes'
import type { LiveKindRef } from './lives-queries'
import { m } from '@/i18n/paraglide/messages.js'

// The event form's values and how they become the request body: numbers as numbers (NaN while
// a box is empty), instants as the club's wall clock; the shared schema decides what is valid.

/** The event's three minute settings, one number field each. */
export const minuteFields = [
  { name: 'defaultPerformanceMinutes', label: () => m.lives_performance_minutes(), description: () => m.lives_performance_minutes_help() },
  { name: 'changeoverMinutes', label: () => m.lives_changeover_minutes(), description: () => m.lives_changeover_minutes_help() },
  { name: 'musicianGapMinutes', label: () => m.lives_gap_minutes(), description: () => m.lives_gap_minutes_help() },
] as const

export const MAX_DAYS = 7
export const MAX_STAGES = 4

export interface StageValues {
  name: string
  opensAt: string
  closesAt: string
}
export interface DayValues {
  date: string
  stages: StageValues[]
}
/** What the inputs hold: numbers as numbers (NaN when empty), instants as the club's wall clock. */
export interface EventFormValues {
  title: string
  academicYear: number
  venue: string
  days: DayValues[]
  defaultPerformanceMinutes: number
  changeoverMinutes: number
  musicianGapMinutes: number
  /** `YYYY-MM-DDTHH:mm` in the club's time zone (a datetime-local input). */
  applicationOpensAt: string
  applicationClosesAt: string
  /** Empty for no limit. */
  bandLimit: string
  status: EventStatus
}

export const newStage = (): StageValues => ({ name: m.lives_main_stage(), opensAt: '12:00', closesAt: '18:00' })

/** An instant as a datetime-local value on the club's clock. */
export const wallClockOf = (iso: string, timeZone: string) => format(new TZDate(new Date(iso).getTime(), timeZone), "yyyy-MM-dd'T'HH:mm")

/** A datetime-local value on the club's clock as an instant; '' (the schema then asks for one) when incomplete. */
export function instantOf(wallClock: string, timeZone: string) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(wallClock)
  return match ? zonedInstant(match[1]!, match[2]!, timeZone).toISOString() : ''
}

export function initialValues(event: LiveEvent | null | undefined, live: LiveKindRef, academicYear: number, timeZone: string): EventFormValues {
  if (event) {
    return {
      title: event.title,
      academicYear: event.academicYear,
      venue: event.venue,
      days: event.days.map((day) => ({ date: day.date, stages: day.stages.map((stage) => ({ ...stage })) })),
      defaultPerformanceMinutes: event.defaultPerformanceMinutes,
      changeoverMinutes: event.changeoverMinutes,
      musicianGapMinutes: event.musicianGapMinutes,
      applicationOpensAt: wallClockOf(event.applicationOpensAt, timeZone),
      applicationClosesAt: wallClockOf(event.applicationClosesAt, timeZone),
      bandLimit: event.bandLimit === null ? '' : String(event.bandLimit),
      status: event.status,
    }
  }
  return {
    title: `${liveName(live)} ${academicYear}`,
    academicYear,
    venue: '',
    days: [{ date: '', stages: [newStage()] }],
    defaultPerformanceMinutes: 20,
    changeoverMinutes: 5,
    musicianGapMinutes: 30,
    applicationOpensAt: '',
    applicationClosesAt: '',
    bandLimit: '',
    status: 'draft',
  }
}

/** The whole event as the API takes it (`PUT` sends every field); kind and season come from the live. */
export function toInput(values: EventFormValues, live: LiveKindRef, timeZone: string): EventInput {
  return {
    kind: live.kind,
    season: live.kind === 'seasonal' ? (live.season ?? null) : null,
    title: values.title,
    academicYear: values.academicYear,
    venue: values.venue,
    days: values.days,
    defaultPerformanceMinutes: values.defaultPerformanceMinutes,
    changeoverMinutes: values.changeoverMinutes,
    musicianGapMinutes: values.musicianGapMinutes,
    applicationOpensAt: instantOf(values.applicationOpensAt, timeZone),
    applicationClosesAt: instantOf(values.applicationClosesAt, timeZone),
    bandLimit: values.bandLimit.trim() === '' ? null : Number(values.bandLimit),
    status: values.status,
  }
}

/** The next day's row: the day after the last one (when it has a date), with its stages. */
export function nextDay(days: DayValues[]): DayValues {
  const last = days.at(-1)
  const date = last && /^\d{4}-\d{2}-\d{2}$/.test(last.date) ? addDays(last.date, 1) : ''
  return { date, stages: (last?.stages ?? [newStage()]).map((stage) => ({ ...stage })) }
}

/** A TanStack Form `onSubmit` validator: the shared schema's messages under the form's fields; kind and season (fixed) for the form. */
export function validateEvent(live: LiveKindRef, timeZone: string) {
  return ({ value }: { value: EventFormValues }) => {
    const result = eventInputSchema.safeParse(toInput(value, live, timeZone))
    if (result.success) return undefined
    const fields = fieldErrors(result.error.issues)
    const formMessage = [fields._, fields.kind, fields.season].find(Boolean)
    return { form: formMessage, fields: Object.fromEntries(Object.entries(fields).map(([path, message]) => [formFieldOf(path), message])) }
  }
}

/** The form, typed once so its parts (days and stages) can take it as a prop. */
export function useEventForm({ initial, live, timeZone, onSubmit }: { initial: EventFormValues; live: LiveKindRef; timeZone: string; onSubmit: (value: EventFormValues) => Promise<void> }) {
  return useAppForm({
    defaultValues: initial,
    validators: { onSubmit: validateEvent(live, timeZone) },
    onSubmit: ({ value }) => onSubmit(value),
  })
}
export type EventFormApi = ReturnType<typeof useEventForm>
