import type { ReactNode } from 'react'
import { ApiError } from '@/lib/api-client'
import { useOnline } from '@/lib/use-online'
import { Button } from './button'
import { m } from '@/i18n/paraglide/messages.js'

/** A form-level message; `role="alert"` so it is announced when it appears. */
export function FormAlert({ children, tone = 'danger' }: { children: ReactNode; tone?: 'danger' | 'success' }) {
  const colours = tone === 'danger' ? 'border-danger/40 bg-danger/10 text-danger' : 'border-brand/40 bg-brand/10 text-ink'
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${colours}`}>
      {children}
    </div>
  )
}

/** The message to show for a failed call: the server's sentence, or a generic one. */
export function errorMessage(error: unknown) {
  if (error instanceof ApiError) return error.message
  return m.common_something_wrong()
}

/** Said where a page's data was never saved on this device. */
export const needsConnection = () => m.common_needs_connection()

/** A calm note, not an alarm: being offline is not a fault of the page. */
function OfflineNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-warn/60 bg-warn/10 p-4 text-sm text-ink">
      {children}
    </p>
  )
}

/**
 * While a query has no data yet. Offline its fetch is paused until the connection returns, so
 * instead of a spinner that never ends it says the page needs a connection (`offline` words it
 * for the screen, e.g. a week that was not saved).
 */
export function LoadingBlock({ label, offline }: { label?: string; offline?: string }) {
  const online = useOnline()
  if (!online) return <OfflineNote>{offline ?? needsConnection()}</OfflineNote>
  return (
    <p role="status" className="py-8 text-center text-ink-muted">
      {label ?? m.common_loading()}
    </p>
  )
}

/** `what`: the thing that failed, worded to fit "… could not be loaded" (the page itself when omitted). */
export function QueryErrorBlock({ error, onRetry, what }: { error: unknown; onRetry?: () => void; what?: string }) {
  const online = useOnline()
  // A call that failed because the connection went away is not the page's fault either.
  if (!online && error instanceof ApiError && error.status === 0) return <OfflineNote>{needsConnection()}</OfflineNote>
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-danger/40 bg-danger/10 p-4 text-sm">
      <p className="font-medium text-danger">{what === undefined ? m.common_page_could_not_load() : m.common_could_not_load({ what })}</p>
      <p className="text-ink">{errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {m.common_try_again()}
        </Button>
      ) : null}
    </div>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-line p-6 text-center">
      <p className="font-medium text-ink">{title}</p>
      {children ? <div className="mt-1 text-sm text-ink-muted">{children}</div> : null}
    </div>
  )
}
