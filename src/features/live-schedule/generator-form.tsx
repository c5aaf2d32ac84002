import { useId, useImperativeHandle, useRef, type Ref } from 'react'
import type { z } from 'zod'
import { Dices, FileDown, Sparkles } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/feedback'
import { FieldShell, SelectField } from '@/components/ui/field'
import { useAppForm, useFieldContext, useFieldErrors } from '@/components/form/form-kit'
import { fieldErrors } from '@/contract/field-errors'
import { generateInputSchema, type GenerateInput, type SchedulePerformance } from '@/contract/live-schedule'
import { numberOf, numberValue } from '@/lib/number-input'
import {
  timetableGoalLabels,
  timetableGoals,
  timetablePresetNames,
  timetablePresets,
  type TimetableGoal,
  type TimetablePresetName,
  type TimetableWeights,
} from '@/contract/timetable'
import { m } from '@/i18n/paraglide/messages.js'

/** A preset, or "custom" once a weight was edited by hand. */
export type PresetChoice = TimetablePresetName | 'custom'

/** What the parameter form holds: numbers as numbers (NaN while a box is empty). */
export interface GeneratorValues {
  preset: PresetChoice
  weights: TimetableWeights
  seed: number
  effort: number
  keepPins: boolean
  /** Performances (application ids) wished to open or close a day. */
  wishes: Record<string, Wish>
}

type Wish = 'first' | 'last'
const wishLabels: Record<Wish | '', () => string> = { '': () => m.live_schedule_wish_anywhere(), first: () => m.live_schedule_wish_first(), last: () => m.live_schedule_wish_last() }

/** The parameters a proposal came from, as sent (parsed by the shared schema). */
export type GeneratorParameters = z.output<typeof generateInputSchema>

export const presetLabels: Record<PresetChoice, () => string> = {
  compact: () => m.live_schedule_preset_compact(),
  balanced: () => m.live_schedule_preset_balanced(),
  spread: () => m.live_schedule_preset_spread(),
  custom: () => m.live_schedule_preset_custom(),
}

const presetDescriptions: Record<PresetChoice, () => string> = {
  compact: () => m.live_schedule_preset_compact_description(),
  balanced: () => m.live_schedule_preset_balanced_description(),
  spread: () => m.live_schedule_preset_spread_description(),
  custom: () => m.live_schedule_preset_custom_description(),
}

const goalDescriptions: Record<TimetableGoal, () => string> = {
  earliness: () => m.live_schedule_goal_earliness_description(),
  preferredDay: () => m.live_schedule_goal_preferred_day_description(),
  firstLast: () => m.live_schedule_goal_first_last_description(),
  gradeOrder: () => m.live_schedule_goal_grade_order_description(),
  musicianSpread: () => m.live_schedule_goal_musician_spread_description(),
  idleHoles: () => m.live_schedule_goal_idle_holes_description(),
}

export const initialGeneratorValues = (): GeneratorValues => ({ preset: 'compact', weights: { ...timetablePresets.compact }, seed: 1, effort: 1, keepPins: true, wishes: {} })

/** The request body: the preset's name when one is chosen, and always the weights shown. */
export function toGenerateInput(values: GeneratorValues): GenerateInput {
  return {
    ...(values.preset === 'custom' ? {} : { preset: values.preset }),
    weights: values.weights,
    seed: values.seed,
    effort: values.effort,
    keepPins: values.keepPins,
    wishes: values.wishes,
  }
}

/** Back from a proposal's parameters to the form (to reproduce or tweak it). */
export function valuesOf(preset: PresetChoice, parameters: GeneratorParameters): GeneratorValues {
  const weights = { ...timetablePresets.compact, ...(parameters.weights ?? (parameters.preset ? timetablePresets[parameters.preset] : {})) }
  return { preset, weights, seed: parameters.seed, effort: parameters.effort, keepPins: parameters.keepPins, wishes: { ...parameters.wishes } }
}

