import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { server } from './mocks/server'
import { installConsoleGuard } from './support/console-guard'

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

installConsoleGuard()

afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  vi.useRealTimers()
})

afterAll(() => server.close())
