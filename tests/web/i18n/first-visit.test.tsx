import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../mocks/server'
import { renderApp } from '../support/render-app'
import { currentLanguage, learnClubLanguage } from '@/i18n/client'

// Decision 046: the member's choice, else the browser's, else the club's default. A browser that
// asks for none of the app's languages meets the club's default on its very first visit, before
// anything on this browser has heard of it (main.tsx waits for `learnClubLanguage` to render).

const asked: string[] = []
function clubSays(language: string) {
  server.use(
    http.get('/api/club', () => {
      asked.push(language)
      return HttpResponse.json({ clubName: 'Hikari Music Club', timeZone: 'Asia/Tokyo', language, academicYearStartMonth: 4, currentTerm: 2026 })
    }),
  )
}
function browserAsksFor(...tags: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(tags)
}

afterEach(() => {
  asked.length = 0
  vi.restoreAllMocks()
})

describe('the first visit of a browser in none of the app’s languages', () => {
  it('shows a French browser the club’s Japanese before the first render, and remembers it', async () => {
    browserAsksFor('fr-FR', 'fr')
    clubSays('ja')
    await learnClubLanguage()
    expect(currentLanguage()).toBe('ja')
    expect(document.documentElement.lang).toBe('ja')
    expect(localStorage.getItem('clubLanguage')).toBe('ja')

    // The next start decides at once from what this browser remembers.
    await learnClubLanguage()
    expect(asked).toEqual(['ja'])
  })

  it('asks nothing of a browser that asks for English or Japanese: its own language wins over the club’s', async () => {
    browserAsksFor('de-DE', 'en-US')
    clubSays('ja')
    await learnClubLanguage()
    expect(asked).toEqual([])
    expect(currentLanguage()).toBe('en')
  })

  it('asks nothing once the language was chosen on this browser', async () => {
    browserAsksFor('fr-FR')
    localStorage.setItem('language', 'en')
    clubSays('ja')
    await learnClubLanguage()
    expect(asked).toEqual([])
  })

  it('starts in English when the club cannot be asked (offline), and asks again next time', async () => {
    browserAsksFor('fr-FR')
    server.use(http.get('/api/club', () => HttpResponse.error()))
    await learnClubLanguage()
    expect(currentLanguage()).toBe('en')
    expect(localStorage.getItem('clubLanguage')).toBeNull()

    clubSays('ja')
    await learnClubLanguage()
    expect(currentLanguage()).toBe('ja')
  })
})

describe('the sign-in page a French browser first sees', () => {
  it('is in the club’s Japanese, and its errors too', async () => {
    browserAsksFor('fr-FR', 'fr')
    clubSays('ja')
    await learnClubLanguage()
    // As main.tsx renders once the language is known (renderApp starts from an empty store: it is given what was learnt).
    const { user } = renderApp('/login', { clubLanguage: localStorage.getItem('clubLanguage') ?? undefined })
    expect(await screen.findByRole('heading', { name: 'Bandroom にログイン' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'ログイン' }))
    expect(await screen.findAllByText('メールアドレスを入力してください')).not.toHaveLength(0)
  })

  it('is in English when the club’s default is English', async () => {
    browserAsksFor('fr-FR')
    clubSays('en')
    await learnClubLanguage()
    renderApp('/login', { clubLanguage: localStorage.getItem('clubLanguage') ?? undefined })
    expect(await screen.findByRole('heading', { name: 'Sign in to Bandroom' })).toBeInTheDocument()
  })
})
