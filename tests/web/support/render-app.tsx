import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory } from '@tanstack/react-router'
import type { SessionUser } from '@/contract/auth'
import { App } from '@/app'
import { createAppRouter } from '@/router'
import { createQueryClient } from '@/lib/query-client'
import { session } from '@/lib/session'
import { uiState } from '@/lib/ui-state'
import { buildToken } from './factories'
import { chooseLanguageHere, startLanguage } from '@/i18n/client'
import type { Language } from '@/i18n/language'

interface RenderAppOptions {
  /** Signed in as this user (through localStorage, as a returning visitor would be). */
  user?: SessionUser
  token?: string
  lastActivity?: number
  /** Shown in this language, as if chosen on this browser (decision 046); the browser's (English) otherwise. */
  language?: Language
  /** The club's default as this browser remembers it (decision 046): what a first visit learns before the first render. */
  clubLanguage?: string
}

/** The real app: real route tree, real guard, real session and fetch wrapper; msw answers. */
export function renderApp(path: string, { user, token = buildToken(), lastActivity = Date.now(), language, clubLanguage }: RenderAppOptions = {}) {
  // The app's session and UI stores are module singletons: reset them like a fresh page load.
  session.logout()
  uiState.set({ sidebarShow: true, theme: 'light', isInstallable: false })
  localStorage.clear()
  if (clubLanguage) localStorage.setItem('clubLanguage', clubLanguage)
  if (language) chooseLanguageHere(language)
  else startLanguage()
  if (user) {
    localStorage.setItem('user', JSON.stringify(user))
    localStorage.setItem('token', token)
    localStorage.setItem('lastActivity', String(lastActivity))
  }
  session.restoreUser()

  const queryClient = createQueryClient()
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter({ queryClient, session }, history)
  const ui = userEvent.setup()
  const result = render(<App router={router} queryClient={queryClient} session={session} />)
  return { ...result, router, queryClient, user: ui }
}
