import { createContext, use, useSyncExternalStore, type ReactNode } from 'react'
import { session as appSession, type SessionState, type SessionStore } from '@/lib/session'

const SessionContext = createContext<SessionStore>(appSession)

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>
}

export function useSessionStore() {
  return use(SessionContext)
}

/** Current session state plus its actions; re-renders when the session changes. */
export function useSession(): SessionState & SessionStore {
  const store = use(SessionContext)
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  return { ...store, ...state }
}
