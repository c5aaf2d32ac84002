import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { LanguageSwitch } from '@/components/language-switch'
import { m } from '@/i18n/paraglide/messages.js'

/** The frame of the public account screens, like the sign-in page: one card, centred, with the language switch. */
export function PublicCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh items-start justify-center bg-surface-2 px-4 py-10 text-ink sm:items-center">
      <section aria-labelledby="public-card-title" className="w-full max-w-md rounded-lg border border-line bg-surface p-6 shadow-sm">
        <h1 id="public-card-title" className="text-2xl font-bold">
          {title}
        </h1>
        {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
        <div className="mt-6">{children}</div>
        <LanguageSwitch className="mt-6" />
      </section>
    </main>
  )
}

export function SignInLink({ children }: { children?: ReactNode }) {
  return (
    <Link to="/login" className="text-brand underline underline-offset-2">
      {children ?? m.accounts_back_to_sign_in()}
    </Link>
  )
}
