import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { captureInstallPrompt } from '@/lib/install-prompt'
import { registerServiceWorker, reloadOnPreloadError } from '@/lib/service-worker'
import { session } from '@/lib/session'
import { createQueryClient, createQueryPersister } from '@/lib/query-client'
import { createAppRouter } from '@/router'
import { App } from '@/app'
import './styles.css'

// Before React renders: `beforeinstallprompt` and stale-chunk errors can fire very early.
captureInstallPrompt()
reloadOnPreloadError()
registerServiceWorker()

const queryClient = createQueryClient()
const persister = createQueryPersister()
session.restoreUser()
const router = createAppRouter({ queryClient, session })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} session={session} persister={persister} />
  </StrictMode>,
)
