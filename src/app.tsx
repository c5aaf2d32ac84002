import { useEffect, useRef, type ReactNode } from 'react'
import { RouterProvider } from '@tanstack/react-router'
import { QueryClientProvider, useIsRestoring, type QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider, type Persister } from '@tanstack/react-query-persist-client'
import type { SessionStore } from '@/lib/session'
import { SessionProvider, useSession } from '@/lib/session-context'
import { useUiState } from '@/lib/ui-state'
import { LazyToaster } from '@/lib/lazy-toaster'
import { LoadingScreen } from '@/components/loading-screen'
import { PERSIST_MAX_AGE } from '@/lib/query-client'
import type { createAppRouter } from '@/router'
import { useLanguage } from '@/i18n/client'

interface AppProps {
  router: ReturnType<typeof createAppRouter>
  queryClient: QueryClient
  session: SessionStore
  /** Omitted in tests: the cache then lives in memory only. */
  persister?: Persister
}

function SessionGate({ router }: { router: AppProps['router'] }) {
  const { isLoading, isAuthenticated } = useSession()
  const { theme } = useUiState()
  // The router starts its loaders when it mounts: wait for the saved Query cache first, or
  // they fetch (offline: fail) what the restore is about to provide.
  const isRestoring = useIsRestoring()
  if (isLoading || isRestoring) return <LoadingScreen />
  return (
    <>
      <RouterProvider router={router} />
      <LazyToaster theme={theme} signedIn={isAuthenticated} />
    </>
  )
}

export function App({ router, queryClient, session, persister }: AppProps) {
  // Every screen words itself anew in another language (decision 046): the tree is keyed on it.
  const language = useLanguage()
  useEffect(() => {
    // The next user on a shared phone must not see the previous user's cached lists.
    return session.onLogout(() => {
      queryClient.clear()
      void persister?.removeClient()
    })
  }, [session, queryClient, persister])

  // What the server worded (explanations, reasons, notices) was worded in the language it was
  // asked in: a switch asks again, the shown screen at once, the others when next shown.
  const wordedIn = useRef(language)
  useEffect(() => {
    if (wordedIn.current === language) return
    wordedIn.current = language
    void queryClient.invalidateQueries()
  }, [language, queryClient])

  let content: ReactNode = <SessionGate key={language} router={router} />
  content = persister ? (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, maxAge: PERSIST_MAX_AGE }}
      // A saved copy is "as last seen", never fresh: the copy may predate the last change made
      // in this tab (it is written a second after), so online every screen asks again.
      onSuccess={() => void queryClient.invalidateQueries({ refetchType: 'none' })}
    >
      {content}
    </PersistQueryClientProvider>
  ) : (
    <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
  )
  return <SessionProvider store={session}>{content}</SessionProvider>
}
