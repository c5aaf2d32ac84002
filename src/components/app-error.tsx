import type { ErrorComponentProps } from '@tanstack/react-router'
import { ApiError } from '@/lib/api-client'
import { NEEDS_CONNECTION } from '@/components/ui/feedback'
import { useOnline } from '@/lib/use-online'

/** The last line of defence for a failure no screen handled (SPEC §2 fixes the wording). */
export function AppError({ error }: ErrorComponentProps) {
  const online = useOnline()
  // A loader that needed the server while offline (see `AppQueryClient.ensureQueryData`).
  if (!online && error instanceof ApiError && error.status === 0) {
    return (
      <p role="status" className="m-4 rounded-md border border-warn/60 bg-warn/10 p-4 text-sm text-ink">
        {NEEDS_CONNECTION}
      </p>
    )
  }
  return (
    <main id="main" className="min-h-dvh bg-surface px-4 py-12 text-ink">
      <section role="alert" className="mx-auto flex max-w-lg flex-col gap-4 text-center">
        <h1 className="text-2xl font-bold">Unexpected Application Error</h1>
        <p className="text-ink-muted">Something went wrong while showing this page. Reloading usually helps.</p>
        {import.meta.env.DEV && error instanceof Error ? (
          <pre className="overflow-auto rounded-md bg-surface-2 p-3 text-left text-sm">{error.message}</pre>
        ) : null}
        <p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md bg-brand px-4 py-2 font-medium text-brand-ink hover:bg-brand/90"
          >
            Reload
          </button>
        </p>
      </section>
    </main>
  )
}
