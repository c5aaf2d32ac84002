import { Link } from '@tanstack/react-router'
import { m } from '@/i18n/paraglide/messages.js'

const pages = {
  401: () => ({ title: m.layout_error_401_title(), text: m.layout_error_401_text() }),
  403: () => ({ title: m.layout_error_403_title(), text: m.layout_error_403_text() }),
  404: () => ({ title: m.layout_error_404_title(), text: m.layout_error_404_text() }),
  500: () => ({ title: m.layout_error_500_title(), text: m.layout_error_500_text() }),
} as const

export type ErrorPageCode = keyof typeof pages

/** One look for the public (/403) and in-layout (/dashboard403) error pages. */
export function ErrorPage({ code, standalone = false }: { code: ErrorPageCode; standalone?: boolean }) {
  const page = pages[code]()
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
          {code === 401 ? m.layout_go_to_sign_in() : m.layout_go_home()}
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
