import { useId } from 'react'
import { X } from 'lucide-react'
import { RepeatedRows } from '@/components/form/repeated-rows'
import { Button } from '@/components/ui/button'
import { dayLabel } from '@/contract/calendar'
import type { LiveEvent } from '@/contract/lives'
import { MAX_WINDOWS, emptyWindow, type ApplicationFormApi } from './application-form-values'

/**
 * Times on the live's days when the band cannot play (0–10): a day of the event, from, to and
 * a reason. The timetable keeps the band out of them.
 */
export function UnavailableWindowFields({ form, event, onRowsMoved }: { form: ApplicationFormApi; event: LiveEvent; onRowsMoved: () => void }) {
  const id = useId()
  const dayOptions = [{ value: '', label: 'Choose a day' }, ...event.days.map((day) => ({ value: day.date, label: dayLabel(day.date) }))]

  return (
    <form.AppField name="unavailable" mode="array">
      {(windowsField) => {
        const full = windowsField.state.value.length >= MAX_WINDOWS
        return (
          <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-help`}>
            <legend className="text-base font-semibold text-ink">Times you cannot play</legend>
            <p id={`${id}-help`} className="text-sm text-ink-muted">
              Optional: when a member of the band cannot play on a day of the live (a class, a job, another band’s slot).
            </p>
            <windowsField.ErrorText role="alert" />
            <RepeatedRows
              field={windowsField}
              newRow={() => emptyWindow(event)}
              max={MAX_WINDOWS}
              listLabel="Times you cannot play"
              hideEmptyList
              addLabel="Add a time you cannot play"
              addNote={full ? <p className="text-sm text-ink-muted">At most {MAX_WINDOWS} times.</p> : null}
              onRowsMoved={onRowsMoved}
            >
              {(index, remove) => (
                <fieldset className="grid min-w-0 gap-3 rounded-md border border-line p-3 sm:grid-cols-[minmax(0,1fr)_7rem_7rem]">
                  <legend className="px-1 text-sm font-medium text-ink">Unavailable time {index + 1}</legend>
                  <form.AppField name={`unavailable[${index}].date`}>{(field) => <field.SelectField label="Day" options={dayOptions} />}</form.AppField>
                  <form.AppField name={`unavailable[${index}].from`}>{(field) => <field.TextField label="From" type="time" />}</form.AppField>
                  <form.AppField name={`unavailable[${index}].to`}>{(field) => <field.TextField label="To" type="time" />}</form.AppField>
                  <div className="sm:col-span-3">
                    <form.AppField name={`unavailable[${index}].reason`}>
                      {(field) => <field.TextField label="Reason" autoComplete="off" maxLength={100} description="Optional, for the executives." rowError={`unavailable[${index}]`} />}
                    </form.AppField>
                  </div>
                  <div className="sm:col-span-3">
                    <Button variant="ghost" aria-label={`Remove unavailable time ${index + 1}`} onClick={remove}>
                      <X aria-hidden className="size-4" />
                      Remove
                    </Button>
                  </div>
                </fieldset>
              )}
            </RepeatedRows>
          </fieldset>
        )
      }}
    </form.AppField>
  )
}
