import { http, HttpResponse } from 'msw'
import { buildApiError, buildToken, buildUser } from '../../support/factories'

/** The one account the default handlers accept. */
export const knownUser = buildUser({ email: 'aki@club.example', displayName: 'Aki Tanaka' })
export const knownPassword = 'correct horse battery'

export const authHandlers = [
  http.post('/api/login', async ({ request }) => {
    const body = (await request.json()) as { email?: string; password?: string }
    if (body.email === knownUser.email && body.password === knownPassword) {
      return HttpResponse.json({ user: knownUser, access_token: buildToken() })
    }
    return HttpResponse.json(buildApiError('INVALID_CREDENTIALS', 'The email or password is not correct.'), { status: 401 })
  }),
  http.post('/api/refresh', () => HttpResponse.json({ access_token: buildToken() })),
  http.post('/api/logout', () => new HttpResponse(null, { status: 204 })),
  http.get('/api/me', () => HttpResponse.json({ user: knownUser })),
]
