import type { SessionUser } from '@/contract/auth'
import { followAccountLanguage } from '@/i18n/client'

/** The session as SPEC §2 describes it; mirrored in localStorage under `user`, `token`, `lastActivity`. */
export interface SessionState {
  isAuthenticated: boolean
  user: SessionUser | null
  isLoading: boolean
  token: string | null
  lastActivity: number | null
}

export const IDLE_LIMIT_MS = 30 * 60 * 1000

const USER_KEY = 'user'
const TOKEN_KEY = 'token'
const ACTIVITY_KEY = 'lastActivity'

const initialState: SessionState = {
  isAuthenticated: false,
  user: null,
  isLoading: true,
  token: null,
  lastActivity: null,
}

export type SessionStore = ReturnType<typeof createSessionStore>

/**
 * A plain external store rather than React state: the fetch wrapper, the router guard and
 * the idle timer all run outside components and must see the same session.
 */
export function createSessionStore(storage: Storage = window.localStorage) {
  let state: SessionState = initialState
  const listeners = new Set<() => void>()
  const logoutListeners = new Set<() => void>()

  function setState(patch: Partial<SessionState>) {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }

  function clearStorage() {
    storage.removeItem(USER_KEY)
    storage.removeItem(TOKEN_KEY)
    storage.removeItem(ACTIVITY_KEY)
  }

  return {
    getState: () => state,

    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },

    /** Runs after every logout, e.g. to drop the Query cache of the previous user. */
    onLogout(listener: () => void) {
      logoutListeners.add(listener)
      return () => {
        logoutListeners.delete(listener)
      }
    },

    login({ user, access_token }: { user: SessionUser; access_token: string }) {
      const now = Date.now()
      storage.setItem(USER_KEY, JSON.stringify(user))
      storage.setItem(TOKEN_KEY, access_token)
      storage.setItem(ACTIVITY_KEY, String(now))
      setState({ isAuthenticated: true, user, token: access_token, lastActivity: now, isLoading: false })
      followAccountLanguage(user.language)
    },

    logout() {
      clearStorage()
      setState({ isAuthenticated: false, user: null, token: null, lastActivity: null, isLoading: false })
      for (const listener of logoutListeners) listener()
    },

    restoreUser() {
      const rawUser = storage.getItem(USER_KEY)
      const token = storage.getItem(TOKEN_KEY)
      const rawActivity = storage.getItem(ACTIVITY_KEY)
      if (rawUser === null || token === null || rawActivity === null) {
        setState({ isLoading: false })
        return
      }
      let user: SessionUser
      try {
        user = JSON.parse(rawUser) as SessionUser
        if (typeof user !== 'object' || user === null) throw new TypeError('Stored user is not an object')
      } catch (error) {
        console.error('Error parsing user data', error)
        // A half-readable session is worse than none: drop it so the next start is clean.
        clearStorage()
        setState({ isLoading: false })
        return
      }
      const lastActivity = Number(rawActivity)
      if (!Number.isFinite(lastActivity)) {
        clearStorage()
        setState({ isLoading: false })
        return
      }
      setState({ isAuthenticated: true, user, token, lastActivity, isLoading: false })
      followAccountLanguage(user.language)
    },

    updateLastActivity() {
      const now = Date.now()
      storage.setItem(ACTIVITY_KEY, String(now))
      setState({ lastActivity: now })
    },

    /** Replaces the stored user with a fresher copy from the server (name, role, executive). */
    updateUser(user: SessionUser) {
      if (!state.isAuthenticated) return
      storage.setItem(USER_KEY, JSON.stringify(user))
      setState({ user })
      followAccountLanguage(user.language)
    },

    updateToken(token: string) {
      storage.setItem(TOKEN_KEY, token)
      setState({ token })
    },

    /** True when signed in but idle past the limit; the server ends such sessions too. */
    isIdleExpired(now = Date.now()) {
      return state.isAuthenticated && state.lastActivity !== null && now - state.lastActivity > IDLE_LIMIT_MS
    },
  }
}

/**
 * The 1-second idle check of SPEC §2. Returns a stop function; `onExpired` runs after the
 * logout so the caller can navigate to /login.
 */
export function startIdleWatch(store: SessionStore, onExpired: () => void) {
  const id = setInterval(() => {
    if (store.isIdleExpired()) {
      store.logout()
      onExpired()
    }
  }, 1000)
  return () => clearInterval(id)
}

/** The app's one session, shared by React, the router and the fetch wrapper. */
export const session = createSessionStore()
