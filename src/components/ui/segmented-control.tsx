import { useId } from 'react'

/**
 * A row of toggle buttons for one choice (when, whose, which status); the pressed one is the
 * current. `undefined` may be a choice ("Any status"). Buttons are 44 px high for fingers.
 * `showLabel`: the label stands above the buttons (several controls side by side, as filters,
 * need words to tell them apart); the buttons then share the row's width, so a row that wraps
 * on a phone fills its line instead of leaving one button alone.
 */
export function SegmentedControl<T extends string | undefined>({
  label,
  value,
  options,
  onChange,
  showLabel = false,
}: {
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (value: T) => void
  showLabel?: boolean
}) {
  const labelId = useId()
  const buttons = (
    <div
      role={showLabel ? undefined : 'group'}
      aria-label={showLabel ? undefined : label}
      className={`${showLabel ? 'flex' : 'inline-flex'} flex-wrap gap-0.5 rounded-md border border-line bg-surface-2 p-0.5`}
    >
      {options.map((option) => {
        const pressed = option.value === value
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={`min-h-11 rounded text-sm font-medium ${showLabel ? 'grow px-2' : 'px-4'} focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand ${
              pressed ? 'bg-brand text-brand-ink' : 'text-ink hover:bg-surface'
            }`}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
  if (!showLabel) return buttons
  return (
    <div role="group" aria-labelledby={labelId} className="flex w-full flex-col gap-1 sm:w-auto">
      <span id={labelId} className="text-sm font-medium text-ink">
        {label}
      </span>
      {buttons}
    </div>
  )
}
