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

type Field = 'displayName' | 'email' | 'password' | 'enrollmentYear' | 'inviteCode'

export function RegisterScreen() {
  const info = useQuery(registrationInfoQueryOptions())
  const [done, setDone] = useState<RegisterResponse | null>(null)

  if (done) {
    return (
      <PublicCard title={done.status === 'pending' ? 'Thanks for registering' : 'Your account is ready'}>
        <FormAlert tone="success">
          {done.status === 'pending'
            ? 'An administrator will approve your account; you can sign in after that. We will not send a separate mail, so try signing in again later.'
            : done.message}
        </FormAlert>
        <p className="mt-6">
          <SignInLink>{done.status === 'pending' ? 'Back to sign in' : 'Sign in now'}</SignInLink>
        </p>
      </PublicCard>
    )
  }

  if (info.isPending) {
    return (
      <PublicCard title="Create an account">
        <LoadingBlock />
      </PublicCard>
    )
  }
  if (info.isError) {
    return (
      <PublicCard title="Create an account">
        <QueryErrorBlock error={info.error} onRetry={() => void info.refetch()} what="Registration" />
        <p className="mt-6">
          <SignInLink />
        </p>
      </PublicCard>
    )
  }
  if (info.data.mode === 'closed') {
    return (
      <PublicCard title="Registration is closed">
        <p className="text-ink">
          {info.data.clubName} is not taking new registrations at the moment. If you need an account, ask the club
          executives.
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
    <PublicCard title="Create an account" description={`Join ${info.clubName} on Bandroom.`}>
      {info.mode === 'approval' ? (
        <p className="mb-4 text-sm text-ink-muted">An administrator approves new accounts before they can sign in.</p>
      ) : null}
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="displayName">
            {(field) => <field.TextField label="Name" description="How other members see you, e.g. Aoi Tanaka." autoComplete="name" maxLength={60} />}
          </form.AppField>

          <form.AppField name="email">{(field) => <field.TextField label="Email" type="email" autoComplete="email" inputMode="email" />}</form.AppField>

          <form.AppField name="password">
            {(field) => (
              <div className="flex flex-col gap-2">
                <field.TextField label="Password" type="password" name="new-password" autoComplete="new-password" />
                <form.Subscribe selector={(state) => [state.values.email, state.values.displayName] as const}>
                  {([email, displayName]) => <PasswordStrengthMeter password={field.state.value} userInputs={[email, ...email.split('@'), ...displayName.split(/\s+/)]} />}
                </form.Subscribe>
              </div>
            )}
          </form.AppField>

          <form.AppField name="enrollmentYear">
            {(field) => (
              <field.SelectField
                label="Enrollment year"
                description="The academic year you entered the university; your grade follows from it."
                options={years.map((year) => ({ value: String(year), label: String(year) }))}
              />
            )}
          </form.AppField>

          {inviteMode ? (
            <form.AppField name="inviteCode" validators={{ onSubmit: ({ value }) => (value?.trim() ? undefined : 'Enter the invite code you were given') }}>
              {(field) => <field.TextField label="Invite code" description="Registration needs the code the club gave you." autoComplete="off" />}
            </form.AppField>
          ) : null}

          <form.SubmitButton busyLabel="Creating your account…">Create account</form.SubmitButton>
        </form.Form>
      </form.AppForm>
      <p className="mt-6 text-sm">
        Already have an account? <SignInLink>Sign in</SignInLink>
      </p>
    </PublicCard>
  )
}
