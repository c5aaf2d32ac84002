import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { captureInstallPrompt } from '@/lib/install-prompt'
import { registerServiceWorker, reloadOnPreloadError } from '@/lib/service-worker'
import { session } from '@/lib/session'
import { learnClubLanguage, startLanguage } from '@/i18n/client'
import { createQueryClient, createQueryPersister, flushWhenHidden } from '@/lib/query-client'
import { createAppRouter } from '@/router'
import { App } from '@/app'
import './styles.css'

// zod checks whether it may compile parsers with `new Function`; the CSP forbids it, so the
// check changes nothing but makes the browser report a CSP violation on every screen that
// loads zod (Lighthouse best practices, decision 016). `jitless` skips the check. zod reads its
// settings from this global; `z.config({ jitless: true })` would put zod in the entry.
Object.assign(((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {}), { jitless: true })

// Before React renders: `beforeinstallprompt` and stale-chunk errors can fire very early.
captureInstallPrompt()
reloadOnPreloadError()
// The built app only: in `vite dev` there is no service worker to register.
if (import.meta.env.PROD) void registerServiceWorker()

const queryClient = createQueryClient()
const persister = createQueryPersister()
flushWhenHidden(persister)
// The language before the first render: the stored account's, this browser's choice or languages, the club's (decision 046).
startLanguage()
session.restoreUser()
const router = createAppRouter({ queryClient, session })

// A first visit from a browser in none of the app's languages waits for the club's default (index.html's loading text shows).
void learnClubLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} session={session} persister={persister} />
    </StrictMode>,
  ),
)
