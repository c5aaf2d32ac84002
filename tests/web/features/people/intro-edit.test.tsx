import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { knownUser } from '../../mocks/handlers/auth'
import { buildIntro } from '../../mocks/handlers/people'
import { buildApiError } from '../../support/factories'
import { renderApp } from '../../support/render-app'

let stored = buildIntro()

async function renderEditor(intro = buildIntro({ favouriteArtists: [], nickname: null, body: '', parts: [] })) {
  stored = intro
  server.use(http.get('/api/me/intro', () => HttpResponse.json(stored)))
  const app = renderApp('/intro-edit', { user: knownUser })
  await screen.findByRole('form', { name: 'Intro' })
  return app
}

describe('the intro form', () => {
  it('adds favourite artists up to 10, focusing each new row, and removes them', async () => {
    const { user } = await renderEditor()
    const add = screen.getByRole('button', { name: 'Add artist' })
    for (let i = 1; i <= 10; i += 1) {
      await user.click(add)
      const input = await screen.findByLabelText(`Artist ${i}`)
      await expect.poll(() => document.activeElement).toBe(input)
      await user.keyboard(`Artist name ${i}`)
    }
    expect(add).toBeDisabled()
    expect(screen.getByText('That is the limit of 10 artists.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Remove artist 3' }))
    expect(screen.queryByLabelText('Artist 10')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Artist 3')).toHaveValue('Artist name 4')
    expect(add).toBeEnabled()
    expect(screen.getByText('9 of 10')).toBeInTheDocument()
  })

  it('counts the characters of the text as it is typed and flags too many', async () => {
    const { user } = await renderEditor()
    const text = screen.getByLabelText('About you')
    expect(screen.getByText('0 / 1000 characters')).toBeInTheDocument()
    await user.type(text, 'Hi 🎸')
    expect(screen.getByText('4 / 1000 characters')).toBeInTheDocument()
    await user.clear(text)
    await user.click(text)
    await user.paste('x'.repeat(1003))
    expect(screen.getByText('1003 / 1000 characters — 3 too many')).toBeInTheDocument()
  })

  it('shows field errors and sends nothing while the form is invalid', async () => {
    let sent = false
    server.use(
      http.put('/api/me/intro', () => {
        sent = true
        return HttpResponse.json(buildIntro())
      }),
    )
    const { user } = await renderEditor()
    await user.type(screen.getByLabelText('Nickname (optional)'), 'n'.repeat(31))
    await user.click(screen.getByRole('button', { name: 'Add artist' }))
    await user.click(screen.getByRole('button', { name: 'Save intro' }))
    expect(await screen.findByText('A nickname is at most 30 characters')).toBeInTheDocument()
    expect(screen.getByText('Enter the artist’s name or remove the row')).toBeInTheDocument()
    expect(screen.getByLabelText('Nickname (optional)')).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toBe(false)
  })

  it('shows the server’s field errors under the fields', async () => {
    server.use(
      http.put('/api/me/intro', () =>
        HttpResponse.json(buildApiError('VALIDATION_FAILED', 'Some fields need attention.', { 'favouriteArtists.0': 'Not that one' }), { status: 400 }),
      ),
    )
    const { user } = await renderEditor(buildIntro({ favouriteArtists: ['X'] }))
    await user.click(screen.getByRole('button', { name: 'Save intro' }))
    expect(await screen.findByText('Not that one')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention.')
  })

  it('reveals wanted parts while looking for a band, saves, and shows the intro', async () => {
    let body: unknown
    server.use(
      http.put('/api/me/intro', async ({ request }) => {
        body = await request.json()
        stored = buildIntro(body as object)
        return HttpResponse.json(stored)
      }),
    )
    const { user, router } = await renderEditor()
    const played = screen.getByRole('group', { name: 'Parts you play' })
    await user.click(within(played).getByLabelText('Drums'))
    await user.click(within(played).getByLabelText('Guitar'))
    expect(screen.queryByRole('group', { name: /Parts you would like to play/ })).not.toBeInTheDocument()
    await user.click(screen.getByLabelText('I am looking for a band'))
    const wanted = screen.getByRole('group', { name: /Parts you would like to play/ })
    await user.click(within(wanted).getByLabelText('Bass'))
    await user.type(screen.getByLabelText('About you'), 'Hello <b>there</b>')
    await user.click(screen.getByRole('button', { name: 'Save intro' }))

    await screen.findByRole('heading', { name: 'My intro' })
    expect(router.state.location.pathname).toBe('/intro')
    expect(body).toEqual({
      nickname: '',
      parts: ['Guitar', 'Drums'],
      favouriteArtists: [],
      body: 'Hello <b>there</b>',
      lookingForBand: true,
      wantedParts: ['Bass'],
    })
    // Plain text: the markup shows as typed, never as HTML.
    expect(screen.getByText('Hello <b>there</b>')).toBeInTheDocument()
  })
})
