import { http, HttpResponse } from 'msw'
import type { Profile, RegistrationInfo } from '@/contract/accounts'
import type { SessionUser } from '@/contract/auth'
import { buildApiError } from '../../support/factories'
import { knownPassword, knownUser } from './auth'

export const registrationInfo: RegistrationInfo = {
  mode: 'approval',
  clubName: 'Bandroom Music Club',
  enrollmentYears: { min: 2016, max: 2027 },
}

export const knownProfile: Profile = {
  user: knownUser,
  grade: '3',
  gradeLabel: '3rd year',
  positions: [{ name: 'Treasurer', termYear: 2025, current: false }],
  bands: [],
}

/** Whoever the test signed in (render-app.tsx keeps them in localStorage). */
function signedInUser(): SessionUser {
  const saved = localStorage.getItem('user')
  return saved ? (JSON.parse(saved) as SessionUser) : knownUser
}

export const accountsHandlers = [
  http.get('/api/registration', () => HttpResponse.json(registrationInfo)),
  http.post('/api/register', () =>
    HttpResponse.json(
      { status: 'pending', message: 'Thank you for registering. An administrator will approve your account; you can sign in after that.' },
      { status: 201 },
    ),
  ),
  http.post('/api/password-reset/request', () =>
    HttpResponse.json({ message: 'If an active account uses this email, we have sent it a link to reset the password.' }, { status: 202 }),
  ),
  http.get('/api/password-reset/check', () => HttpResponse.json({ valid: true })),
  http.post('/api/password-reset/confirm', () => HttpResponse.json({ message: 'Your password has been changed. Sign in with the new one.' })),
  http.post('/api/me/password', async ({ request }) => {
    const body = (await request.json()) as { currentPassword?: string }
    if (body.currentPassword !== knownPassword) {
      return HttpResponse.json(
        buildApiError('PASSWORD_INCORRECT', 'Your current password is not correct.', { currentPassword: 'Your current password is not correct' }),
        { status: 400 },
      )
    }
    return HttpResponse.json({ message: 'Your password has been changed. Your other devices have been signed out.' })
  }),
  http.get('/api/profile', () => HttpResponse.json(knownProfile)),
  http.put('/api/profile/language', async ({ request }) => {
    const body = (await request.json()) as { language: 'en' | 'ja' | null }
    return HttpResponse.json({ user: { ...signedInUser(), language: body.language } })
  }),
  http.patch('/api/profile', async ({ request }) => {
    const body = (await request.json()) as { displayName: string }
    return HttpResponse.json({ user: { ...knownUser, displayName: body.displayName } })
  }),
]
