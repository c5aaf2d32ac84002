import { useId } from 'react'
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
const wishLabels: Record<Wish | '', string> = { '': 'Anywhere', first: 'Opens a day', last: 'Closes a day' }

/** The parameters a proposal came from, as sent (parsed by the shared schema). */
export type GeneratorParameters = z.output<typeof generateInputSchema>

export const presetLabels: Record<PresetChoice, string> = { compact: 'Compact', balanced: 'Balanced', spread: 'Spread', custom: 'Custom' }

const presetDescriptions: Record<PresetChoice, string> = {
  compact:
    'Every band as early as possible on its preferred day, and nothing else counts. It usually finds the best possible timetable.',
  balanced: 'Also honours wishes to open or close a day, puts lower grades earlier, avoids idle gaps on a stage and spreads shared musicians a little.',
  spread: 'Like balanced, but gives musicians who play in several bands much more time between their performances.',
  custom: 'Your own weights: change any weight below and the generator uses exactly those.',
}

const goalDescriptions: Record<TimetableGoal, string> = {
  earliness: 'Per 5 minutes after the stage opens.',
  preferredDay: 'Per band not on its preferred day.',
  firstLast: 'Per unmet wish to open or close a day.',
  gradeOrder: 'Per lower grade playing after a higher one.',
  musicianSpread: 'Per 5 minutes shared musicians are closer than the gap + 1 h.',
  idleHoles: 'Per 5 minutes a stage stands idle.',
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

/** A seed to try something else (any is fine: the seed shown reproduces the result). */
const randomSeed = () => Math.floor(Math.random() * 1_000_000)

/** "The draft has 3 pinned performances; they stay where they are." */
function pinsText(draftExists: boolean, pins: number) {
  if (!draftExists) return 'There is no draft yet, so there is nothing pinned.'
  if (pins === 0) return 'The draft has no pinned performances.'
  return `The draft has ${pins} pinned ${pins === 1 ? 'performance' : 'performances'}; ${pins === 1 ? 'it stays' : 'they stay'} where ${pins === 1 ? 'it is' : 'they are'}. Untick to place ${pins === 1 ? 'it' : 'them'} freely.`
}

/** The seed box with a "New seed" button beside it. */
function SeedField() {
  const field = useFieldContext<number>()
  const errors = useFieldErrors()
  return (
    <FieldShell label="Seed" description="The same parameters and seed give the same timetable." errors={errors}>
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
            New seed
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
}) {
  const id = useId()
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

  const choosePreset = (preset: PresetChoice) => {
    form.setFieldValue('preset', preset)
    if (preset !== 'custom') form.setFieldValue('weights', { ...timetablePresets[preset] })
  }

  return (
    <form.AppForm>
      <form.Form aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          Parameters
        </h2>
        <form.Subscribe selector={(state) => state.errorMap.onSubmit}>
          {(error) => (typeof error === 'string' && error ? <FormAlert>{error}</FormAlert> : null)}
        </form.Subscribe>

        <form.Field name="preset">
          {(field) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold text-ink">Preset</legend>
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
                      <span className="text-sm font-medium text-ink">{presetLabels[preset]}</span>
                      <span id={`${id}-preset-${preset}`} className="text-sm text-ink-muted">
                        {presetDescriptions[preset]}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </form.Field>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink">Weights</legend>
          <p className="text-sm text-ink-muted">The cost of each goal per unit; 0 leaves it out. Changing one switches to custom.</p>
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {timetableGoals.map((goal) => (
              <form.AppField
                key={goal}
                name={`weights.${goal}`}
                listeners={{ onChange: () => form.getFieldValue('preset') !== 'custom' && form.setFieldValue('preset', 'custom') }}
              >
                {(field) => <field.NumberField label={timetableGoalLabels[goal]} inputMode="decimal" min={0} max={1000} step="any" description={goalDescriptions[goal]} />}
              </form.AppField>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <form.AppField name="seed">{() => <SeedField />}</form.AppField>
          <form.AppField name="effort">
            {(field) => (
              <field.NumberField
                label="Effort"
                inputMode="decimal"
                min={0.1}
                max={10}
                step={0.1}
                description="1 is the default; up to 10 searches longer (e.g. 3 for a final run), 0.1 is quick."
              />
            )}
          </form.AppField>
        </div>

        <form.AppField name="keepPins">{(field) => <field.CheckboxField label="Keep pinned performances" description={pinsText(draftExists, pins)} />}</form.AppField>

        <form.Field name="wishes">
          {(field) => {
            const count = Object.keys(field.state.value).length
            return (
              <details className="rounded-md border border-line p-3">
                <summary className="cursor-pointer text-sm font-semibold text-ink">
                  Bands to open or close a day {count > 0 ? `(${count} chosen)` : ''}
                </summary>
                <p className="mt-2 text-sm text-ink-muted">The “First or last wish” weight charges every wish the timetable does not meet.</p>
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
                      options={(['', 'first', 'last'] as const).map((wish) => ({ value: wish, label: wishLabels[wish] }))}
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
            <form.SubmitButton busy={busy} busyLabel="Generating…">
              <Sparkles aria-hidden className="size-4" />
              Generate
            </form.SubmitButton>
            {onDownload ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  const parameters = generateInputSchema.safeParse(toGenerateInput(form.state.values))
                  // Parameters that need attention: the form's own check says which (nothing is generated).
                  if (!parameters.success) void form.handleSubmit()
                  else void onDownload(parameters.data)
                }}
              >
                <FileDown aria-hidden className="size-4" />
                Download as JSON
              </Button>
            ) : null}
          </div>
        </div>
      </form.Form>
    </form.AppForm>
  )
}
