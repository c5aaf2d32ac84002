import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { FeedbackOptions } from '@/contract/feedback'
import { server } from '../../mocks/server'
import { createFeedbackApi } from '../../mocks/handlers/feedback'
import { buildUser } from '../../support/factories'
import { renderApp } from '../../support/render-app'

const me = buildUser({ displayName: 'Hana Sato' })
const nightOwls = { id: crypto.randomUUID(), name: 'Night Owls' }
const sunrise = { id: crypto.randomUUID(), name: 'Sunrise' }
const tonight = { id: crypto.randomUUID(), name: 'Tonight' }
const spring = { id: crypto.randomUUID(), title: 'Spring Live', firstDay: '2026-05-30', bands: [nightOwls, sunrise] }
const today = { id: crypto.randomUUID(), title: 'June Live', firstDay: '2026-06-01', bands: [tonight] }

function setup(options: Partial<FeedbackOptions> = {}) {
  const api = createFeedbackApi({ options: { anonymousAllowed: true, events: [today, spring], ...options } })
  server.use(...api.handlers)
  return api
}

async function open(path = '/feedback-form') {
  const rendered = renderApp(path, { user: me })
  await screen.findByRole('heading', { name: 'Send feedback', level: 1 })
  await screen.findByRole('combobox', { name: 'What is it about?' })
  return rendered
}

describe('/feedback-form', () => {
  it('sends a suggestion to the executives with its category, counting the characters', async () => {
    const api = setup()
    const { user, router } = await open()
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is it about?' }), 'Suggestion to the executives')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Equipment')
    expect(screen.queryByRole('combobox', { name: 'Live' })).not.toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), 'A new snare, please')
    expect(screen.getByText('19 of 2000 characters.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send feedback' }))

    await waitFor(() => expect(api.state.posted).toEqual([{ target: 'club', category: 'equipment', body: 'A new snare, please', anonymous: false }]))
    expect(await screen.findByText('Suggestion sent to the executives')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/feedback-list'))
  })

  it('sends anonymous feedback on a band that played, picking the live first, and says admins still see the name', async () => {
    const api = setup()
    const { user } = await open()
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is it about?' }), 'Feedback on a performance')
    const band = screen.getByRole('combobox', { name: 'Band' })
    expect(band).toBeDisabled()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Live' }), 'Spring Live (Sat 30 May)')
    expect(within(band).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a band', 'Night Owls', 'Sunrise'])
    await user.selectOptions(band, 'Sunrise')
    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), 'Great encore!')
    const anonymous = screen.getByRole('checkbox', { name: 'Send without my name' })
    expect(anonymous).toHaveAccessibleDescription(/admins can still see your name/)
    await user.click(anonymous)
    await user.click(screen.getByRole('button', { name: 'Send feedback' }))

    await waitFor(() => expect(api.state.posted).toEqual([{ target: 'performance', eventId: spring.id, bandId: sunrise.id, body: 'Great encore!', anonymous: true }]))
    expect(await screen.findByText('Feedback sent to Sunrise')).toBeInTheDocument()
  })

  it('forgets the band when another live is chosen', async () => {
    setup()
    const { user } = await open()
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is it about?' }), 'Feedback on a performance')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Live' }), 'Spring Live (Sat 30 May)')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Band' }), 'Night Owls')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Live' }), 'June Live (Mon 1 Jun)')
    expect(screen.getByRole('combobox', { name: 'Band' })).toHaveValue('')
    expect(within(screen.getByRole('combobox', { name: 'Band' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a band', 'Tonight'])
  })

  it('says what is missing before sending anything, and goes through the form by keyboard', async () => {
    const api = setup()
    const { user } = await open()
    // jsdom's selects do not answer arrow keys: the choice is made as a click would, the rest by keyboard.
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is it about?' }), 'Feedback on a performance')
    expect(screen.getByRole('combobox', { name: 'What is it about?' })).toHaveFocus()
    await user.tab()
    // Live, then Band (disabled, skipped), then the text, the checkbox and the button.
    expect(screen.getByRole('combobox', { name: 'Live' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('textbox', { name: 'Your feedback' })).toHaveFocus()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Send feedback' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Live' })).toHaveAccessibleDescription(/Choose a live/))
    expect(screen.getByRole('textbox', { name: 'Your feedback' })).toHaveAccessibleDescription(/Write your feedback/)
    expect(api.state.posted).toEqual([])
  })

  it('shows the server’s refusal under its field, and the wait when sending too much', async () => {
    const api = setup()
    const { user } = await open('/feedback-form?eventId=' + spring.id + '&bandId=' + nightOwls.id)
    // Arriving from a link picks the live and band.
    expect(screen.getByRole('combobox', { name: 'Live' })).toHaveValue(spring.id)
    expect(screen.getByRole('combobox', { name: 'Band' })).toHaveValue(nightOwls.id)
    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), 'Nice')
    api.state.nextError = { status: 409, code: 'FEEDBACK_TARGET_INVALID', message: 'That band did not play at Spring Live.', fields: { bandId: 'Choose a band that played at this live' } }
    await user.click(screen.getByRole('button', { name: 'Send feedback' }))
    expect(await screen.findByText('Choose a band that played at this live')).toBeInTheDocument()

    api.state.nextError = { status: 429, code: 'RATE_LIMITED', message: 'You have sent a lot of feedback in the last hour. Try again in 12 minutes.', retryAfter: 700 }
    await user.click(screen.getByRole('button', { name: 'Send feedback' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 12 minutes.')
    expect(api.state.posted).toEqual([])
  })

  it('offers no anonymity when the club does not allow it, and says so', async () => {
    setup({ anonymousAllowed: false })
    await open()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.getByText(/does not take anonymous feedback/)).toBeInTheDocument()
  })

  it('says when there is no live to give feedback on yet', async () => {
    setup({ events: [] })
    const { user } = await open()
    await user.selectOptions(screen.getByRole('combobox', { name: 'What is it about?' }), 'Feedback on a performance')
    expect(screen.getByText('No live to give feedback on yet')).toBeInTheDocument()
  })
})
