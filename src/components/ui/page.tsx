import type { ReactNode } from 'react'
import { m } from '@/i18n/paraglide/messages.js'

/** A screen's title row: the h1, an optional line of context, and actions on the right. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {description ? <p className="mt-1 text-ink-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  )
}

export function Card({ title, children, actions }: { title?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded-lg border border-line bg-surface p-4 sm:p-5" aria-label={title}>
      {title || actions ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title ? <h2 className="text-lg font-semibold text-ink">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  )
}

/** Previous/next paging for server-side lists ({items, total}). */
export function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav aria-label={m.common_pages()} className="mt-4 flex items-center justify-between gap-2 text-sm">
      <button
        type="button"
        className="min-h-11 rounded-md border border-line px-3 disabled:opacity-50"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {m.common_previous()}
      </button>
      <span aria-live="polite">
        {m.common_page_of({ page, pages, total })}
      </span>
      <button
        type="button"
        className="min-h-11 rounded-md border border-line px-3 disabled:opacity-50"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {m.common_next()}
      </button>
    </nav>
  )
}
