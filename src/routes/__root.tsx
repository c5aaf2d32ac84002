import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '@/router'
import { AppError } from '@/components/app-error'
import { NotFoundPage } from '@/components/error-page'
import { OfflineBanner } from '@/components/offline-banner'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  errorComponent: AppError,
  notFoundComponent: NotFoundPage,
})

function RootComponent() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  )
}
