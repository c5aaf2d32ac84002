import type { ReactNode } from 'react'
import { ApiError } from '@/lib/api-client'
import { Button } from './button'

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
  return 'Something went wrong. Please try again.'
}

export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="py-8 text-center text-ink-muted">
      {label}
    </p>
  )
}

export function QueryErrorBlock({ error, onRetry, what = 'This page' }: { error: unknown; onRetry?: () => void; what?: string }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-danger/40 bg-danger/10 p-4 text-sm">
      <p className="font-medium text-danger">{what} could not be loaded.</p>
      <p className="text-ink">{errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
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
