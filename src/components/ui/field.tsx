import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'

const controlClass =
  'min-h-11 w-full rounded-md border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand aria-[invalid=true]:border-danger disabled:opacity-60'

interface FieldShellProps {
  label: string
  /** Error messages to show under the control (client and server); the first is enough. */
  errors?: ReadonlyArray<string | undefined | null>
  description?: ReactNode
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}

/** Label, control, help text and error, wired with ids so screen readers announce them. */
export function FieldShell({ label, errors = [], description, children }: FieldShellProps) {
  const id = useId()
  const error = errors.find(Boolean) ?? null
  const descriptionId = description ? `${id}-description` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {description ? (
        <p id={descriptionId} className="text-sm text-ink-muted">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}

type Shared = { label: string; errors?: FieldShellProps['errors']; description?: ReactNode }

export function TextField({ label, errors, description, className = '', ...input }: Shared & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell label={label} errors={errors} description={description}>
      {({ id, describedBy, invalid }) => (
        <input id={id} aria-describedby={describedBy} aria-invalid={invalid} className={`${controlClass} ${className}`} {...input} />
      )}
    </FieldShell>
  )
}

export function TextAreaField({ label, errors, description, className = '', ...textarea }: Shared & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} errors={errors} description={description}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} className={`${controlClass} min-h-24 ${className}`} {...textarea} />
      )}
    </FieldShell>
  )
}

export function SelectField({
  label,
  errors,
  description,
  options,
  className = '',
  ...select
}: Shared & SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string; lang?: string }> }) {
  return (
    <FieldShell label={label} errors={errors} description={description}>
      {({ id, describedBy, invalid }) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={invalid} className={`${controlClass} ${className}`} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

export function CheckboxField({ label, description, className = '', ...input }: { label: string; description?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input id={id} type="checkbox" className="mt-1 size-5 accent-brand" aria-describedby={description ? `${id}-d` : undefined} {...input} />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {description ? (
          <p id={`${id}-d`} className="text-sm text-ink-muted">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** Messages from a TanStack Form field's errors (zod issues or strings). */
export function fieldMessages(errors: ReadonlyArray<unknown>): string[] {
  return errors
    .map((error) => (typeof error === 'string' ? error : (error as { message?: string } | undefined)?.message))
    .filter((message): message is string => Boolean(message))
}
