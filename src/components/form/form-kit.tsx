import { createContext, use, useCallback, useRef, type ComponentPropsWithRef, type ReactNode } from 'react'
import { createFormHook, createFormHookContexts } from '@tanstack/react-form'
import { Button, type ButtonProps } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/feedback'
import { CheckboxField, SelectField, TextAreaField, TextField, fieldMessages } from '@/components/ui/field'
import { SubmitForm } from '@/components/ui/form'
import { numberOf, numberValue } from '@/lib/number-input'
import type { ServerErrors } from './server-errors'
import { m } from '@/i18n/paraglide/messages.js'

// The app's form kit: every form is `useAppForm` + `form.Form` + `form.AppField` with one of
// the bound fields below, so the binding (value, change, blur, client and server errors,
// label and aria wiring) is written once. A bound field's `name` is its form field's.

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

/** The server's answer shown by the form: `form.Form` provides it, the fields read it. */
const ServerErrorsContext = createContext<Pick<ServerErrors, 'fields' | 'formError'> | null>(null)

/**
 * Client messages (the schema's) first, then the server's for this field, then the server's
 * for `rowError` (a row's own message, e.g. `songs[2]`, shown under the row's last field).
 */
function useFieldErrors(rowError?: string) {
  const field = useFieldContext<unknown>()
  const server = use(ServerErrorsContext)
  return [...fieldMessages(field.state.meta.errors), server?.fields[field.name], rowError ? server?.fields[rowError] : undefined]
}

type Bound<Props> = Omit<Props, 'value' | 'checked' | 'onChange' | 'onBlur' | 'errors'> & { rowError?: string }

function BoundTextField({ rowError, ...props }: Bound<ComponentPropsWithRef<typeof TextField>>) {
  const field = useFieldContext<string | undefined>()
  const errors = useFieldErrors(rowError)
  return <TextField name={field.name} {...props} value={field.state.value ?? ''} onChange={(event) => field.handleChange(event.target.value)} onBlur={field.handleBlur} errors={errors} />
}

function BoundTextAreaField({ rowError, ...props }: Bound<ComponentPropsWithRef<typeof TextAreaField>>) {
  const field = useFieldContext<string>()
  const errors = useFieldErrors(rowError)
  return <TextAreaField name={field.name} {...props} value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} onBlur={field.handleBlur} errors={errors} />
}

/** A select over a text or number field (a number field gets numbers back). */
function BoundSelectField({ rowError, ...props }: Bound<ComponentPropsWithRef<typeof SelectField>>) {
  const field = useFieldContext<string | number>()
  const errors = useFieldErrors(rowError)
  const numeric = typeof field.state.value === 'number'
  return (
    <SelectField
      name={field.name}
      {...props}
      value={String(field.state.value)}
      onChange={(event) => field.handleChange(numeric ? Number(event.target.value) : event.target.value)}
      onBlur={field.handleBlur}
      errors={errors}
    />
  )
}

/**
 * A number box whose value is NaN while it is empty, so the schema says "Enter …"; a schema
 * without its own message would say "received NaN", which means nothing to a member.
 */
function BoundNumberField({ rowError, ...props }: Bound<ComponentPropsWithRef<typeof TextField>>) {
  const field = useFieldContext<number>()
  const errors = useFieldErrors(rowError).map((message) => (message?.includes('NaN') ? m.common_enter_number() : message))
  return (
    <TextField
      type="number"
      inputMode="numeric"
      name={field.name}
      {...props}
      value={numberValue(field.state.value)}
      onChange={(event) => field.handleChange(numberOf(event.target.value))}
      onBlur={field.handleBlur}
      errors={errors}
    />
  )
}

function BoundCheckboxField(props: Omit<ComponentPropsWithRef<typeof CheckboxField>, 'checked' | 'onChange' | 'onBlur'>) {
  const field = useFieldContext<boolean>()
  return <CheckboxField name={field.name} {...props} checked={field.state.value} onChange={(event) => field.handleChange(event.target.checked)} onBlur={field.handleBlur} />
}

/** The field's first message, for fields drawn by hand (a group of checkboxes, rows). */
function ErrorText({ id, className = '', role, rowError }: { id?: string; className?: string; role?: 'alert'; rowError?: string }) {
  const error = useFieldErrors(rowError).find(Boolean)
  return error ? (
    <p id={id} role={role} data-form-error="" tabIndex={-1} className={`text-sm text-danger focus:outline-none ${className}`}>
      {error}
    </p>
  ) : null
}
/** The server's form-level message; `form.Form` shows it first unless told `formAlert={false}`. */
function FormError() {
  const formError = use(ServerErrorsContext)?.formError
  return formError ? (
    <div data-form-error="" tabIndex={-1} className="focus:outline-none">
      <FormAlert>{formError}</FormAlert>
    </div>
  ) : null
}