/** What the screen may ask of the form from outside it ("Keep improving" with these settings). */
export interface GeneratorFormHandle {
  /**
   * Checks the settings as the form holds them now and returns them; null when one needs
   * attention, and then the form says which, as a refused "Generate" does (the first message
   * focused and scrolled into view).
   */
  checkSettings: () => GeneratorParameters | null
}

/** A seed to try something else (any is fine: the seed shown reproduces the result). */
const randomSeed = () => Math.floor(Math.random() * 1_000_000)

/** "The draft has 3 pinned performances; they stay where they are." */
function pinsText(draftExists: boolean, pins: number) {
  if (!draftExists) return m.live_schedule_pins_no_draft()
  if (pins === 0) return m.live_schedule_pins_none()
  return m.live_schedule_pins_some({ count: pins })
}

/** The seed box with a "New seed" button beside it. */
function SeedField() {
  const field = useFieldContext<number>()
  const errors = useFieldErrors()
  return (
    <FieldShell label={m.live_schedule_seed()} description={m.live_schedule_seed_description()} errors={errors}>
      {({ id: inputId, describedBy, invalid }) => (
        <div className="flex gap-2">
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={numberValue(field.state.value)}
            onChange={(change) => field.handleChange(numberOf(change.target.value))}
            onBlur={field.handleBlur}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className="min-h-11 w-full min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand aria-[invalid=true]:border-danger"
          />
          <Button variant="secondary" className="shrink-0" onClick={() => field.handleChange(randomSeed())}>
            <Dices aria-hidden className="size-4" />
            {m.live_schedule_new_seed()}
          </Button>
        </div>
      )}
    </FieldShell>
  )
}

/**
 * The generator's parameters: a preset (explained), its weights (editing one switches to
 * custom), the seed, the effort and whether to keep the draft's pins.
 */
