import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../mocks/server'
import { knownUser } from '../mocks/handlers/auth'
import { renderApp } from '../support/render-app'
import { buildApiError } from '../support/factories'
import { startLanguage } from '@/i18n/client'

describe('login form', () => {
  it('shows field errors before calling the server', async () => {
    const { user } = renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))

    expect(await screen.findByText('Enter your email address')).toBeInTheDocument()
    expect(screen.getByText('Enter your password')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address')
  })

  it('rejects an invalid email address', async () => {
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'not-an-email')
    await user.type(screen.getByLabelText('Password'), 'whatever')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
  })

  it("shows the server's message for wrong credentials and stays signed out", async () => {
    const { user, router } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), knownUser.email)
    await user.type(screen.getByLabelText('Password'), 'wrong password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is not correct.')
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('shows why a pending account cannot sign in', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json(buildApiError('ACCOUNT_PENDING', 'Your account is waiting for approval by an admin.'), { status: 403 }),
      ),
    )
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), knownUser.email)
    await user.type(screen.getByLabelText('Password'), 'anything')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is waiting for approval by an admin.')
  })

  it('shows how long to wait when rate limited', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json(buildApiError('RATE_LIMITED', 'Too many requests'), { status: 429, headers: { 'Retry-After': '120' } }),
      ),
    )
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), knownUser.email)
    await user.type(screen.getByLabelText('Password'), 'anything')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Try again in 2 minutes.')
  })

  it("shows the server's field errors by their fields", async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json(buildApiError('VALIDATION_FAILED', 'Invalid input', { email: 'This address is not accepted' }), {
          status: 400,
        }),
      ),
    )
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), knownUser.email)
    await user.type(screen.getByLabelText('Password'), 'anything')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('This address is not accepted')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This address is not accepted')
  })
})

describe('login form in Japanese', () => {
  it('follows a browser that asks for Japanese, and the switch goes back to English on this browser', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP', 'en-US'])
    startLanguage()
    const { user } = renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Bandroom にログイン' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('ja')
    await user.click(screen.getByRole('button', { name: 'ログイン' }))
    expect(await screen.findAllByText('メールアドレスを入力してください')).not.toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'English' }))
    expect(await screen.findByRole('heading', { name: 'Sign in to Bandroom' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('en')
    expect(localStorage.getItem('language')).toBe('en')
    languages.mockRestore()
  })

  it('words the wait in Japanese when rate limited', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json(buildApiError('RATE_LIMITED', 'Too many requests'), { status: 429, headers: { 'Retry-After': '30' } })))
    // As chosen on this browser (renderApp starts from an empty localStorage, as a fresh page load).
    const { user } = renderApp('/login', { language: 'ja' })
    await user.type(await screen.findByLabelText('メールアドレス'), knownUser.email)
    await user.type(screen.getByLabelText('パスワード'), 'anything')
    await user.click(screen.getByRole('button', { name: 'ログイン' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('ログインの試行が多すぎます。30秒後にもう一度お試しください。')
  })
})
