import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { server } from './mocks/server'
import { installConsoleGuard } from './support/console-guard'

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

// jsdom has no layout, so it does not implement scrolling; the router's scroll restoration
// calls it on every navigation. A no-op keeps the output readable.
window.scrollTo = (() => undefined) as typeof window.scrollTo

installConsoleGuard()

afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  vi.useRealTimers()
})

afterAll(() => server.close())
