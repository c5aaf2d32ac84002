import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { registerInputSchema, type RegisterFormValues, type RegisterResponse, type RegistrationInfo } from '@/contract/accounts'
import { FormAlert, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { ApiError } from '@/lib/api-client'
import { accountsKeys, registerAccount, registrationInfoQueryOptions } from './accounts-queries'
import { useServerErrors } from '@/components/form/server-errors'
import { PasswordStrengthMeter } from './password-strength-meter'
import { PublicCard, SignInLink } from './public-card'
import { useAppForm } from '@/components/form/form-kit'
import { m } from '@/i18n/paraglide/messages.js'

type Field = 'displayName' | 'email' | 'password' | 'enrollmentYear' | 'inviteCode'

export function RegisterScreen() {
  const info = useQuery(registrationInfoQueryOptions())
  const [done, setDone] = useState<RegisterResponse | null>(null)

  if (done) {
    return (
      <PublicCard title={done.status === 'pending' ? m.accounts_register_thanks() : m.accounts_register_ready()}>
        <FormAlert tone="success">
          {done.status === 'pending'
            ? m.accounts_register_pending_note()
            : done.message}
        </FormAlert>
        <p className="mt-6">
          <SignInLink>{done.status === 'pending' ? m.accounts_back_to_sign_in() : m.accounts_sign_in_now()}</SignInLink>
        </p>
      </PublicCard>
    )
  }

  if (info.isPending) {
    return (
      <PublicCard title={m.accounts_register_title()}>
        <LoadingBlock />
      </PublicCard>
    )
  }
  if (info.isError) {
    return (
      <PublicCard title={m.accounts_register_title()}>
        <QueryErrorBlock error={info.error} onRetry={() => void info.refetch()} what={m.accounts_register_what()} />
        <p className="mt-6">
          <SignInLink />
        </p>
      </PublicCard>
    )
  }
  if (info.data.mode === 'closed') {
    return (
      <PublicCard title={m.accounts_register_closed_title()}>
        <p className="text-ink">
          {m.accounts_register_closed({ club: info.data.clubName })}
        </p>
        <p className="mt-6">
          <SignInLink />
        </p>
      </PublicCard>
    )
  }
  return <RegisterForm info={info.data} onDone={setDone} />
}

function RegisterForm({ info, onDone }: { info: RegistrationInfo; onDone: (result: RegisterResponse) => void }) {
  const queryClient = useQueryClient()
  const server = useServerErrors<Field>()
  const inviteMode = info.mode === 'invite'
  const years: number[] = []
  for (let year = info.enrollmentYears.max; year >= info.enrollmentYears.min; year -= 1) years.push(year)

  const defaultValues: RegisterFormValues = {
    displayName: '',
    email: '',
    password: '',
    enrollmentYear: info.enrollmentYears.max - 1,
    inviteCode: '',
  }
  const form = useAppForm({
    defaultValues,
    validators: { onSubmit: registerInputSchema },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const input = registerInputSchema.parse({ ...value, inviteCode: inviteMode ? value.inviteCode : undefined })
        onDone(await registerAccount(input))
      } catch (error) {
        if (error instanceof ApiError && error.code === 'REGISTRATION_CLOSED') {
          // The mode changed while the form was open: show the closed state.
          await queryClient.invalidateQueries({ queryKey: accountsKeys.registration() })
          return
        }
        server.show(error)
      }
    },
  })

  return (
    <PublicCard title={m.accounts_register_title()} description={m.accounts_register_join({ club: info.clubName })}>
      {info.mode === 'approval' ? (
        <p className="mb-4 text-sm text-ink-muted">{m.accounts_register_approval_note()}</p>
      ) : null}
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="displayName">
            {(field) => <field.TextField label={m.accounts_name()} description={m.accounts_name_description()} autoComplete="name" maxLength={60} />}
          </form.AppField>

          <form.AppField name="email">{(field) => <field.TextField label={m.accounts_email()} type="email" autoComplete="email" inputMode="email" />}</form.AppField>

          <form.AppField name="password">
            {(field) => (
              <div className="flex flex-col gap-2">
                <field.TextField label={m.accounts_password()} type="password" name="new-password" autoComplete="new-password" />
                <form.Subscribe selector={(state) => [state.values.email, state.values.displayName] as const}>
                  {([email, displayName]) => <PasswordStrengthMeter password={field.state.value} userInputs={[email, ...email.split('@'), ...displayName.split(/\s+/)]} />}
                </form.Subscribe>
              </div>
            )}
          </form.AppField>

          <form.AppField name="enrollmentYear">
            {(field) => (
              <field.SelectField
                label={m.accounts_enrollment_year()}
                description={m.accounts_enrollment_year_description()}
                options={years.map((year) => ({ value: String(year), label: String(year) }))}
              />
            )}
          </form.AppField>

          {inviteMode ? (
            <form.AppField name="inviteCode" validators={{ onSubmit: ({ value }) => (value?.trim() ? undefined : m.accounts_invite_code_required()) }}>
              {(field) => <field.TextField label={m.accounts_invite_code()} description={m.accounts_invite_code_description()} autoComplete="off" />}
            </form.AppField>
          ) : null}

          <form.SubmitButton busyLabel={m.accounts_creating()}>{m.accounts_create()}</form.SubmitButton>
        </form.Form>
      </form.AppForm>
      <p className="mt-6 text-sm">
        {m.accounts_have_account()} <SignInLink>{m.accounts_sign_in()}</SignInLink>
      </p>
    </PublicCard>
  )
}
