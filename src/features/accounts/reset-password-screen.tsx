import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { passwordResetFormSchema, passwordResetRequestSchema } from '@/contract/accounts'
import { FormAlert, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { ApiError } from '@/lib/api-client'
import { confirmPasswordReset, requestPasswordReset, resetCheckQueryOptions } from './accounts-queries'
import { useServerErrors } from '@/components/form/server-errors'
import { PasswordStrengthMeter } from './password-strength-meter'
import { PublicCard, SignInLink } from './public-card'
import { useAppForm } from '@/components/form/form-kit'

/** `/reset-password`: ask for a link, or (with `?token=`) choose the new password. */
export function ResetPasswordScreen({ token }: { token?: string }) {
  return token ? <SetNewPassword token={token} /> : <RequestLink />
}

function RequestLink() {
  const server = useServerErrors<'email'>()
  const [sent, setSent] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: { email: '' },
    validators: { onSubmit: passwordResetRequestSchema },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        setSent((await requestPasswordReset(passwordResetRequestSchema.parse(value).email)).message)
      } catch (error) {
        server.show(error)
      }
    },
  })

  if (sent) {
    return (
      <PublicCard title="Check your mail">
        <FormAlert tone="success">{sent}</FormAlert>
        <p className="mt-4 text-sm text-ink-muted">No mail after a few minutes? Check the spam folder, or ask again.</p>
        <p className="mt-6">
          <SignInLink />
        </p>
      </PublicCard>
    )
  }

  return (
    <PublicCard title="Reset your password" description="Enter your account's email and we will mail you a link to choose a new password.">
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="email">{(field) => <field.TextField label="Email" type="email" autoComplete="email" inputMode="email" />}</form.AppField>
          <form.SubmitButton busyLabel="Sending…">Send reset link</form.SubmitButton>
        </form.Form>
      </form.AppForm>
      <p className="mt-6 text-sm">
        <SignInLink />
      </p>
    </PublicCard>
  )
}

function InvalidLink({ message = 'This link is invalid or has expired. Ask for a new one.' }: { message?: string }) {
  return (
    <PublicCard title="This link no longer works">
      <FormAlert>{message}</FormAlert>
      <p className="mt-6 flex flex-col gap-2 text-sm">
        <Link to="/reset-password" search={{}} className="text-brand underline underline-offset-2">
          Ask for a new link
        </Link>
        <SignInLink />
      </p>
    </PublicCard>
  )
}

function SetNewPassword({ token }: { token: string }) {
  const check = useQuery(resetCheckQueryOptions(token))
  const server = useServerErrors<'password' | 'confirmPassword' | 'token'>()
  const [done, setDone] = useState<string | null>(null)
  const [invalid, setInvalid] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: { password: '', confirmPassword: '' },
    validators: { onSubmit: passwordResetFormSchema },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const { password } = passwordResetFormSchema.parse(value)
        setDone((await confirmPasswordReset({ token, password })).message)
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'RESET_TOKEN_INVALID' || error.fields.token)) {
          setInvalid(error.code === 'RESET_TOKEN_INVALID' ? error.message : '')
          return
        }
        server.show(error)
      }
    },
  })

  if (done) {
    return (
      <PublicCard title="Password changed">
        <FormAlert tone="success">{done}</FormAlert>
        <p className="mt-6">
          <SignInLink>Sign in</SignInLink>
        </p>
      </PublicCard>
    )
  }
  if (invalid !== null) return <InvalidLink message={invalid || undefined} />
  if (check.isPending) {
    return (
      <PublicCard title="Choose a new password">
        <LoadingBlock label="Checking your link…" />
      </PublicCard>
    )
  }
  if (check.isError) {
    // A malformed token is refused as input (400): the link is broken, not the page.
    if (check.error instanceof ApiError && check.error.status === 400) return <InvalidLink />
    return (
      <PublicCard title="Choose a new password">
        <QueryErrorBlock error={check.error} onRetry={() => void check.refetch()} what="Your link" />
      </PublicCard>
    )
  }
  if (!check.data.valid) return <InvalidLink />

  return (
    <PublicCard title="Choose a new password" description="After this, every device signed in to your account is signed out.">
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="password">
            {(field) => (
              <div className="flex flex-col gap-2">
                <field.TextField label="New password" type="password" autoComplete="new-password" />
                <PasswordStrengthMeter password={field.state.value} />
              </div>
            )}
          </form.AppField>
          <form.AppField name="confirmPassword">{(field) => <field.TextField label="Repeat the new password" type="password" autoComplete="new-password" />}</form.AppField>
          <form.SubmitButton>Set new password</form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </PublicCard>
  )
}
