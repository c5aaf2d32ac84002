import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useForm } from '@tanstack/react-form'
import { passwordChangeFormSchema } from '@/contract/accounts'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/feedback'
import { TextField, fieldMessages } from '@/components/ui/field'
import { Card, PageHeader } from '@/components/ui/page'
import { useSession } from '@/lib/session-context'
import { changePassword } from './accounts-queries'
import { useServerErrors } from '@/lib/form-errors'
import { PasswordStrengthMeter } from './password-strength-meter'
import { SubmitForm } from '@/components/ui/form'

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword'
const labels: Record<Field, string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Repeat the new password',
}

export function PasswordChangeScreen() {
  const { user } = useSession()
  const server = useServerErrors<Field>()
  const [done, setDone] = useState<string | null>(null)
  const form = useForm({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validators: { onSubmit: passwordChangeFormSchema },
    onSubmit: async ({ value, formApi }) => {
      server.clear()
      setDone(null)
      try {
        const { currentPassword, newPassword } = passwordChangeFormSchema.parse(value)
        setDone((await changePassword({ currentPassword, newPassword })).message)
        formApi.reset()
      } catch (error) {
        server.show(error)
      }
    },
  })
  const userInputs = user ? [user.email, ...user.email.split('@'), ...user.displayName.split(/\s+/)] : []

  return (
    <div className="mx-auto flex max-w-xl flex-col">
      <PageHeader title="Change password" description="After the change, your other devices are signed out; this one stays signed in." />
      <Card>
        <SubmitForm
          onSubmit={form.handleSubmit}
          className="flex flex-col gap-4"
        >
          {done ? <FormAlert tone="success">{done}</FormAlert> : null}
          {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
          {(['currentPassword', 'newPassword', 'confirmPassword'] as const).map((name) => (
            <form.Field key={name} name={name}>
              {(field) => (
                <div className="flex flex-col gap-2">
                  <TextField
                    label={labels[name]}
                    type="password"
                    name={name}
                    autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
                    value={field.state.value}
                    onChange={(event) => {
                      setDone(null)
                      field.handleChange(event.target.value)
                    }}
                    onBlur={field.handleBlur}
                    errors={[...fieldMessages(field.state.meta.errors), server.fields[name]]}
                  />
                  {name === 'newPassword' ? <PasswordStrengthMeter password={field.state.value} userInputs={userInputs} /> : null}
                </div>
              )}
            </form.Field>
          ))}
          <div className="flex flex-wrap items-center gap-3">
            <form.Subscribe selector={(state) => state.isSubmitting}>
              {(isSubmitting) => (
                <Button type="submit" busy={isSubmitting} busyLabel="Changing…">
                  Change password
                </Button>
              )}
            </form.Subscribe>
            <Link to="/profile" className="text-sm text-brand underline underline-offset-2">
              Back to your profile
            </Link>
          </div>
        </SubmitForm>
      </Card>
    </div>
  )
}
