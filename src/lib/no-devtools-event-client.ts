/**
 * Stands in for `@tanstack/devtools-event-client` (vite.config.ts points the package here).
 * TanStack Form sends every form's state to the TanStack Devtools event bus through it, in
 * production too, and retries connecting to a bus every second. Bandroom ships no devtools,
 * so nothing would ever listen: this client stays unconnected, and the sign-in page's first
 * load is ~1.4 KB lighter (decision 016).
 */
export class EventClient {
  readonly #pluginId: string

  constructor({ pluginId }: { pluginId: string; debug?: boolean; enabled?: boolean; reconnectEveryMs?: number }) {
    this.#pluginId = pluginId
  }

  getPluginId() {
    return this.#pluginId
  }

  /** Nothing is ever emitted to a listener here; the returned function unsubscribes. */
  on(..._args: unknown[]): () => void {
    return () => {}
  }

  onAll(..._args: unknown[]): () => void {
    return () => {}
  }

  onAllPluginEvents(..._args: unknown[]): () => void {
    return () => {}
  }

  emit(..._args: unknown[]): void {}
}
