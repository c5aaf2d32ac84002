import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { toast } from 'sonner'
import { server } from './mocks/server'
import { installConsoleGuard } from './support/console-guard'
import { startLanguage } from '@/i18n/client'

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

// The suite shares two cores with the server and browser projects: a screen that needs a
// moment longer under that load is not a failure. A wrong screen still fails, only later.
configure({ asyncUtilTimeout: 4000 })

// jsdom has no layout, so it does not implement scrolling; the router's scroll restoration
// calls it on every navigation. A no-op keeps the output readable.
window.scrollTo = (() => undefined) as typeof window.scrollTo

installConsoleGuard()

afterEach(() => {
  cleanup()
  // The web files share their modules (isolate: false): a toast still showing when a test ends
  // stays in sonner's store, and the next Toaster to mount (maybe another file's) shows it again.
  toast.dismiss()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  // The web files share their modules: a test that showed Japanese leaves the next one in the browser's language.
  startLanguage()
  vi.useRealTimers()
})

afterAll(() => server.close())

// jsdom lays nothing out and has no scrollIntoView (the form kit scrolls a refused form's first message into view).
Element.prototype.scrollIntoView ??= function scrollIntoView() {}
