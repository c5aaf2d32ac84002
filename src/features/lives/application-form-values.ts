import { useAppForm } from '@/components/form/form-kit'
import { formFieldOf } from '@/components/form/server-errors'
import { fieldErrors } from '@/contract/field-errors'
import { applicationInputSchema, applicationUpdateSchema, suggestedMinutes, type Application, type LiveEvent } from '@/contract/lives'
import { m } from '@/i18n/paraglide/messages.js'

// The application form's values and how they become the request body. The form holds text
// (an empty minutes box, "no preference" as ''); the shared schemas decide what is valid.

export const MAX_SONGS = 10
export const MAX_WINDOWS = 10
export const TEXT_MAX = 1000

export interface SongValues {
  title: string
  artist: string
  length: string
}

export interface WindowValues {
  date: string
  from: string
  to: string
  reason: string
}

export interface ApplicationFormValues {
  songs: SongValues[]
  /** Text in the box; a number once sent. */
  requestedMinutes: string
  /** '' for no preference. */
  preferredDay: string
  unavailable: WindowValues[]
  needs: string
  message: string
}

export const emptySong = (): SongValues => ({ title: '', artist: '', length: '' })

/** A new window starts on the event's only day, if it has one. */
export const emptyWindow = (event: Pick<LiveEvent, 'days'>): WindowValues => ({
  date: event.days.length === 1 ? event.days[0]!.date : '',
  from: '',
  to: '',
  reason: '',
})

/** An existing application's values, or a new one with one empty song and the suggested minutes. */
export function initialValues(application: Application | null): ApplicationFormValues {
  if (!application) {
    const songs = [emptySong()]
    return { songs, requestedMinutes: String(suggestedMinutes(songs)), preferredDay: '', unavailable: [], needs: '', message: '' }
  }
  return {
    songs: application.songs.map((song) => ({ ...song })),
    requestedMinutes: String(application.requestedMinutes),
    preferredDay: application.preferredDay ?? '',
    unavailable: application.unavailable.map((window) => ({ ...window })),
    needs: application.needs,
    message: application.message,
  }
}

/** What the form says, in the shape the shared schemas parse. */
export function toFields(values: ApplicationFormValues) {
  const minutes = values.requestedMinutes.trim()
  return {
    songs: values.songs,
    requestedMinutes: minutes === '' ? undefined : Number(minutes),
    preferredDay: values.preferredDay === '' ? null : values.preferredDay,
    unavailable: values.unavailable,
    needs: values.needs,
    message: values.message,
  }
}

/** Sentences for empty boxes, where the schema's format hint ("Use HH:MM") would puzzle. */
function emptyMessages(values: ApplicationFormValues) {
  const fields: Record<string, string> = {}
  values.songs.forEach((song, index) => {
    if (!song.length.trim()) fields[`songs[${index}].length`] = m.lives_enter_length()
  })
  values.unavailable.forEach((window, index) => {
    if (!window.date) fields[`unavailable[${index}].date`] = m.lives_choose_day()
    if (!window.from) fields[`unavailable[${index}].from`] = m.lives_enter_start_time()
    if (!window.to) fields[`unavailable[${index}].to`] = m.lives_enter_end_time()
  })
  return fields
}

/** A TanStack Form `onSubmit` validator: the shared schema's messages, each under its field. */
export function validateApplication(bandId: string | null) {
  return ({ value }: { value: ApplicationFormValues }) => {
    const result = bandId === null ? applicationUpdateSchema.safeParse(toFields(value)) : applicationInputSchema.safeParse({ bandId, ...toFields(value) })
    const fields = emptyMessages(value)
    if (!result.success) {
      for (const [path, message] of Object.entries(fieldErrors(result.error.issues))) fields[formFieldOf(path)] ??= message
    }
    const form = fields._
    delete fields._
    return Object.keys(fields).length > 0 || form ? { form, fields } : undefined
  }
}

/** The form, typed once so its parts (songs, unavailable times) can take it as a prop. */
export function useApplicationForm({
  initial,
  bandId,
  onSubmit,
}: {
  initial: ApplicationFormValues
  /** The band of a new application; null when editing (the update schema has no band). */
  bandId: string | null
  onSubmit: (value: ApplicationFormValues) => Promise<void>
}) {
  return useAppForm({
    defaultValues: initial,
    validators: { onSubmit: validateApplication(bandId) },
    onSubmit: ({ value }) => onSubmit(value),
  })
}
export type ApplicationFormApi = ReturnType<typeof useApplicationForm>

