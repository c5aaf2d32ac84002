import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../mocks/server'
import { buildListUser } from '../mocks/handlers/users'
import { buildUser } from '../support/factories'
import { renderApp } from '../support/render-app'

const admin = buildUser({ role: 'admin', displayName: 'Club Admin' })
const bar = () => screen.queryByRole('progressbar', { name: 'Loading the page…' })
const main = () => document.getElementById('main')!

/** GET /api/users/:userId answers once `answer()` is called. */
function heldUser(target: ReturnType<typeof buildListUser>) {
  let answer!: () => void
  const answered = new Promise<void>((resolve) => (answer = resolve))
  server.use(
    http.get('/api/users/:userId', async ({ params }) => {
      if (params.userId === target.id) await answered
      return HttpResponse.json(params.userId === target.id ? target : buildListUser({ id: String(params.userId) }))
    }),
  )
  return answer
}

describe('the bar while a screen loads', () => {
  it('shows while the next screen waits for its data, over the screen left behind, and goes when the screen is there', async () => {
    const target = buildListUser({ displayName: 'Yuto Abe' })
    const answer = heldUser(target)
    const { router } = renderApp('/dashboard', { user: admin })
    await screen.findByRole('heading', { name: 'Hello, Club Admin' })
    expect(bar()).not.toBeInTheDocument()

    void router.navigate({ to: '/user-edit', search: { userId: target.id } })
    await waitFor(() => expect(bar()).toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'Hello, Club Admin' })).toBeInTheDocument()
    // The screen left behind takes no typing meanwhile (it goes when the next comes); the menu does.
    expect(main()).toHaveAttribute('inert')
    expect(screen.getByRole('button', { name: /Account menu/ }).closest('[inert]')).toBeNull()

    answer()
    expect(await screen.findByLabelText('Name')).toHaveValue('Yuto Abe')
    expect(bar()).not.toBeInTheDocument()
    expect(main()).not.toHaveAttribute('inert')
  })

  it('keeps the screen left behind from taking typing when a second link is followed before the first screen came', async () => {
    const target = buildListUser({ displayName: 'Yuto Abe' })
    const answer = heldUser(target)
    let answerActivity!: () => void
    const activityAnswered = new Promise<void>((resolve) => (answerActivity = resolve))
    server.use(
      http.get('/api/activity', async () => {
        await activityAnswered
        return HttpResponse.json({ items: [], total: 0 })
      }),
    )
    const { router } = renderApp('/dashboard', { user: admin })
    await screen.findByRole('heading', { name: 'Hello, Club Admin' })
    const oldScreen = () => screen.queryByRole('heading', { name: 'Hello, Club Admin' })
    // A wait of 2 s before the loading screen, so the steps below keep their order on a busy machine.
    router.update({ ...router.options, defaultPendingMs: 2000 })

    void router.navigate({ to: '/activity-log' })
    await waitFor(() => expect(main()).toHaveAttribute('inert'))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(oldScreen()).toBeInTheDocument()
    void router.navigate({ to: '/user-edit', search: { userId: target.id } })
    // Until the second link's loading screen comes (2 s after it, 2.5 s after the first), the
    // old screen is up and takes no typing; the loading screen then is heard.
    const seen = new Set<string>()
    await waitFor(
      () => {
        if (oldScreen()) seen.add(main().hasAttribute('inert') ? 'old screen, inert' : 'old screen, takes typing')
        expect(screen.getByText('Loading Bandroom…')).toBeInTheDocument()
      },
      { timeout: 10_000, interval: 20 },
    )
    expect([...seen]).toEqual(['old screen, inert'])
    expect(oldScreen()).not.toBeInTheDocument()
    expect(main()).not.toHaveAttribute('inert')

    answerActivity()
    answer()
    expect(await screen.findByLabelText('Name')).toHaveValue('Yuto Abe')
    expect(main()).not.toHaveAttribute('inert')
  })

  it('keeps the screen usable while the same screen loads other search parameters', async () => {
    const first = buildListUser({ displayName: 'Yuto Abe' })
    const second = buildListUser({ displayName: 'Hana Mori' })
    const answer = heldUser(second)
    server.use(http.get(`/api/users/${first.id}`, () => HttpResponse.json(first)))
    const { router } = renderApp(`/user-edit?userId=${first.id}`, { user: admin })
    expect(await screen.findByLabelText('Name')).toHaveValue('Yuto Abe')

    void router.navigate({ to: '/user-edit', search: { userId: second.id } })
    await waitFor(() => expect(bar()).toBeInTheDocument())
    expect(main()).not.toHaveAttribute('inert')

    answer()
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Hana Mori'))
  })
})
