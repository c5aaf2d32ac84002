import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerServiceWorker } from '@/lib/service-worker'
import { expectConsole } from '../support/console-guard'

const toast = vi.fn()
vi.mock('sonner', () => ({ toast: (...args: unknown[]) => toast(...args) }))
vi.mock('@/lib/lazy-toaster', () => ({ wantToaster: vi.fn() }))

/** A browser's service worker objects, as far as the registration uses them. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  postMessage = vi.fn()
  install() {
    this.state = 'installed'
    this.dispatchEvent(new Event('statechange'))
  }
}
class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null
  waiting: FakeWorker | null = null
  arrive(worker: FakeWorker) {
    this.installing = worker
    this.dispatchEvent(new Event('updatefound'))
  }
}
function fakeContainer({ controlled, registration = new FakeRegistration(), fails = false }: { controlled: boolean; registration?: FakeRegistration; fails?: boolean }) {
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(() => (fails ? Promise.reject(new Error('no https')) : Promise.resolve(registration))),
  })
  return { container: container as unknown as ServiceWorkerContainer & { register: typeof container.register }, registration }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => toast.mockReset())

describe('the service worker registration', () => {
  it('registers /sw.js for the whole app, and says nothing on a first install', async () => {
    const { container, registration } = fakeContainer({ controlled: false })
    await registerServiceWorker(container)
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
    const worker = new FakeWorker()
    registration.arrive(worker)
    worker.install()
    await settle()
    expect(toast).not.toHaveBeenCalled()
  })

  it('offers a new version once it is installed, and reloads when the new worker takes over after "Reload"', async () => {
    const { container, registration } = fakeContainer({ controlled: true })
    await registerServiceWorker(container)
    const worker = new FakeWorker()
    registration.arrive(worker)
    await settle()
    expect(toast).not.toHaveBeenCalled()
    worker.install()
    await settle()
    expect(toast).toHaveBeenCalledTimes(1)
    const [message, options] = toast.mock.calls[0] as [string, { action: { label: string; onClick: () => void } }]
    expect(message).toBe('A new version of Bandroom is available.')
    expect(options.action.label).toBe('Reload')

    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    try {
      options.action.onClick()
      expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
      expect(reload).not.toHaveBeenCalled()
      container.dispatchEvent(new Event('controllerchange'))
      expect(reload).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('offers a worker left waiting by an earlier visit at once', async () => {
    const registration = new FakeRegistration()
    registration.waiting = new FakeWorker()
    const { container } = fakeContainer({ controlled: true, registration })
    await registerServiceWorker(container)
    await settle()
    expect(toast).toHaveBeenCalledTimes(1)
  })

  it('keeps the app quiet when the browser registers no worker at all (workers blocked)', async () => {
    const container = Object.assign(new EventTarget(), { controller: null, register: vi.fn(() => Promise.resolve(undefined)) })
    await expect(registerServiceWorker(container as unknown as ServiceWorkerContainer)).resolves.toBeUndefined()
    expect(toast).not.toHaveBeenCalled()
  })

  it('keeps the app working when the browser refuses the worker (logged, nothing thrown)', async () => {
    const error = expectConsole('error')
    const { container } = fakeContainer({ controlled: false, fails: true })
    await expect(registerServiceWorker(container)).resolves.toBeUndefined()
    expect(error).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error))
  })
})
