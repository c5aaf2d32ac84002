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
import { m } from '@/i18n/paraglide/messages.js'

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
      <PublicCard title={m.accounts_check_mail()}>
        <FormAlert tone="success">{sent}</FormAlert>
        <p className="mt-4 text-sm text-ink-muted">{m.accounts_no_mail()}</p>
        <p className="mt-6">
          <SignInLink />
        </p>
      </PublicCard>
    )
  }

  return (
    <PublicCard title={m.accounts_reset_title()} description={m.accounts_reset_description()}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="email">{(field) => <field.TextField label={m.accounts_email()} type="email" autoComplete="email" inputMode="email" />}</form.AppField>
          <form.SubmitButton busyLabel={m.accounts_sending()}>{m.accounts_send_link()}</form.SubmitButton>
        </form.Form>
      </form.AppForm>
      <p className="mt-6 text-sm">
        <SignInLink />
      </p>
    </PublicCard>
  )
}

function InvalidLink({ message }: { message?: string }) {
  return (
    <PublicCard title={m.accounts_link_dead_title()}>
      <FormAlert>{message ?? m.accounts_link_expired()}</FormAlert>
      <p className="mt-6 flex flex-col gap-2 text-sm">
        <Link to="/reset-password" search={{}} className="text-brand underline underline-offset-2">
          {m.accounts_ask_new_link()}
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
      <PublicCard title={m.accounts_password_changed_title()}>
        <FormAlert tone="success">{done}</FormAlert>
        <p className="mt-6">
          <SignInLink>{m.accounts_sign_in()}</SignInLink>
        </p>
      </PublicCard>
    )
  }
  if (invalid !== null) return <InvalidLink message={invalid || undefined} />
  if (check.isPending) {
    return (
      <PublicCard title={m.accounts_choose_new_password()}>
        <LoadingBlock label={m.accounts_checking_link()} />
      </PublicCard>
    )
  }
  if (check.isError) {
    // A malformed token is refused as input (400): the link is broken, not the page.
    if (check.error instanceof ApiError && check.error.status === 400) return <InvalidLink />
    return (
      <PublicCard title={m.accounts_choose_new_password()}>
        <QueryErrorBlock error={check.error} onRetry={() => void check.refetch()} what={m.accounts_your_link()} />
      </PublicCard>
    )
  }
  if (!check.data.valid) return <InvalidLink />

  return (
    <PublicCard title={m.accounts_choose_new_password()} description={m.accounts_reset_signs_out()}>
      <form.AppForm>
        <form.Form server={server} className="flex flex-col gap-4">
          <form.AppField name="password">
            {(field) => (
              <div className="flex flex-col gap-2">
                <field.TextField label={m.accounts_new_password()} type="password" autoComplete="new-password" />
                <PasswordStrengthMeter password={field.state.value} />
              </div>
            )}
          </form.AppField>
          <form.AppField name="confirmPassword">{(field) => <field.TextField label={m.accounts_repeat_new_password()} type="password" autoComplete="new-password" />}</form.AppField>
          <form.SubmitButton>{m.accounts_set_new_password()}</form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </PublicCard>
  )
}
