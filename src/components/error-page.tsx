import { Link } from '@tanstack/react-router'

const pages = {
  401: { title: 'Not signed in', text: 'Your session has ended or you are not signed in. Sign in again to continue.' },
  403: { title: 'Not allowed', text: 'Your account does not have access to this page.' },
  404: { title: 'Page not found', text: 'There is nothing at this address. It may have moved, or the link may be mistyped.' },
  500: { title: 'Server error', text: 'Something went wrong on the server. Try again in a moment.' },
} as const

export type ErrorPageCode = keyof typeof pages

/** One look for the public (/403) and in-layout (/dashboard403) error pages. */
export function ErrorPage({ code, standalone = false }: { code: ErrorPageCode; standalone?: boolean }) {
  const page = pages[code]
  const body = (
    <section aria-labelledby="error-heading" className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-12 text-center">
      <h1 id="error-heading" className="text-2xl font-bold text-ink">
        {code} — {page.title}
      </h1>
      <p className="text-ink-muted">{page.text}</p>
      <p>
        <Link
          to={code === 401 ? '/login' : '/'}
          className="inline-block rounded-md bg-brand px-4 py-2 font-medium text-brand-ink hover:bg-brand/90"
        >
          {code === 401 ? 'Go to sign in' : 'Go to the home page'}
        </Link>
      </p>
    </section>
  )
  if (!standalone) return body
  return (
    <main id="main" className="min-h-dvh bg-surface">
      {body}
    </main>
  )
}

export function NotFoundPage() {
  return <ErrorPage code={404} standalone />
}
