import { useId } from 'react'
import { X } from 'lucide-react'
import { RepeatedRows } from '@/components/form/repeated-rows'
import { Button } from '@/components/ui/button'
import { dayLabel } from '@/contract/calendar'
import type { LiveEvent } from '@/contract/lives'
import { MAX_WINDOWS, emptyWindow, type ApplicationFormApi } from './application-form-values'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * Times on the live's days when the band cannot play (0–10): a day of the event, from, to and
 * a reason. The timetable keeps the band out of them.
 */
export function UnavailableWindowFields({ form, event, onRowsMoved }: { form: ApplicationFormApi; event: LiveEvent; onRowsMoved: () => void }) {
  const id = useId()
  const dayOptions = [{ value: '', label: m.lives_choose_day() }, ...event.days.map((day) => ({ value: day.date, label: dayLabel(day.date) }))]

  return (
    <form.AppField name="unavailable" mode="array">
      {(windowsField) => {
        const full = windowsField.state.value.length >= MAX_WINDOWS
        return (
          <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-help`}>
            <legend className="text-base font-semibold text-ink">{m.lives_times_cannot_play()}</legend>
            <p id={`${id}-help`} className="text-sm text-ink-muted">
              {m.lives_times_cannot_play_help()}
            </p>
            <windowsField.ErrorText role="alert" />
            <RepeatedRows
              field={windowsField}
              newRow={() => emptyWindow(event)}
              max={MAX_WINDOWS}
              listLabel={m.lives_times_cannot_play()}
              hideEmptyList
              addLabel={m.lives_add_time_cannot_play()}
              addNote={full ? <p className="text-sm text-ink-muted">{m.lives_at_most_times({ max: MAX_WINDOWS })}</p> : null}
              onRowsMoved={onRowsMoved}
            >
              {(index, remove) => (
                <fieldset className="grid min-w-0 gap-3 rounded-md border border-line p-3 sm:grid-cols-[minmax(0,1fr)_7rem_7rem]">
                  <legend className="px-1 text-sm font-medium text-ink">{m.lives_unavailable_time_number({ number: index + 1 })}</legend>
                  <form.AppField name={`unavailable[${index}].date`}>{(field) => <field.SelectField label={m.lives_day()} options={dayOptions} />}</form.AppField>
                  <form.AppField name={`unavailable[${index}].from`}>{(field) => <field.TextField label={m.lives_from()} type="time" />}</form.AppField>
                  <form.AppField name={`unavailable[${index}].to`}>{(field) => <field.TextField label={m.lives_to()} type="time" />}</form.AppField>
                  <div className="sm:col-span-3">
                    <form.AppField name={`unavailable[${index}].reason`}>
                      {(field) => <field.TextField label={m.lives_reason()} autoComplete="off" maxLength={100} description={m.lives_reason_help()} rowError={`unavailable[${index}]`} />}
                    </form.AppField>
                  </div>
                  <div className="sm:col-span-3">
                    <Button variant="ghost" aria-label={m.lives_remove_unavailable_time({ number: index + 1 })} onClick={remove}>
                      <X aria-hidden className="size-4" />
                      {m.lives_remove()}
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
