import { useLayoutEffect, useRef } from 'react'
import { releaseInertMain } from '@/lib/use-inert-while-leaving'
import { m } from '@/i18n/paraglide/messages.js'

export function LoadingScreen() {
  const ref = useRef<HTMLDivElement>(null)
  // In place of a screen left behind (src/lib/use-inert-while-leaving.ts): heard, not inert.
  useLayoutEffect(() => releaseInertMain(ref.current), [])
  return (
    <div ref={ref} data-loading-screen role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center bg-surface text-ink">
      <div className="flex flex-col items-center gap-3">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-line border-t-brand" />
        <p className="text-ink-muted">{m.common_loading_app()}</p>
      </div>
    </div>
  )
}
