import { lazy, Suspense } from 'react'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '@/router'
import { AppError } from '@/components/app-error'
import { NotFoundPage } from '@/components/error-page'
import { NavigationProgress } from '@/components/navigation-progress'
import { useOnline } from '@/lib/use-online'
import { useInertWhileLeaving } from '@/lib/use-inert-while-leaving'
import { m } from '@/i18n/paraglide/messages.js'

// Only offline (the installed app, whose service worker holds this chunk): its club-time
// formatting (with the club query's zod schema) is no part of a visitor's first load (decision 016). Should the chunk
// not load, the banner still says the app is offline.
const OfflineBanner = lazy(() =>
  import('@/components/offline-banner').then(
    (module) => ({ default: module.OfflineBanner }),
    () => ({ default: OfflineFallback }),
  ),
)

function OfflineFallback() {
  return (
    <div role="status" className="bg-warn px-4 py-2 text-center text-sm font-medium text-surface">
      {m.layout_offline()}
    </div>
  )
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  errorComponent: AppError,
  notFoundComponent: NotFoundPage,
})

function RootComponent() {
  const online = useOnline()
  useInertWhileLeaving()
  return (
    <>
      <NavigationProgress />
      {!online && (
        <Suspense fallback={<OfflineFallback />}>
          <OfflineBanner />
        </Suspense>
      )}
      <Outlet />
    </>
  )
}