/**
 * After a refused submit, the first message takes focus: a field marked invalid (its label and
 * message are read with it) or a message of its own (a row's, the form's). Focusing scrolls it
 * into view; on a phone the message was above the screen and focus stayed on Save (issue 33).
 */
function focusFirstError(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]')
  if (!first) return
  first.focus({ preventScroll: true })
  first.scrollIntoView({ block: 'center' })
}

/** The form element: submits through TanStack Form and provides the server's answer to the fields. */
function Form({
  server,
  formAlert = true,
  children,
  ref,
  ...rest
}: Omit<ComponentPropsWithRef<'form'>, 'onSubmit'> & { server?: Pick<ServerErrors, 'fields' | 'formError'>; formAlert?: boolean }) {
  const form = useFormContext()
  const element = useRef<HTMLFormElement>(null)
  // The caller's ref too (a screen that submits the form from elsewhere), besides the kit's own.
  const bothRefs = useCallback(
    (node: HTMLFormElement | null) => {
      element.current = node
      const cleanup = typeof ref === 'function' ? ref(node) : ref ? void (ref.current = node) : undefined
      return () => {
        element.current = null
        if (typeof cleanup === 'function') cleanup()
        else if (typeof ref === 'function') ref(null)
        else if (ref) ref.current = null
      }
    },
    [ref],
  )
  const submit = async () => {
    await form.handleSubmit()
    // The messages render after the submit's state updates.
    await new Promise((resolve) => setTimeout(resolve, 0))
    focusFirstError(element.current)
  }
  return (
    <ServerErrorsContext value={server ?? null}>
      <SubmitForm onSubmit={submit} ref={bothRefs} {...rest}>
        {formAlert ? <FormError /> : null}
        {children}
      </SubmitForm>
    </ServerErrorsContext>
  )
}
/** The submit button: busy (and so disabled) while the form's submit runs, or while `busy` says so. */
function SubmitButton({ children, busyLabel, busy = false, ...rest }: Omit<ButtonProps, 'type'> & { children: ReactNode }) {
  const form = useFormContext()
  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(isSubmitting) => (
        <Button type="submit" busy={busy || isSubmitting} busyLabel={busyLabel ?? m.common_saving()} {...rest}>
          {children}
        </Button>
      )}
    </form.Subscribe>
  )
}

/** A dialog form's footer: Cancel, then the submit button (wrapping under each other on a phone). */
function DialogFooter({ onCancel, children, ...submit }: { onCancel: () => void; children: ReactNode; busyLabel?: string; variant?: ButtonProps['variant'] }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {m.common_cancel()}
      </Button>
      <SubmitButton {...submit}>{children}</SubmitButton>
    </div>
  )
}

const kit = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: BoundTextField,
    TextAreaField: BoundTextAreaField,
    SelectField: BoundSelectField,
    NumberField: BoundNumberField,
    CheckboxField: BoundCheckboxField,
    ErrorText,
  },
  formComponents: { Form, FormError, SubmitButton, DialogFooter },
})

type AnyFormApi = { fieldInfo: Record<string, { instance?: { setMeta: (update: (meta: { errorMap: Record<string, unknown> }) => { errorMap: Record<string, unknown> }) => void } | null }>; setErrorMap: (map: Record<string, undefined>) => void }

/**
 * The submit validator (the shared schema) puts its messages on fields; TanStack Form drops a
 * field's message only when that field changes, so a message about two fields ("wishes must
 * close after they open") stayed after the member fixed the other one, and kept the form
 * refused. Any change now forgets the submit messages; the next submit checks everything again.
 */
function forgetSubmitMessages(formApi: AnyFormApi) {
  for (const info of Object.values(formApi.fieldInfo)) {
    info.instance?.setMeta((meta) => (meta.errorMap.onSubmit === undefined ? meta : { ...meta, errorMap: { ...meta.errorMap, onSubmit: undefined } }))
  }
  formApi.setErrorMap({ onSubmit: undefined })
}

export const useAppForm = ((options: Parameters<typeof kit.useAppForm>[0]) =>
  kit.useAppForm({
    ...options,
    listeners: {
      ...options.listeners,
      onChange: (event) => {
        forgetSubmitMessages(event.formApi as unknown as AnyFormApi)
        options.listeners?.onChange?.(event)
      },
    },
  })) as unknown as typeof kit.useAppForm
export const { withForm } = kit

export { useFieldContext, useFieldErrors }
