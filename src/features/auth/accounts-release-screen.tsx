import { Link } from '@tanstack/react-router'

/** Placeholder that says plainly what is missing instead of showing a form that cannot work yet. */
export function AccountsReleaseScreen({ title, what }: { title: string; what: string }) {
  return (
    <main id="main" className="flex min-h-dvh items-start justify-center bg-surface-2 px-4 py-10 text-ink sm:items-center">
      <section className="w-full max-w-sm rounded-lg border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-3 text-ink-muted">
          {what} comes with the accounts release and is not available yet. Until then, ask a club executive for help
          with your account.
        </p>
        <p className="mt-6">
          <Link to="/login" className="text-brand underline underline-offset-2">
            Back to sign in
          </Link>
        </p>
      </section>
    </main>
  )
}
