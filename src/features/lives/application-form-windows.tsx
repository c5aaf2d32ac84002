import { useId, useRef } from 'react'
import { flushSync } from 'react-dom'
import { Plus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { SelectField, TextField, fieldMessages } from '@/components/ui/field'
import { dayLabel } from '@/contract/calendar'
import type { LiveEvent } from '@/contract/lives'
import { MAX_WINDOWS, emptyWindow, type ApplicationFormApi, type ServerFieldError } from './application-form-values'

/**
 * Times on the live's days when the band cannot play (0–10): a day of the event, from, to and
 * a reason. The timetable keeps the band out of them.
 */
export function UnavailableWindowFields({
  form,
  event,
  serverError,
  onRowsMoved,
}: {
  form: ApplicationFormApi
  event: LiveEvent
  serverError: ServerFieldError
  onRowsMoved: () => void
}) {
  const id = useId()
  const containerRef = useRef<HTMLFieldSetElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const focusDay = (index: number) => containerRef.current?.querySelector<HTMLSelectElement>(`[data-window-day="${index}"]`)?.focus()
  const dayOptions = [{ value: '', label: 'Choose a day' }, ...event.days.map((day) => ({ value: day.date, label: dayLabel(day.date) }))]

  return (
    <form.Field name="unavailable" mode="array">
      {(windowsField) => {
        const windows = windowsField.state.value
        const full = windows.length >= MAX_WINDOWS
        const listError = [...fieldMessages(windowsField.state.meta.errors), serverError('unavailable')].find(Boolean)
        return (
          <fieldset ref={containerRef} className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-help`}>
            <legend className="text-base font-semibold text-ink">Times you cannot play</legend>
            <p id={`${id}-help`} className="text-sm text-ink-muted">
              Optional: when a member of the band cannot play on a day of the live (a class, a job, another band’s slot).
            </p>
            {listError ? (
              <p role="alert" className="text-sm text-danger">
                {listError}
              </p>
            ) : null}
            {windows.length > 0 ? (
            <ol aria-label="Times you cannot play" className="flex flex-col gap-3">
              {windows.map((_, index) => (
                <li key={index}>
                  <fieldset className="grid min-w-0 gap-3 rounded-md border border-line p-3 sm:grid-cols-[minmax(0,1fr)_7rem_7rem]">
                    <legend className="px-1 text-sm font-medium text-ink">Unavailable time {index + 1}</legend>
                    <form.Field name={`unavailable[${index}].date`}>
                      {(field) => (
                        <SelectField
                          label="Day"
                          data-window-day={index}
                          value={field.state.value}
                          onChange={(change) => field.handleChange(change.target.value)}
                          onBlur={field.handleBlur}
                          options={dayOptions}
                          errors={[...fieldMessages(field.state.meta.errors), serverError(`unavailable[${index}].date`)]}
                        />
                      )}
                    </form.Field>
                    <form.Field name={`unavailable[${index}].from`}>
                      {(field) => (
                        <TextField
                          label="From"
                          type="time"
                          value={field.state.value}
                          onChange={(change) => field.handleChange(change.target.value)}
                          onBlur={field.handleBlur}
                          errors={[...fieldMessages(field.state.meta.errors), serverError(`unavailable[${index}].from`)]}
                        />
                      )}
                    </form.Field>
                    <form.Field name={`unavailable[${index}].to`}>
                      {(field) => (
                        <TextField
                          label="To"
                          type="time"
                          value={field.state.value}
                          onChange={(change) => field.handleChange(change.target.value)}
                          onBlur={field.handleBlur}
                          errors={[...fieldMessages(field.state.meta.errors), serverError(`unavailable[${index}].to`)]}
                        />
                      )}
                    </form.Field>
                    <div className="sm:col-span-3">
                      <form.Field name={`unavailable[${index}].reason`}>
                        {(field) => (
                          <TextField
                            label="Reason"
                            autoComplete="off"
                            maxLength={100}
                            value={field.state.value}
                            onChange={(change) => field.handleChange(change.target.value)}
                            onBlur={field.handleBlur}
                            description="Optional, for the executives."
                            errors={[...fieldMessages(field.state.meta.errors), serverError(`unavailable[${index}].reason`), serverError(`unavailable[${index}]`)]}
                          />
                        )}
                      </form.Field>
                    </div>
                    <div className="sm:col-span-3">
                      <Button
                        variant="ghost"
                        aria-label={`Remove unavailable time ${index + 1}`}
                        onClick={() => {
                          onRowsMoved()
                          flushSync(() => windowsField.removeValue(index))
                          if (windows.length > 1) focusDay(Math.min(index, windows.length - 2))
                          else addRef.current?.focus()
                        }}
                      >
                        <X aria-hidden className="size-4" />
                        Remove
                      </Button>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <Button
                ref={addRef}
                variant="secondary"
                disabled={full}
                onClick={() => {
                  onRowsMoved()
                  flushSync(() => windowsField.pushValue(emptyWindow(event)))
                  focusDay(windows.length)
                }}
              >
                <Plus aria-hidden className="size-4" />
                Add a time you cannot play
              </Button>
              {full ? <p className="text-sm text-ink-muted">At most {MAX_WINDOWS} times.</p> : null}
            </div>
          </fieldset>
        )
      }}
    </form.Field>
  )
}
