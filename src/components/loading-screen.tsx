import { m } from '@/i18n/paraglide/messages.js'
export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center bg-surface text-ink">
      <div className="flex flex-col items-center gap-3">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-line border-t-brand" />
        <p className="text-ink-muted">{m.common_loading_app()}</p>
      </div>
    </div>
  )
}
