import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../mocks/server'
import { buildListUser } from '../mocks/handlers/users'
import { buildUser } from '../support/factories'
import { renderApp } from '../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Club Admin' })
const bar = () => screen.queryByRole('progressbar', { name: 'Loading the page…' })

describe('the bar while a screen loads', () => {
  it('shows while the next screen waits for its data, over the screen left behind, and goes when the screen is there', async () => {
    const target = buildListUser({ displayName: 'Yuto Abe' })
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.get('/api/users/:userId', async () => {
        await answered
        return HttpResponse.json(target)
      }),
    )
    const { router } = renderApp('/dashboard', { user: admin })
    await screen.findByRole('heading', { name: 'Hello, Club Admin' })
    expect(bar()).not.toBeInTheDocument()

    void router.navigate({ to: '/user-edit', search: { userId: target.id } })
    await waitFor(() => expect(bar()).toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'Hello, Club Admin' })).toBeInTheDocument()

    answer()
    expect(await screen.findByLabelText('Name')).toHaveValue('Yuto Abe')
    expect(bar()).not.toBeInTheDocument()
  })
})
