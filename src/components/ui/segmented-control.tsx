/**
 * A row of toggle buttons for one choice (when, whose, which status); the pressed one is the
 * current. `undefined` may be a choice ("Any status"). Buttons are 44 px high for fingers.
 */
export function SegmentedControl<T extends string | undefined>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (value: T) => void
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap gap-0.5 rounded-md border border-line bg-surface-2 p-0.5">
      {options.map((option) => {
        const pressed = option.value === value
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={`min-h-11 rounded px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand ${
              pressed ? 'bg-brand text-brand-ink' : 'text-ink hover:bg-surface'
            }`}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
}
