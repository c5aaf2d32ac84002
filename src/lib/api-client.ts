import { FetchError, ofetch, type FetchOptions, type ResponseType } from 'ofetch'
import { currentLanguage } from '@/i18n/client'
import type { ApiErrorBody } from '@/contract/errors'
import { session as appSession, type SessionStore } from '@/lib/session'
import { m } from '@/i18n/paraglide/messages.js'

/** An answer the screen that made the call should show (400, 409, 429 …, or exempt calls). */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string>
  /** Seconds to wait, from Retry-After on 429 answers. */
  readonly retryAfter: number | null
  readonly body: unknown

  constructor(init: { status: number; code: string; message: string; fields?: Record<string, string>; retryAfter?: number | null; body?: unknown }) {
    super(init.message)
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.fields = init.fields ?? {}
    this.retryAfter = init.retryAfter ?? null
    this.body = init.body
  }
}

const errorPages: Record<number, string> = {
  401: '/dashboard401',
  403: '/dashboard403',
  404: '/dashboard404',
  500: '/dashboard500',
}

/** Calls whose errors belong to their own form (SPEC §2), plus the refresh call itself. */
function isExempt(path: string) {
  return (
    path === '/api/login' ||
    path.startsWith('/api/register') ||
    path.startsWith('/api/password-reset') ||
    path === '/api/refresh'
  )
}

/** After these there is no session left to refresh (logout) or the call is the refresh. */
function skipsRefresh(path: string) {
  return path === '/api/refresh' || path === '/api/logout'
}

/** Reads `exp` without verifying: the server verifies; the client only avoids a needless 401. */
export function tokenExpired(token: string | null, now = Date.now()) {
  if (!token) return false
  const payload = token.split('.')[1]
  if (!payload) return false
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='))
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' && exp * 1000 <= now
  } catch {
    return false
  }
}

function parseRetryAfter(value: string | null | undefined) {
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds))
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

/**
 * The contract's `apiErrorSchema`, checked by hand: every page loads this file, and zod here
 * would put all of zod into a visitor's first load (decision 016).
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false
  const error = body.error
  if (typeof error !== 'object' || error === null) return false
  const { code, message, fields } = error as Record<string, unknown>
  if (typeof code !== 'string' || typeof message !== 'string') return false
  if (fields === undefined) return true
  return typeof fields === 'object' && fields !== null && !Array.isArray(fields) && Object.values(fields).every((value) => typeof value === 'string')
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof FetchError && error.response) {
    const parsed = isApiErrorBody(error.data) ? error.data.error : undefined
    const status = error.response.status
    return new ApiError({
      status,
      code: parsed ? parsed.code : `HTTP_${status}`,
      message: parsed ? parsed.message : m.layout_server_answered({ status }),
      fields: parsed?.fields,
      retryAfter: parseRetryAfter(error.response.headers.get('retry-after')),
      body: error.data,
    })
  }
  // No answer at all: offline, DNS, CORS, aborted.
  return networkError()
}

/** The error of a call that got no answer (status 0): offline, DNS, CORS, aborted. */
export function networkError() {
  return new ApiError({ status: 0, code: 'NETWORK', message: m.layout_network_error() })
}

/** fetch needs absolute URLs outside the browser (jsdom, Node); the page origin works in both. */
function defaultBaseURL() {
  return typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null'
    ? window.location.origin
    : 'http://localhost'
}

export interface ApiClientOptions {
  session?: SessionStore
  /** Full page load; injectable because jsdom cannot navigate. */
  assign?: (url: string) => void
  baseURL?: () => string
}

export type ApiRequestOptions = Omit<FetchOptions<ResponseType>, 'baseURL' | 'credentials'> & {
  /** A call the app makes by itself on a timer (the bell's poll): it is not the member being active. */
  background?: boolean
}

export function createApiClient({
  session = appSession,
  assign = (url) => window.location.assign(url),
  baseURL = defaultBaseURL,
}: ApiClientOptions = {}) {
  // No automatic retries: a retried POST could apply twice, and 401/409 never heal by retrying.
  const raw = ofetch.create({ credentials: 'include', retry: 0 })
  let refreshInFlight: Promise<void> | null = null

  function refreshToken(): Promise<void> {
    if (refreshInFlight) return refreshInFlight
    const token = session.getState().token
    if (!token) return Promise.resolve()
    refreshInFlight = raw<{ access_token?: unknown }>('/api/refresh', {
      baseURL: baseURL(),
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    })
      .then((body) => {
        if (typeof body?.access_token !== 'string') throw new Error('Refresh answer has no access_token')
        // A sign-out or new sign-in while the refresh was in flight wins over its answer.
        if (session.getState().token === token) session.updateToken(body.access_token)
      })
      .catch((error: unknown) => {
        // Only the server's refusal (an HTTP error answer) ends the session. A refresh that
        // never got one — offline, or aborted in any way because the user reloaded or left the
        // page — says nothing about the session, and the current token stays usable.
        const refused = error instanceof FetchError && error.response !== undefined
        if (refused && session.getState().token === token) session.logout()
      })
      .finally(() => {
        refreshInFlight = null
      })
    return refreshInFlight
  }

  async function request<T = unknown>(path: string, { background = false, ...options }: ApiRequestOptions = {}): Promise<T> {
    // A user idle for 15–30 min holds an expired token but a live server session: renew first
    // instead of letting the call bounce to the 401 page.
    if (path !== '/api/refresh' && tokenExpired(session.getState().token)) await refreshToken()

    const headers = new Headers(options.headers as HeadersInit | undefined)
    const token = session.getState().token
    if (token) headers.set('Authorization', `Bearer ${token}`)
    // The server words its errors in the language shown here (decision 046), even when this
    // browser chose another than its own.
    if (!headers.has('Accept-Language')) headers.set('Accept-Language', currentLanguage())

    let result: T
    try {
      result = await raw<T>(path, { ...options, headers, baseURL: baseURL() } as FetchOptions<'json'>)
    } catch (error) {
      const apiError = toApiError(error)
      const page = errorPages[apiError.status]
      // A 401 for a call still in flight when the member signed out (or was signed out for
      // being idle) says nothing new: they are on the sign-in page already.
      const signedOutMeanwhile = apiError.status === 401 && !session.getState().isAuthenticated
      if (page && !isExempt(path) && !signedOutMeanwhile) assign(page)
      throw apiError
    }

    if (!skipsRefresh(path) && !background && session.getState().token) {
      session.updateLastActivity()
      await refreshToken()
    }
    return result
  }

  /**
   * A public endpoint called from a page visitors open (e.g. the public room schedule): no
   * token, no refresh, no full-page error pages — the page shows every failure itself. The
   * errors are the same `ApiError`s as `api()`'s.
   */
  async function publicRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    try {
      return await raw<T>(path, { ...options, baseURL: baseURL() } as FetchOptions<'json'>)
    } catch (error) {
      throw toApiError(error)
    }
  }

  return Object.assign(request, { refreshToken, public: publicRequest })
}

export type ApiClient = ReturnType<typeof createApiClient>

/** The app's client, bound to the app's session. */
export const api = createApiClient()
