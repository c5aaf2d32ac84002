import { useRef } from 'react'
import { TZDate } from '@date-fns/tz'
import { useQuery } from '@tanstack/react-query'
import { useForm } from '@tanstack/react-form'
import { format } from 'date-fns'
import { Plus, X } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormAlert, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { SelectField, TextField, fieldMessages } from '@/components/ui/field'
import { SubmitForm } from '@/components/ui/form'
import { addDays, zonedInstant } from '@/contract/calendar'
import { fieldErrors } from '@/contract/errors'
import { eventInputSchema, eventStatusLabels, eventStatuses, type EventInput, type EventStatus, type LiveEvent } from '@/contract/lives'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { useServerErrors } from '@/components/form/server-errors'
import { numberOf, numberValue } from '@/lib/number-input'
import { liveName } from './live-routes'
import { useCreateEvent, useUpdateEvent, type LiveKindRef } from './lives-queries'

/** The event's three minute settings, one number field each. */
const minuteFields = [
  { name: 'defaultPerformanceMinutes', label: 'Performance (min)', description: 'A band’s slot by default.' },
  { name: 'changeoverMinutes', label: 'Changeover (min)', description: 'Between two bands on a stage.' },
  { name: 'musicianGapMinutes', label: 'Musician’s gap (min)', description: 'At least this long between one person’s two performances.' },
] as const

export interface EventDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The kind of live a new event is for (kind and season are fixed in the dialog). */
  live: LiveKindRef
  /** The event to edit; a new one when omitted. */
  event?: LiveEvent | null
  /** A new event's academic year; the club's current term when omitted. */
  academicYear?: number
  onSaved?: (event: LiveEvent) => void
}

const MAX_DAYS = 7
const MAX_STAGES = 4

interface StageValues {
  name: string
  opensAt: string
  closesAt: string
}
interface DayValues {
  date: string
  stages: StageValues[]
}
/** What the inputs hold: numbers as numbers (NaN when empty), instants as the club's wall clock. */
interface EventFormValues {
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

const newStage = (): StageValues => ({ name: 'Main stage', opensAt: '12:00', closesAt: '18:00' })

/** An instant as a datetime-local value on the club's clock. */
export const wallClockOf = (iso: string, timeZone: string) => format(new TZDate(new Date(iso).getTime(), timeZone), "yyyy-MM-dd'T'HH:mm")

/** A datetime-local value on the club's clock as an instant; '' (the schema then asks for one) when incomplete. */
export function instantOf(wallClock: string, timeZone: string) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(wallClock)
  return match ? zonedInstant(match[1]!, match[2]!, timeZone).toISOString() : ''
}

function initialValues(event: LiveEvent | null | undefined, live: LiveKindRef, academicYear: number, timeZone: string): EventFormValues {
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
function toInput(values: EventFormValues, live: LiveKindRef, timeZone: string): EventInput {
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

/** Schema and server paths (`days.0.stages.1.closesAt`) → the form's field names (`days[0].stages[1].closesAt`). */
const fieldName = (path: string) => path.replace(/\.(\d+)/g, '[$1]')


/**
 * Executives create and edit an event: everything the review, the participants and the
 * timetable need. Times of day are the club's wall clock; the application window is entered on
 * the club's clock too and sent as instants.
 */
export function EventDialog({ open, onOpenChange, live, event, academicYear, onSaved }: EventDialogProps) {
  const club = useQuery({ ...clubInfoQueryOptions(), enabled: open })
  const target = event ? { kind: event.kind, season: event.season } : live
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? `Edit ${event.title}` : `New ${liveName(live)}`}
      description={event ? liveName(target) : 'Bands can apply once the status is Open and the application window has started.'}
    >
      {club.isPending ? (
        <LoadingBlock label="Loading the club’s settings…" />
      ) : club.isError ? (
        <QueryErrorBlock error={club.error} onRetry={() => void club.refetch()} what="The club’s settings" />
      ) : (
        <EventForm
          live={target}
          event={event}
          academicYear={academicYear ?? club.data.currentTerm}
          timeZone={club.data.timeZone}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            onSaved?.(saved)
            onOpenChange(false)
          }}
        />
      )}
    </Dialog>
  )
}

