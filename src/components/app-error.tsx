import type { ErrorComponentProps } from '@tanstack/react-router'
import { ApiError } from '@/lib/api-client'
import { needsConnection } from '@/components/ui/feedback'
import { useOnline } from '@/lib/use-online'
import { m } from '@/i18n/paraglide/messages.js'

/** The last line of defence for a failure no screen handled (SPEC §2 fixes the wording). */
export function AppError({ error }: ErrorComponentProps) {
  const online = useOnline()
  // A loader that needed the server while offline (see `AppQueryClient.ensureQueryData`).
  if (!online && error instanceof ApiError && error.status === 0) {
    return (
      <p role="status" className="m-4 rounded-md border border-warn/60 bg-warn/10 p-4 text-sm text-ink">
        {needsConnection()}
      </p>
    )
  }
  return (
    <main id="main" className="min-h-dvh bg-surface px-4 py-12 text-ink">
      <section role="alert" className="mx-auto flex max-w-lg flex-col gap-4 text-center">
        <h1 className="text-2xl font-bold">{m.layout_unexpected_error()}</h1>
        <p className="text-ink-muted">{m.layout_unexpected_error_text()}</p>
        {import.meta.env.DEV && error instanceof Error ? (
          <pre className="overflow-auto rounded-md bg-surface-2 p-3 text-left text-sm">{error.message}</pre>
        ) : null}
        <p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md bg-brand px-4 py-2 font-medium text-brand-ink hover:bg-brand/90"
          >
            {m.common_reload()}
          </button>
        </p>
      </section>
    </main>
  )
}
