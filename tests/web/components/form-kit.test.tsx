import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { useRef, type Ref } from 'react'
import { z } from 'zod'
import { useAppForm } from '@/components/form/form-kit'
import { fieldErrors } from '@/contract/field-errors'

/**
 * The kit's `form.Form` with a ref of the screen's own (the generator's "Keep improving" submits
 * its parameter form from outside it): the screen gets the form element, and the kit still
 * takes the user to the first message of a refused submit.
 */

const schema = z.object({ name: z.string().min(1, 'Enter a name') })

function NameForm({ formRef, onSave }: { formRef: Ref<HTMLFormElement>; onSave: (name: string) => void }) {
  const form = useAppForm({
    defaultValues: { name: '' },
    validators: {
      onSubmit: ({ value }) => {
        const result = schema.safeParse(value)
        if (result.success) return undefined
        const fields = fieldErrors(result.error.issues)
        return { form: fields._, fields }
      },
    },
    onSubmit: ({ value }) => onSave(value.name),
  })
  return (
    <form.AppForm>
      <form.Form ref={formRef} aria-label="Name">
        <form.AppField name="name">{(field) => <field.TextField label="Name" />}</form.AppField>
        <p>Something between the field and the button</p>
      </form.Form>
    </form.AppForm>
  )
}

function WithObjectRef({ onSave }: { onSave: (name: string) => void }) {
  const formRef = useRef<HTMLFormElement>(null)
  return (
    <>
      <NameForm formRef={formRef} onSave={onSave} />
      <button type="button" onClick={() => formRef.current?.requestSubmit()}>
        Save from elsewhere
      </button>
    </>
  )
}

describe('form.Form with a ref of its own', () => {
  it('gives the screen the form, and a submit from outside still focuses the first message', async () => {
    const onSave = vi.fn()
    render(<WithObjectRef onSave={onSave} />)
    screen.getByRole('button', { name: 'Save from elsewhere' }).click()
    const name = screen.getByRole('textbox', { name: 'Name' })
    await waitFor(() => expect(name).toHaveFocus())
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Enter a name')).toBeInTheDocument()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('hands a callback ref the form, and null when the form goes', () => {
    const calls: Array<HTMLFormElement | null> = []
    const { unmount } = render(<NameForm formRef={(node) => void calls.push(node)} onSave={() => {}} />)
    expect(calls).toEqual([screen.getByRole('form', { name: 'Name' })])
    unmount()
    expect(calls.at(-1)).toBeNull()
  })
})
