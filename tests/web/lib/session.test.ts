import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSessionStore, startIdleWatch } from '@/lib/session'
import { expectConsole } from '../support/console-guard'
import { buildToken, buildUser } from '../support/factories'

const MINUTE = 60_000

describe('session store', () => {
  it('starts signed out and loading', () => {
    const store = createSessionStore(localStorage)
    expect(store.getState()).toEqual({ isAuthenticated: false, user: null, isLoading: true, token: null, lastActivity: null })
  })

  it('login signs in and stores user, token and lastActivity', () => {
    const store = createSessionStore(localStorage)
    const user = buildUser()
    const token = buildToken()
    const before = Date.now()
    store.login({ user, access_token: token })

    const state = store.getState()
    expect(state).toMatchObject({ isAuthenticated: true, user, token, isLoading: false })
    expect(state.lastActivity).toBeGreaterThanOrEqual(before)
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user)
    expect(localStorage.getItem('token')).toBe(token)
    expect(Number(localStorage.getItem('lastActivity'))).toBe(state.lastActivity)
  })

  it('logout clears the state and removes the storage keys', () => {
    const store = createSessionStore(localStorage)
    store.login({ user: buildUser(), access_token: buildToken() })
    const onLogout = vi.fn()
    store.onLogout(onLogout)
    store.logout()

    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, token: null, lastActivity: null })
    expect(localStorage.getItem('user')).toBeNull()
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('lastActivity')).toBeNull()
    expect(onLogout).toHaveBeenCalledOnce()
  })

  it('restoreUser signs in when user, token and lastActivity are stored', () => {
    const user = buildUser()
    localStorage.setItem('user', JSON.stringify(user))
    localStorage.setItem('token', 'stored-token')
    localStorage.setItem('lastActivity', '1700000000000')
    const store = createSessionStore(localStorage)
    store.restoreUser()

    expect(store.getState()).toEqual({
      isAuthenticated: true,
      user,
      isLoading: false,
      token: 'stored-token',
      lastActivity: 1_700_000_000_000,
    })
  })

  it.each(['user', 'token', 'lastActivity'])('restoreUser stays signed out when %s is missing', (missing) => {
    localStorage.setItem('user', JSON.stringify(buildUser()))
    localStorage.setItem('token', 'stored-token')
    localStorage.setItem('lastActivity', String(Date.now()))
    localStorage.removeItem(missing)
    const store = createSessionStore(localStorage)
    store.restoreUser()

    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, isLoading: false })
  })

  it('restoreUser logs an unparsable user and stays signed out', () => {
    const consoleError = expectConsole('error')
    localStorage.setItem('user', '{not json')
    localStorage.setItem('token', 'stored-token')
    localStorage.setItem('lastActivity', String(Date.now()))
    const store = createSessionStore(localStorage)
    store.restoreUser()

    expect(consoleError).toHaveBeenCalledWith('Error parsing user data', expect.any(SyntaxError))
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, token: null, isLoading: false })
  })

  it('updateToken replaces the token in state and storage', () => {
    const store = createSessionStore(localStorage)
    store.login({ user: buildUser(), access_token: 'old' })
    store.updateToken('new')
    expect(store.getState().token).toBe('new')
    expect(localStorage.getItem('token')).toBe('new')
  })

  it('updateLastActivity records now in state and storage', () => {
    vi.useFakeTimers({ now: new Date('2025-04-01T10:00:00Z') })
    const store = createSessionStore(localStorage)
    store.login({ user: buildUser(), access_token: 'token' })
    vi.setSystemTime(new Date('2025-04-01T10:05:00Z'))
    store.updateLastActivity()
    const expected = new Date('2025-04-01T10:05:00Z').getTime()
    expect(store.getState().lastActivity).toBe(expected)
    expect(localStorage.getItem('lastActivity')).toBe(String(expected))
  })

  it('notifies subscribers of changes', () => {
    const store = createSessionStore(localStorage)
    const listener = vi.fn()
    store.subscribe(listener)
    store.login({ user: buildUser(), access_token: 'token' })
    expect(listener).toHaveBeenCalled()
  })
})

describe('idle timer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-04-01T10:00:00Z') })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps the user signed in at 29 idle minutes and signs out, then goes to /login, after 30', () => {
    const store = createSessionStore(localStorage)
    store.login({ user: buildUser(), access_token: buildToken() })
    const goToLogin = vi.fn()
    const stop = startIdleWatch(store, goToLogin)

    vi.advanceTimersByTime(29 * MINUTE)
    expect(store.getState().isAuthenticated).toBe(true)
    expect(goToLogin).not.toHaveBeenCalled()

    vi.advanceTimersByTime(2 * MINUTE)
    expect(store.getState().isAuthenticated).toBe(false)
    expect(localStorage.getItem('token')).toBeNull()
    expect(goToLogin).toHaveBeenCalledOnce()
    stop()
  })

  it('activity restarts the 30 minutes', () => {
    const store = createSessionStore(localStorage)
    store.login({ user: buildUser(), access_token: buildToken() })
    const goToLogin = vi.fn()
    const stop = startIdleWatch(store, goToLogin)

    vi.advanceTimersByTime(20 * MINUTE)
    store.updateLastActivity()
    vi.advanceTimersByTime(20 * MINUTE)
    expect(store.getState().isAuthenticated).toBe(true)
    expect(goToLogin).not.toHaveBeenCalled()
    stop()
  })
})