function EventForm({
  live,
  event,
  academicYear,
  timeZone,
  onCancel,
  onSaved,
}: {
  live: LiveKindRef
  event: LiveEvent | null | undefined
  academicYear: number
  timeZone: string
  onCancel: () => void
  onSaved: (event: LiveEvent) => void
}) {
  const create = useCreateEvent()
  const update = useUpdateEvent()
  const server = useServerErrors(fieldName)
  const formRef = useRef<HTMLFormElement>(null)
  // Keyboard path: after adding or removing a row, focus lands on something in it, not the page.
  const focusLater = (selector: string) => setTimeout(() => formRef.current?.querySelector<HTMLElement>(selector)?.focus(), 0)

  const form = useForm({
    defaultValues: initialValues(event, live, academicYear, timeZone),
    validators: {
      onSubmit: ({ value }) => {
        const result = eventInputSchema.safeParse(toInput(value, live, timeZone))
        if (result.success) return undefined
        const fields = fieldErrors(result.error.issues)
        const formMessage = [fields._, fields.kind, fields.season].find(Boolean)
        return { form: formMessage, fields: Object.fromEntries(Object.entries(fields).map(([path, message]) => [fieldName(path), message])) }
      },
    },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const input = eventInputSchema.parse(toInput(value, live, timeZone))
        const saved = event ? await update.mutateAsync({ eventId: event.id, input }) : await create.mutateAsync(input)
        toast.success(event ? `Saved ${saved.title}.` : `Created ${saved.title}.`)
        onSaved(saved)
      } catch (error) {
        server.show(error)
      }
    },
  })

  const errorsOf = (name: string, errors: ReadonlyArray<unknown>) => [...fieldMessages(errors), server.fields[name]]
  /** Rows moved: the server's messages for days and stages no longer point at the right rows. */
  const dropDayErrors = () => server.dropFields((path) => path.startsWith('days'))

  return (
    <SubmitForm ref={formRef} onSubmit={form.handleSubmit} className="flex flex-col gap-4">
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <form.Subscribe selector={(state) => state.errorMap.onSubmit}>
        {(error) => (typeof error === 'string' && error ? <FormAlert>{error}</FormAlert> : null)}
      </form.Subscribe>

      <form.Field name="title">
        {(field) => (
          <TextField
            label="Title"
            name="title"
            autoComplete="off"
            maxLength={100}
            value={field.state.value}
            onChange={(change) => field.handleChange(change.target.value)}
            onBlur={field.handleBlur}
            errors={errorsOf('title', field.state.meta.errors)}
          />
        )}
      </form.Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="academicYear">
          {(field) => (
            <TextField
              label="Academic year"
              name="academicYear"
              type="number"
              inputMode="numeric"
              value={numberValue(field.state.value)}
              onChange={(change) => field.handleChange(numberOf(change.target.value))}
              onBlur={field.handleBlur}
              description="The year it starts in, e.g. 2026 for April 2026 – March 2027."
              errors={errorsOf('academicYear', field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="status">
          {(field) => (
            <SelectField
              label="Status"
              name="status"
              value={field.state.value}
              onChange={(change) => field.handleChange(change.target.value as EventStatus)}
              options={eventStatuses.map((status) => ({ value: status, label: eventStatusLabels[status] }))}
              description="Bands apply only while it is Open and inside the window."
              errors={errorsOf('status', field.state.meta.errors)}
            />
          )}
        </form.Field>
      </div>
      <form.Field name="venue">
        {(field) => (
          <TextField
            label="Venue"
            name="venue"
            maxLength={200}
            value={field.state.value}
            onChange={(change) => field.handleChange(change.target.value)}
            onBlur={field.handleBlur}
            description="Optional."
            errors={errorsOf('venue', field.state.meta.errors)}
          />
        )}
      </form.Field>

      <form.Field name="days" mode="array">
        {(daysField) => {
          const days = daysField.state.value
          const listError = errorsOf('days', daysField.state.meta.errors).find(Boolean)
          return (
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-1 text-sm font-semibold">Days and stages</legend>
              <p className="text-sm text-ink-muted">Opening hours on the club’s clock ({timeZone}). Up to {MAX_DAYS} days, {MAX_STAGES} stages a day.</p>
              {listError ? (
                <p role="alert" className="text-sm text-danger">
                  {listError}
                </p>
              ) : null}
              {days.map((_day, dayIndex) => (
                <fieldset key={dayIndex} data-day={dayIndex} className="flex flex-col gap-3 rounded-md border border-line p-3">
                  <legend className="px-1 text-sm font-semibold">Day {dayIndex + 1}</legend>
                  <div className="flex flex-wrap items-end gap-2">
                    <div className="min-w-40 flex-1">
                      <form.Field name={`days[${dayIndex}].date`}>
                        {(field) => (
                          <TextField
                            label="Date"
                            type="date"
                            value={field.state.value}
                            onChange={(change) => field.handleChange(change.target.value)}
                            onBlur={field.handleBlur}
                            errors={errorsOf(`days[${dayIndex}].date`, field.state.meta.errors)}
                          />
                        )}
                      </form.Field>
                    </div>
                    {days.length > 1 ? (
                      <Button
                        variant="ghost"
                        aria-label={`Remove day ${dayIndex + 1}`}
                        onClick={() => {
                          dropDayErrors()
                          daysField.removeValue(dayIndex)
                          focusLater('[data-add-day]')
                        }}
                      >
                        <X aria-hidden className="size-4" />
                        Remove day
                      </Button>
                    ) : null}
                  </div>
                  <form.Field name={`days[${dayIndex}].stages`} mode="array">
                    {(stagesField) => {
                      const stagesError = errorsOf(`days[${dayIndex}].stages`, stagesField.state.meta.errors).find(Boolean)
                      return (
                        <div className="flex flex-col gap-3">
                          {stagesError ? <p className="text-sm text-danger">{stagesError}</p> : null}
                          {stagesField.state.value.map((_stage, stageIndex) => {
                            const base = `days[${dayIndex}].stages[${stageIndex}]` as const
                            return (
                              <fieldset key={stageIndex} className="grid gap-2 rounded-md bg-surface-2 p-2 sm:grid-cols-[1fr_7rem_7rem_auto] sm:items-end">
                                <legend className="sr-only">
                                  Day {dayIndex + 1}, stage {stageIndex + 1}
                                </legend>
                                <form.Field name={`${base}.name`}>
                                  {(field) => (
                                    <TextField
                                      label={`Stage ${stageIndex + 1}`}
                                      maxLength={40}
                                      data-stage-name={`${dayIndex}-${stageIndex}`}
                                      value={field.state.value}
                                      onChange={(change) => field.handleChange(change.target.value)}
                                      onBlur={field.handleBlur}
                                      errors={errorsOf(`${base}.name`, field.state.meta.errors)}
                                    />
                                  )}
                                </form.Field>
                                <form.Field name={`${base}.opensAt`}>
                                  {(field) => (
                                    <TextField
                                      label="Opens"
                                      type="time"
                                      value={field.state.value}
                                      onChange={(change) => field.handleChange(change.target.value)}
                                      onBlur={field.handleBlur}
                                      errors={errorsOf(`${base}.opensAt`, field.state.meta.errors)}
                                    />
                                  )}
                                </form.Field>
                                <form.Field name={`${base}.closesAt`}>
                                  {(field) => (
                                    <TextField
                                      label="Closes"
                                      type="time"
                                      value={field.state.value}
                                      onChange={(change) => field.handleChange(change.target.value)}
                                      onBlur={field.handleBlur}
                                      errors={errorsOf(`${base}.closesAt`, field.state.meta.errors)}
                                    />
                                  )}
                                </form.Field>
                                {stagesField.state.value.length > 1 ? (
                                  <Button
                                    variant="ghost"
                                    aria-label={`Remove stage ${stageIndex + 1} of day ${dayIndex + 1}`}
                                    onClick={() => {
                                      dropDayErrors()
                                      stagesField.removeValue(stageIndex)
                                      focusLater(`[data-add-stage="${dayIndex}"]`)
                                    }}
                                  >
                                    <X aria-hidden className="size-4" />
                                    <span className="sm:sr-only">Remove stage</span>
                                  </Button>
                                ) : null}
                              </fieldset>
                            )
                          })}
                          {stagesField.state.value.length < MAX_STAGES ? (
                            <div>
                              <Button
                                variant="secondary"
                                data-add-stage={dayIndex}
                                aria-label={`Add a stage to day ${dayIndex + 1}`}
                                onClick={() => {
                                  const index = stagesField.state.value.length
                                  stagesField.pushValue({ ...newStage(), name: '' })
                                  focusLater(`[data-stage-name="${dayIndex}-${index}"]`)
                                }}
                              >
                                <Plus aria-hidden className="size-4" />
                                Add a stage
                              </Button>
                            </div>
                          ) : null}
                        </div>
                      )
                    }}
                  </form.Field>
                </fieldset>
              ))}
              {days.length < MAX_DAYS ? (
                <div>
                  <Button
                    variant="secondary"
                    data-add-day
                    onClick={() => {
                      const current = form.getFieldValue('days')
                      const last = current.at(-1)
                      const next = last && /^\d{4}-\d{2}-\d{2}$/.test(last.date) ? addDays(last.date, 1) : ''
                      daysField.pushValue({ date: next, stages: (last?.stages ?? [newStage()]).map((stage) => ({ ...stage })) })
                      focusLater(`[data-day="${current.length}"] input`)
                    }}
                  >
                    <Plus aria-hidden className="size-4" />
                    Add a day
                  </Button>
                </div>
              ) : null}
            </fieldset>
          )
        }}
      </form.Field>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-semibold">Slots</legend>
        {minuteFields.map(({ name, label, description }) => (
          <form.Field key={name} name={name}>
            {(field) => (
              <TextField
                label={label}
                type="number"
                inputMode="numeric"
                value={numberValue(field.state.value)}
                onChange={(change) => field.handleChange(numberOf(change.target.value))}
                onBlur={field.handleBlur}
                description={description}
                errors={errorsOf(name, field.state.meta.errors)}
              />
            )}
          </form.Field>
        ))}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold">Applications</legend>
        <form.Field name="applicationOpensAt">
          {(field) => (
            <TextField
              label="Applications open"
              type="datetime-local"
              value={field.state.value}
              onChange={(change) => field.handleChange(change.target.value)}
              onBlur={field.handleBlur}
              description={`On the club’s clock (${timeZone}).`}
              errors={errorsOf('applicationOpensAt', field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="applicationClosesAt">
          {(field) => (
            <TextField
              label="Applications close"
              type="datetime-local"
              value={field.state.value}
              onChange={(change) => field.handleChange(change.target.value)}
              onBlur={field.handleBlur}
              description={`On the club’s clock (${timeZone}).`}
              errors={errorsOf('applicationClosesAt', field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="bandLimit">
          {(field) => (
            <TextField
              label="Band limit"
              type="number"
              inputMode="numeric"
              value={field.state.value}
              onChange={(change) => field.handleChange(change.target.value)}
              onBlur={field.handleBlur}
              description="Optional: at most this many bands can be accepted. Bands keep applying; waitlist the rest."
              errors={errorsOf('bandLimit', field.state.meta.errors)}
            />
          )}
        </form.Field>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => (
            <Button type="submit" busy={isSubmitting} busyLabel="Saving…">
              {event ? 'Save live' : 'Create live'}
            </Button>
          )}
        </form.Subscribe>
      </div>
    </SubmitForm>
  )
}
