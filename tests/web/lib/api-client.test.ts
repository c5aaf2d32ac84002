import { beforeEach, describe, expect, it, vi } from 'vitest'
import { delay, http, HttpResponse } from 'msw'
import { ApiError, createApiClient } from '@/lib/api-client'
import { createSessionStore, type SessionStore } from '@/lib/session'
import { server } from '../mocks/server'
import { buildApiError, buildToken, buildUser } from '../support/factories'

let store: SessionStore
let assign: ReturnType<typeof vi.fn<(url: string) => void>>
let api: ReturnType<typeof createApiClient>

function signIn(token = buildToken()) {
  store.login({ user: buildUser(), access_token: token })
  return token
}

/** Counts refresh calls and answers each with a fresh token. */
function trackRefresh({ wait = 0 } = {}) {
  const calls: Array<{ authorization: string | null; body: string }> = []
  const issued: string[] = []
  server.use(
    http.post('/api/refresh', async ({ request }) => {
      calls.push({ authorization: request.headers.get('authorization'), body: await request.text() })
      if (wait) await delay(wait)
      const token = buildToken()
      issued.push(token)
      return HttpResponse.json({ access_token: token })
    }),
  )
  return { calls, issued }
}

beforeEach(() => {
  store = createSessionStore(localStorage)
  store.restoreUser()
  assign = vi.fn<(url: string) => void>()
  api = createApiClient({ session: store, assign })
})

describe('requests', () => {
  it('sends cookies and the bearer token', async () => {
    const token = signIn()
    let seen: Request | undefined
    server.use(
      http.get('/api/things', ({ request }) => {
        seen = request
        return HttpResponse.json({ ok: true })
      }),
    )
    await expect(api('/api/things')).resolves.toEqual({ ok: true })
    expect(seen?.headers.get('authorization')).toBe(`Bearer ${token}`)
    expect(seen?.credentials).toBe('include')
  })

  it('sends no Authorization header when signed out, and does not refresh', async () => {
    const refresh = trackRefresh()
    let authorization: string | null = 'unset'
    server.use(
      http.get('/api/things', ({ request }) => {
        authorization = request.headers.get('authorization')
        return HttpResponse.json({})
      }),
    )
    await api('/api/things')
    expect(authorization).toBeNull()
    expect(refresh.calls).toHaveLength(0)
  })
})

