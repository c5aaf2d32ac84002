import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { routeTree } from '@/routeTree.gen'
import type { SessionStore } from '@/lib/session'
import { AppError } from '@/components/app-error'
import { LoadingScreen } from '@/components/loading-screen'
import { NotFoundPage } from '@/components/error-page'

export interface RouterContext {
  queryClient: QueryClient
  session: SessionStore
}

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    // Freshness is React Query's job; the router must always ask it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: AppError,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingComponent: LoadingScreen,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
