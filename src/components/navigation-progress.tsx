import { useRouterState } from '@tanstack/react-router'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * A thin bar at the top while the router loads the next screen's code or data. The screen
 * left behind stays up to a second before the loading screen (the router's pendingMs), so on
 * a slow phone a tap showed nothing for that long: the bar says the tap was taken. It shows
 * after 150 ms (src/styles.css), so a quick change does not flash it.
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  if (!loading) return null
  return (
    <div id="navigation-progress" role="progressbar" aria-label={m.layout_loading_page()} className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand/20">
      <span className="block h-full w-2/5 bg-brand" />
    </div>
  )
}
