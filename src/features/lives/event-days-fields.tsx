import { X } from 'lucide-react'
import { RepeatedRows } from '@/components/form/repeated-rows'
import { Button } from '@/components/ui/button'
import { MAX_DAYS, MAX_STAGES, newStage, nextDay, type EventFormApi } from './event-form-values'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * The event's days, each with its stages and their opening hours (the club's clock). A new day
 * takes the next date and copies the last day's stages.
 */
export function EventDaysFields({ form, timeZone, onRowsMoved }: { form: EventFormApi; timeZone: string; onRowsMoved: () => void }) {
  return (
    <form.AppField name="days" mode="array">
      {(daysField) => (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{m.lives_days_and_stages()}</legend>
          <p className="text-sm text-ink-muted">
            {m.lives_days_and_stages_help({ timeZone, days: MAX_DAYS, stages: MAX_STAGES })}
          </p>
          <daysField.ErrorText role="alert" />
          <RepeatedRows
            field={daysField}
            newRow={nextDay}
            max={MAX_DAYS}
            list="div"
            hideAddWhenFull
            focusAfterRemove="add"
            addLabel={m.lives_add_a_day()}
            onRowsMoved={onRowsMoved}
          >
            {(dayIndex, removeDay) => (
              <fieldset className="flex flex-col gap-3 rounded-md border border-line p-3">
                <legend className="px-1 text-sm font-semibold">{m.lives_day_number({ day: dayIndex + 1 })}</legend>
                <div className="flex flex-wrap items-end gap-2">
                  <div className="min-w-40 flex-1">
                    <form.AppField name={`days[${dayIndex}].date`}>{(field) => <field.TextField label={m.lives_date()} type="date" />}</form.AppField>
                  </div>
                  {daysField.state.value.length > 1 ? (
                    <Button variant="ghost" aria-label={m.lives_remove_day_number({ day: dayIndex + 1 })} onClick={removeDay}>
                      <X aria-hidden className="size-4" />
                      {m.lives_remove_day()}
                    </Button>
                  ) : null}
                </div>
                <StagesFields form={form} dayIndex={dayIndex} onRowsMoved={onRowsMoved} />
              </fieldset>
            )}
          </RepeatedRows>
        </fieldset>
      )}
    </form.AppField>
  )
}

function StagesFields({ form, dayIndex, onRowsMoved }: { form: EventFormApi; dayIndex: number; onRowsMoved: () => void }) {
  return (
    <form.AppField name={`days[${dayIndex}].stages`} mode="array">
      {(stagesField) => (
        <div className="flex flex-col gap-3">
          <stagesField.ErrorText />
          <RepeatedRows
            field={stagesField}
            newRow={() => ({ ...newStage(), name: '' })}
            max={MAX_STAGES}
            list="div"
            hideAddWhenFull
            focusAfterRemove="add"
            addLabel={m.lives_add_a_stage()}
            addAriaLabel={m.lives_add_stage_to_day({ day: dayIndex + 1 })}
            onRowsMoved={onRowsMoved}
          >
            {(stageIndex, removeStage) => {
              const base = `days[${dayIndex}].stages[${stageIndex}]` as const
              return (
                <fieldset className="grid gap-2 rounded-md bg-surface-2 p-2 sm:grid-cols-[1fr_7rem_7rem_auto] sm:items-end">
                  <legend className="sr-only">
                    {m.lives_day_stage_number({ day: dayIndex + 1, stage: stageIndex + 1 })}
                  </legend>
                  <form.AppField name={`${base}.name`}>{(field) => <field.TextField label={m.lives_stage_number({ stage: stageIndex + 1 })} maxLength={40} />}</form.AppField>
                  <form.AppField name={`${base}.opensAt`}>{(field) => <field.TextField label={m.lives_opens()} type="time" />}</form.AppField>
                  <form.AppField name={`${base}.closesAt`}>{(field) => <field.TextField label={m.lives_closes()} type="time" />}</form.AppField>
                  {stagesField.state.value.length > 1 ? (
                    <Button variant="ghost" aria-label={m.lives_remove_stage_of_day({ stage: stageIndex + 1, day: dayIndex + 1 })} onClick={removeStage}>
                      <X aria-hidden className="size-4" />
                      <span className="sm:sr-only">{m.lives_remove_stage()}</span>
                    </Button>
                  ) : null}
                </fieldset>
              )
            }}
          </RepeatedRows>
        </div>
      )}
    </form.AppField>
  )
}