export function GeneratorForm({
  values,
  onGenerate,
  busy,
  draftExists,
  pins,
  performances,
  notice,
  onDownload,
  ref,
}: {
  /** The starting values; the screen remounts the form (a new `key`) to load a proposal's. */
  values: GeneratorValues
  onGenerate: (preset: PresetChoice, parameters: GeneratorParameters) => Promise<void>
  busy: boolean
  draftExists: boolean
  pins: number
  /** The accepted performances, for the "opens or closes a day" wishes. */
  performances: ReadonlyArray<SchedulePerformance>
  /** A line above the button (e.g. which proposal the next one replaces). */
  notice?: string
  /** "Download as JSON": the live with these parameters, as `npm run timetable` reads it. */
  onDownload?: (parameters: GeneratorParameters) => Promise<void>
  ref?: Ref<GeneratorFormHandle>
}) {
  const id = useId()
  const formElement = useRef<HTMLFormElement>(null)
  const form = useAppForm({
    defaultValues: values,
    validators: {
      onSubmit: ({ value }) => {
        const result = generateInputSchema.safeParse(toGenerateInput(value))
        if (result.success) return undefined
        const fields = fieldErrors(result.error.issues)
        return { form: fields._, fields }
      },
    },
    onSubmit: async ({ value }) => {
      await onGenerate(value.preset, generateInputSchema.parse(toGenerateInput(value)))
    },
  })

  const checkSettings = () => {
    const parameters = generateInputSchema.safeParse(toGenerateInput(form.state.values))
    if (parameters.success) return parameters.data
    // Submitting runs the form's own check, which shows what needs attention (nothing is generated).
    formElement.current?.requestSubmit()
    return null
  }
  useImperativeHandle(ref, () => ({ checkSettings }))

  const choosePreset = (preset: PresetChoice) => {
    form.setFieldValue('preset', preset)
    if (preset !== 'custom') form.setFieldValue('weights', { ...timetablePresets[preset] })
  }

  return (
    <form.AppForm>
      <form.Form ref={formElement} aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          {m.live_schedule_parameters()}
        </h2>
        <form.Subscribe selector={(state) => state.errorMap.onSubmit}>
          {(error) => (typeof error === 'string' && error ? <FormAlert>{error}</FormAlert> : null)}
        </form.Subscribe>

        <form.Field name="preset">
          {(field) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold text-ink">{m.live_schedule_preset()}</legend>
              <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
                {([...timetablePresetNames, 'custom'] as const).map((preset) => (
                  <label
                    key={preset}
                    className="flex cursor-pointer items-start gap-3 rounded-md border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
                  >
                    <input
                      type="radio"
                      name={`${id}-preset`}
                      value={preset}
                      checked={field.state.value === preset}
                      onChange={() => choosePreset(preset)}
                      aria-describedby={`${id}-preset-${preset}`}
                      className="mt-1 size-5 accent-brand"
                    />
                    <span className="flex flex-col gap-1">
                      <span className="text-sm font-medium text-ink">{presetLabels[preset]()}</span>
                      <span id={`${id}-preset-${preset}`} className="text-sm text-ink-muted">
                        {presetDescriptions[preset]()}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </form.Field>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink">{m.live_schedule_weights()}</legend>
          <p className="text-sm text-ink-muted">{m.live_schedule_weights_description()}</p>
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {timetableGoals.map((goal) => (
              <form.AppField
                key={goal}
                name={`weights.${goal}`}
                listeners={{ onChange: () => form.getFieldValue('preset') !== 'custom' && form.setFieldValue('preset', 'custom') }}
              >
                {(field) => <field.NumberField label={timetableGoalLabels[goal]} inputMode="decimal" min={0} max={1000} step="any" description={goalDescriptions[goal]()} />}
              </form.AppField>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <form.AppField name="seed">{() => <SeedField />}</form.AppField>
          <form.AppField name="effort">
            {(field) => (
              <field.NumberField
                label={m.live_schedule_effort()}
                inputMode="decimal"
                min={0.1}
                max={10}
                step={0.1}
                description={m.live_schedule_effort_description()}
              />
            )}
          </form.AppField>
        </div>

        <form.AppField name="keepPins">{(field) => <field.CheckboxField label={m.live_schedule_keep_pins()} description={pinsText(draftExists, pins)} />}</form.AppField>

        <form.Field name="wishes">
          {(field) => {
            const count = Object.keys(field.state.value).length
            return (
              <details className="rounded-md border border-line p-3">
                <summary className="cursor-pointer text-sm font-semibold text-ink">
                  {m.live_schedule_wishes_title()} {count > 0 ? m.live_schedule_wishes_chosen({ count }) : ''}
                </summary>
                <p className="mt-2 text-sm text-ink-muted">{m.live_schedule_wishes_description({ goal: timetableGoalLabels.firstLast })}</p>
                <div className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                  {performances.map((performance) => (
                    <SelectField
                      key={performance.id}
                      label={performance.bandName}
                      value={field.state.value[performance.id] ?? ''}
                      onChange={(change) => {
                        const { [performance.id]: _, ...rest } = field.state.value
                        const wish = change.target.value as Wish | ''
                        field.handleChange(wish ? { ...rest, [performance.id]: wish } : rest)
                      }}
                      options={(['', 'first', 'last'] as const).map((wish) => ({ value: wish, label: wishLabels[wish]() }))}
                    />
                  ))}
                </div>
              </details>
            )
          }}
        </form.Field>

        <div className="flex flex-col items-start gap-2">
          {notice ? <p className="text-sm text-ink-muted">{notice}</p> : null}
          <div className="flex flex-wrap gap-2">
            <form.SubmitButton busy={busy} busyLabel={m.live_schedule_generating()}>
              <Sparkles aria-hidden className="size-4" />
              {m.live_schedule_generate()}
            </form.SubmitButton>
            {onDownload ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  const parameters = checkSettings()
                  if (parameters) void onDownload(parameters)
                }}
              >
                <FileDown aria-hidden className="size-4" />
                {m.live_schedule_download_json()}
              </Button>
            ) : null}
          </div>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
