import { Link, getRouteApi, useRouter } from '@tanstack/react-router'
import { loginInputSchema } from '@/contract/sign-in'
import { useSessionStore } from '@/lib/session-context'
import { loginRequest } from '@/features/auth/login-request'
import { loginErrorMessage } from '@/features/auth/login-error-message'
import { useAppForm } from '@/components/form/form-kit'
import { useServerErrors } from '@/components/form/server-errors'
import { LanguageSwitch } from '@/components/language-switch'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/login')

export function LoginScreen() {
  const { redirect } = routeApi.useSearch()
  const router = useRouter()
  const session = useSessionStore()
  const server = useServerErrors()

  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    validators: { onSubmit: loginInputSchema },
    onSubmit: async ({ value }) => {
      server.clear()
      try {
        const result = await loginRequest(loginInputSchema.parse(value))
        session.login(result)
        // One navigation, by the router (this screen's match goes with it). The guards read the
        // session live, so nothing is invalidated: an invalidate() would redirect through /login's
        // guard and resolve only once the dashboard's data came, and a navigate after it would
        // undo a link the member followed meanwhile.
        await router.navigate({ href: redirect ?? '/dashboard' })
      } catch (error) {
        server.show(error, loginErrorMessage(error))
      }
    },
  })

  return (
    <main id="main" className="flex min-h-dvh items-start justify-center bg-surface-2 px-4 py-10 text-ink sm:items-center">
      <div className="w-full max-w-sm rounded-lg border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{m.auth_sign_in_title()}</h1>
        <p className="mt-1 text-sm text-ink-muted">{m.auth_sign_in_lead()}</p>

        <form.AppForm>
          <form.Form server={server} className="mt-6 flex flex-col gap-4">
            <form.AppField name="email">{(field) => <field.TextField label={m.auth_email()} type="email" autoComplete="username" inputMode="email" />}</form.AppField>
            <form.AppField name="password">{(field) => <field.TextField label={m.auth_password()} type="password" autoComplete="current-password" />}</form.AppField>
            <form.SubmitButton busyLabel={m.auth_signing_in()}>{m.auth_sign_in()}</form.SubmitButton>
          </form.Form>
        </form.AppForm>

        <div className="mt-6 flex flex-col gap-2 text-sm">
          <Link to="/reset-password" className="text-brand underline underline-offset-2">
            {m.auth_forgot_password()}
          </Link>
          <Link to="/register" className="text-brand underline underline-offset-2">
            {m.auth_new_account()}
          </Link>
        </div>
        <LanguageSwitch className="mt-6" />
      </div>
    </main>
  )
}
