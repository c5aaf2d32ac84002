import { useState } from 'react'
import { Link, getRouteApi, useRouter } from '@tanstack/react-router'
import { useForm } from '@tanstack/react-form'
import { loginInputSchema } from '@/contract/sign-in'
import { ApiError } from '@/lib/api-client'
import { useSessionStore } from '@/lib/session-context'
import { loginRequest } from '@/features/auth/login-request'
import { loginErrorMessage } from '@/features/auth/login-error-message'
import { SubmitForm } from '@/components/ui/form'

const routeApi = getRouteApi('/login')

type FieldName = 'email' | 'password'

function messagesOf(errors: ReadonlyArray<unknown>): string[] {
  return errors
    .map((error) => (typeof error === 'string' ? error : (error as { message?: string } | undefined)?.message))
    .filter((message): message is string => Boolean(message))
}

export function LoginScreen() {
  const { redirect } = routeApi.useSearch()
  const router = useRouter()
  const session = useSessionStore()
  const [formError, setFormError] = useState<string | null>(null)
  const [serverFields, setServerFields] = useState<Partial<Record<FieldName, string>>>({})

  const form = useForm({
    defaultValues: { email: '', password: '' },
    validators: { onSubmit: loginInputSchema },
    onSubmit: async ({ value }) => {
      setFormError(null)
      setServerFields({})
      try {
        const result = await loginRequest(loginInputSchema.parse(value))
        session.login(result)
        await router.invalidate()
        // The router, not a route-bound navigate: after invalidate() the /login match is already gone.
        await router.navigate({ href: redirect ?? '/dashboard' })
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          setServerFields({ email: error.fields.email, password: error.fields.password })
        }
        setFormError(loginErrorMessage(error))
      }
    },
  })

  return (
    <main id="main" className="flex min-h-dvh items-start justify-center bg-surface-2 px-4 py-10 text-ink sm:items-center">
      <div className="w-full max-w-sm rounded-lg border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Sign in to Bandroom</h1>
        <p className="mt-1 text-sm text-ink-muted">The music club's bands, rooms and lives.</p>

        <SubmitForm
          onSubmit={form.handleSubmit}
          className="mt-6 flex flex-col gap-4"
        >
          {formError ? (
            <div role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
              {formError}
            </div>
          ) : null}

          {(['email', 'password'] as const).map((name) => (
            <form.Field key={name} name={name}>
              {(field) => {
                const errors = [...messagesOf(field.state.meta.errors), ...(serverFields[name] ? [serverFields[name]] : [])]
                const errorId = `${name}-error`
                return (
                  <div className="flex flex-col gap-1">
                    <label htmlFor={name} className="text-sm font-medium">
                      {name === 'email' ? 'Email' : 'Password'}
                    </label>
                    <input
                      id={name}
                      name={name}
                      type={name}
                      autoComplete={name === 'email' ? 'username' : 'current-password'}
                      inputMode={name === 'email' ? 'email' : undefined}
                      value={field.state.value}
                      onChange={(event) => field.handleChange(event.target.value)}
                      onBlur={field.handleBlur}
                      aria-invalid={errors.length > 0}
                      aria-describedby={errors.length > 0 ? errorId : undefined}
                      className="min-h-11 rounded-md border border-line bg-surface px-3 py-2 text-ink aria-[invalid=true]:border-danger"
                    />
                    {errors.length > 0 ? (
                      <p id={errorId} className="text-sm text-danger">
                        {errors[0]}
                      </p>
                    ) : null}
                  </div>
                )
              }}
            </form.Field>
          ))}

          <form.Subscribe selector={(state) => state.isSubmitting}>
            {(isSubmitting) => (
              <button
                type="submit"
                disabled={isSubmitting}
                className="min-h-11 rounded-md bg-brand px-4 py-2 font-medium text-brand-ink hover:bg-brand/90 disabled:opacity-60"
              >
                {isSubmitting ? 'Signing in…' : 'Sign in'}
              </button>
            )}
          </form.Subscribe>
        </SubmitForm>

        <div className="mt-6 flex flex-col gap-2 text-sm">
          <Link to="/reset-password" className="text-brand underline underline-offset-2">
            Forgot your password?
          </Link>
          <Link to="/register" className="text-brand underline underline-offset-2">
            New to the club? Create an account
          </Link>
        </div>
      </div>
    </main>
  )
}