describe('what a call sends and reads (what the app relies on of ofetch)', () => {
  it('sends a plain object as JSON and a FormData as it is', async () => {
    signIn()
    const seen: Array<{ type: string | null; body: string }> = []
    server.use(
      http.post('/api/things', async ({ request }) => {
        seen.push({ type: request.headers.get('content-type'), body: await request.text() })
        return HttpResponse.json({ ok: true })
      }),
    )
    await expect(api('/api/things', { method: 'post', body: { name: 'Blue Notes', members: [1, 2] } })).resolves.toEqual({ ok: true })
    const form = new URLSearchParams({ name: 'Blue Notes' })
    await api('/api/things', { method: 'POST', body: form })
    expect(seen).toEqual([
      { type: 'application/json', body: '{"name":"Blue Notes","members":[1,2]}' },
      { type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'name=Blue+Notes' },
    ])
  })

  it('adds the query: undefined left out, an array under its key once per item, numbers and booleans as text', async () => {
    let url: URL | undefined
    server.use(
      http.get('/api/things', ({ request }) => {
        url = new URL(request.url)
        return HttpResponse.json([])
      }),
    )
    await api('/api/things', { query: { from: '2025-04-01', to: undefined, room: ['A', 'B'], limit: 20, mine: true, search: 'a&b c' } })
    expect(url?.searchParams.getAll('room')).toEqual(['A', 'B'])
    expect(url?.searchParams.has('to')).toBe(false)
    expect(Object.fromEntries(url!.searchParams)).toEqual({ from: '2025-04-01', room: 'B', limit: '20', mine: 'true', search: 'a&b c' })
  })

  it('reads an answer by its type: JSON, text, nothing for 204, a Blob when asked', async () => {
    server.use(
      http.get('/api/json', () => HttpResponse.json({ n: 1 })),
      http.get('/api/csv', () => new HttpResponse('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })),
      http.get('/api/not-json', () => new HttpResponse('plain words', { headers: { 'Content-Type': 'application/json' } })),
      http.delete('/api/things/1', () => new HttpResponse(null, { status: 204 })),
    )
    await expect(api('/api/json')).resolves.toEqual({ n: 1 })
    await expect(api('/api/csv')).resolves.toBe('a,b\n1,2\n')
    await expect(api('/api/not-json')).resolves.toBe('plain words')
    await expect(api('/api/things/1', { method: 'DELETE' })).resolves.toBeUndefined()
    const blob = await api<Blob>('/api/json', { responseType: 'blob' })
    expect(await blob.text()).toBe('{"n":1}')
  })

  it('turns no answer at all into the network error, and sends to no error page', async () => {
    signIn()
    server.use(http.get('/api/things', () => HttpResponse.error()))
    const error = await api('/api/things').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' })
    expect(assign).not.toHaveBeenCalled()
  })

  it('gives an error answer that is not the server’s {error} its status as the code', async () => {
    server.use(http.get('/api/public/thing', () => new HttpResponse('Bad gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } })))
    const error = await api.public('/api/public/thing').catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', body: 'Bad gateway' })
  })
})

describe('refresh after success', () => {
  it('registers activity and replaces the token with the refreshed one', async () => {
    vi.useFakeTimers({ now: new Date('2025-04-01T10:00:00Z'), toFake: ['Date'] })
    const oldToken = signIn()
    vi.setSystemTime(new Date('2025-04-01T10:10:00Z'))
    const refresh = trackRefresh()
    server.use(http.get('/api/things', () => HttpResponse.json({})))

    await api('/api/things')

    expect(refresh.calls).toEqual([{ authorization: `Bearer ${oldToken}`, body: '' }])
    expect(store.getState().token).toBe(refresh.issued[0])
    expect(localStorage.getItem('token')).toBe(refresh.issued[0])
    expect(store.getState().lastActivity).toBe(new Date('2025-04-01T10:10:00Z').getTime())
  })

  it('shares one refresh between concurrent successes', async () => {
    signIn()
    const refresh = trackRefresh({ wait: 50 })
    server.use(
      http.get('/api/a', () => HttpResponse.json({ a: 1 })),
      http.get('/api/b', () => HttpResponse.json({ b: 2 })),
    )
    await Promise.all([api('/api/a'), api('/api/b')])
    expect(refresh.calls).toHaveLength(1)
  })

  it('does not refresh after the refresh call itself', async () => {
    signIn()
    const refresh = trackRefresh()
    await api('/api/refresh', { method: 'POST' })
    expect(refresh.calls).toHaveLength(1)
  })

  it('signs the user out when the refresh fails', async () => {
    signIn()
    server.use(
      http.post('/api/refresh', () => HttpResponse.json(buildApiError('SESSION_EXPIRED', 'Session ended'), { status: 401 })),
      http.get('/api/things', () => HttpResponse.json({ ok: true })),
    )
    await expect(api('/api/things')).resolves.toEqual({ ok: true })
    expect(store.getState().isAuthenticated).toBe(false)
    expect(localStorage.getItem('token')).toBeNull()
    // The refresh call is exempt from the error pages.
    expect(assign).not.toHaveBeenCalled()
  })

  it('keeps the session when the refresh gets no answer (offline, or aborted by a reload)', async () => {
    const token = signIn()
    server.use(
      http.post('/api/refresh', () => HttpResponse.error()),
      http.get('/api/things', () => HttpResponse.json({ ok: true })),
    )
    await expect(api('/api/things')).resolves.toEqual({ ok: true })
    expect(store.getState().isAuthenticated).toBe(true)
    expect(localStorage.getItem('token')).toBe(token)
  })

  it('refreshes an expired token before the request and sends the new one', async () => {
    const expired = signIn(buildToken({ expiresInSeconds: -60 }))
    const refresh = trackRefresh()
    const seen: Array<string | null> = []
    server.use(
      http.get('/api/things', ({ request }) => {
        seen.push(request.headers.get('authorization'))
        return HttpResponse.json({})
      }),
    )
    await api('/api/things')
    expect(refresh.calls[0]?.authorization).toBe(`Bearer ${expired}`)
    expect(seen).toEqual([`Bearer ${refresh.issued[0]}`])
  })
})

describe('errors', () => {
  it.each([
    [401, '/dashboard401'],
    [403, '/dashboard403'],
    [404, '/dashboard404'],
    [500, '/dashboard500'],
  ])('HTTP %i loads %s', async (status, page) => {
    signIn()
    server.use(http.get('/api/things', () => HttpResponse.json(buildApiError('X', 'x'), { status })))
    await expect(api('/api/things')).rejects.toBeInstanceOf(ApiError)
    expect(assign).toHaveBeenCalledWith(page)
  })

  it('does not count a background call (the bell’s poll) as the member being active', async () => {
    signIn()
    server.use(http.get('/api/things', () => HttpResponse.json({})))
    const before = store.getState().lastActivity
    const now = vi.spyOn(Date, 'now').mockReturnValue(before! + 60_000)
    try {
      await api('/api/things', { background: true })
      expect(store.getState().lastActivity).toBe(before)
      await api('/api/things')
      expect(store.getState().lastActivity).toBe(before! + 60_000)
    } finally {
      now.mockRestore()
    }
  })

  it('sends nowhere on a 401 for a call that was still in flight when the member signed out', async () => {
    signIn()
    server.use(
      http.get('/api/things', async () => {
        store.logout()
        return HttpResponse.json(buildApiError('SESSION_ENDED', 'x'), { status: 401 })
      }),
    )
    await expect(api('/api/things')).rejects.toMatchObject({ status: 401 })
    expect(assign).not.toHaveBeenCalled()
  })

  it.each([
    ['post', '/api/login'],
    ['post', '/api/register'],
    ['post', '/api/register/confirm'],
    ['post', '/api/password-reset'],
    ['post', '/api/password-reset/complete'],
    ['post', '/api/refresh'],
  ] as const)('%s %s errors go to the caller, not to an error page', async (_method, path) => {
    server.use(
      http.post(path, () =>
        HttpResponse.json(buildApiError('INVALID_CREDENTIALS', 'The email or password is not correct.'), { status: 401 }),
      ),
    )
    const error = await api(path, { method: 'POST', body: {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', message: 'The email or password is not correct.' })
    expect(assign).not.toHaveBeenCalled()
  })

  it('400 throws an ApiError with the fields', async () => {
    signIn()
    server.use(
      http.post('/api/things', () =>
        HttpResponse.json(buildApiError('VALIDATION_FAILED', 'Check the fields', { name: 'Name is required' }), { status: 400 }),
      ),
    )
    const error = await api('/api/things', { method: 'POST', body: {} }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { name: 'Name is required' } })
    expect(assign).not.toHaveBeenCalled()
  })

  it('409 throws an ApiError for the screen', async () => {
    signIn()
    server.use(http.post('/api/things', () => HttpResponse.json(buildApiError('CONFLICT', 'Already booked'), { status: 409 })))
    const error = await api('/api/things', { method: 'POST', body: {} }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Already booked' })
    expect(assign).not.toHaveBeenCalled()
  })

  it('429 throws an ApiError with retryAfter from the header', async () => {
    signIn()
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json(buildApiError('RATE_LIMITED', 'Slow down'), { status: 429, headers: { 'Retry-After': '42' } }),
      ),
    )
    const error = await api('/api/things').catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 42 })
    expect(assign).not.toHaveBeenCalled()
  })

  it('a failed request does not refresh the token', async () => {
    signIn()
    const refresh = trackRefresh()
    server.use(http.get('/api/things', () => HttpResponse.json(buildApiError('CONFLICT', 'No'), { status: 409 })))
    await api('/api/things').catch(() => undefined)
    expect(refresh.calls).toHaveLength(0)
  })
})

describe('public calls', () => {
  it('send no token, do not refresh, and leave every error to the page', async () => {
    signIn()
    const refresh = trackRefresh()
    let authorization: string | null = 'unset'
    server.use(
      http.get('/api/public/thing', ({ request }) => {
        authorization = request.headers.get('authorization')
        return HttpResponse.json(buildApiError('NOT_FOUND', 'This room is not on the public schedule.'), { status: 404 })
      }),
    )
    const error = await api.public('/api/public/thing').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'This room is not on the public schedule.' })
    expect(authorization).toBeNull()
    expect(refresh.calls).toHaveLength(0)
    expect(assign).not.toHaveBeenCalled()
  })
})
