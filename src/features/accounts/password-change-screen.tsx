import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { passwordChangeFormSchema } from '@/contract/accounts'
import { FormAlert } from '@/components/ui/feedback'
import { Card, PageHeader } from '@/components/ui/page'
import { useSession } from '@/lib/session-context'
import { changePassword } from './accounts-queries'
import { useServerErrors } from '@/components/form/server-errors'
import { useAppForm } from '@/components/form/form-kit'
import { PasswordStrengthMeter } from './password-strength-meter'
import { m } from '@/i18n/paraglide/messages.js'

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword'
const labels: Record<Field, () => string> = {
  currentPassword: () => m.accounts_current_password(),
  newPassword: () => m.accounts_new_password(),
  confirmPassword: () => m.accounts_repeat_new_password(),
}

export function PasswordChangeScreen() {
  const { user } = useSession()
  const server = useServerErrors<Field>()
  const [done, setDone] = useState<string | null>(null)
  const form = useAppForm({
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
      <PageHeader title={m.accounts_change_password()} description={m.accounts_change_password_description()} />
      <Card>
        <form.AppForm>
          <form.Form server={server} className="flex flex-col gap-4">
            {done ? <FormAlert tone="success">{done}</FormAlert> : null}
            {(['currentPassword', 'newPassword', 'confirmPassword'] as const).map((name) => (
              <form.AppField key={name} name={name} listeners={{ onChange: () => setDone(null) }}>
                {(field) => (
                  <div className="flex flex-col gap-2">
                    <field.TextField label={labels[name]()} type="password" name={name} autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'} />
                    {name === 'newPassword' ? <PasswordStrengthMeter password={field.state.value} userInputs={userInputs} /> : null}
                  </div>
                )}
              </form.AppField>
            ))}
            <div className="flex flex-wrap items-center gap-3">
              <form.SubmitButton busyLabel={m.accounts_changing()}>{m.accounts_change_password()}</form.SubmitButton>
              <Link to="/profile" className="text-sm text-brand underline underline-offset-2">
                {m.accounts_back_to_profile()}
              </Link>
            </div>
          </form.Form>
        </form.AppForm>
      </Card>
    </div>
  )
}
