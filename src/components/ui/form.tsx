import type { ComponentPropsWithRef } from 'react'

/**
 * A form submitted by script (TanStack Form): no browser validation bubbles (fields show
 * the shared schema's messages), no page reload, and the submit handed to `onSubmit`.
 */
export function SubmitForm({ onSubmit, children, ...rest }: Omit<ComponentPropsWithRef<'form'>, 'onSubmit'> & { onSubmit: () => unknown }) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        void onSubmit()
      }}
    >
      {children}
    </form>
  )
}
